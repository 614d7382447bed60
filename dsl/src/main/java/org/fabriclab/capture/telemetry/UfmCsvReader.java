package org.fabriclab.capture.telemetry;

import java.io.StringReader;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import org.fabriclab.capture.Capture;
import org.fabriclab.capture.CaptureException;
import org.fabriclab.capture.CaptureReader;
import org.fabriclab.capture.Input;
import org.fabriclab.capture.Values;
import org.fabriclab.catalogue.Catalogue;
import org.fabriclab.catalogue.Source;

import com.univocity.parsers.csv.CsvParser;
import com.univocity.parsers.csv.CsvParserSettings;

import tech.tablesaw.api.ColumnType;
import tech.tablesaw.api.DoubleColumn;
import tech.tablesaw.api.LongColumn;
import tech.tablesaw.api.Table;
import tech.tablesaw.columns.Column;
import tech.tablesaw.io.csv.CsvReadOptions;

/**
 * Reads UFM telemetry CSV (the {@code labels/csv/metrics} endpoint): header
 * {@code timestamp,source_id,tag,Node_GUID,port_guid,Port_Number,<counters...>}, one row per port
 * and sample, timestamps in epoch microseconds. The CSV is read with Tablesaw and explicit column
 * types, never inferred (a 64-bit counter must not become a double): identity columns STRING,
 * BER/temperature/voltage and {@code _f_} metrics DOUBLE, every other column LONG (Tablesaw parses
 * LONG with {@code Long.parseLong}, exact). When a cell does not fit its type (a fraction in a
 * counter column, junk, a value above 2^63-1) the file is read again with every column STRING and
 * parsed cell by cell, so the error names its line and fractional columns are skipped with a
 * warning. Cell by cell:
 * <ul>
 * <li>a whole number written with a zero fraction ({@code 100000.0}: a CSV that went through pandas, where a column
 * with an empty cell becomes float64) is that integer; a number with an exponent is not;</li>
 * <li>a column the catalogue does not know with a cell that is no number ({@code node_description},
 * {@code port_label}, cable vendor and part numbers, hex GUIDs such as {@code sys_image_guid}: the attribute
 * columns of UFM's secondary telemetry and cable info) is an attribute, not a counter: skipped whole and
 * named in a warning; in a catalogued counter column such a cell is an error at its line.</li>
 * </ul>
 * The port number is {@code Port_Number}, {@code port_num} or (UFM Telemetry's cable info) {@code Port}.
 * Produces the {@code telemetry} table and the latest readings per port (see {@link UfmSeries}).
 *
 * <pre>{@code
 * Capture c = new UfmCsvReader().read(Input.of(Path.of("ufm_telemetry.csv")));
 * c.measurements("telemetry").get().longColumn("PortXmitData");
 * }</pre>
 */
public final class UfmCsvReader implements CaptureReader {
    private static final Pattern ROW_WIDTH = Pattern.compile("Row number (\\d+) contains (\\d+) columns");
    private static final String[] MISSING = {"", "N/A", "NA"};

    @Override public String format() { return "ufm-csv"; }

    @Override public int sniff(Input in) {
        if (in.isDirectory()) return 0;
        List<String> head = in.head(1);
        if (head.isEmpty()) return 0;
        String h = head.get(0).toLowerCase(Locale.ROOT);
        if (!h.contains(",")) return 0;
        boolean ts = h.startsWith("timestamp,") || h.contains(",timestamp,");
        boolean guid = h.contains("port_guid") || h.contains("node_guid");
        boolean num = h.contains("port_number") || h.contains("port_num") || h.startsWith("port,") || h.contains(",port,")
                || h.endsWith(",port");
        boolean aggregated = h.contains("sys_image_guid") && h.contains("aport");   // XDR mode: read to be refused by name
        return ts && (guid && num || aggregated) ? 90 : 0;
    }

    /** Column roles, from the header. */
    private record Layout(String[] names, int ts, int node, int portGuid, int num, boolean[] identity, String[] measurement,
                          boolean[] floatMetric) {}

