package org.fabriclab.history.formats;

import java.io.IOException;
import java.math.BigDecimal;
import java.math.RoundingMode;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import org.fabriclab.capture.exporter.ExporterMetrics;
import org.fabriclab.capture.CaptureException;
import org.fabriclab.history.History;
import org.fabriclab.history.Progress;

import com.fasterxml.jackson.core.JsonFactory;
import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.core.JsonToken;

/**
 * Prometheus HTTP API query results as a history: the JSON of {@code /api/v1/query_range} (result type
 * {@code matrix}: {@code {"metric": {"__name__": ..., labels}, "values": [[<unix s>, "<value>"], ...]}}) or
 * of {@code /api/v1/query} ({@code vector}: one {@code "value"} each), one response per file, several one
 * after another (JSON lines), or a folder of such files (one query per metric). The result array alone
 * ({@code promtool query range -o json}, {@code jq .data.result}) is read too; Thanos', Mimir's and Cortex's responses
 * are Prometheus' (their {@code warnings}, {@code infos}, {@code stats} are skipped), as is VictoriaMetrics'
 * {@code /api/v1/export?format=promapi}.
 * <ul>
 * <li>Each result must keep {@code __name__}: query the raw counters ({@code {__name__=~"node_infiniband_.*"}}),
 * not {@code rate()} of them, which drops the name and is no counter.</li>
 * <li>Times are unix seconds (fractions to the millisecond); values strings, read exactly
 * ({@link ExporterMetrics}: units, the x4 data words, port names from labels).</li>
 * <li>{@code "status": "error"} responses, a non-number value, a missing label: a {@link CaptureException}
 * at the line of the bad value. JSON is read with Jackson's streaming parser (locations per token).</li>
 * </ul>
 *
 * <pre>{@code
 * History h = new PrometheusRangeHistory().read(Path.of("query_range.json"), Progress.NONE);
 * }</pre>
 */
public final class PrometheusRangeHistory implements HistoryReader {
    private static final JsonFactory JSON = new JsonFactory();

    /** One [time, value] pair and the line of its value. */
    private record Point(String ts, String value, int line) {}

    @Override public String format() { return "prometheus-query-json"; }

    @Override public int sniff(Path path) {
        if (Files.isDirectory(path)) return Heads.folderScore(path, PrometheusRangeHistory::fileScore, 60);
        return fileScore(path);
    }

    private static final java.util.regex.Pattern BARE_RESULT = java.util.regex.Pattern.compile(
            "^\\[\\s*\\{\\s*\"metric\"\\s*:\\s*\\{[^}]*\\}\\s*,\\s*\"values?\"\\s*:\\s*\\[\\s*\\[?\\s*[0-9]");

    private static int fileScore(Path f) {
        String h = Heads.head(f, 8192).stripLeading();
        if (BARE_RESULT.matcher(h).find()) return 70;              // the result array alone ([{"metric": {...}, "values": [[t, "v"]...")
        if (!h.startsWith("{")) return 0;
        boolean result = h.contains("\"resultType\"") || h.contains("\"result\"");
        return result && h.contains("\"status\"") ? 95 : result ? 70 : 0;
    }

    @Override public History read(Path path, Progress progress) {
        return ExporterSamples.readAll(path, "query result files", PrometheusRangeHistory::readFile, progress);
    }

    private static void readFile(Path f, ExporterSamples out) {
        String file = f.toString();
        try (JsonParser p = JSON.createParser(Heads.text(f))) {
            JsonToken t = p.nextToken();
            if (t == null) throw new CaptureException(file, 0, "empty file, expected a Prometheus query response");
            for (; t != null; t = p.nextToken()) {
                if (t == JsonToken.START_ARRAY) {                   // the result alone: promtool query -o json, jq .data.result
                    while ((t = p.nextToken()) != JsonToken.END_ARRAY) {
                        if (t != JsonToken.START_OBJECT) throw new CaptureException(file, line(p), "expected a series object {\"metric\": ...}");
                        series(p, file, out);
                    }
                    continue;
                }
                if (t != JsonToken.START_OBJECT) throw new CaptureException(file, line(p), "expected a query response object {\"status\": ...}");
                response(p, file, out);
            }
        } catch (JsonProcessingException e) {
            int line = e.getLocation() == null ? 0 : e.getLocation().getLineNr();
            throw new CaptureException(file, line, "invalid JSON (expected a Prometheus query response): " + e.getOriginalMessage(), e);
        } catch (IOException e) {
            throw new CaptureException(file, 0, "cannot read JSON: " + e.getMessage(), e);
        }
    }

    /** One response object (START_OBJECT consumed). */
    private static void response(JsonParser p, String file, ExporterSamples out) throws IOException {
        int at = line(p);
        String status = null, error = null;
        boolean data = false;
        while (p.nextToken() == JsonToken.FIELD_NAME) {
            String k = p.currentName();
            JsonToken v = p.nextToken();
            switch (k) {
                case "status" -> status = p.getText();
                case "error", "errorType" -> error = (error == null ? "" : error + ": ") + p.getText();
                case "data" -> {
                    if (v != JsonToken.START_OBJECT) throw new CaptureException(file, line(p), "expected \"data\" to be an object");
                    data(p, file, out);
                    data = true;
                }
                default -> p.skipChildren();
            }
        }
        if ("error".equals(status)) throw new CaptureException(file, at, "the query failed: " + (error == null ? "no reason given" : error));
        if (!data) throw new CaptureException(file, at, "expected a \"data\" object with the query result");
    }

