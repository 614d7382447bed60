package org.fabriclab.delta;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.EnumMap;
import java.util.Iterator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import org.fabriclab.catalogue.Layer;
import org.fabriclab.result.Html;
import org.fabriclab.result.Renderable;

import tech.tablesaw.api.DoubleColumn;
import tech.tablesaw.api.IntColumn;
import tech.tablesaw.api.LongColumn;
import tech.tablesaw.api.StringColumn;
import tech.tablesaw.api.Table;

/**
 * What a {@link Delta} says at a glance: only the counters that moved (a readable, non-zero delta)
 * or cannot be used (reset, pegged, absent on one side, absent with a reason), not every quiet
 * counter. Ordered by port, then layer rank (physical first: the order in which the classifier reads
 * the layers), then size of the delta, largest first. Unusable counters keep their status and reason.
 *
 * <pre>{@code
 * Changes c = delta(before, after).changed();
 * c.table();          // port, rank, layer, counter, before, after, delta, per_gb, status, reason, source
 * c.byLayer();        // the same grouped by layer
 * }</pre>
 */
public final class Changes implements Renderable, Iterable<CounterDelta> {
    private final String name;
    private final List<CounterDelta> rows;
    private final int quiet;

    Changes(String name, List<CounterDelta> rows, int quiet) {
        this.name = name;
        List<CounterDelta> r = new ArrayList<>(rows);
        r.sort(Comparator.comparing(CounterDelta::port, new FirstSeen(rows))
                .thenComparingInt(c -> c.layer().ordinal())
                .thenComparing(Changes::unusable, Comparator.reverseOrder())
                .thenComparingLong(c -> c.delta() == null ? 0 : -Math.abs(c.delta()))
                .thenComparing(CounterDelta::counter));
        this.rows = List.copyOf(r);
        this.quiet = quiet;
    }

    static Changes of(Delta d) {
        List<CounterDelta> out = new ArrayList<>();
        int quiet = 0;
        for (String p : d.ports()) {
            for (CounterDelta c : d.port(p).values()) {
                if (moved(c) || unusable(c)) out.add(c); else quiet++;
            }
        }
        return new Changes(d.before().name() + " -> " + d.after().name(), out, quiet);
    }

    /** A readable counter whose delta is not zero. */
    public static boolean moved(CounterDelta c) { return c.status() == Status.READABLE && c.delta() != null && c.delta() != 0; }

    /** A counter the delta rule could not use: reset, pegged or missing (a gauge is not a count, not a problem). */
    public static boolean unusable(CounterDelta c) {
        return c.status() == Status.RESET || c.status() == Status.PEGGED || c.status() == Status.MISSING;
    }

    public List<CounterDelta> rows() { return rows; }
    public int size() { return rows.size(); }
    public boolean isEmpty() { return rows.isEmpty(); }
    /** Readable counters that did not move (left out). */
    public int quiet() { return quiet; }

    @Override public Iterator<CounterDelta> iterator() { return rows.iterator(); }

    /** The rows of one port. */
    public List<CounterDelta> port(String port) { return rows.stream().filter(c -> c.port().equals(port)).toList(); }

    /** The rows grouped by layer, in rank order. */
    public ByLayer byLayer() {
        Map<Layer, List<CounterDelta>> m = new EnumMap<>(Layer.class);
        for (CounterDelta c : rows) m.computeIfAbsent(c.layer(), k -> new ArrayList<>()).add(c);
        return new ByLayer(name, m);
    }

    public List<String> summaryLines() {
        long moved = rows.stream().filter(Changes::moved).count();
        long bad = rows.stream().filter(Changes::unusable).count();
        return List.of(moved + " counters moved, " + bad + " cannot be used, " + quiet + " quiet (not shown)");
    }

    /** port, rank, layer, counter, before, after, delta, per_gb, status, reason, source. */
    @Override public Table table() { return table("changed " + name, rows); }

    static Table table(String title, List<CounterDelta> rows) {
        StringColumn port = StringColumn.create("port"), layer = StringColumn.create("layer"), counter = StringColumn.create("counter"),
                status = StringColumn.create("status"), reason = StringColumn.create("reason"), source = StringColumn.create("source");
        IntColumn rank = IntColumn.create("rank");
        LongColumn b = LongColumn.create("before"), a = LongColumn.create("after"), d = LongColumn.create("delta");
        DoubleColumn perGb = DoubleColumn.create("per_gb");
        for (CounterDelta c : rows) {
            port.append(c.port()); rank.append(c.layer().ordinal() + 1); layer.append(c.layer().label()); counter.append(c.counter());
            if (c.before() == null) b.appendMissing(); else b.append(c.before());
            if (c.after() == null) a.appendMissing(); else a.append(c.after());
            if (c.delta() == null) d.appendMissing(); else d.append(c.delta());
            perGb.append(c.perGb()); status.append(c.status().toString()); reason.append(c.reason() == null ? "" : c.reason());
            source.append(shortSource(c));
        }
        return Table.create(title, port, rank, layer, counter, b, a, d, perGb, status, reason, source);
    }

    /** Where the after value was read, with the file's name only (the folder is the snapshot's): {@code ethtool ethtool.txt:158 (64-bit wrapping)}. */
    static String shortSource(CounterDelta c) {
        var r = c.afterReading() != null ? c.afterReading() : c.beforeReading();
        if (r == null) return "";
        String f = r.file();
        int slash = Math.max(f.lastIndexOf('/'), f.lastIndexOf('\\'));
        return r.source().key() + " " + f.substring(slash + 1) + ":" + r.line() + " (" + r.field().describe() + ")";
    }

    @Override public String toString() {
        StringBuilder sb = new StringBuilder("changed " + name + ": " + summaryLines().get(0) + "\n");
        for (CounterDelta c : rows) sb.append("  ").append(line(c)).append('\n');
        return sb.toString();
    }

    /** One counter in one line: port, layer, counter, delta or status and reason. */
    static String line(CounterDelta c) {
        String what = moved(c) ? (c.delta() > 0 ? "+" : "") + c.delta() + (Double.isNaN(c.perGb()) ? "" : " (" + Html.num(c.perGb()) + " per GB)")
                : c.status() + ": " + c.reason();
        return c.port() + "  " + c.layer().label() + "  " + c.counter() + "  " + what;
    }

    @Override public String toHtml() { return Html.section("what moved: " + name, summaryLines(), table()); }

    @Override public Map<String, Object> toMap() {
        Map<String, Object> m = new LinkedHashMap<>();
        m.put("name", name);
        m.put("quiet", quiet);
        m.put("rows", Html.rows(table()));
        return m;
    }

    /** Orders ports by first appearance in the given rows (each port's first index looked up once, not searched for per comparison). */
    private static final class FirstSeen implements Comparator<String> {
        private final Map<String, Integer> first = new java.util.HashMap<>();

        FirstSeen(List<CounterDelta> rows) {
            for (int i = 0; i < rows.size(); i++) first.putIfAbsent(rows.get(i).port(), i);
        }

        @Override public int compare(String a, String b) { return Integer.compare(first.get(a), first.get(b)); }
    }
}
