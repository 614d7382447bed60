package org.fabriclab.capture.telemetry;

import java.io.StringReader;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

import org.fabriclab.capture.Capture;
import org.fabriclab.capture.CaptureException;
import org.fabriclab.capture.CaptureReader;
import org.fabriclab.capture.Input;
import org.fabriclab.capture.Values;
import org.fabriclab.catalogue.Source;

import tech.tablesaw.api.ColumnType;
import tech.tablesaw.api.Table;
import tech.tablesaw.io.csv.CsvReadOptions;

/**
 * Reads UFM telemetry CSV (the {@code labels/csv/metrics} endpoint): header
 * {@code timestamp,source_id,tag,Node_GUID,port_guid,Port_Number,<counters...>}, one row per port
 * and sample, timestamps in epoch microseconds. The CSV is read with Tablesaw with every column
 * typed as STRING (never inferred: a 64-bit counter must not become a double), then each cell is
 * parsed exactly. Produces the {@code telemetry} table and the latest readings per port (see
 * {@link UfmSeries}).
 *
 * <pre>{@code
 * Capture c = new UfmCsvReader().read(Input.of(Path.of("ufm_telemetry.csv")));
 * c.measurements("telemetry").get().longColumn("PortXmitData");
 * }</pre>
 */
public final class UfmCsvReader implements CaptureReader {
    @Override public String format() { return "ufm-csv"; }

    @Override public int sniff(Input in) {
        if (in.isDirectory()) return 0;
        List<String> head = in.head(1);
        if (head.isEmpty()) return 0;
        String h = head.get(0).toLowerCase(Locale.ROOT);
        if (!h.contains(",")) return 0;
        boolean ts = h.startsWith("timestamp,") || h.contains(",timestamp,");
        boolean guid = h.contains("port_guid") || h.contains("node_guid");
        boolean num = h.contains("port_number") || h.contains("port_num");
        return ts && guid && num ? 90 : 0;
    }

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
        // the header's cell count, split by univocity (the parser Tablesaw reads with), so quoting is honoured
        String[] headerCells = new com.univocity.parsers.csv.CsvParser(new com.univocity.parsers.csv.CsvParserSettings())
                .parseLine(lines.get(headerIdx));
        int nCols = headerCells == null ? 0 : headerCells.length;
        ColumnType[] types = new ColumnType[nCols];
        java.util.Arrays.fill(types, ColumnType.STRING);
        Table raw;
        try {
            raw = Table.read().usingOptions(CsvReadOptions.builder(new StringReader(String.join("\n", lines)))
                    .header(true).columnTypes(types).missingValueIndicator().maxCharsPerColumn(1 << 16).tableName(file));
        } catch (RuntimeException e) {
            // Tablesaw names the 1-based data row ("Row number 2 contains 6 columns. 7 expected.")
            java.util.regex.Matcher m = java.util.regex.Pattern.compile("Row number (\\d+) contains (\\d+) columns")
                    .matcher(String.valueOf(e.getMessage()));
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
        int ts = col(raw, file, headerIdx, "timestamp");
        int node = optCol(raw, "node_guid");
        int portGuid = optCol(raw, "port_guid");
        int num = optCol(raw, "port_number");
        if (num < 0) num = optCol(raw, "port_num");
        if (num < 0) throw new CaptureException(file, headerIdx + 1, "header has no 'Port_Number' column");
        if (node < 0 && portGuid < 0) throw new CaptureException(file, headerIdx + 1, "header has neither 'Node_GUID' nor 'port_guid'");
        int source = optCol(raw, "source_id"), tag = optCol(raw, "tag");
        UfmSeries series = new UfmSeries(file);
        for (int r = 0; r < raw.rowCount(); r++) {
            int line = dataLines.get(r);
            long timestamp = Values.parseCounter(raw.stringColumn(ts).get(r), file, line);
            long portNum = Values.parseCounter(raw.stringColumn(num).get(r), file, line);
            Map<String, Long> counters = new LinkedHashMap<>();
            Map<String, Double> measurements = new LinkedHashMap<>();
            for (int c = 0; c < nCols; c++) {
                if (c == ts || c == node || c == portGuid || c == num || c == source || c == tag) continue;
                String name = raw.column(c).name().trim();
                String v = raw.stringColumn(c).get(r).trim();
                if (v.isEmpty() || v.equalsIgnoreCase("N/A") || v.equalsIgnoreCase("NA")) continue;
                String m = UfmSeries.measurementColumn(name);
                if (m != null) { measurements.put(m, parseDouble(v, name, file, line)); continue; }
                if (UfmSeries.isFloatMetric(name)) { series.skip(name); continue; }
                if (v.contains(".") || v.contains("e") || v.contains("E")) {
                    parseDouble(v, name, file, line);
                    series.skip(name);
                    continue;
                }
                counters.put(name, Values.parseCounter(v, file, line));
            }
            series.sample(line, timestamp, node < 0 ? null : raw.stringColumn(node).get(r),
                    portGuid < 0 ? null : raw.stringColumn(portGuid).get(r), portNum, counters, measurements);
        }
        Capture.Builder b = Capture.builder(Source.UFM, file);
        series.emit(b);
        return b.build();
    }

    private static double parseDouble(String v, String name, String file, int line) {
        try {
            return Double.parseDouble(v);
        } catch (NumberFormatException e) {
            throw new CaptureException(file, line, "column '" + name + "': expected a number, found '" + v + "'");
        }
    }

    private static int optCol(Table t, String name) {
        for (int c = 0; c < t.columnCount(); c++) if (t.column(c).name().trim().equalsIgnoreCase(name)) return c;
        return -1;
    }

    private static int col(Table t, String file, int headerIdx, String name) {
        int c = optCol(t, name);
        if (c < 0) throw new CaptureException(file, headerIdx + 1, "header has no '" + name + "' column");
        return c;
    }
}
