package org.fabriclab.history.formats;

import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;

import org.fabriclab.capture.CaptureException;
import org.fabriclab.capture.Telemetry;

import tech.tablesaw.api.DoubleColumn;
import tech.tablesaw.api.LongColumn;
import tech.tablesaw.api.StringColumn;
import tech.tablesaw.api.Table;
import tech.tablesaw.columns.Column;

/**
 * Rows of several {@link Telemetry} tables (what the UFM readers produce, one per export file or stream)
 * merged into one table: one row per port and sample time, ports in first-seen order, times ascending.
 * The same port and time in two inputs (overlapping exports) is one sample: its values must agree, else
 * a {@link CaptureException} names both files. {@link #carryForward()} fills a row's missing values with the
 * port's previous ones (a stream that sends only what changed).
 *
 * <pre>{@code
 * TelemetryRows rows = new TelemetryRows();
 * rows.add(capture.measurements(Telemetry.NAME).orElseThrow(), "ufm-1.csv");
 * Table t = rows.table("exports");
 * }</pre>
 */
final class TelemetryRows {
    private static final class Row {
        final Map<String, Long> counters = new HashMap<>();
        final Map<String, Double> measures = new HashMap<>();
        String file;
    }

    private final Map<String, TreeMap<Long, Row>> ports = new LinkedHashMap<>();
    private final Set<String> counterNames = new LinkedHashSet<>();
    private final Set<String> measureNames = new LinkedHashSet<>();

    /** Adds every row of a telemetry table read from {@code file}. */
    void add(Table t, String file) {
        Telemetry.validate(t, file);
        LongColumn ts = t.longColumn(Telemetry.TIMESTAMP);
        StringColumn port = t.stringColumn(Telemetry.PORT);
        for (Column<?> c : t.columns()) {
            if (c instanceof LongColumn && !c.name().equals(Telemetry.TIMESTAMP)) counterNames.add(c.name());
            if (c instanceof DoubleColumn) measureNames.add(c.name());
        }
        for (int r = 0; r < t.rowCount(); r++) {
            Row row = row(port.get(r), ts.getLong(r), file);
            for (Column<?> c : t.columns()) {
                if (c.isMissing(r) || c.name().equals(Telemetry.TIMESTAMP)) continue;
                if (c instanceof LongColumn) merge(row.counters, c.name(), ((LongColumn) c).getLong(r), port.get(r), ts.getLong(r), row, file);
                else if (c instanceof DoubleColumn) merge(row.measures, c.name(), ((DoubleColumn) c).getDouble(r), port.get(r), ts.getLong(r), row, file);
            }
        }
    }

    private <V> void merge(Map<String, V> m, String col, V v, String port, long ts, Row row, String file) {
        V prev = m.putIfAbsent(col, v);
        if (prev != null && !prev.equals(v)) {
            throw new CaptureException(file, 0, "port '" + port + "' at " + ts + " ms: " + col + " is " + v + " here and " + prev
                    + " in " + row.file + " (the same sample read twice must agree)");
        }
    }

    private Row row(String port, long ts, String file) {
        Row r = ports.computeIfAbsent(port, k -> new TreeMap<>()).computeIfAbsent(ts, k -> new Row());
        if (r.file == null) r.file = file;
        return r;
    }

    /** An empty row for a known port at {@code ts} (filled by {@link #carryForward()}); no-op for an unknown port. */
    void touch(String port, long ts) {
        TreeMap<Long, Row> t = ports.get(port);
        if (t != null) t.computeIfAbsent(ts, k -> new Row()).file = "(unchanged)";
    }

    Set<String> ports() { return ports.keySet(); }

    boolean isEmpty() { return ports.isEmpty(); }

    /** Fills each row's missing counters and measurements with the port's latest earlier value. */
    void carryForward() {
        for (TreeMap<Long, Row> t : ports.values()) {
            Map<String, Long> lastC = new HashMap<>();
            Map<String, Double> lastM = new HashMap<>();
            for (Row r : t.values()) {
                lastC.forEach(r.counters::putIfAbsent);
                lastM.forEach(r.measures::putIfAbsent);
                lastC.putAll(r.counters);
                lastM.putAll(r.measures);
            }
        }
    }

    /** The merged telemetry table named {@code name}: timestamp, port, counters (first-seen order), measurements. */
    Table table(String name) {
        LongColumn ts = LongColumn.create(Telemetry.TIMESTAMP);
        StringColumn port = StringColumn.create(Telemetry.PORT);
        Map<String, LongColumn> cs = new LinkedHashMap<>();
        for (String c : counterNames) cs.put(c, LongColumn.create(c));
        Map<String, DoubleColumn> ms = new LinkedHashMap<>();
        for (String m : Telemetry.MEASUREMENTS) if (measureNames.contains(m)) ms.put(m, DoubleColumn.create(m));
        for (String m : measureNames) ms.putIfAbsent(m, DoubleColumn.create(m));
        for (var pe : ports.entrySet()) {
            for (var te : pe.getValue().entrySet()) {
                ts.append(te.getKey());
                port.append(pe.getKey());
                Row r = te.getValue();
                cs.forEach((c, col) -> { Long v = r.counters.get(c); if (v == null) col.appendMissing(); else col.append(v); });
                ms.forEach((m, col) -> { Double v = r.measures.get(m); if (v == null) col.appendMissing(); else col.append(v); });
            }
        }
        Table t = Table.create(name, ts, port);
        cs.values().forEach(t::addColumns);
        ms.values().forEach(t::addColumns);
        return t;
    }
}
