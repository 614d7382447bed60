package org.fabriclab.history.formats;

import java.math.BigDecimal;
import java.math.RoundingMode;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import org.fabriclab.capture.exporter.ExporterMetrics;
import org.fabriclab.capture.exporter.Exposition;
import org.fabriclab.capture.CaptureException;
import org.fabriclab.history.History;
import org.fabriclab.history.Progress;

/**
 * {@code promtool query range} and {@code query instant} output in their default text form ({@code -o promql}, what
 * the Prometheus client library's result types print), as a history:
 * <pre>
 * node_infiniband_symbol_error_total{device="mlx5_0", instance="gpu01:9100", port="1"} =&gt;
 * 0 @[1764547200]
 * 3 @[1764547260]
 * node_infiniband_symbol_error_total{device="mlx5_1", instance="gpu01:9100", port="1"} =&gt; 7 @[1764547260.5]
 * </pre>
 * A series header ({@code name{labels} =>}) and its samples ({@code value @[unix seconds]}) one per line, or an instant
 * sample on the header's line. Values are read exactly and mean what the catalogue says ({@link ExporterMetrics}, as for
 * scrapes and query JSON); the series must keep its metric name (query the raw counters, not {@code rate()} of them).
 *
 * <pre>{@code
 * History h = new PromtoolQueryHistory().read(Path.of("promtool-range.txt"), Progress.NONE);
 * }</pre>
 */
public final class PromtoolQueryHistory implements HistoryReader {
    private static final Pattern SAMPLE = Pattern.compile("(\\S+) @\\[(\\d+(?:\\.\\d+)?)\\]");
    private static final Pattern HEAD = Pattern.compile("(?m)^[a-zA-Z_:][a-zA-Z0-9_:]*(\\{[^\\n]*\\})? =>(\\s*$| \\S+ @\\[\\d)");

    @Override public String format() { return "promtool-query-text"; }

    @Override public int sniff(Path path) {
        if (Files.isDirectory(path)) return Heads.folderScore(path, PromtoolQueryHistory::fileScore, 60);
        return fileScore(path);
    }

    private static int fileScore(Path f) {
        String h = Heads.head(f, 16 * 1024).stripLeading();
        return HEAD.matcher(h).lookingAt() ? 85 : 0;
    }

    @Override public History read(Path path, Progress progress) {
        return ExporterSamples.readAll(path, "promtool query output files", PromtoolQueryHistory::readFile, progress);
    }

    private static void readFile(Path f, ExporterSamples out) {
        String file = f.toString();
        String name = null;
        Map<String, String> labels = null;
        int lineNo = 0;
        for (String raw : Heads.text(f).split("\n", -1)) {
            lineNo++;
            String t = raw.strip();
            if (t.isEmpty()) continue;
            int arrow = t.indexOf(" =>");
            if (arrow > 0 && !SAMPLE.matcher(t).matches()) {
                labels = new LinkedHashMap<>();
                name = header(t.substring(0, arrow), labels, file, lineNo);
                String rest = t.substring(arrow + 3).strip();
                if (!rest.isEmpty()) sample(rest, name, labels, file, lineNo, out);      // an instant query: one sample on the line
                continue;
            }
            if (name == null) {
                throw new CaptureException(file, lineNo, "expected a series header 'name{labels} =>' before samples, found '"
                        + ExporterMetrics.abbreviate(t) + "'");
            }
            sample(t, name, labels, file, lineNo, out);
        }
        if (name == null) throw new CaptureException(file, 0, "no series in promtool query output");
    }

    /** {@code name{label="value", ...}}: the metric name, the labels into {@code labels}. */
    private static String header(String h, Map<String, String> labels, String file, int line) {
        int brace = h.indexOf('{');
        String name = brace < 0 ? h.strip() : h.substring(0, brace).strip();
        if (brace >= 0) {
            int end = Exposition.labels(h, brace + 1, labels, file, line);
            if (!h.substring(end).isBlank()) throw new CaptureException(file, line, "unexpected text after the labels: '" + h.substring(end) + "'");
        }
        if (name.isEmpty()) name = labels.remove("__name__");
        if (name == null || name.isEmpty()) {
            throw new CaptureException(file, line, "series without a metric name (labels " + labels + "): query the raw counter "
                    + "series, e.g. {__name__=~\"node_infiniband_.*\"}, not rate() or sum() of them");
        }
        return name;
    }

    private static void sample(String s, String name, Map<String, String> labels, String file, int line, ExporterSamples out) {
        Matcher m = SAMPLE.matcher(s);
        if (!m.matches()) throw new CaptureException(file, line, "expected '<value> @[<unix seconds>]', found '" + ExporterMetrics.abbreviate(s) + "'");
        long ms = new BigDecimal(m.group(2)).movePointRight(3).setScale(0, RoundingMode.HALF_EVEN).longValueExact();
        out.add(name, labels, ms, m.group(1), file, line);
    }
}
