package org.fabriclab.kernel.cli;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.Callable;

import org.fabriclab.capture.Capture;
import org.fabriclab.capture.PortAttr;
import org.fabriclab.capture.Readers;
import org.fabriclab.capture.Tidy;
import org.fabriclab.snapshot.Snapshot;

import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;
import tech.tablesaw.api.StringColumn;
import tech.tablesaw.api.Table;
import tech.tablesaw.columns.Column;

/**
 * {@code fabriclab show PATH... [--csv|--json] [--wide]}: every table of every capture named. Text
 * prints the tidy counter table, then each measurement table (bandwidth, latency, ber, ber_lanes,
 * module, operational, fec_histogram, links, telemetry, ...) and the port attributes. {@code --csv}
 * and {@code --json} print all of them as one stream, each row tagged with its {@code table}
 * ({@value #COUNTERS} for the tidy rows, {@value #ATTRIBUTES} for port attributes) and its
 * {@code file}; CSV has the union of the tables' columns (empty where a table has no such column),
 * JSON lines keep each table's own columns and types (longs exact). {@code --wide} joins the captures
 * into one snapshot and prints one row per joined port, one column per counter. Warnings go to stderr.
 */
@Command(name = "show", description = "Print every table of captures: counters (tidy), measurement tables and port attributes.")
final class ShowCommand implements Callable<Integer> {
    static final String COUNTERS = "counters";
    static final String ATTRIBUTES = "attributes";

    @Parameters(arity = "1..*", paramLabel = "PATH", description = "capture files or folders") List<Path> paths;
    @Option(names = "--csv", description = "CSV: every table's rows, tagged with their table") boolean csv;
    @Option(names = "--json", description = "JSON lines: one object per row of every table, tagged with its table") boolean json;
    @Option(names = "--wide", description = "one row per joined port (the captures joined as one snapshot), one column per counter")
    boolean wide;
    @Spec picocli.CommandLine.Model.CommandSpec spec;

    @Override public Integer call() throws Exception {
        Readers readers = Readers.standard();
        List<Capture> caps = new ArrayList<>();
        for (Path p : paths) for (Path f : readers.expand(p)) caps.add(readers.read(f));
        var out = spec.commandLine().getOut();
        TableOutput.Format format = csv ? TableOutput.Format.CSV : json ? TableOutput.Format.JSON : TableOutput.Format.TEXT;
        for (Capture c : caps) {
            for (String w : c.warnings()) spec.commandLine().getErr().println("fabriclab: warning: " + c.file() + ": " + w);
        }
        if (wide) {
            Snapshot s = Snapshot.ofCaptures(paths.size() == 1 ? paths.get(0).toString() : paths.toString(), caps);
            TableOutput.print(s.wide(), format, out);
            for (String n : s.notes()) spec.commandLine().getErr().println("fabriclab: " + n);
            out.flush();
            return Main.OK;
        }
        List<Tagged> tables = new ArrayList<>();
        Table tidy = Tidy.empty("captures");
        for (Capture c : caps) tidy.append(c.tidy());
        tables.add(new Tagged(COUNTERS, null, tidy));
        for (Capture c : caps) {
            for (Map.Entry<String, Table> e : c.allMeasurements().entrySet()) tables.add(new Tagged(e.getKey(), c.file(), e.getValue()));
        }
        for (Capture c : caps) if (!c.attrs().isEmpty()) tables.add(new Tagged(ATTRIBUTES, c.file(), attributes(c)));
        switch (format) {
            case TEXT -> {
                for (Tagged t : tables) {
                    if (t.table().rowCount() == 0 && !t.name().equals(COUNTERS)) continue;
                    if (!t.name().equals(COUNTERS)) out.println();
                    out.println(t.table().printAll());
                }
            }
            case CSV -> TableOutput.print(union(tables), TableOutput.Format.CSV, out);
            case JSON -> {
                for (Tagged t : tables) {
                    Table tb = t.table();
                    for (int i = 0; i < tb.rowCount(); i++) {
                        Map<String, Object> m = new LinkedHashMap<>();
                        m.put("table", t.name());
                        if (t.file() != null && !tb.containsColumn("file")) m.put("file", t.file());
                        for (Column<?> col : tb.columns()) m.put(col.name(), col.isMissing(i) ? null : jsonValue(col.get(i)));
                        out.println(TableOutput.Json.MAPPER.writeValueAsString(m));
                    }
                }
            }
        }
        out.flush();
        return Main.OK;
    }

    /** A table and what it is: its name and the capture file it came from (null when its rows name it). */
    private record Tagged(String name, String file, Table table) {}

    private static Object jsonValue(Object v) {
        if (v instanceof Double d && !Double.isFinite(d)) return null;
        return v;
    }

    private static Table attributes(Capture c) {
        StringColumn port = StringColumn.create("port"), key = StringColumn.create("key"), value = StringColumn.create("value");
        StringColumn line = StringColumn.create("line");
        for (PortAttr a : c.attrs()) { port.append(a.port()); key.append(a.key()); value.append(a.value()); line.append(Integer.toString(a.line())); }
        return Table.create(ATTRIBUTES, port, key, value, line);
    }

    /** Every table's rows in one table of text columns: {@code table}, {@code file}, then the union of the columns. */
    static Table union(List<Tagged> tables) {
        // Tablesaw column names are case-insensitive: "line" and a db_csv section's "Line" are one column
        Map<String, String> byLower = new LinkedHashMap<>();
        byLower.put("table", "table");
        byLower.put("file", "file");
        for (Tagged t : tables) for (Column<?> c : t.table().columns()) byLower.putIfAbsent(c.name().toLowerCase(java.util.Locale.ROOT), c.name());
        Set<String> names = new LinkedHashSet<>(byLower.values());
        Map<String, StringColumn> cols = new LinkedHashMap<>();
        for (String n : names) cols.put(n, StringColumn.create(n));
        for (Tagged t : tables) {
            Table tb = t.table();
            for (int i = 0; i < tb.rowCount(); i++) {
                for (Map.Entry<String, StringColumn> e : cols.entrySet()) {
                    String n = e.getKey();
                    String v;
                    if (n.equals("table")) v = t.name();
                    else if (tb.containsColumn(n)) {
                        Column<?> c = tb.column(n);
                        v = c.isMissing(i) ? "" : text(c.get(i));
                    } else if (n.equals("file")) v = t.file() == null ? "" : t.file();
                    else v = "";
                    e.getValue().append(v);
                }
            }
        }
        Table u = Table.create("captures");
        cols.values().forEach(u::addColumns);
        return u;
    }

    private static String text(Object v) {
        if (v instanceof Double d) return Double.isNaN(d) ? "" : Double.toString(d);
        return String.valueOf(v);
    }
}
