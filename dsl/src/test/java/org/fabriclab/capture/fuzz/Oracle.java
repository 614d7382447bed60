package org.fabriclab.capture.fuzz;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;

import org.fabriclab.capture.Absent;
import org.fabriclab.capture.Capture;
import org.fabriclab.capture.CaptureException;
import org.fabriclab.capture.Input;
import org.fabriclab.capture.PortAttr;
import org.fabriclab.capture.Readers;
import org.fabriclab.capture.Reading;

import tech.tablesaw.api.Table;
import tech.tablesaw.columns.Column;

/**
 * Runs a reader on a mutant within the time bound and judges the outcome (see {@link Mutations}):
 * a crash is any exception other than {@link CaptureException}, or one that does not name the
 * input; a hang is a read over {@link #TIMEOUT_MS}; a silent misread is a preserving mutant read
 * differently, or a corrupted value read as a number.
 */
final class Oracle {
    static final long TIMEOUT_MS = 2000;

    /** What one read gave. */
    record Outcome(Capture capture, CaptureException error, Throwable crash, boolean hang, long nanos) {}

    private static ExecutorService pool = newPool();

    private Oracle() {}

    private static ExecutorService newPool() {
        return Executors.newSingleThreadExecutor(r -> {
            Thread t = new Thread(r, "mutant-reader");
            t.setDaemon(true);
            return t;
        });
    }

    /** Reads {@code bytes} as the file {@code name} would be read, sniffing included. */
    static Outcome read(String name, byte[] bytes) {
        long t0 = System.nanoTime();
        Future<Capture> f = pool.submit(() -> Readers.standard().read(Input.ofBytes(name, bytes)));
        try {
            Capture c = f.get(TIMEOUT_MS, TimeUnit.MILLISECONDS);
            return new Outcome(c, null, null, false, System.nanoTime() - t0);
        } catch (TimeoutException e) {
            f.cancel(true);
            pool.shutdownNow();
            pool = newPool();   // the stuck thread is abandoned; the campaign goes on with a fresh one
            return new Outcome(null, null, null, true, System.nanoTime() - t0);
        } catch (ExecutionException e) {
            Throwable cause = e.getCause();
            if (cause instanceof CaptureException ce) return new Outcome(null, ce, null, false, System.nanoTime() - t0);
            return new Outcome(null, null, cause, false, System.nanoTime() - t0);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException(e);
        }
    }

    /** Null when the outcome is acceptable, else what went wrong. */
    static String judge(String name, Mutations.Mutant m, Capture original, Outcome o) {
        if (o.hang()) return "hang (over " + TIMEOUT_MS + " ms)";
        if (o.crash() != null) return "crash: " + o.crash();
        if (o.error() != null) {
            if (!name.equals(o.error().file()) && !o.error().file().startsWith(name)) {
                return "CaptureException names '" + o.error().file() + "', not the input: " + o.error().getMessage();
            }
            if (m.family() == Mutations.Family.PRESERVING) return "preserving mutation refused: " + o.error().getMessage();
            return null;
        }
        Capture c = o.capture();
        return switch (m.family()) {
            case PRESERVING -> same(original, c);
            case CORRUPT_VALUE -> corrupt(m, original, c);
            case STRUCTURE -> "NUL".equals(m.token()) ? "NUL byte accepted" : null;
        };
    }

    private static String key(Reading r) { return r.port() + " | " + r.counter() + " | " + r.rawName(); }

    private static String full(Reading r) { return r.line() + " | " + key(r) + " = " + r.value(); }

    /** Identical readings, absents, attributes (blank-trimmed) and measurement tables. */
    static String same(Capture a, Capture b) {
        List<String> ra = a.readings().stream().map(Oracle::full).toList();
        List<String> rb = b.readings().stream().map(Oracle::full).toList();
        if (!ra.equals(rb)) return "readings differ: " + firstDiff(ra, rb);
        List<String> aa = a.absents().stream().map(Oracle::absent).toList();
        List<String> ab = b.absents().stream().map(Oracle::absent).toList();
        if (!aa.equals(ab)) return "absents differ: " + firstDiff(aa, ab);
        List<String> ta = a.attrs().stream().map(Oracle::attr).toList();
        List<String> tb = b.attrs().stream().map(Oracle::attr).toList();
        if (!ta.equals(tb)) return "attributes differ: " + firstDiff(ta, tb);
        if (!a.measurementNames().equals(b.measurementNames())) {
            return "measurement tables differ: " + a.measurementNames() + " vs " + b.measurementNames();
        }
        for (String t : a.measurementNames()) {
            String d = sameTable(a.measurements(t).get(), b.measurements(t).get());
            if (d != null) return "table " + t + ": " + d;
        }
        return null;
    }

