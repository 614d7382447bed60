package org.fabriclab.capture.pauseseries;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

import org.fabriclab.capture.Capture;
import org.fabriclab.capture.CaptureException;
import org.fabriclab.capture.CaptureReader;
import org.fabriclab.capture.Input;
import org.fabriclab.capture.Measurement;
import org.fabriclab.capture.Telemetry;
import org.fabriclab.catalogue.Catalogue;
import org.fabriclab.catalogue.Source;

import com.univocity.parsers.csv.CsvParser;
import com.univocity.parsers.csv.CsvParserSettings;

import tech.tablesaw.api.DoubleColumn;
import tech.tablesaw.api.LongColumn;
import tech.tablesaw.api.StringColumn;
import tech.tablesaw.columns.Column;

/**
 * Reads a counter series CSV in the {@link Telemetry} contract's own columns, as the bundled
 * {@code datasets/*}{@code /pause-series.csv} hold them:
 * {@code timestamp,port,<counter>...}, one row per port and sample, {@code timestamp} in epoch
 * milliseconds, counters by their canonical catalogue names with cumulative integer values (an empty
 * cell is absent, never 0), {@code raw_ber}/{@code effective_ber}/{@code symbol_ber}/
 * {@code temperature_c}/{@code voltage_mv} as numbers, optional {@code peer} and {@code link_kind}.
 * Rows may come in any order; the table is sorted by port, then time. As pandas writes it ({@code to_csv}), the
 * index column first ({@code ,timestamp,port,...} or {@code Unnamed: 0,...}) is skipped and a whole number written
 * as a float ({@code 20.0}, a counter column with a gap) is that integer; a fraction is still refused. Produces the {@code telemetry}
 * table only (no snapshot readings: the file is a series, not an instant). A column the catalogue does
 * not know is kept and named in a warning.
 *
 * <pre>{@code
 * Capture c = Readers.standard().read(Path.of("datasets/roce-pause-storm/pause-series.csv"));
 * Series s = Series.of(c.measurements("telemetry").get());
 * }</pre>
 */
public final class PauseSeriesReader implements CaptureReader {
    /** Smallest timestamp taken as epoch ms (2001-09-09); below it the file most likely holds seconds. */
    static final long MIN_EPOCH_MS = 1_000_000_000_000L;
    private static final Set<String> TEXT = Set.of(Telemetry.PORT, Telemetry.PEER, Telemetry.LINK_KIND);

    @Override public String format() { return "pause-series"; }

    @Override public int sniff(Input in) {
        if (in.isDirectory()) return 0;
        List<String> head = in.head(1);
        if (head.isEmpty()) return 0;
        // every file is sniffed by every reader: the CSV parser (cold, 4096-column buffers) only for a line that can be the header
        if (!head.get(0).contains(Telemetry.TIMESTAMP) || !head.get(0).contains(Telemetry.PORT)) return 0;
        String[] cols = header(head.get(0));
        cols = java.util.Arrays.copyOfRange(cols, Telemetry.indexColumns(List.of(cols)), cols.length);
        if (cols.length < 3 || !cols[0].equals(Telemetry.TIMESTAMP) || !cols[1].equals(Telemetry.PORT)) return 0;
        Catalogue cat = Catalogue.standard();
        for (int i = 2; i < cols.length; i++) if (cat.counter(cols[i]).isPresent()) return 90;
        return 0;
    }

    private static String[] header(String line) {
        String[] h = new CsvParser(settings()).parseLine(line);
        if (h == null) return new String[0];
        for (int i = 0; i < h.length; i++) h[i] = h[i] == null ? "" : h[i].strip();
        return h;
    }

    private static CsvParserSettings settings() {
        CsvParserSettings s = new CsvParserSettings();
        s.setMaxCharsPerColumn(4096);
        s.setMaxColumns(4096);
        s.setNullValue("");
        s.setEmptyValue("");
        return s;
    }

    private record Row(int line, long ts, String port, String[] cells) {}

