package org.fabriclab.kernel.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.stream.Stream;

import org.fabriclab.capture.Capture;
import org.fabriclab.capture.CaptureException;
import org.fabriclab.capture.Readers;
import org.fabriclab.capture.Tidy;
import org.junit.jupiter.api.Test;

import tech.tablesaw.api.StringColumn;
import tech.tablesaw.api.Table;
import tech.tablesaw.columns.Column;

/**
 * {@code show} streams the tidy rows without a Tablesaw table; what it prints must be exactly what
 * printing the tidy table prints (text, CSV, JSON lines), on every bundled capture and, where present,
 * every public one. A column added to {@link Tidy} shows up here as a failure.
 */
class TidyStreamTest {
    static List<Capture> captures() throws Exception {
        List<Path> roots = new ArrayList<>(List.of(Path.of("..", "datasets")));
        String pub = System.getProperty("fabriclab.publicCaptures", "none");
        if (!pub.equals("none") && Files.isDirectory(Path.of(pub))) roots.add(Path.of(pub));
        Readers readers = Readers.standard();
        List<Capture> out = new ArrayList<>();
        for (Path root : roots) {
            try (Stream<Path> s = Files.walk(root)) {
                for (Path f : s.filter(Files::isRegularFile).sorted().toList()) {
                    String n = f.getFileName().toString();
                    if (n.endsWith(".json") && n.equals("scenario.json") || n.endsWith(".md") || n.endsWith(".gz")) continue;
                    try {
                        out.add(readers.read(f));
                    } catch (CaptureException e) {
                        // not a capture (labels, manifests): not this test's subject
                    }
                }
            }
        }
        return out;
    }

    static Table tidy(List<Capture> caps) {
        Table t = Tidy.empty("captures");
        for (Capture c : caps) t.append(c.tidy());
        return t;
    }

    @Test void streamedRowsPrintExactlyAsTheTidyTable() throws Exception {
        List<Capture> all = captures();
        assertTrue(all.size() > 20, "captures found: " + all.size());
        // each capture alone (every reader's rows), and all of them in one table
        List<List<Capture>> sets = new ArrayList<>();
        for (Capture c : all) sets.add(List.of(c));
        sets.add(all);
        for (List<Capture> caps : sets) {
            Table t = tidy(caps);
            String what = caps.size() == 1 ? caps.get(0).file() : "all captures";
            for (TableOutput.Format f : TableOutput.Format.values()) {
                StringWriter expected = new StringWriter(), actual = new StringWriter();
                TableOutput.print(t, f, new PrintWriter(expected));
                PrintWriter a = new PrintWriter(actual);
                switch (f) {
                    case TEXT -> { TidyStream.text(caps, "captures", a); a.println(); }
                    case CSV -> TidyStream.csv(caps, a);
                    case JSON -> TidyStream.json(caps, a);
                }
                a.flush();
                assertEquals(expected.toString(), actual.toString(), f + " of " + what);
                if (f == TableOutput.Format.TEXT) {
                    java.io.ByteArrayOutputStream bytes = new java.io.ByteArrayOutputStream();
                    TidyStream.text(caps, "captures", bytes);
                    assertEquals(expected.toString(), bytes.toString(java.nio.charset.StandardCharsets.UTF_8) + "\n", "TEXT as bytes of " + what);
                }
            }
        }
    }

    /**
     * {@code show}'s whole output (counters streamed, then the measurement and attribute tables) is
     * what printing every table through Tablesaw prints: the counters' tidy table, the CSV union of
     * every table's columns tagged with the table, JSON lines tagged likewise.
     */
    @Test void showPrintsWhatTablesawPrintsOfEveryTable() throws Exception {
        List<Capture> all = captures();
        List<List<Capture>> sets = new ArrayList<>();
        for (Capture c : all) sets.add(List.of(c));
        sets.add(all);
        int measured = 0;
        for (List<Capture> caps : sets) {
            String what = caps.size() == 1 ? caps.get(0).file() : "all captures";
            if (caps.stream().anyMatch(c -> !c.allMeasurements().isEmpty())) measured++;
            for (TableOutput.Format f : TableOutput.Format.values()) {
                StringWriter actual = new StringWriter();
                ShowCommand.print(caps, f, new PrintWriter(actual), null);
                assertEquals(viaTablesaw(caps, f), actual.toString(), f + " of " + what);
            }
        }
        assertTrue(measured > 5, "captures with measurement tables: " + measured);
    }

