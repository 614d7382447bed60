package org.fabriclab.kernel.cli;

import java.io.OutputStream;
import java.io.PrintWriter;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.Callable;

import org.fabriclab.capture.Bundle;
import org.fabriclab.capture.Capture;
import org.fabriclab.capture.CaptureException;
import org.fabriclab.capture.Input;
import org.fabriclab.capture.Measurement;
import org.fabriclab.capture.Opened;
import org.fabriclab.capture.Readers;
import org.fabriclab.snapshot.Snapshot;

import com.univocity.parsers.csv.CsvWriter;

import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Model.PositionalParamSpec;
import tech.tablesaw.columns.Column;
import tech.tablesaw.table.Relation;

/**
 * {@code fabriclab show PATH... [--csv|--json] [--wide]}: every table of every capture named. Text
 * prints the tidy counter table (left out when no capture holds a counter but another table has rows),
 * then each measurement table (bandwidth, latency, ber, ber_lanes,
 * module, operational, fec_histogram, links, telemetry, ...) and the port attributes. {@code --csv}
 * and {@code --json} print all of them as one stream, each row tagged with its {@code table}
 * ({@value #COUNTERS} for the tidy rows, {@value #ATTRIBUTES} for port attributes) and its
 * {@code file} (an attribute the file it was read from, a folder's capture reading several); CSV has the union of the tables' columns (empty where a table has no such column),
 * JSON lines keep each table's own columns and types (longs exact). {@code --wide} joins the captures
 * into one snapshot and prints one row per joined port, one column per counter. Warnings go to stderr.
 */
final class ShowCommand implements Callable<Integer> {
    /** The first line of the description, which the usage's list of commands shows ({@link Commands}). */
    static final String SUMMARY = "Print every table of captures: counters (tidy), measurement tables and port attributes.";
    static final String COUNTERS = "counters";
    static final String ATTRIBUTES = "attributes";
    /** The title of the counters table in text. */
    static final String TITLE = "captures";

    List<Path> paths;
    boolean csv, json, wide;
    CommandSpec spec;

    /** The command's picocli model, built by code ({@link Commands}: no annotation is read at start-up). */
    CommandSpec spec() {
        CommandSpec s = Commands.command(this, "show", SUMMARY);
        s.addPositional(PositionalParamSpec.builder().arity("1..*").required(true).paramLabel("PATH").type(List.class).auxiliaryTypes(Path.class)
                .description("capture files or folders").build());
        s.addOption(Commands.flag("--csv", "CSV: every table's rows, tagged with their table"));
        s.addOption(Commands.flag("--json", "JSON lines: one object per row of every table, tagged with its table"));
        s.addOption(Commands.flag("--wide", "one row per joined port (the captures joined as one snapshot), one column per counter"));
        spec = s;
        return s;
    }