    private static void data(JsonParser p, String file, ExporterSamples out) throws IOException {
        while (p.nextToken() == JsonToken.FIELD_NAME) {
            String k = p.currentName();
            JsonToken v = p.nextToken();
            if (k.equals("resultType")) {
                String rt = p.getText();
                if (!rt.equals("matrix") && !rt.equals("vector")) {
                    throw new CaptureException(file, line(p), "result type '" + rt + "': a history is read from a matrix (query_range) or vector");
                }
            } else if (k.equals("result")) {
                if (v != JsonToken.START_ARRAY) throw new CaptureException(file, line(p), "expected \"result\" to be an array of series");
                while ((v = p.nextToken()) != JsonToken.END_ARRAY) {
                    if (v != JsonToken.START_OBJECT) throw new CaptureException(file, line(p), "expected a series object in \"result\"");
                    series(p, file, out);
                }
            } else {
                p.skipChildren();
            }
        }
    }

    /** One result series: its metric labels, then its values (in either order in the object). */
    private static void series(JsonParser p, String file, ExporterSamples out) throws IOException {
        int at = line(p);
        Map<String, String> labels = null;
        List<Point> points = new java.util.ArrayList<>();
        while (p.nextToken() == JsonToken.FIELD_NAME) {
            String k = p.currentName();
            JsonToken v = p.nextToken();
            if (k.equals("metric")) {
                labels = labels(p, file);
            } else if (k.equals("values") || k.equals("value")) {
                if (v != JsonToken.START_ARRAY) throw new CaptureException(file, line(p), "expected \"" + k + "\" to be an array");
                if (k.equals("value")) {
                    points.add(point(p, file));
                } else {
                    while ((v = p.nextToken()) != JsonToken.END_ARRAY) {
                        if (v != JsonToken.START_ARRAY) throw new CaptureException(file, line(p), "expected [<unix seconds>, \"<value>\"]");
                        points.add(point(p, file));
                    }
                }
            } else {
                p.skipChildren();
            }
        }
        if (labels == null) throw new CaptureException(file, at, "series without \"metric\" labels");
        String name = labels.remove("__name__");
        if (name == null) {
            throw new CaptureException(file, at, "series without __name__ (labels " + labels + "): query the raw counter series, "
                    + "e.g. {__name__=~\"node_infiniband_.*\"}, not rate() or sum() of them");
        }
        for (Point x : points) out.add(name, labels, seconds(x.ts, file, x.line), x.value, file, x.line);
    }

    /** The labels of a series' {@code "metric"} object (its START_OBJECT the current token), {@code __name__} among them. */
    static Map<String, String> labels(JsonParser p, String file) throws IOException {
        if (p.currentToken() != JsonToken.START_OBJECT) throw new CaptureException(file, line(p), "expected \"metric\" to be an object of labels");
        Map<String, String> labels = new LinkedHashMap<>();
        while (p.nextToken() == JsonToken.FIELD_NAME) {
            String name = p.currentName();
            if (p.nextToken() != JsonToken.VALUE_STRING) throw new CaptureException(file, line(p), "label " + name + ": expected a string");
            labels.put(name, p.getText());
        }
        return labels;
    }

    /** Reads {@code <ts>, "<value>"]} (the START_ARRAY consumed) into a point at the value's line. */
    private static Point point(JsonParser p, String file) throws IOException {
        JsonToken t = p.nextToken();
        if (t != JsonToken.VALUE_NUMBER_INT && t != JsonToken.VALUE_NUMBER_FLOAT) {
            throw new CaptureException(file, line(p), "expected the sample time in unix seconds, found " + p.getText());
        }
        String ts = p.getText();
        t = p.nextToken();
        if (t != JsonToken.VALUE_STRING && t != JsonToken.VALUE_NUMBER_INT && t != JsonToken.VALUE_NUMBER_FLOAT) {
            throw new CaptureException(file, line(p), "expected the sample value as a string, found " + p.getText());
        }
        String value = p.getText();
        int line = line(p);
        if (p.nextToken() != JsonToken.END_ARRAY) throw new CaptureException(file, line(p), "expected [<unix seconds>, \"<value>\"]");
        return new Point(ts, value, line);
    }

    private static long seconds(String ts, String file, int line) {
        try {
            return new BigDecimal(ts).movePointRight(3).setScale(0, RoundingMode.HALF_EVEN).longValueExact();
        } catch (NumberFormatException | ArithmeticException e) {
            throw new CaptureException(file, line, "expected unix seconds, found '" + ts + "'");
        }
    }

    static int line(JsonParser p) {
        return p.currentTokenLocation() == null ? 0 : p.currentTokenLocation().getLineNr();
    }
}
