package org.fabriclab.capture.ibdiagnet;

import java.io.StringReader;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;

import org.fabriclab.capture.Capture;
import org.fabriclab.capture.CaptureException;
import org.fabriclab.capture.CaptureReader;
import org.fabriclab.capture.Input;
import org.fabriclab.capture.Measurement;
import org.fabriclab.capture.PortAttr;
import org.fabriclab.capture.Values;
import org.fabriclab.capture.WideCopies;
import org.fabriclab.catalogue.Catalogue;
import org.fabriclab.catalogue.Source;

import com.univocity.parsers.csv.CsvParser;
import com.univocity.parsers.csv.CsvParserSettings;

import tech.tablesaw.api.LongColumn;
import tech.tablesaw.api.StringColumn;
import tech.tablesaw.columns.Column;

/**
 * Reads {@code ibdiagnet2.db_csv}: sections {@code START_<NAME>}, a header row, rows,
 * {@code END_<NAME>}.
 * <ul>
 * <li>{@code PM_INFO} becomes counter readings, port id {@code guid <NodeGUID>/<PortNumber>} with
 * attributes {@code node_guid}, {@code guid} (PortGUID) and {@code port_num}. {@code -1} (how
 * db_csv writes "not available") is an absent counter, and so is {@code 0xfffffffffffffffe} or
 * {@code 0xffffffffffffffff} (an unset 64-bit field: {@code retransmission_per_sec} of a port without the feature,
 * where {@code ibdiagnet2.pm} prints {@code NA}); other hex values above 2^63 are kept as string attributes.</li>
 * <li>{@code PM_DELTA}, the change ibdiagnet itself measured over {@code --pm_pause_time}, is not a
 * snapshot: it becomes the measurement table {@code pm_delta} (port, node_guid, port_guid,
 * port_num, then one exact {@code LongColumn} per raw counter column; string columns for masks).</li>
 * <li>Every other section is kept as a string table named after the section ({@code RUN_INFO},
 * {@code NODES}, ...). PORTS gives the PM_INFO ports their {@code lid} attribute and NODES their
 * {@code node_desc}, so they join ports read by LID in other files. Such a context section that is
 * empty ({@code START_X} right above {@code END_X}) is skipped; one whose row does not split into its
 * header's cells is left out with a warning naming the line, the counters still read (PM_INFO and
 * PM_DELTA stay strict).</li>
 * </ul>
 * Rows are split with univocity's CSV parser (the one Tablesaw uses), one physical line per row.
 *
 * <pre>{@code
 * Capture c = new IbdiagnetCsvReader().read(Input.of(Path.of("ibdiagnet2.db_csv")));
 * c.reading("guid 0xb0cf0e0300d33fc0/2", "PortXmitDiscards");
 * c.measurements("pm_delta").get();
 * }</pre>
 */
public final class IbdiagnetCsvReader implements CaptureReader {
    public static final String PM_DELTA = "pm_delta";

    @Override public String format() { return "ibdiagnet-csv"; }

    @Override public int sniff(Input in) {
        if (in.isDirectory()) return 0;
        for (String l : in.head(30)) {
            String t = l.trim();
            if (t.startsWith("START_") && t.length() > 6 && t.substring(6).chars().allMatch(c -> c == '_' || Character.isLetterOrDigit(c))) {
                return 95;
            }
        }
        return 0;
    }

    @Override public Capture read(Input in) {
        Capture.Builder b = Capture.builder(Source.IBDIAGNET_CSV, in.name());
        readInto(in, b);
        return b.build();
    }