    @Override public Integer call() throws Exception {
        paths = spec.positionalParameters().get(0).getValue();
        csv = Commands.isSet(spec, "--csv");
        json = Commands.isSet(spec, "--json");
        wide = Commands.isSet(spec, "--wide");
        Readers readers = Readers.standard();
        List<Input> files;
        List<Capture> caps;
        // an archive (before.tar.gz, a sosreport's .tar.xz) is unpacked into a temporary folder until its files are read
        try (Opened opened = readers.open(paths)) {
            files = opened.inputs();
            for (String n : opened.notes()) spec.commandLine().getErr().println("fabriclab: warning: " + n);
            // a bundle's (a sosreport's) files were chosen by its layout, not named: one that holds no capture is skipped
            caps = InParallel.map(files, f -> {
                try {
                    return readers.read(f);
                } catch (CaptureException e) {
                    if (f.bundle() == null) throw e;
                    return null;
                }
            });
        }
        List<String> strays = new ArrayList<>();
        for (int i = 0; i < files.size(); i++) if (caps.get(i) == null) strays.add(files.get(i).command() + " (" + files.get(i).name() + ")");
        caps = new ArrayList<>(caps.stream().filter(java.util.Objects::nonNull).toList());
        for (Bundle b : new LinkedHashSet<>(files.stream().map(Input::bundle).filter(java.util.Objects::nonNull).toList())) {
            spec.commandLine().getErr().println("fabriclab: " + b.summary());
            // which netdev is which RDMA port, as the bundle records it: attributes that join the two in --wide
            b.netdevLinks().ifPresent(caps::add);
        }
        if (!strays.isEmpty()) {
            spec.commandLine().getErr().println("fabriclab: warning: " + strays.size() + " command output" + (strays.size() == 1 ? "" : "s")
                    + " of the bundle held no capture, skipped: " + String.join("; ", strays));
        }
        var out = spec.commandLine().getOut();
        TableOutput.Format format = csv ? TableOutput.Format.CSV : json ? TableOutput.Format.JSON : TableOutput.Format.TEXT;
        for (Capture c : caps) {
            for (String w : c.locatedWarnings()) spec.commandLine().getErr().println("fabriclab: warning: " + w);
        }
        if (wide) {
            Snapshot s = Snapshot.ofCaptures(paths.size() == 1 ? paths.get(0).toString() : paths.toString(), caps);
            TableOutput.print(s.wide(), format, out);
            for (String n : s.notes()) spec.commandLine().getErr().println("fabriclab: " + n);
            out.flush();
            return Main.OK;
        }
        print(caps, format, out, Main.rawStdout);
        return Main.OK;
    }

    /**
     * Prints the captures' tables (not {@code --wide}). The counters are streamed from the readings
     * ({@link TidyStream}: a 10,000-port dump is 240,000 rows, and building their Tablesaw table was
     * most of {@code show}'s time), and so are the port attributes (40,000 rows there); the measurement
     * tables, small, print through Tablesaw's printer from the readers' columns ({@link Measurement}),
     * without building a Tablesaw {@code Table} (whose class initialisation costs a short command ~0.1-0.2 s).
     * Text goes to {@code raw} as bytes when it is not null (the process's stdout), else to {@code out}.
     */
    static void print(List<Capture> caps, TableOutput.Format format, PrintWriter out, OutputStream raw) throws Exception {
        List<Tagged> tables = new ArrayList<>();
        for (Capture c : caps) {
            for (Map.Entry<String, Measurement> e : c.measurementViews().entrySet()) tables.add(new Tagged(e.getKey(), c.file(), e.getValue()));
        }
        List<Capture> withAttributes = caps.stream().filter(c -> !c.attrs().isEmpty()).toList();
        switch (format) {
            case TEXT -> {
                boolean first = true;
                if (!measurementsOnly(caps, tables, withAttributes)) {
                    streamed(out, raw, o -> TidyStream.text(caps, TITLE, o), w -> TidyStream.text(caps, TITLE, w));
                    first = false;
                }
                for (Tagged t : tables) {
                    if (t.table().rowCount() == 0) continue;
                    if (!first) out.println();
                    first = false;
                    out.println(TableOutput.text(t.table()));
                }
                for (Capture c : withAttributes) {
                    if (!first) out.println();
                    first = false;
                    streamed(out, raw, o -> TidyStream.attributesText(c, ATTRIBUTES, o), w -> TidyStream.attributesText(c, ATTRIBUTES, w));
                }
            }
            case CSV -> csv(caps, tables, withAttributes, out);
            case JSON -> {
                TidyStream.json(caps, out, Map.of("table", COUNTERS));
                for (Tagged t : tables) {
                    Relation tb = t.table();
                    for (int i = 0; i < tb.rowCount(); i++) {
                        Map<String, Object> m = new LinkedHashMap<>();
                        m.put("table", t.name());
                        if (!tb.containsColumn("file")) m.put("file", t.file());
                        for (Column<?> col : tb.columns()) m.put(col.name(), col.isMissing(i) ? null : jsonValue(col.get(i)));
                        out.println(TableOutput.Json.MAPPER.writeValueAsString(m));
                    }
                }
                for (Capture c : withAttributes) TidyStream.attributesJson(c, out, Map.of("table", ATTRIBUTES));
            }
        }
        out.flush();
    }

