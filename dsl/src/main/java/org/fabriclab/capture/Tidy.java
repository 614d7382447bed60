package org.fabriclab.capture;

import java.util.Collection;

import org.fabriclab.catalogue.Source;

import tech.tablesaw.api.IntColumn;
import tech.tablesaw.api.LongColumn;
import tech.tablesaw.api.StringColumn;
import tech.tablesaw.api.Table;

/**
 * The tidy counter table: one row per (file, port, counter). Column names are constants here so
 * every reader, snapshot and renderer agrees on them. {@code value} is a {@link LongColumn}: exact.
 */
public final class Tidy {
    public static final String SOURCE = "source";
    public static final String FILE = "file";
    public static final String LINE = "line";
    public static final String PORT = "port";
    public static final String COUNTER = "counter";
    public static final String RAW_NAME = "raw_name";
    public static final String VALUE = "value";
    public static final String UNIT = "unit";
    public static final String SCALE = "scale";
    public static final String WIDTH = "width";
    public static final String OVERFLOW = "overflow";
    public static final String KIND = "kind";
    public static final String LAYER = "layer";
    /** The queue (ring) index of a per-queue counter; missing for a port-level counter. Last column. */
    public static final String QUEUE = "queue";

    private Tidy() {}

    /** Builds the tidy table from readings (absent counters appear with a missing value). */
    public static Table table(String name, Collection<Reading> readings, Collection<Absent> absents) {
        StringColumn source = StringColumn.create(SOURCE);
        StringColumn file = StringColumn.create(FILE);
        IntColumn line = IntColumn.create(LINE);
        StringColumn port = StringColumn.create(PORT);
        StringColumn counter = StringColumn.create(COUNTER);
        StringColumn raw = StringColumn.create(RAW_NAME);
        LongColumn value = LongColumn.create(VALUE);
        StringColumn unit = StringColumn.create(UNIT);
        LongColumn scale = LongColumn.create(SCALE);
        IntColumn width = IntColumn.create(WIDTH);
        StringColumn overflow = StringColumn.create(OVERFLOW);
        StringColumn kind = StringColumn.create(KIND);
        StringColumn layer = StringColumn.create(LAYER);
        IntColumn queue = IntColumn.create(QUEUE);
        for (Reading r : readings) {
            if (r.isQueue()) queue.append(r.queue()); else queue.appendMissing();
            source.append(r.source().key()); file.append(r.file()); line.append(r.line()); port.append(r.port());
            counter.append(r.counter()); raw.append(r.rawName()); value.append(r.value()); unit.append(r.unit());
            scale.append(r.scale());
            if (r.field().width() > 0) width.append(r.field().width()); else width.appendMissing();
            overflow.append(r.field().overflow().toString()); kind.append(r.kind().toString());
            layer.append(r.layer().label());
        }
        for (Absent a : absents) {
            source.append(a.source().key()); file.append(a.file()); line.append(a.line()); port.append(a.port());
            counter.append(a.counter()); raw.append(a.rawName()); value.appendMissing(); unit.append("absent: " + a.reason());
            scale.appendMissing(); width.appendMissing(); overflow.append(""); kind.append(""); layer.append("");
            queue.appendMissing();
        }
        return Table.create(name, source, file, line, port, counter, raw, value, unit, scale, width, overflow, kind, layer, queue);
    }

    /** Empty tidy table, for a capture that holds measurements only. */
    public static Table empty(String name) {
        return table(name, java.util.List.of(), java.util.List.of());
    }

    /** One row per port, one exact {@link LongColumn} per canonical counter (missing where not read); queues summed to the port. */
    public static Table wide(String name, Collection<Reading> readings) {
        java.util.Map<String, java.util.Map<String, Long>> byPort = new java.util.LinkedHashMap<>();
        java.util.Set<String> counters = new java.util.TreeSet<>();
        java.util.List<Reading> ports = new java.util.ArrayList<>();
        for (Reading r : readings) if (!r.isQueue()) ports.add(r);
        ports.addAll(Queues.sumToPort(new java.util.ArrayList<>(readings)).readings());
        for (Reading r : ports) {
            byPort.computeIfAbsent(r.port(), k -> new java.util.HashMap<>()).put(r.counter(), r.value());
            counters.add(r.counter());
        }
        StringColumn port = StringColumn.create(PORT);
        java.util.List<LongColumn> cols = new java.util.ArrayList<>();
        for (String c : counters) cols.add(LongColumn.create(c));
        for (java.util.Map.Entry<String, java.util.Map<String, Long>> e : byPort.entrySet()) {
            port.append(e.getKey());
            int i = 0;
            for (String c : counters) {
                Long v = e.getValue().get(c);
                if (v == null) cols.get(i).appendMissing(); else cols.get(i).append(v);
                i++;
            }
        }
        Table t = Table.create(name + " (wide)", port);
        for (LongColumn c : cols) t.addColumns(c);
        return t;
    }

    /** The source column values readers use. */
    public static String key(Source s) { return s.key(); }
}
