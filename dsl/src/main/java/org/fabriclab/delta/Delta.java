package org.fabriclab.delta;

import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;

import org.fabriclab.capture.Absent;
import org.fabriclab.capture.Reading;
import org.fabriclab.catalogue.Catalogue;
import org.fabriclab.catalogue.Layer;
import org.fabriclab.result.Html;
import org.fabriclab.result.Renderable;
import org.fabriclab.snapshot.Snapshot;

import tech.tablesaw.api.DoubleColumn;
import tech.tablesaw.api.LongColumn;
import tech.tablesaw.api.StringColumn;
import tech.tablesaw.api.Table;

/**
 * The delta between two snapshots taken around one controlled test: per port and counter, before,
 * after, the exact {@code long} delta and its status under the delta rule ({@link Rules}). Immutable.
 * A delta does not classify: a counter delta with no traffic behind it is not a measurement, so
 * {@link #moved} first gives the {@link MovedDelta} that knows the byte count, per-GB rates and
 * {@code classify}.
 *
 * <pre>{@code
 * Delta d = Delta.between(before, after);
 * d.table();                                  // port, counter, layer, before, after, delta, status, ...
 * MovedDelta m = d.moved(1e12);               // 1 TB moved by the test
 * m.classify(Profiles.IB);                    // one verdict per port
 * d.changed();  d.byLayer();                  // only what moved or cannot be used, grouped by layer
 * }</pre>
 */
public sealed class Delta implements Renderable permits MovedDelta {
    private final Snapshot before;
    private final Snapshot after;
    private final double bytes;
    private final Map<String, Map<String, CounterDelta>> ports;

    Delta(Snapshot before, Snapshot after, double bytes) {
        this.before = before;
        this.after = after;
        this.bytes = bytes;
        this.ports = compute(before, after, bytes);
    }

    /** The delta of every counter on every port seen in either snapshot; no byte count yet. */
    public static Delta between(Snapshot before, Snapshot after) {
        return new Delta(before, after, Double.NaN);
    }

    /**
     * The same delta, knowing how many bytes the test moved: per-GB rates and {@code classify} become available.
     *
     * @throws IllegalArgumentException when {@code bytesMoved} is not above 0
     */
    public MovedDelta moved(double bytesMoved) {
        if (!(bytesMoved > 0)) {
            throw new IllegalArgumentException("bytes moved must be > 0: a counter delta with no traffic behind it is not a measurement");
        }
        return new MovedDelta(before, after, bytesMoved);
    }

    /** Bytes moved by the test (NaN when not given). */
    public double bytes() { return bytes; }
    public Snapshot before() { return before; }
    public Snapshot after() { return after; }

    public List<String> ports() { return new ArrayList<>(ports.keySet()); }

    /** The counter deltas of one port, by canonical name. */
    public Map<String, CounterDelta> port(String port) {
        return Collections.unmodifiableMap(ports.getOrDefault(port, Map.of()));
    }

    /** The tidy delta table: port, counter, layer, before, after, delta, status, per_gb, reason, source. */
    public Table table() {
        StringColumn port = StringColumn.create("port");
        StringColumn counter = StringColumn.create("counter");
        StringColumn layer = StringColumn.create("layer");
        LongColumn b = LongColumn.create("before");
        LongColumn a = LongColumn.create("after");
        LongColumn d = LongColumn.create("delta");
        StringColumn status = StringColumn.create("status");
        DoubleColumn perGb = DoubleColumn.create("per_gb");
        StringColumn reason = StringColumn.create("reason");
        StringColumn source = StringColumn.create("source");
        for (Map<String, CounterDelta> m : ports.values()) {
            for (CounterDelta c : m.values()) {
                port.append(c.port()); counter.append(c.counter()); layer.append(c.layer().label());
                if (c.before() == null) b.appendMissing(); else b.append(c.before());
                if (c.after() == null) a.appendMissing(); else a.append(c.after());
                if (c.delta() == null) d.appendMissing(); else d.append(c.delta());
                status.append(c.status().toString());
                perGb.append(c.perGb());
                reason.append(c.reason() == null ? "" : c.reason());
                source.append(c.provenance());
            }
        }
        return Table.create("delta " + before.name() + " -> " + after.name(), port, counter, layer, b, a, d, status,
                perGb, reason, source);
    }

    /** Only the counters that moved or cannot be used (reset, pegged, missing), by port, layer rank and size. */
    public Changes changed() { return Changes.of(this); }

    /** {@link #changed()} grouped by layer in rank order. */
    public ByLayer byLayer() { return changed().byLayer(); }

