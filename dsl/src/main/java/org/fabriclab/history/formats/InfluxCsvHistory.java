package org.fabriclab.history.formats;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.OffsetDateTime;
import java.time.format.DateTimeParseException;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

import org.fabriclab.capture.exporter.ExporterMetrics;
import org.fabriclab.capture.CaptureException;
import org.fabriclab.history.History;
import org.fabriclab.history.Progress;

import de.siegmar.fastcsv.reader.CsvParseException;
import de.siegmar.fastcsv.reader.CsvReader;
import de.siegmar.fastcsv.reader.CsvRecord;

/**
 * InfluxDB 2.x query results in annotated CSV (docs.influxdata.com/influxdb/v2/reference/syntax/annotated-csv) as a
 * history: what {@code influx query --raw} prints and the {@code /api/v2/query} endpoint returns for a Flux query of
 * Telegraf's {@code infiniband} and {@code ethtool} measurements; a file, plain or gzip, or a folder of them.
 * <pre>
 * #group,false,false,true,true,false,false,true,true,true,true,true
 * #datatype,string,long,dateTime:RFC3339,dateTime:RFC3339,dateTime:RFC3339,long,string,string,string,string,string
 * #default,_result,,,,,,,,,,
 * ,result,table,_start,_stop,_time,_value,_field,_measurement,device,host,port
 * ,,0,2025-12-01T00:00:00Z,2025-12-02T00:00:00Z,2025-12-01T00:00:00Z,1000000000,port_xmit_data,infiniband,mlx5_0,node01,1
 * </pre>
 * <ul>
 * <li>Tables: each block of annotation rows ({@code #datatype}, {@code #group}, {@code #default}) and header row starts a
 * new schema; blocks are separated by blank lines; the rows of several tables of one schema follow one header. Without
 * annotations (the API's {@code "annotations": []} dialect) a header row ({@code result}, {@code table}, ...) starts a block.</li>
 * <li>A row is one value: {@code _time} (RFC 3339, to the nanosecond; epoch ms rounded down), {@code _value} typed by the
 * block's {@code #datatype} ({@code long}, {@code unsignedLong}, {@code double}: numbers; {@code string}, {@code boolean}:
 * no counter), {@code _field}, {@code _measurement}, and the tags as the remaining columns. An empty cell takes the
 * column's {@code #default}; an empty {@code _value} is no sample. A pivoted table ({@code pivot()}: no {@code _field}
 * and {@code _value}, a column per field) is read alike, each column the catalogue binds for the row's measurement a field.</li>
 * <li>Values mean what the catalogue says, ports and hosts are named, other measurements skipped, as for line protocol
 * ({@link TelegrafPoints}). An error table ({@code error,reference}: the query failed) is refused with InfluxDB's message.</li>
 * </ul>
 * Cells are read by FastCSV (RFC 4180 quoting), so a tag value holding a comma stays one cell.
 *
 * <pre>{@code
 * History h = new InfluxCsvHistory().read(Path.of("influx-query.csv"), Progress.NONE);
 * }</pre>
 */
public final class InfluxCsvHistory implements HistoryReader {
    private static final Set<String> RESERVED = Set.of("", "result", "table", "_start", "_stop", "_time", "_value", "_field", "_measurement");

    @Override public String format() { return "influx-annotated-csv"; }

    @Override public int sniff(Path path) {
        if (Files.isDirectory(path)) return Heads.folderScore(path, InfluxCsvHistory::fileScore, 60);
        return fileScore(path);
    }

    private static int fileScore(Path f) {
        String head = Heads.head(f, 16 * 1024).stripLeading();
        int nl = head.indexOf('\n');
        String first = (nl < 0 ? head : head.substring(0, nl)).strip();
        if (first.startsWith("#datatype,") || first.startsWith("#group,") || first.startsWith("#default,")) return 90;
        List<String> cells = List.of(first.split(",", -1));
        return cells.contains("result") && cells.contains("table") && cells.contains("_time") ? 85 : 0;
    }

    @Override public History read(Path path, Progress progress) {
        List<Path> files = Files.isDirectory(path) ? Heads.files(path) : List.of(path);
        if (files.isEmpty()) throw new CaptureException(path.toString(), 0, "no annotated CSV files in the folder");
        TelegrafPoints points = new TelegrafPoints(path.toString());
        for (int i = 0; i < files.size(); i++) {
            readFile(files.get(i), points);
            progress.update("reading " + path.getFileName(), i + 1, files.size());
        }
        return points.history();
    }

    /** The schema of the rows that follow: annotations and header. */
    private static final class Block {
        List<String> datatype, defaults, header;
        int time = -1, value = -1, field = -1, measurement = -1;
        final Map<String, Integer> columns = new HashMap<>();