    @Override public Capture read(Input in) {
        String file = in.name();
        List<String> lines = in.lines();
        int headerIdx = -1;
        List<Integer> dataLines = new ArrayList<>();
        for (int i = 0; i < lines.size(); i++) {
            if (lines.get(i).isBlank()) continue;
            if (headerIdx < 0) headerIdx = i; else dataLines.add(i + 1);
        }
        if (headerIdx < 0) throw new CaptureException(file, 0, "empty file, expected UFM telemetry CSV");
        // the header split by univocity (the parser Tablesaw reads with), so quoting is honoured
        String[] header;
        try {
            CsvParserSettings settings = new CsvParserSettings();
            settings.setMaxCharsPerColumn(-1);
            settings.setMaxColumns(4096);
            header = new CsvParser(settings).parseLine(lines.get(headerIdx));
        } catch (RuntimeException e) {
            throw new CaptureException(file, headerIdx + 1, "cannot split the CSV header (expected at most 4096 comma-separated "
                    + "column names): " + Values.abbreviate(String.valueOf(e.getMessage())), e);
        }
        if (header == null) header = new String[0];
        for (int k = 0; k < header.length; k++) header[k] = header[k] == null ? "" : header[k].trim();
        Layout lay = layout(header, file, headerIdx + 1);
        String text = String.join("\n", lines);

        UfmSeries series = new UfmSeries(file);
        Table typed = readTyped(text, lay);
        if (typed != null && typed.rowCount() == dataLines.size()) fromTyped(typed, lay, dataLines, series, file);
        else fromStrings(readStrings(text, header.length, dataLines, file, headerIdx), lay, dataLines, series, file);
        Capture.Builder b = Capture.builder(Source.UFM, file);
        series.emit(b);
        return b.build();
    }

    private static Layout layout(String[] h, String file, int headerLine) {
        int ts = index(h, "timestamp"), node = index(h, "node_guid"), pg = index(h, "port_guid");
        int num = index(h, "port_number");
        if (num < 0) num = index(h, "port_num");
        if (num < 0) num = index(h, "port");
        if (ts < 0) throw new CaptureException(file, headerLine, "header has no 'timestamp' column");
        if (num < 0 && index(h, "aport") >= 0) {
            throw new CaptureException(file, headerLine, "aggregated-port telemetry ('sys_image_guid', 'aport': UFM's XDR mode) is not "
                    + "read: fabriclab names a port by its node GUID and port number ('Node_GUID', 'Port_Number')");
        }
        if (num < 0) throw new CaptureException(file, headerLine, "header has no 'Port_Number' column");
        if (node < 0 && pg < 0) throw new CaptureException(file, headerLine, "header has neither 'Node_GUID' nor 'port_guid'");
        boolean[] identity = new boolean[h.length];
        String[] measurement = new String[h.length];
        boolean[] floatMetric = new boolean[h.length];
        for (int k = 0; k < h.length; k++) {
            String n = h[k].toLowerCase(Locale.ROOT);
            identity[k] = k == ts || k == node || k == pg || k == num || n.equals("source_id") || n.equals("tag") || n.isEmpty();
            measurement[k] = UfmSeries.measurementColumn(h[k]);
            floatMetric[k] = measurement[k] == null && UfmSeries.isFloatMetric(h[k]);
        }
        return new Layout(h, ts, node, pg, num, identity, measurement, floatMetric);
    }

    private static int index(String[] h, String name) {
        for (int k = 0; k < h.length; k++) if (h[k].equalsIgnoreCase(name)) return k;
        return -1;
    }

    /** The fast path: typed columns; null when some cell does not fit its type. */
    private static Table readTyped(String text, Layout lay) {
        ColumnType[] types = new ColumnType[lay.names.length];
        for (int k = 0; k < types.length; k++) {
            if (k == lay.ts || k == lay.num) types[k] = ColumnType.LONG;
            else if (lay.identity[k]) types[k] = ColumnType.STRING;
            else if (lay.measurement[k] != null || lay.floatMetric[k]) types[k] = ColumnType.DOUBLE;
            else types[k] = ColumnType.LONG;
        }
        try {
            return Table.read().usingOptions(CsvReadOptions.builder(new StringReader(text)).header(true).columnTypes(types)
                    .missingValueIndicator(MISSING).maxCharsPerColumn(-1));
        } catch (RuntimeException notTyped) {
            return null;
        }
    }

