package org.fabriclab.kernel.cli;

import java.util.ArrayList;
import java.util.List;

import org.fabriclab.capture.Capture;
import org.fabriclab.capture.CaptureException;
import org.fabriclab.capture.CaptureReader;
import org.fabriclab.capture.Input;
import org.fabriclab.catalogue.Source;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;

import tech.tablesaw.api.BooleanColumn;
import tech.tablesaw.api.DoubleColumn;
import tech.tablesaw.api.LongColumn;
import tech.tablesaw.api.StringColumn;
import tech.tablesaw.api.Table;
import tech.tablesaw.columns.Column;

/**
 * Test scope only: a JSON fixture format so the CLI tests can run end to end before the real readers
 * land. A file starting with {@code {"fabriclab-test-fixture"} holds a source, per-port counters
 * (raw names of that source) and attributes, and measurement tables as row lists (strings, longs,
 * doubles, booleans by JSON type). It is registered only on the kernel's test class path.
 */
public final class FixtureReader implements CaptureReader {
    private static final ObjectMapper MAPPER = new ObjectMapper();

    @Override public String format() { return "test-fixture"; }

    @Override public int sniff(Input in) {
        return !in.isDirectory() && in.text().stripLeading().startsWith("{\"fabriclab-test-fixture\"") ? 100 : 0;
    }

    @Override public Capture read(Input in) {
        JsonNode root;
        try { root = MAPPER.readTree(in.text()); } catch (Exception e) { throw new CaptureException(in.name(), 1, "bad fixture JSON: " + e.getMessage()); }
        Capture.Builder b = Capture.builder(Source.of(root.path("source").asText("perfquery_x")), in.name());
        root.path("ports").fields().forEachRemaining(p -> {
            p.getValue().path("counters").fields().forEachRemaining(c -> b.counter(p.getKey(), c.getKey(), c.getValue().asLong(), 1));
            p.getValue().path("attrs").fields().forEachRemaining(a -> b.attr(p.getKey(), a.getKey(), a.getValue().asText(), 1));
        });
        root.path("tables").fields().forEachRemaining(t -> b.measurements(t.getKey(), table(t.getKey(), t.getValue())));
        return b.build();
    }

    private static Table table(String name, JsonNode rows) {
        List<Column<?>> cols = new ArrayList<>();
        JsonNode first = rows.get(0);
        first.fields().forEachRemaining(f -> {
            JsonNode v = f.getValue();
            Column<?> c = v.isTextual() ? StringColumn.create(f.getKey()) : v.isBoolean() ? BooleanColumn.create(f.getKey())
                    : v.isIntegralNumber() ? LongColumn.create(f.getKey()) : DoubleColumn.create(f.getKey());
            cols.add(c);
        });
        for (JsonNode r : rows) {
            for (Column<?> c : cols) {
                JsonNode v = r.get(c.name());
                if (c instanceof StringColumn s) s.append(v.asText());
                else if (c instanceof BooleanColumn bc) bc.append(v.asBoolean());
                else if (c instanceof LongColumn l) l.append(v.asLong());
                else ((DoubleColumn) c).append(v.asDouble());
            }
        }
        return Table.create(name, cols.toArray(new Column<?>[0]));
    }
}