        void header(List<String> h, String file, int line) {
            header = h;
            for (int i = 0; i < h.size(); i++) columns.put(h.get(i), i);
            time = h.indexOf("_time");
            value = h.indexOf("_value");
            field = h.indexOf("_field");
            measurement = h.indexOf("_measurement");
            if (time < 0 || measurement < 0) {
                throw new CaptureException(file, line, "expected _time and _measurement columns in the header (found " + h + "); query the "
                        + "raw points of the infiniband and ethtool measurements, not an aggregate that drops them");
            }
            if ((field < 0) != (value < 0)) throw new CaptureException(file, line, "expected both _field and _value columns, or neither (a pivot)");
        }

        String cell(List<String> row, int i) {
            String v = row.get(i);
            return v.isEmpty() && defaults != null && i < defaults.size() ? defaults.get(i) : v;
        }

        LineProtocol.Type type(int i, String text) {
            String t = datatype == null || i >= datatype.size() ? "" : datatype.get(i);
            return switch (t) {
                case "long" -> LineProtocol.Type.INTEGER;
                case "unsignedLong" -> LineProtocol.Type.UNSIGNED;
                case "double" -> LineProtocol.Type.FLOAT;
                case "boolean" -> LineProtocol.Type.BOOLEAN;
                case "" -> text.matches("[-+]?[0-9.]+([eE][-+]?[0-9]+)?|NaN") ? LineProtocol.Type.FLOAT : LineProtocol.Type.STRING;
                default -> LineProtocol.Type.STRING;
            };
        }
    }

    private static void readFile(Path f, TelegrafPoints out) {
        String file = f.toString();
        Block b = null;
        boolean annotating = false;
        int line = 0;
        try (CsvReader<CsvRecord> csv = CsvReader.builder().skipEmptyLines(true).allowExtraFields(true).allowMissingFields(true)
                .ofCsvRecord(Heads.reader(f))) {
            for (CsvRecord rec : csv) {
                line = (int) rec.getStartingLineNumber();
                List<String> row = rec.getFields();
                String first = row.get(0);
                if (first.startsWith("#")) {
                    if (!annotating) { b = new Block(); annotating = true; }
                    if (first.equals("#datatype")) b.datatype = row;
                    else if (first.equals("#default")) b.defaults = row;
                    continue;
                }
                if (row.size() > 1 && (row.contains("result") && row.contains("table") || row.contains("error") && row.contains("reference"))) {
                    if (!annotating) b = new Block();
                    annotating = false;
                    if (row.contains("error") && !row.contains("_time")) { b.header = row; b.columns.put("error", row.indexOf("error")); continue; }
                    b.header(row, file, line);
                    continue;
                }
                if (b == null || b.header == null) {
                    throw new CaptureException(file, line, "expected annotation rows (#datatype, #group, #default) or a header row "
                            + "(,result,table,_start,_stop,_time,_value,_field,_measurement,...) before the records");
                }
                if (row.size() != b.header.size()) {
                    throw new CaptureException(file, line, "expected " + b.header.size() + " cells as in the table's header, found " + row.size());
                }
                if (b.columns.containsKey("error") && b.time < 0) {
                    throw new CaptureException(file, line, "the query failed: " + row.get(b.columns.get("error")));
                }
                record(b, row, file, line, out);
            }
        } catch (CsvParseException | UncheckedIOException e) {
            throw new CaptureException(file, line + 1, "malformed CSV: " + e.getMessage(), e);
        } catch (IOException e) {
            throw new CaptureException(file, line, "cannot read: " + e.getMessage(), e);
        }
        if (b == null) throw new CaptureException(file, 0, "no table in the file (expected InfluxDB annotated CSV)");
    }

    /** One record: a field value ({@code _field}, {@code _value}), or each bound column of a pivoted row. */
    private static void record(Block b, List<String> row, String file, int line, TelegrafPoints out) {
        String measurement = b.cell(row, b.measurement);
        if (!out.wanted(measurement)) return;
        long ms = time(b.cell(row, b.time), file, line);
        Map<String, String> tags = new LinkedHashMap<>();
        Map<String, Integer> fields = new LinkedHashMap<>();
        for (int i = 0; i < row.size(); i++) {
            String col = b.header.get(i);
            if (RESERVED.contains(col)) continue;
            if (b.field < 0 && TelegrafFields.lookup(measurement, col).isPresent()) fields.put(col, i);
            else if (!b.cell(row, i).isEmpty()) tags.put(col, b.cell(row, i));
        }
        if (b.field >= 0) fields.put(b.cell(row, b.field), b.value);
        for (var e : fields.entrySet()) {
            String text = b.cell(row, e.getValue());
            if (text.isEmpty()) continue;                           // a null: no sample
            out.value(measurement, tags, e.getKey(), b.type(e.getValue(), text), text, ms, file, line);
        }
    }

    private static long time(String t, String file, int line) {
        try {
            return OffsetDateTime.parse(t).toInstant().toEpochMilli();
        } catch (DateTimeParseException e) {
            throw new CaptureException(file, line, "expected _time as an RFC 3339 time (2025-12-01T00:00:00Z), found '" + ExporterMetrics.abbreviate(t) + "'");
        }
    }
}
