package org.fabriclab.check;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Map.Entry;

import org.fabriclab.capture.Absent;
import org.fabriclab.capture.Reading;
import org.fabriclab.catalogue.Kind;
import org.fabriclab.delta.CounterDelta;
import org.fabriclab.delta.Delta;
import org.fabriclab.delta.Status;
import org.fabriclab.snapshot.Snapshot;

/**
 * A set of {@code -P} limits and their evaluation on one sample (ibdiagnet {@code --pm_pause_time 0})
 * or on the delta between two samples. An explicit counter limit beats {@code all=N}; {@code all}
 * covers the {@link ErrorCounters error counters} a port carries. A value strictly above its limit
 * fails. Unusable values give {@link Outcome#NO_VERDICT}: a pegged, reset or missing delta; a counter
 * named explicitly but absent on a port. On one sample a value pegged at its field's cap fails when the
 * cap already exceeds the limit (the true value is at least the cap).
 *
 * <pre>{@code
 * Limits l = Limits.parse(List.of("all=0", "SymbolErrorCounter=10"));
 * List<CheckRow> rows = l.onDelta(delta);
 * }</pre>
 */
public final class Limits {
    private final Map<String, Limit> named;
    private final Limit all;

    private Limits(Map<String, Limit> named, Limit all) {
        this.named = named;
        this.all = all;
    }

    /** Parses {@code NAME=N} specs; a later spec for the same name replaces an earlier one. */
    public static Limits parse(List<String> specs) {
        Map<String, Limit> named = new LinkedHashMap<>();
        Limit all = null;
        for (String s : specs) {
            Limit l = Limit.parse(s);
            if (l.isAll()) all = l; else named.put(l.counter(), l);
        }
        return new Limits(named, all);
    }

    public boolean isEmpty() { return named.isEmpty() && all == null; }

    /** The same limits with {@code all=n} added when no {@code all} was given. */
    public Limits withDefaultAll(long n) {
        return all != null ? this : new Limits(named, new Limit(Limit.ALL, n, Limit.ALL + "=" + n + " (policy default)"));
    }

    public List<Limit> asList() {
        List<Limit> out = new ArrayList<>(named.values());
        if (all != null) out.add(all);
        return out;
    }

    private Limit limitFor(String counter) {
        Limit l = named.get(counter);
        if (l != null) return l;
        return all != null && ErrorCounters.isError(counter) ? all : null;
    }

    /** One row per port and limited counter, on absolute values of one sample. */
    public List<CheckRow> onSample(Snapshot s) {
        List<CheckRow> rows = new ArrayList<>();
        for (String port : s.ports()) {
            Map<String, Reading> rs = s.readings(port);
            for (Reading r : rs.values()) {
                if (r.kind() == Kind.GAUGE) continue;
                Limit l = limitFor(r.counter());
                if (l == null) continue;
                rows.add(sampleRow(port, r, l));
            }
            absentRows(port, rs.keySet(), s.absents(port), "in this sample", rows);
        }
        return rows;
    }

    private static CheckRow sampleRow(String port, Reading r, Limit l) {
        long v = r.value();
        String src = r.source().key() + " " + r.file() + ":" + r.line();
        if (r.field().isPegged(v)) {
            long cap = r.field().cap().getAsLong();
            if (cap > l.limit()) {
                return row(port, r.counter(), "sample", v, l, Outcome.FAIL, "pegged at " + cap + " (" + r.field().describe()
                        + "): the true value is at least " + cap + ", above the limit; " + src);
            }
            return row(port, r.counter(), "sample", v, l, Outcome.NO_VERDICT, "pegged at " + cap + " (" + r.field().describe()
                    + "): the true value is unknown; read the 64-bit copy (perfquery -x); " + src);
        }
        return row(port, r.counter(), "sample", v, l, v > l.limit() ? Outcome.FAIL : Outcome.PASS, src);
    }

    /** One row per port and limited counter, on the delta between two samples. */
    public List<CheckRow> onDelta(Delta d) {
        List<CheckRow> rows = new ArrayList<>();
        for (String port : d.ports()) {
            Map<String, CounterDelta> cds = d.port(port);
            for (CounterDelta c : cds.values()) {
                if (c.status() == Status.GAUGE) continue;
                Limit l = limitFor(c.counter());
                if (l == null) continue;
                if (c.status() == Status.READABLE) {
                    long v = c.delta();
                    rows.add(row(port, c.counter(), "delta", v, l, v > l.limit() ? Outcome.FAIL : Outcome.PASS, c.provenance()));
                } else {
                    rows.add(new CheckRow(port, CheckRow.LIMIT, c.counter(), "delta", c.delta(), Double.NaN, l.limit(), Double.NaN,
                            Outcome.NO_VERDICT, c.status() + ": " + c.reason()));
                }
            }
            for (Entry<String, Limit> e : named.entrySet()) {
                if (!cds.containsKey(e.getKey()) && anyPortHas(d, e.getKey())) {
                    rows.add(new CheckRow(port, CheckRow.LIMIT, e.getKey(), "delta", null, Double.NaN, e.getValue().limit(),
                            Double.NaN, Outcome.NO_VERDICT, "not captured on this port although another port has it"));
                }
            }
        }
        return rows;
    }

    private static boolean anyPortHas(Delta d, String counter) {
        for (String p : d.ports()) if (d.port(p).containsKey(counter)) return true;
        return false;
    }

    private void absentRows(String port, java.util.Set<String> read, Map<String, Absent> absents, String where, List<CheckRow> rows) {
        for (Entry<String, Limit> e : named.entrySet()) {
            if (read.contains(e.getKey())) continue;
            Absent a = absents.get(e.getKey());
            if (a != null) {
                rows.add(new CheckRow(port, CheckRow.LIMIT, e.getKey(), "sample", null, Double.NaN, e.getValue().limit(), Double.NaN,
                        Outcome.NO_VERDICT, "absent " + where + ": " + a.reason() + " at " + a.file() + ":" + a.line()));
            }
        }
    }

    private static CheckRow row(String port, String counter, String basis, long v, Limit l, Outcome o, String reason) {
        return new CheckRow(port, CheckRow.LIMIT, counter, basis, v, v, l.limit(), (double) l.limit() - v, o,
                "limit " + l.text() + "; " + reason);
    }

    @Override public String toString() {
        List<String> t = new ArrayList<>();
        for (Limit l : asList()) t.add(l.text());
        return String.join(", ", t);
    }
}