    @Override public Capture read(Input in) {
        String file = in.name();
        List<String> lines = in.lines();
        int h = 0;
        while (h < lines.size() && lines.get(h).isBlank()) h++;
        if (h == lines.size()) throw new CaptureException(file, 0, "empty file, expected a counter series CSV (timestamp,port,<counter>...)");
        String[] cols = header(lines.get(h));
        int lead = Telemetry.indexColumns(List.of(cols));   // pandas' index column, skipped in every row
        cols = java.util.Arrays.copyOfRange(cols, lead, cols.length);
        if (cols.length < 3 || !cols[0].equals(Telemetry.TIMESTAMP) || !cols[1].equals(Telemetry.PORT)) {
            throw new CaptureException(file, h + 1, "expected the header timestamp,port,<counter>..., found '" + cut(lines.get(h)) + "'");
        }
        Set<String> seen = new HashSet<>();
        for (int i = 0; i < cols.length; i++) {
            if (cols[i].isEmpty()) throw new CaptureException(file, h + 1, "column " + (i + 1) + " has no name");
            if (!seen.add(cols[i])) throw new CaptureException(file, h + 1, "column '" + cols[i] + "' appears twice");
        }
        CsvParser parser = new CsvParser(settings());
        List<Row> rows = new ArrayList<>();
        for (int i = h + 1; i < lines.size(); i++) {
            if (lines.get(i).isBlank()) continue;
            String[] cells = parser.parseLine(lines.get(i));
            int line = i + 1;
            if (cells.length != cols.length + lead) {
                throw new CaptureException(file, line, "expected " + (cols.length + lead) + " cells as in the header, found " + cells.length);
            }
            if (lead > 0) cells = java.util.Arrays.copyOfRange(cells, lead, cells.length);
            long ts = integer(cells[0], file, line, Telemetry.TIMESTAMP);
            if (ts < MIN_EPOCH_MS) {
                throw new CaptureException(file, line, "timestamp " + ts + " is not epoch milliseconds (seconds? multiply by 1000)");
            }
            String port = cells[1] == null ? "" : cells[1].strip();
            if (port.isEmpty()) throw new CaptureException(file, line, "empty port");
            rows.add(new Row(line, ts, port, cells));
        }
        if (rows.isEmpty()) throw new CaptureException(file, h + 1, "header only: no samples");
        rows.sort(Comparator.comparing(Row::port).thenComparingLong(Row::ts));
        for (int i = 1; i < rows.size(); i++) {
            Row a = rows.get(i - 1), b = rows.get(i);
            if (a.port().equals(b.port()) && a.ts() == b.ts()) {
                throw new CaptureException(file, b.line(), "second sample of " + b.port() + " at " + b.ts() + " (first at line " + a.line() + ")");
            }
        }
        Catalogue cat = Catalogue.standard();
        Map<String, Column<?>> out = new LinkedHashMap<>();
        LongColumn ts = LongColumn.create(Telemetry.TIMESTAMP);
        StringColumn port = StringColumn.create(Telemetry.PORT);
        out.put(Telemetry.TIMESTAMP, ts);
        out.put(Telemetry.PORT, port);
        List<String> unknown = new ArrayList<>();
        for (int c = 2; c < cols.length; c++) {
            String n = cols[c];
            if (TEXT.contains(n)) out.put(n, StringColumn.create(n));
            else if (Telemetry.MEASUREMENTS.contains(n)) out.put(n, DoubleColumn.create(n));
            else {
                out.put(n, LongColumn.create(n));
                if (cat.counter(n).isEmpty()) unknown.add(n);
            }
        }
        for (Row r : rows) {
            ts.append(r.ts());
            port.append(r.port());
            for (int c = 2; c < cols.length; c++) {
                String v = r.cells()[c] == null ? "" : r.cells()[c].strip();
                Column<?> col = out.get(cols[c]);
                if (col instanceof StringColumn s) s.append(v);
                else if (col instanceof DoubleColumn d) d.append(v.isEmpty() ? Double.NaN : number(v, file, r.line(), cols[c]));
                else if (v.isEmpty()) ((LongColumn) col).appendMissing();
                else ((LongColumn) col).append(integer(v, file, r.line(), cols[c]));
            }
        }
        Measurement t = Measurement.of(file, new ArrayList<>(out.values()));
        Telemetry.validate(t, file);
        Capture.Builder b = Capture.builder(Source.GIVEN, file).measurements(Telemetry.NAME, t);
        if (!unknown.isEmpty()) b.warn("columns not in the catalogue, kept as uncatalogued counters: " + unknown);
        return b.build();
    }

    private static long integer(String v, String file, int line, String column) {
        String t = v == null ? "" : v.strip();
        // a whole number written as a float (20.0: pandas writes a counter column with a gap as floats)
        int dot = t.indexOf('.');
        if (dot > 0 && t.substring(dot + 1).chars().allMatch(ch -> ch == '0')) t = t.substring(0, dot);
        if (t.isEmpty() || !t.chars().allMatch(Character::isDigit) || t.length() > 19) {
            throw new CaptureException(file, line, "column " + column + ": expected a non-negative integer, found '" + cut(t) + "'");
        }
        try {
            return Long.parseLong(t);
        } catch (NumberFormatException e) {
            throw new CaptureException(file, line, "column " + column + ": " + t + " does not fit in 64 bits");
        }
    }

    private static double number(String v, String file, int line, String column) {
        try {
            double d = Double.parseDouble(v);
            if (Double.isInfinite(d)) throw new NumberFormatException();
            return d;
        } catch (NumberFormatException e) {
            throw new CaptureException(file, line, "column " + column + ": expected a number, found '" + cut(v) + "'");
        }
    }

    private static String cut(String s) { return s.length() <= 60 ? s : s.substring(0, 57) + "..."; }
}