    private static String absent(Absent x) { return x.line() + " | " + x.port() + " | " + x.counter(); }

    private static String attr(PortAttr x) { return x.port() + " | " + x.key() + " = " + x.value().strip(); }

    private static String sameTable(Table a, Table b) {
        if (a.rowCount() != b.rowCount()) return a.rowCount() + " rows vs " + b.rowCount();
        if (!a.columnNames().equals(b.columnNames())) return "columns " + a.columnNames() + " vs " + b.columnNames();
        for (int k = 0; k < a.columnCount(); k++) {
            Column<?> x = a.column(k), y = b.column(k);
            for (int i = 0; i < a.rowCount(); i++) {
                String vx = x.isMissing(i) ? "<missing>" : String.valueOf(x.get(i)).strip();
                String vy = y.isMissing(i) ? "<missing>" : String.valueOf(y.get(i)).strip();
                if (!vx.equals(vy)) return "row " + i + " column " + x.name() + ": '" + vx + "' vs '" + vy + "'";
            }
        }
        return null;
    }

    private static String firstDiff(List<String> a, List<String> b) {
        for (int i = 0; i < Math.min(a.size(), b.size()); i++) {
            if (!a.get(i).equals(b.get(i))) return "#" + i + " '" + a.get(i) + "' vs '" + b.get(i) + "'";
        }
        return a.size() > b.size() ? "missing '" + a.get(b.size()) + "'" : "extra '" + b.get(a.size()) + "'";
    }

    /**
     * A corrupted value: every reading of another line unchanged; on the corrupted line, no reading
     * of an original key with another number, one fewer reading of the token's value (the junk was
     * not salvaged into it), and a reading that vanished while its port is still there has an
     * {@link Absent} record.
     */
    static String corrupt(Mutations.Mutant m, Capture original, Capture c) {
        int line = m.line();
        Set<String> mutated = new HashSet<>();
        for (Reading r : c.readings()) mutated.add(full(r));
        for (Reading r : original.readings()) {
            if (r.line() != line && !mutated.contains(full(r))) {
                return "reading at another line changed or vanished: " + full(r) + " (" + m.description() + ")";
            }
        }
        Map<String, Long> before = new TreeMap<>();
        for (Reading r : original.readings()) if (r.line() == line) before.put(key(r), r.value());
        Map<String, Long> after = new HashMap<>();
        for (Reading r : c.readings()) if (r.line() == line) after.put(key(r), r.value());
        long token = parse(m.token());
        int n0 = 0, n1 = 0;
        for (Map.Entry<String, Long> e : before.entrySet()) {
            Long v = after.get(e.getKey());
            if (v != null && !v.equals(e.getValue())) {
                return "silent misread: " + e.getKey() + " = " + v + ", was " + e.getValue() + " (" + m.description() + ")";
            }
            if (e.getValue() == token) { n0++; if (v != null) n1++; }
        }
        if (n0 > 0 && n1 >= n0) return "junk '" + m.junk() + "' read as " + m.token() + " (" + m.description() + ")";
        Set<String> ports = new HashSet<>(c.ports());
        List<String> vanished = new ArrayList<>();
        for (Reading r : original.readings()) {
            if (r.line() != line || r.value() != token || after.containsKey(key(r)) || !ports.contains(r.port())) continue;
            // recorded as absent, or (a value above 2^63-1 in an uncatalogued column) kept as the attribute it now is
            boolean recorded = c.absents().stream().anyMatch(a -> a.port().equals(r.port()) && a.counter().equals(r.counter()))
                    || c.attrs().stream().anyMatch(a -> a.port().equals(r.port()) && a.key().equals(r.rawName())
                    && a.value().equals(m.junk()));
            if (!recorded) vanished.add(key(r));
        }
        if (!vanished.isEmpty()) {
            return "value vanished without an Absent record: " + vanished + " (" + m.description() + ")";
        }
        return null;
    }

    static long parse(String token) {
        if (token.startsWith("0x") || token.startsWith("0X")) return Long.parseUnsignedLong(token.substring(2), 16);
        return Long.parseUnsignedLong(token);
    }
}