    /** Something that prints a streamed table's text (without its final newline) to one kind of output. */
    @FunctionalInterface
    private interface Printing<T> {
        void to(T out) throws java.io.IOException;
    }

    /** A streamed table and a newline: as UTF-8 bytes to {@code raw} (the process's stdout) when given, else to {@code out}. */
    private static void streamed(PrintWriter out, OutputStream raw, Printing<OutputStream> bytes, Printing<java.io.Writer> chars)
            throws java.io.IOException {
        if (raw != null) {
            out.flush();
            bytes.to(raw);
            raw.write('\n');
            raw.flush();
        } else {
            chars.to(out);
            out.println();
        }
    }

    /**
     * Whether the captures hold no counter at all (no reading, no absent counter) but other tables do:
     * a perftest log or an ibdiagnet link list prints its own tables, not an empty counters table above them.
     */
    static boolean measurementsOnly(List<Capture> caps, List<Tagged> tables, List<Capture> withAttributes) {
        for (Capture c : caps) if (!c.readings().isEmpty() || !c.absents().isEmpty()) return false;
        if (!withAttributes.isEmpty()) return true;
        for (Tagged t : tables) if (t.table().rowCount() > 0) return true;
        return false;
    }

    /** A measurement table, its name and the capture file it came from. */
    record Tagged(String name, String file, Relation table) {}

    /** {@code table} and {@code file} fields, in that order. */
    private static Map<String, String> tagged(String table, String file) {
        Map<String, String> m = new LinkedHashMap<>();
        m.put("table", table);
        m.put("file", file);
        return m;
    }

    private static Object jsonValue(Object v) {
        if (v instanceof Double d && !Double.isFinite(d)) return null;
        return v;
    }

    /**
     * Every table's rows as one CSV: {@code table}, {@code file}, then the union of the tables' columns
     * (the tidy columns first), empty where a table has no such column. Tablesaw column names are
     * case-insensitive, so "line" and a db_csv section's "Line" are one column.
     */
    static void csv(List<Capture> caps, List<Tagged> tables, List<Capture> withAttributes, PrintWriter out) throws java.io.IOException {
        Map<String, String> byLower = new LinkedHashMap<>();
        for (String n : List.of("table", "file")) byLower.put(n, n);
        for (String n : TidyStream.COLUMNS) byLower.putIfAbsent(n.toLowerCase(Locale.ROOT), n);
        for (Tagged t : tables) for (Column<?> c : t.table().columns()) byLower.putIfAbsent(c.name().toLowerCase(Locale.ROOT), c.name());
        if (!withAttributes.isEmpty()) for (String n : TidyStream.ATTRIBUTE_COLUMNS) byLower.putIfAbsent(n.toLowerCase(Locale.ROOT), n);
        List<String> header = List.copyOf(new LinkedHashSet<>(byLower.values()));
        CsvWriter w = TidyStream.csvWriter(out);
        w.writeHeaders(header);
        TidyStream.csvRows(caps, w, header, Map.of("table", COUNTERS));
        String[] cells = new String[header.size()];
        for (Tagged t : tables) {
            Relation tb = t.table();
            for (int i = 0; i < tb.rowCount(); i++) {
                for (int k = 0; k < cells.length; k++) {
                    String n = header.get(k);
                    if (n.equals("table")) cells[k] = t.name();
                    else if (tb.containsColumn(n)) {
                        Column<?> c = tb.column(n);
                        cells[k] = c.isMissing(i) ? "" : text(c.get(i));
                    } else if (n.equals("file")) cells[k] = t.file();
                    else cells[k] = "";
                }
                w.writeRow((Object[]) cells);
            }
        }
        for (Capture c : withAttributes) TidyStream.attributeCsvRows(c, w, header, Map.of("table", ATTRIBUTES));
        w.flush();
    }

    private static String text(Object v) {
        if (v instanceof Double d) return Double.isNaN(d) ? "" : Double.toString(d);
        return String.valueOf(v);
    }
}