    private static void fromTyped(Table t, Layout lay, List<Integer> dataLines, UfmSeries series, String file) {
        int n = lay.names.length;
        Column<?>[] cols = new Column<?>[n];
        for (int k = 0; k < n; k++) cols[k] = t.column(k);
        LongColumn ts = (LongColumn) cols[lay.ts], num = (LongColumn) cols[lay.num];
        for (int k = 0; k < n; k++) if (lay.floatMetric[k]) series.skip(lay.names[k]);
        // an uncatalogued column with a negative value is a level (a lane's power in dBm), not a counter: skipped whole
        boolean[] negative = new boolean[n];
        Catalogue cat = Catalogue.standard();
        for (int k = 0; k < n; k++) {
            if (lay.identity[k] || lay.floatMetric[k] || lay.measurement[k] != null || !(cols[k] instanceof LongColumn c)) continue;
            if (cat.lookup(Source.UFM, lay.names[k]).isPresent() || UfmSeries.isIntegerMetric(lay.names[k])) continue;
            for (int r = 0; r < c.size() && !negative[k]; r++) negative[k] = !c.isMissing(r) && c.getLong(r) < 0;
            if (negative[k]) series.negative(lay.names[k]);
        }
        for (int r = 0; r < t.rowCount(); r++) {
            int line = dataLines.get(r);
            if (ts.isMissing(r) || num.isMissing(r)) throw new CaptureException(file, line, "row has no timestamp or Port_Number");
            long timestamp = nonNegative(ts.getLong(r), "timestamp", file, line);
            long portNum = nonNegative(num.getLong(r), "Port_Number", file, line);
            Map<String, Long> counters = new LinkedHashMap<>();
            Map<String, Double> measurements = new LinkedHashMap<>();
            Map<String, String> absent = new LinkedHashMap<>();
            for (int k = 0; k < n; k++) {
                if (lay.identity[k] || lay.floatMetric[k] || negative[k]) continue;
                if (cols[k].isMissing(r)) {
                    if (lay.measurement[k] == null) absent.put(lay.names[k], "empty or N/A cell in UFM telemetry (no value)");
                    continue;
                }
                if (lay.measurement[k] != null) {
                    double d = ((DoubleColumn) cols[k]).getDouble(r);
                    if (Double.isInfinite(d)) throw new CaptureException(file, line, "column '" + lay.names[k] + "': expected a finite number");
                    if (!Double.isNaN(d)) measurements.put(lay.measurement[k], d);
                } else {
                    counters.put(lay.names[k], nonNegative(((LongColumn) cols[k]).getLong(r), lay.names[k], file, line));
                }
            }
            series.sample(line, timestamp, lay.node < 0 ? null : t.stringColumn(lay.node).get(r),
                    lay.portGuid < 0 ? null : t.stringColumn(lay.portGuid).get(r), portNum, counters, Map.of(), measurements, absent);
        }
    }

    private static long nonNegative(long v, String name, String file, int line) {
        if (v < 0) throw new CaptureException(file, line, "column '" + name + "': expected a non-negative integer, found " + v);
        return v;
    }

    /** The careful path: every column STRING, Tablesaw's row-width errors mapped to file lines. */
    private static Table readStrings(String text, int nCols, List<Integer> dataLines, String file, int headerIdx) {
        ColumnType[] types = new ColumnType[nCols];
        Arrays.fill(types, ColumnType.STRING);
        Table raw;
        try {
            raw = Table.read().usingOptions(CsvReadOptions.builder(new StringReader(text)).header(true).columnTypes(types)
                    .missingValueIndicator().maxCharsPerColumn(-1));
        } catch (RuntimeException e) {
            // Tablesaw names the 1-based data row ("Row number 2 contains 6 columns. 7 expected.")
            Matcher m = ROW_WIDTH.matcher(String.valueOf(e.getMessage()));
            if (m.find()) {
                int row = Integer.parseInt(m.group(1));
                int line = row >= 1 && row <= dataLines.size() ? dataLines.get(row - 1) : 0;
                throw new CaptureException(file, line, "expected " + nCols + " comma-separated cells as in the header, found "
                        + m.group(2), e);
            }
            throw new CaptureException(file, 0, "cannot read as CSV (expected " + nCols + " columns as in the header): "
                    + e.getMessage(), e);
        }
        if (raw.columnCount() != nCols) {
            throw new CaptureException(file, headerIdx + 1, "expected " + nCols + " header columns, read " + raw.columnCount());
        }
        if (raw.rowCount() != dataLines.size()) {
            throw new CaptureException(file, 0, "expected " + dataLines.size() + " data rows, CSV parser read " + raw.rowCount()
                    + " (quoted fields spanning lines are not UFM telemetry)");
        }
        return raw;
    }