    /** Parses {@code in} into {@code b} (also used by {@link IbdiagnetDirReader}). */
    void readInto(Input in, Capture.Builder b) {
        String file = in.name();
        List<String> lines = in.lines();
        CsvParser csv = parser();
        int noise = 0;
        int sections = 0;
        int disagreements = 0;
        Set<String> pmPorts = new HashSet<>();
        Map<String, Section> identity = new HashMap<>();
        for (int i = 0; i < lines.size(); i++) {
            String l = lines.get(i).trim();
            int lineNo = i + 1;
            if (l.isEmpty() || l.startsWith("#")) { noise++; continue; }
            if (!l.startsWith("START_")) {
                throw new CaptureException(file, lineNo, "expected 'START_<SECTION>' (ibdiagnet2.db_csv), found '"
                        + IbdiagnetPmReader.abbreviate(l) + "'");
            }
            String name = l.substring(6);
            int start = lineNo;
            int end = -1;
            for (int j = i + 1; j < lines.size(); j++) {
                String t = lines.get(j).trim();
                if (t.equals("END_" + name)) { end = j; break; }
                if (t.startsWith("START_")) {
                    throw new CaptureException(file, j + 1, "section " + name + " (started at line " + start
                            + ") not closed: expected 'END_" + name + "' before '" + t + "'");
                }
            }
            if (end < 0) {
                throw new CaptureException(file, start, "section " + name + " is not closed by 'END_" + name
                        + "' (file truncated?)");
            }
            boolean counters = name.equals("PM_INFO") || name.equals("PM_DELTA");
            if (end == i + 1) {
                if (counters) throw new CaptureException(file, start + 1, "section " + name + " has no header row");
                // an empty context section (START_X then END_X): nothing to keep
                noise += 2;
                sections++;
                i = end;
                continue;
            }
            String[] header = split(csv, lines.get(i + 1), file, i + 2);
            for (int k = 0; k < header.length; k++) header[k] = header[k] == null ? "" : header[k].trim();
            List<String[]> rows = new ArrayList<>();
            List<Integer> rowLines = new ArrayList<>();
            StringBuilder body = new StringBuilder();
            for (int j = i + 2; j < end; j++) {
                if (lines.get(j).isBlank()) continue;
                body.append(lines.get(j)).append('\n');
                rowLines.add(j + 1);
            }
            // one parse of the section; per-line parsing only to locate a problem
            List<String[]> parsed;
            try {
                parsed = rowLines.isEmpty() ? List.of() : csv.parseAll(new StringReader(body.toString()));
            } catch (RuntimeException e) {
                parsed = List.of();   // re-split line by line below, so the error names its line
            }
            boolean oneRowPerLine = parsed.size() == rowLines.size();
            String misfit = null;
            for (int r = 0; r < rowLines.size() && misfit == null; r++) {
                int j = rowLines.get(r) - 1;
                String[] cells;
                try {
                    cells = oneRowPerLine ? parsed.get(r) : split(csv, lines.get(j), file, j + 1);
                } catch (CaptureException e) {
                    if (counters) throw e;
                    misfit = e.getMessage();
                    break;
                }
                if (cells.length != header.length) {
                    String m = "section " + name + ": expected " + header.length + " comma-separated cells as in its header (line "
                            + (i + 2) + "), found " + cells.length;
                    if (counters) throw new CaptureException(file, j + 1, m);
                    misfit = file + ":" + (j + 1) + ": " + m;
                    break;
                }
                for (int k = 0; k < cells.length; k++) cells[k] = cells[k] == null ? "" : cells[k].trim();
                rows.add(cells);
            }
            if (misfit != null) {
                // a context section (cables, PHY, nodes...: ibdiagnet writes dozens, each plugin its own) does not
                // hold the counters: one that does not parse leaves that section out, not the file
                b.warn(misfit + "; section " + name + " left out (context, not counters)");
                noise += end - i + 1;
                sections++;
                i = end;
                continue;
            }
            switch (name) {
                case "PM_INFO" -> disagreements += pmInfo(b, header, rows, rowLines, file, start, pmPorts);
                case "PM_DELTA" -> b.measurements(PM_DELTA, pmDelta(header, rows, rowLines, file, start));
                default -> {
                    b.measurements(name, strings(name, header, rows));
                    if (name.equals("PORTS") || name.equals("NODES")) identity.put(name, new Section(header, rows, rowLines));
                }
            }
            sections++;
            i = end;
        }
        if (sections == 0) throw new CaptureException(file, 0, "no START_<SECTION> found; expected ibdiagnet2.db_csv content");
        identityAttrs(b, identity, pmPorts, file);
        b.noise(noise);
        if (disagreements > 0) {
            b.warn(disagreements + " classic PM_INFO counter(s) differ from their extended copy without being pegged "
                    + "(separate queries on a live port); kept the 64-bit copy");
        }
    }

    private record Section(String[] header, List<String[]> rows, List<Integer> rowLines) {
        int column(String name) {
            for (int k = 0; k < header.length; k++) if (header[k].equalsIgnoreCase(name)) return k;
            return -1;
        }
    }