    /** The summary: snapshots, ports, counters, bytes moved, what moved and what cannot be used. */
    public List<String> summaryLines() {
        int counters = 0;
        for (Map<String, CounterDelta> m : ports.values()) counters += m.size();
        Changes c = changed();
        List<String> out = new ArrayList<>();
        out.add(before.name() + " -> " + after.name() + ": " + ports.size() + (ports.size() == 1 ? " port, " : " ports, ") + counters + " counters");
        out.add(Double.isNaN(bytes) ? "bytes moved not given (moved(bytes) gives per-GB rates and classify)"
                : "bytes moved " + String.format(java.util.Locale.ROOT, "%.6g", bytes));
        out.addAll(c.summaryLines());
        return out;
    }

    /** The summary and the changed counters, one per line; {@link #table()} has every counter. */
    @Override public String toString() {
        StringBuilder sb = new StringBuilder("delta ");
        for (String l : summaryLines()) sb.append(l).append('\n');
        for (CounterDelta c : changed()) sb.append("  ").append(Changes.line(c)).append('\n');
        return sb.toString();
    }

    /** The summary and the changed counters grouped by layer (every counter: {@link #table()}). */
    @Override public String toHtml() {
        return "<div class=\"fabriclab-result\"><h4>" + Html.esc("delta " + before.name() + " -> " + after.name()) + "</h4><ul>"
                + String.join("", summaryLines().stream().map(l -> "<li>" + Html.esc(l) + "</li>").toList()) + "</ul>"
                + byLayer().toHtml() + "</div>";
    }

    /** before, after, bytes, ports and the changed counters (every counter: {@code Html.rows(table())}). */
    @Override public Map<String, Object> toMap() {
        Map<String, Object> m = new LinkedHashMap<>();
        m.put("before", before.name());
        m.put("after", after.name());
        m.put("bytes", Double.isNaN(bytes) ? null : bytes);
        m.put("ports", ports());
        m.put("changed", Html.rows(changed().table()));
        return m;
    }

    private static Map<String, Map<String, CounterDelta>> compute(Snapshot before, Snapshot after, double bytes) {
        Set<String> portNames = new LinkedHashSet<>(before.ports());
        portNames.addAll(after.ports());
        double gb = bytes / 1e9;
        Catalogue cat = Catalogue.standard();
        Map<String, Map<String, CounterDelta>> out = new LinkedHashMap<>();
        for (String p : portNames) {
            Map<String, Reading> rb = before.readings(p), ra = after.readings(p);
            Map<String, Absent> ab = before.absents(p), aa = after.absents(p);
            Set<String> names = new TreeSet<>(rb.keySet());
            names.addAll(ra.keySet());
            names.addAll(ab.keySet());
            names.addAll(aa.keySet());
            Map<String, CounterDelta> m = new LinkedHashMap<>();
            for (String c : names) m.put(c, one(p, c, rb.get(c), ra.get(c), ab.get(c), aa.get(c), gb, cat));
            out.put(p, m);
        }
        return out;
    }

    static CounterDelta one(String port, String counter, Reading b, Reading a, Absent ab, Absent aa, double gb,
                            Catalogue cat) {
        Reading any = a != null ? a : b;
        Layer layer = any != null ? any.layer() : cat.layerOf(counter);
        Long bv = b == null ? null : b.value();
        Long av = a == null ? null : a.value();
        // the field the after value was read from decides saturation (a classic 8-bit copy pegs, the -x copy does not)
        Status status = b == null || a == null ? Status.MISSING : Rules.status(true, bv, true, av, a.field(), a.kind());
        Long delta = (bv == null || av == null || status == Status.GAUGE) ? null : av - bv;
        return switch (status) {
            case MISSING -> new CounterDelta(port, counter, layer, bv, av, null, status, Double.NaN,
                    (b == null && a == null ? "absent on both sides" + absentWhy(ab, aa)
                            : b == null ? "absent before" + absentWhy(ab, null) : "absent after" + absentWhy(null, aa)), b, a);
            case READABLE -> new CounterDelta(port, counter, layer, bv, av, delta, status, delta / gb, null, b, a);
            case PEGGED -> new CounterDelta(port, counter, layer, bv, av, delta, status, Double.NaN,
                    Rules.reason(status, a.field()) + " it was read from (" + a.source().key() + "); reset and re-measure", b, a);
            default -> new CounterDelta(port, counter, layer, bv, av, delta, status, Double.NaN, Rules.reason(status, a.field()), b, a);
        };
    }

    private static String absentWhy(Absent ab, Absent aa) {
        Absent x = ab != null ? ab : aa;
        return x == null ? "" : " (" + x.reason() + " at " + x.file() + ":" + x.line() + ")";
    }
}
