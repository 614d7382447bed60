package org.fabriclab.check.health.replay;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import org.fabriclab.capture.CaptureException;
import org.fabriclab.result.Html;
import org.fabriclab.result.Renderable;

import de.siegmar.fastcsv.reader.CsvParseException;
import de.siegmar.fastcsv.reader.CsvReader;
import de.siegmar.fastcsv.reader.CsvRecord;

import tech.tablesaw.api.LongColumn;
import tech.tablesaw.api.StringColumn;
import tech.tablesaw.api.Table;

/**
 * Links the operator isolated outside the plugin (maintenance, a manual UFM isolation), which the plugin
 * must leave alone while they last: a CSV with the columns {@code port,from_ms,until_ms} (epoch ms,
 * {@code until_ms} exclusive; other columns, such as a reason, are ignored). Read with FastCSV.
 *
 * <pre>{@code
 * OperatorIsolations x = OperatorIsolations.load(Path.of("datasets/link-resiliency/operator-isolations.csv"));
 * replay(rules, series, topology).externalIsolations(x).run();
 * }</pre>
 */
public final class OperatorIsolations implements Renderable {
    private final String source;
    private final List<Replay.ExternalIsolation> isolations;

    private OperatorIsolations(String source, List<Replay.ExternalIsolation> isolations) {
        this.source = source;
        this.isolations = List.copyOf(isolations);
    }

    /** None: no link was isolated by hand over the history. */
    public static OperatorIsolations none() { return new OperatorIsolations("none", List.of()); }

    /**
     * Reads {@code csv}.
     *
     * @throws CaptureException naming the file and line: no such file, a missing column, a row with
     *         another number of fields, a time that is not epoch ms, or {@code until_ms <= from_ms}
     */
    public static OperatorIsolations load(Path csv) {
        String name = csv.toString();
        List<String> header = null;
        int port = -1, from = -1, until = -1;
        List<Replay.ExternalIsolation> out = new ArrayList<>();
        try (CsvReader<CsvRecord> r = CsvReader.builder().skipEmptyLines(true).detectBomHeader(true).allowExtraFields(true)
                .allowMissingFields(true).ofCsvRecord(csv)) {
            for (CsvRecord rec : r) {
                int line = (int) rec.getStartingLineNumber();
                if (header == null) {
                    header = rec.getFields().stream().map(String::strip).toList();
                    for (String c : List.of("port", "from_ms", "until_ms")) {
                        if (!header.contains(c)) throw new CaptureException(name, line, "expected a column '" + c + "' in the header, found " + header);
                    }
                    port = header.indexOf("port");
                    from = header.indexOf("from_ms");
                    until = header.indexOf("until_ms");
                    continue;
                }
                if (rec.getFieldCount() != header.size()) {
                    throw new CaptureException(name, line, "expected " + header.size() + " fields (" + String.join(",", header) + "), found " + rec.getFieldCount());
                }
                long f = epochMs(name, line, "from_ms", rec.getField(from).strip()), u = epochMs(name, line, "until_ms", rec.getField(until).strip());
                if (u <= f) throw new CaptureException(name, line, "expected from_ms < until_ms, found " + f + " and " + u);
                String p = rec.getField(port).strip();
                if (p.isEmpty()) throw new CaptureException(name, line, "expected a port, found an empty cell");
                out.add(new Replay.ExternalIsolation(p, f, u));
            }
        } catch (IOException | UncheckedIOException e) {
            throw new CaptureException(name, 0, "cannot read the operator isolations CSV: " + e.getMessage());
        } catch (CsvParseException e) {
            throw new CaptureException(name, 0, "expected a CSV with columns port,from_ms,until_ms: " + e.getMessage());
        }
        if (header == null) throw new CaptureException(name, 1, "expected a CSV with columns port,from_ms,until_ms, found an empty file");
        return new OperatorIsolations(name, out);
    }

    private static long epochMs(String name, int line, String column, String v) {
        try {
            return Long.parseLong(v);
        } catch (NumberFormatException e) {
            throw new CaptureException(name, line, "expected " + column + " in epoch ms, found '" + v + "'");
        }
    }

    /** The isolations, in file order. */
    public List<Replay.ExternalIsolation> isolations() { return isolations; }

    /** The file read, or {@code none}. */
    public String source() { return source; }

    @Override public Table table() {
        StringColumn p = StringColumn.create("port");
        LongColumn f = LongColumn.create("from_ms"), u = LongColumn.create("until_ms");
        for (Replay.ExternalIsolation x : isolations) {
            p.append(x.port());
            f.append(x.fromMs());
            u.append(x.untilMs());
        }
        return Table.create("links isolated by the operator", p, f, u);
    }

    @Override public String toHtml() { return Html.section("links isolated by the operator", List.of(isolations.size() + " from " + source), table()); }

    @Override public Map<String, Object> toMap() {
        Map<String, Object> m = new LinkedHashMap<>();
        m.put("source", source);
        m.put("rows", Html.rows(table()));
        return m;
    }

    @Override public String toString() { return isolations.size() + " links isolated by the operator (" + source + ")"; }
}