    /**
     * Adds {@code lid} (from the PORTS section) and {@code node_desc} (from NODES) to the PM_INFO
     * ports, so that they join ports read by LID elsewhere (perfquery). Cells that do not parse are
     * skipped: these sections are context, not counters.
     */
    private static void identityAttrs(Capture.Builder b, Map<String, Section> identity, Set<String> pmPorts, String file) {
        Section ports = identity.get("PORTS");
        if (ports != null) {
            int ng = ports.column("NodeGuid"), pn = ports.column("PortNum"), lid = ports.column("LID");
            if (ng >= 0 && pn >= 0 && lid >= 0) {
                // a switch's external ports report LID 0: the switch is addressed by the LID of its port 0
                Map<String, Long> port0Lid = new HashMap<>();
                for (String[] c : ports.rows()) {
                    try {
                        if (Long.parseLong(c[pn].trim()) == 0) port0Lid.put(Guids.normalise(c[ng], file, 0), Long.parseLong(c[lid].trim()));
                    } catch (RuntimeException notParsed) {
                        // context only
                    }
                }
                for (int r = 0; r < ports.rows().size(); r++) {
                    String[] c = ports.rows().get(r);
                    try {
                        String node = Guids.normalise(c[ng], file, 0);
                        String id = "guid " + node + "/" + Long.parseLong(c[pn].trim());
                        long l = Long.parseLong(c[lid].trim());
                        if (l == 0) l = port0Lid.getOrDefault(node, 0L);
                        if (l > 0 && pmPorts.contains(id)) b.attr(id, PortAttr.LID, Long.toString(l), ports.rowLines().get(r));
                    } catch (RuntimeException notParsed) {
                        // context only
                    }
                }
            }
        }
        Section nodes = identity.get("NODES");
        if (nodes != null) {
            int ng = nodes.column("NodeGUID"), desc = nodes.column("NodeDesc");
            if (ng >= 0 && desc >= 0) {
                Map<String, String[]> byNode = new HashMap<>();
                Map<String, Integer> lineOf = new HashMap<>();
                for (int r = 0; r < nodes.rows().size(); r++) {
                    String[] c = nodes.rows().get(r);
                    try {
                        String g = Guids.normalise(c[ng], file, 0);
                        byNode.put(g, c);
                        lineOf.put(g, nodes.rowLines().get(r));
                    } catch (RuntimeException notParsed) {
                        // context only
                    }
                }
                for (String id : pmPorts.stream().sorted().toList()) {
                    String g = id.substring(5, id.lastIndexOf('/'));
                    String[] c = byNode.get(g);
                    if (c != null && !c[desc].isEmpty()) b.attr(id, PortAttr.NODE_DESC, c[desc], lineOf.get(g));
                }
            }
        }
    }

    private static int pmInfo(Capture.Builder b, String[] header, List<String[]> rows, List<Integer> rowLines, String file, int start,
                              Set<String> pmPorts) {
        int node = index(header, "NodeGUID", file, start), portGuid = index(header, "PortGUID", file, start);
        int num = index(header, "PortNumber", file, start);
        WideCopies copies = new WideCopies(Source.IBDIAGNET_CSV);
        int dropped = 0;
        for (int r = 0; r < rows.size(); r++) {
            String[] c = rows.get(r);
            int line = rowLines.get(r);
            String ng = Guids.identity(c[node], file, line);
            String pg = Guids.normalise(c[portGuid], file, line);
            String pn = Long.toString(Values.parseCounter(c[num], file, line));
            String port = "guid " + ng + "/" + pn;
            pmPorts.add(port);
            b.attr(port, PortAttr.NODE_GUID, ng, line);
            b.attr(port, PortAttr.GUID, pg, line);
            b.attr(port, PortAttr.PORT_NUM, pn, line);
            for (int k = 0; k < header.length; k++) {
                if (k == node || k == portGuid || k == num || header[k].isEmpty()) continue;
                String v = c[k];
                if (isAbsent(v)) b.absent(port, header[k], line, "'" + v + "' in ibdiagnet2.db_csv PM_INFO (not available)");
                else if (Values.isWide(v)) {
                    if (isUnset(v)) {
                        // retransmission_per_sec of a port without the feature: the same sample's ibdiagnet2.pm prints NA
                        b.absent(port, header[k], line, "'" + v + "' in ibdiagnet2.db_csv PM_INFO (not available: ibdiagnet2.pm prints NA)");
                    } else if (Catalogue.standard().lookup(Source.IBDIAGNET_CSV, header[k]).isPresent()) {
                        b.absent(port, header[k], line, "value " + v + " is above 2^63-1 (unset or invalid field)");
                    } else {
                        b.attr(port, header[k], v, line);
                    }
                }
                else copies.add(header[k], Values.parseCounter(v, file, line), line);
            }
            dropped += copies.emit(b, port);
        }
        copies.warnInconsistent(b);
        return dropped;
    }