    /** The tables as Tablesaw tables, printed one by one (the counters' tidy table built whole). */
    private static String viaTablesaw(List<Capture> caps, TableOutput.Format f) throws Exception {
        List<ShowCommand.Tagged> tables = new ArrayList<>();
        tables.add(new ShowCommand.Tagged(ShowCommand.COUNTERS, null, tidy(caps)));
        for (Capture c : caps) c.allMeasurements().forEach((n, t) -> tables.add(new ShowCommand.Tagged(n, c.file(), t)));
        for (Capture c : caps) {
            if (c.attrs().isEmpty()) continue;
            StringColumn port = StringColumn.create("port"), key = StringColumn.create("key"), value = StringColumn.create("value"),
                    line = StringColumn.create("line"), file = StringColumn.create("file");
            tech.tablesaw.api.IntColumn number = tech.tablesaw.api.IntColumn.create("line");
            for (var a : c.attrs()) {
                port.append(a.port()); key.append(a.key()); value.append(a.value()); line.append(Integer.toString(a.line()));
                file.append(a.file() == null || a.file().isEmpty() ? c.file() : a.file());
                number.append(a.line());
            }
            // text prints the port's attributes; CSV and JSON lines name each attribute's own file, its line a number
            Table t = f == TableOutput.Format.TEXT ? Table.create("attributes", port, key, value, line)
                    : Table.create("attributes", file, port, key, value, number);
            tables.add(new ShowCommand.Tagged(ShowCommand.ATTRIBUTES, c.file(), t));
        }
        StringWriter sw = new StringWriter();
        PrintWriter out = new PrintWriter(sw);
        switch (f) {
            case TEXT -> {
                // an empty counters table is left out when another table has rows (a perftest log, an ibstat's attributes)
                boolean othersHaveRows = tables.stream().anyMatch(t -> !t.name().equals(ShowCommand.COUNTERS) && t.table().rowCount() > 0);
                boolean first = true;
                for (ShowCommand.Tagged t : tables) {
                    boolean counters = t.name().equals(ShowCommand.COUNTERS);
                    if (t.table().rowCount() == 0 && (!counters || othersHaveRows)) continue;
                    if (!first) out.println();
                    out.println(TableOutput.text(t.table()));
                    first = false;
                }
            }
            case CSV -> {
                Map<String, String> byLower = new LinkedHashMap<>();
                byLower.put("table", "table");
                byLower.put("file", "file");
                for (ShowCommand.Tagged t : tables) for (Column<?> c : t.table().columns()) byLower.putIfAbsent(c.name().toLowerCase(Locale.ROOT), c.name());
                Map<String, StringColumn> cols = new LinkedHashMap<>();
                for (String n : new LinkedHashSet<>(byLower.values())) cols.put(n, StringColumn.create(n));
                for (ShowCommand.Tagged t : tables) {
                    var tb = t.table();
                    for (int i = 0; i < tb.rowCount(); i++) {
                        for (Map.Entry<String, StringColumn> e : cols.entrySet()) {
                            String n = e.getKey();
                            String v;
                            if (n.equals("table")) v = t.name();
                            else if (tb.containsColumn(n)) v = tb.column(n).isMissing(i) ? "" : cell(tb.column(n).get(i));
                            else if (n.equals("file")) v = t.file() == null ? "" : t.file();
                            else v = "";
                            e.getValue().append(v);
                        }
                    }
                }
                Table u = Table.create("captures");
                cols.values().forEach(u::addColumns);
                TableOutput.print(u, TableOutput.Format.CSV, out);
            }
            case JSON -> {
                for (ShowCommand.Tagged t : tables) {
                    var tb = t.table();
                    for (int i = 0; i < tb.rowCount(); i++) {
                        Map<String, Object> m = new LinkedHashMap<>();
                        m.put("table", t.name());
                        if (t.file() != null && !tb.containsColumn("file")) m.put("file", t.file());
                        for (Column<?> col : tb.columns()) {
                            Object v = col.isMissing(i) ? null : col.get(i);
                            m.put(col.name(), v instanceof Double d && !Double.isFinite(d) ? null : v);
                        }
                        out.println(TableOutput.Json.MAPPER.writeValueAsString(m));
                    }
                }
            }
        }
        out.flush();
        return sw.toString();
    }

    private static String cell(Object v) {
        if (v instanceof Double d) return Double.isNaN(d) ? "" : Double.toString(d);
        return String.valueOf(v);
    }

    /**
     * Column widths come from each number column's least and greatest value and from the strings that
     * differ from the row above: a negative value wider than every positive one, a long value between
     * two short ones, a wide port repeated, all laid out as Tablesaw lays out the tidy table.
     */
    @Test void widthsOfNegativeAndRepeatedValuesAreTablesaws() throws Exception {
        Capture.Builder b = Capture.builder(org.fabriclab.catalogue.Source.PERFQUERY_X, "w.txt");
        b.counter("lid 1/1", "PortXmitData", 7, 3);
        b.counter("a much wider port name", "PortRcvData", 123456789012L, 4);
        b.counter("a much wider port name", "SymbolErrorCounter", -12345678901234L, 5);
        b.counter("lid 1/1", "PortRcvErrors", 5, 1234567);
        b.absent("lid 1/1", "PortXmitWait", 8, "not supported");
        List<Capture> caps = List.of(b.build());
        StringWriter expected = new StringWriter();
        TableOutput.print(tidy(caps), TableOutput.Format.TEXT, new PrintWriter(expected));
        java.io.ByteArrayOutputStream bytes = new java.io.ByteArrayOutputStream();
        TidyStream.text(caps, "captures", bytes);
        assertEquals(expected.toString(), bytes.toString(java.nio.charset.StandardCharsets.UTF_8) + "\n");
        StringWriter chars = new StringWriter();
        PrintWriter a = new PrintWriter(chars);
        TidyStream.text(caps, "captures", a);
        a.println();
        a.flush();
        assertEquals(expected.toString(), chars.toString());
    }

    @Test void digitsCountsEveryLong() {
        for (long v : new long[] {0, 9, 10, -1, -10, 99, 100, Long.MAX_VALUE, Long.MIN_VALUE + 1, Long.MIN_VALUE, 4294967295L}) {
            assertEquals(Long.toString(v).length(), TidyStream.digits(v), Long.toString(v));
        }
    }
}