    private static void fromStrings(Table raw, Layout lay, List<Integer> dataLines, UfmSeries series, String file) {
        int n = lay.names.length;
        Catalogue cat = Catalogue.standard();
        // an uncatalogued column with a fractional cell is a rate or a gauge, not a counter, and one with a cell that is
        // no number is an attribute: skipped whole; a fraction in a column the catalogue knows as a counter is that
        // sample's absent value, text there an error
        boolean[] fractional = new boolean[n];
        boolean[] catalogued = new boolean[n];
        for (int k = 0; k < n; k++) {
            if (lay.identity[k] || lay.measurement[k] != null) continue;
            // UFM spells a metric's type in its name: _u_ unsigned integer, _f_ float (see UfmSeries)
            catalogued[k] = cat.lookup(Source.UFM, lay.names[k]).isPresent() || UfmSeries.isIntegerMetric(lay.names[k]);
            if (catalogued[k]) continue;
            boolean text = false, below = false;
            for (int r = 0; r < raw.rowCount() && !text; r++) {
                String v = raw.stringColumn(k).get(r).trim();
                if (none(v)) continue;
                if (!NUMBER.matcher(v).matches()) text = true;
                else if (fraction(v)) fractional[k] = true;
                else if (v.startsWith("-") && new java.math.BigDecimal(v).signum() < 0) below = true;
            }
            if (text) { fractional[k] = true; series.attribute(lay.names[k]); }
            else if (fractional[k]) series.skip(lay.names[k]);
            else if (below) { fractional[k] = true; series.negative(lay.names[k]); }   // a level, not a counter (see fromTyped)
        }
        for (int r = 0; r < raw.rowCount(); r++) {
            int line = dataLines.get(r);
            long timestamp = Values.parseCounter(raw.stringColumn(lay.ts).get(r), file, line);
            long portNum = Values.parseCounter(raw.stringColumn(lay.num).get(r), file, line);
            Map<String, Long> counters = new LinkedHashMap<>();
            Map<String, Double> measurements = new LinkedHashMap<>();
            Map<String, String> absent = new LinkedHashMap<>();
            for (int k = 0; k < n; k++) {
                if (lay.identity[k]) continue;
                String name = lay.names[k];
                String v = raw.stringColumn(k).get(r).trim();
                if (lay.floatMetric[k]) { series.skip(name); continue; }
                if (fractional[k]) continue;
                boolean none = none(v);
                if (lay.measurement[k] != null) {
                    if (none) continue;
                    double d = parseDouble(v, name, file, line);
                    if (!Double.isFinite(d)) throw new CaptureException(file, line, "column '" + name + "': expected a finite number, found '" + v + "'");
                    measurements.put(lay.measurement[k], d);
                    continue;
                }
                if (none) { absent.put(name, "'" + v + "' in UFM telemetry (no value)"); continue; }
                Long whole = NUMBER.matcher(v).matches() ? whole(v) : null;
                if (whole != null) { counters.put(name, whole); continue; }
                if (catalogued[k] && fraction(v)) {
                    absent.put(name, "non-integer value '" + v + "' for a counter");
                    continue;
                }
                counters.put(name, Values.parseCounter(v, file, line));        // a negative, above 2^63-1 or text: the error
            }
            series.sample(line, timestamp, lay.node < 0 ? null : raw.stringColumn(lay.node).get(r),
                    lay.portGuid < 0 ? null : raw.stringColumn(lay.portGuid).get(r), portNum, counters, Map.of(), measurements, absent);
        }
    }

    /** A decimal number as CSV writers print them: sign, digits, fraction, exponent ({@code 12}, {@code 1.5}, {@code 1e-12}). */
    private static final Pattern NUMBER = Pattern.compile("[-+]?(\\d+\\.?\\d*|\\.\\d+)([eE][-+]?\\d{1,3})?");

    /**
     * A whole number as a CSV writer prints it: digits, or digits and a zero fraction ({@code 100000.0}: pandas' float64).
     * No exponent: {@code 1e3} in a counter column is no writer's integer (pandas prints exponents only from 1e16, where a
     * float64 is no longer exact), so it stays a non-integer value.
     */
    private static final Pattern WHOLE = Pattern.compile("\\+?\\d+(\\.0*)?");

    private static boolean none(String v) {
        return v.isEmpty() || v.equalsIgnoreCase("N/A") || v.equalsIgnoreCase("NA") || v.equalsIgnoreCase("NaN");
    }

    /** A number with a fractional part ({@code 1.5}, {@code 1e-12}): a rate or a gauge, not a count. */
    private static boolean fraction(String v) {
        if (!NUMBER.matcher(v).matches()) return false;
        java.math.BigDecimal d = new java.math.BigDecimal(v.startsWith("+") ? v.substring(1) : v);
        return d.stripTrailingZeros().scale() > 0;
    }

    /**
     * The non-negative whole number a cell writes ({@code 100000}, {@code 100000.0}), exactly; null for anything else
     * ({@link #WHOLE}) or a value above 2^63-1.
     */
    private static Long whole(String v) {
        if (!WHOLE.matcher(v).matches()) return null;
        try {
            java.math.BigDecimal d = new java.math.BigDecimal(v.startsWith("+") ? v.substring(1) : v);
            if (d.signum() < 0) return null;
            return d.toBigIntegerExact().longValueExact();
        } catch (NumberFormatException | ArithmeticException e) {
            return null;
        }
    }

    private static double parseDouble(String v, String name, String file, int line) {
        try {
            return Double.parseDouble(v);
        } catch (NumberFormatException e) {
            throw new CaptureException(file, line, "column '" + name + "': expected a number, found '" + v + "'");
        }
    }
}