    private static Measurement pmDelta(String[] header, List<String[]> rows, List<Integer> rowLines, String file, int start) {
        int node = index(header, "NodeGUID", file, start), portGuid = index(header, "PortGUID", file, start);
        int num = index(header, "PortNumber", file, start);
        List<Column<?>> t = new ArrayList<>();
        StringColumn port = StringColumn.create("port"), ng = StringColumn.create("node_guid"), pg = StringColumn.create("port_guid");
        LongColumn pn = LongColumn.create("port_num");
        for (int r = 0; r < rows.size(); r++) {
            String[] c = rows.get(r);
            int line = rowLines.get(r);
            String n = Guids.normalise(c[node], file, line);
            long p = Values.parseCounter(c[num], file, line);
            port.append("guid " + n + "/" + p);
            ng.append(n);
            pg.append(Guids.normalise(c[portGuid], file, line));
            pn.append(p);
        }
        t.addAll(List.of(port, ng, pg, pn));
        for (int k = 0; k < header.length; k++) {
            if (k == node || k == portGuid || k == num || header[k].isEmpty() || Measurement.hasName(t, header[k])) continue;
            boolean numeric = true;
            for (String[] c : rows) if (!isAbsent(c[k]) && Values.isWide(c[k])) { numeric = false; break; }
            Column<?> col;
            if (numeric) {
                LongColumn lc = LongColumn.create(header[k]);
                for (int r = 0; r < rows.size(); r++) {
                    String v = rows.get(r)[k];
                    if (isAbsent(v)) lc.appendMissing(); else lc.append(Values.parseCounter(v, file, rowLines.get(r)));
                }
                col = lc;
            } else {
                StringColumn sc = StringColumn.create(header[k]);
                for (String[] c : rows) sc.append(c[k]);
                col = sc;
            }
            t.add(col);
        }
        return Measurement.of(PM_DELTA, t);
    }

    private static Measurement strings(String name, String[] header, List<String[]> rows) {
        List<Column<?>> t = new ArrayList<>();
        for (int k = 0; k < header.length; k++) {
            String colName = header[k].isEmpty() ? "column_" + (k + 1) : header[k];
            while (Measurement.hasName(t, colName)) colName = colName + "_";
            StringColumn sc = StringColumn.create(colName);
            for (String[] c : rows) sc.append(c[k]);
            t.add(sc);
        }
        return Measurement.of(name, t);
    }

    private static boolean isAbsent(String v) {
        String t = v.trim().toUpperCase(Locale.ROOT);
        return t.equals("-1") || t.equals("NA") || t.equals("N/A") || t.isEmpty();
    }

    /** Whether {@code v} is 64 bits of ones, or ones but the last ({@code 0xfffffffffffffffe}): how db_csv writes an unset 64-bit field. */
    private static boolean isUnset(String v) {
        String t = v.strip().toLowerCase(Locale.ROOT);
        return t.equals("0xffffffffffffffff") || t.equals("0xfffffffffffffffe");
    }

    private static int index(String[] header, String name, String file, int start) {
        for (int k = 0; k < header.length; k++) if (header[k].equals(name)) return k;
        throw new CaptureException(file, start + 1, "section header has no column '" + name + "'");
    }

    private static CsvParser parser() {
        CsvParserSettings s = new CsvParserSettings();
        s.setMaxColumns(4096);
        s.setMaxCharsPerColumn(-1);   // a cell is bounded by the file's size bound, not by the parser
        s.setIgnoreLeadingWhitespaces(false);
        s.setIgnoreTrailingWhitespaces(false);
        s.setNullValue("");
        s.setEmptyValue("");
        s.setReadInputOnSeparateThread(false);   // a section of a few KB: a reader thread costs more than it saves
        return new CsvParser(s);
    }

    private static String[] split(CsvParser csv, String line, String file, int lineNo) {
        try {
            String[] cells = csv.parseLine(line);
            if (cells == null) throw new CaptureException(file, lineNo, "expected a comma-separated row, found an empty line");
            return cells;
        } catch (RuntimeException e) {
            if (e instanceof CaptureException ce) throw ce;
            throw new CaptureException(file, lineNo, "expected a comma-separated row: " + e.getMessage(), e);
        }
    }
}
