package org.fabriclab.history.formats;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.regex.Pattern;

import org.fabriclab.capture.exporter.ExporterMetrics;
import org.fabriclab.capture.CaptureException;
import org.fabriclab.history.History;
import org.fabriclab.history.Progress;

import com.fasterxml.jackson.core.JsonFactory;
import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.core.JsonToken;
import com.fasterxml.jackson.core.json.JsonReadFeature;

/**
 * VictoriaMetrics' raw-sample export as a history: {@code curl http://vm:8428/api/v1/export -d 'match[]={__name__=~"node_infiniband_.*"}'
 * > export.jsonl} (also vmselect's {@code /select/<tenant>/prometheus/api/v1/export}). JSON lines, one series (or a
 * part of one) per line: {@code {"metric": {"__name__": ..., labels}, "values": [v, ...], "timestamps": [ms, ...]}};
 * the lines in a JSON array ({@code jq -s}) or a folder of such files are read alike.
 * <ul>
 * <li>Times are epoch milliseconds; values JSON numbers, read exactly ({@link ExporterMetrics}: units, the x4 data
 * words, port names from labels, as for Prometheus). A stale marker is {@code null} (or {@code NaN}, as
 * VictoriaMetrics before 1.77 wrote it): no sample.</li>
 * <li>{@code values} and {@code timestamps} must be as long as each other; a series split over several lines
 * ({@code max_rows_per_line}) is one series.</li>
 * <li>{@code format=promapi} exports are Prometheus query responses ({@link PrometheusRangeHistory}); {@code format=prometheus}
 * exports are text exposition with timestamps ({@link PrometheusTextHistory}).</li>
 * </ul>
 *
 * <pre>{@code
 * History h = new VictoriaExportHistory().read(Path.of("export.jsonl"), Progress.NONE);
 * }</pre>
 */
public final class VictoriaExportHistory implements HistoryReader {
    private static final JsonFactory JSON = JsonFactory.builder().enable(JsonReadFeature.ALLOW_NON_NUMERIC_NUMBERS).build();
    /** A series object as VictoriaMetrics writes it: metric first, then values as a flat array of numbers (Prometheus' are pairs). */
    private static final Pattern HEAD = Pattern.compile(
            "^\\[?\\s*\\{\\s*\"metric\"\\s*:\\s*\\{[^}]*\\}\\s*,\\s*\"values\"\\s*:\\s*\\[\\s*(?:-?[0-9]|null|NaN|\\])");

    @Override public String format() { return "victoriametrics-export"; }

    @Override public int sniff(Path path) {
        if (Files.isDirectory(path)) return Heads.folderScore(path, VictoriaExportHistory::fileScore, 60);
        return fileScore(path);
    }

    private static int fileScore(Path f) {
        String h = Heads.head(f, 64 * 1024).stripLeading();
        return HEAD.matcher(h).find() ? 90 : 0;
    }

    @Override public History read(Path path, Progress progress) {
        return ExporterSamples.readAll(path, "VictoriaMetrics export files", VictoriaExportHistory::readFile, progress);
    }

    private static void readFile(Path f, ExporterSamples out) {
        String file = f.toString();
        try (JsonParser p = JSON.createParser(Heads.text(f))) {
            JsonToken t = p.nextToken();
            if (t == null) throw new CaptureException(file, 0, "empty file, expected VictoriaMetrics export lines {\"metric\": ...}");
            for (; t != null; t = p.nextToken()) {
                if (t == JsonToken.START_ARRAY) {
                    while ((t = p.nextToken()) != JsonToken.END_ARRAY) series(p, t, file, out);
                } else {
                    series(p, t, file, out);
                }
            }
        } catch (JsonProcessingException e) {
            int line = e.getLocation() == null ? 0 : e.getLocation().getLineNr();
            throw new CaptureException(file, line, "invalid JSON (expected VictoriaMetrics export lines): " + e.getOriginalMessage(), e);
        } catch (IOException e) {
            throw new CaptureException(file, 0, "cannot read JSON: " + e.getMessage(), e);
        }
    }

    /** One exported series object ({@code t} its first token). */
    private static void series(JsonParser p, JsonToken t, String file, ExporterSamples out) throws IOException {
        int at = PrometheusRangeHistory.line(p);
        if (t != JsonToken.START_OBJECT) {
            throw new CaptureException(file, at, "expected an exported series {\"metric\": ..., \"values\": [...], \"timestamps\": [...]}");
        }
        Map<String, String> labels = null;
        List<String> values = null;
        List<Integer> lines = new ArrayList<>();
        List<Long> times = null;
        while (p.nextToken() == JsonToken.FIELD_NAME) {
            String k = p.currentName();
            JsonToken v = p.nextToken();
            switch (k) {
                case "metric" -> labels = PrometheusRangeHistory.labels(p, file);
                case "values" -> {
                    if (v != JsonToken.START_ARRAY) throw new CaptureException(file, PrometheusRangeHistory.line(p), "expected \"values\" to be an array");
                    values = new ArrayList<>();
                    while ((v = p.nextToken()) != JsonToken.END_ARRAY) {
                        if (v == JsonToken.VALUE_NULL) values.add(null);                     // a stale marker
                        else if (v == JsonToken.VALUE_NUMBER_INT || v == JsonToken.VALUE_NUMBER_FLOAT || v == JsonToken.VALUE_STRING) values.add(p.getText());
                        else throw new CaptureException(file, PrometheusRangeHistory.line(p), "expected a sample value (a number), found " + p.getText());
                        lines.add(PrometheusRangeHistory.line(p));
                    }
                }
                case "timestamps" -> {
                    if (v != JsonToken.START_ARRAY) throw new CaptureException(file, PrometheusRangeHistory.line(p), "expected \"timestamps\" to be an array");
                    times = new ArrayList<>();
                    while ((v = p.nextToken()) != JsonToken.END_ARRAY) {
                        if (v != JsonToken.VALUE_NUMBER_INT) {
                            throw new CaptureException(file, PrometheusRangeHistory.line(p), "expected a timestamp in epoch milliseconds, found " + p.getText());
                        }
                        times.add(p.getLongValue());
                    }
                }
                default -> p.skipChildren();
            }
        }
        if (labels == null || values == null || times == null) {
            throw new CaptureException(file, at, "expected \"metric\", \"values\" and \"timestamps\" in an exported series");
        }
        if (values.size() != times.size()) {
            throw new CaptureException(file, at, values.size() + " values but " + times.size() + " timestamps; an exported series has one of each per sample");
        }
        String name = labels.remove("__name__");
        if (name == null) throw new CaptureException(file, at, "series without __name__ (labels " + labels + ")");
        for (int i = 0; i < values.size(); i++) {
            if (values.get(i) != null) out.add(name, labels, times.get(i), values.get(i), file, lines.get(i));
        }
    }
}
