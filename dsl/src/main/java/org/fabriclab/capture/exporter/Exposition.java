package org.fabriclab.capture.exporter;

import java.math.BigDecimal;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import org.fabriclab.capture.CaptureException;

/**
 * The Prometheus text-exposition line grammar (format 0.0.4, and OpenMetrics' sample lines), shared by the
 * scrape reader ({@link PrometheusScrapeReader}) and the history readers of scrapes and {@code promtool} output:
 * a sample is {@code name{label="value",...} value [timestamp]}; label values take the escapes {@code \\},
 * {@code \"} and {@code \n}; blanks and tabs around the braces, names, {@code =} and commas are allowed, as the
 * Prometheus text parser ({@code expfmt}) allows them (hand-written textfile-collector files:
 * {@code name { device = "mlx5_0" } 3}); a quoted metric name inside the braces (Prometheus 3) and
 * {@code {__name__="..."}} ({@code promtool tsdb dump}) name the metric too; an OpenMetrics exemplar
 * ({@code # {...} v}) after the sample is ignored. Comments ({@code # HELP}, {@code # TYPE}) are the caller's to skip.
 * The format has no well-kept Java parser on Maven Central (the Prometheus Java client only writes it), so the
 * grammar is read here.
 *
 * <pre>{@code
 * Exposition.Sample s = Exposition.sample("node_infiniband_symbol_error_total{device=\"mlx5_0\",port=\"1\"} 3", "a.prom", 7);
 * s.name();    // node_infiniband_symbol_error_total
 * s.value();   // "3", as written
 * }</pre>
 */
public final class Exposition {
    private static final Pattern NAME = Pattern.compile("[a-zA-Z_:][a-zA-Z0-9_:]*");
    /** A sample line's start: a metric name, optional labels, a value (to tell an exposition from other text). */
    public static final Pattern SAMPLE_HEAD = Pattern.compile("(?m)^[a-zA-Z_:][a-zA-Z0-9_:]*(\\{[^\\n]*\\})?[ \\t]+[-+0-9.eEInfNa]+");

    private Exposition() {}

    /**
     * One sample: the metric's name, its labels in the order written, the value and the timestamp as written
     * ({@code timestamp} null when the line has none).
     */
    public record Sample(String name, Map<String, String> labels, String value, String timestamp) {}

    /** Whether {@code text} is OpenMetrics (a {@code # EOF} line), whose timestamps are seconds, not milliseconds. */
    public static boolean isOpenMetrics(String text) { return text.contains("\n# EOF") || text.startsWith("# EOF"); }

    /**
     * Parses one sample line ({@code s} stripped, not a comment).
     *
     * @throws CaptureException at {@code file:line} when the line is no sample ({@code name{labels} value [timestamp]})
     */
    public static Sample sample(String s, String file, int line) {
        int i = 0;
        String name = null;
        Map<String, String> labels = new LinkedHashMap<>();
        Matcher m = NAME.matcher(s);
        if (m.lookingAt()) { name = m.group(); i = m.end(); }
        int brace = blanks(s, i);                                     // expfmt allows blanks before the '{'
        if (brace < s.length() && s.charAt(brace) == '{') i = labels(s, brace + 1, labels, file, line);
        if (name == null) name = labels.remove("__name__");
        if (name == null) throw new CaptureException(file, line, "expected a sample 'name{labels} value [timestamp]', found '"
                + ExporterMetrics.abbreviate(s) + "'");
        String rest = s.substring(i).strip();
        int ex = rest.indexOf(" # ");
        if (ex >= 0) rest = rest.substring(0, ex).strip();             // OpenMetrics exemplar
        String[] parts = rest.split("[ \\t]+");
        if (rest.isEmpty() || parts.length > 2) {
            throw new CaptureException(file, line, "expected 'value [timestamp]' after " + name + ", found '" + ExporterMetrics.abbreviate(rest) + "'");
        }
        return new Sample(name, Collections.unmodifiableMap(labels), parts[0], parts.length == 2 ? parts[1] : null);
    }

    /**
     * Reads {@code label="value",...}} from {@code i} (just after the opening brace) into {@code labels}; returns the
     * index after the closing brace. A quoted name followed by a comma or the brace is the metric's name, kept under
     * {@code __name__}.
     *
     * @throws CaptureException at {@code file:line} on an unterminated set or string, a label without {@code =} or a quoted
     *         value, or a label given twice
     */
    public static int labels(String s, int i, Map<String, String> labels, String file, int line) {
        while (true) {
            while (i < s.length() && (s.charAt(i) == ' ' || s.charAt(i) == '\t' || s.charAt(i) == ',')) i++;
            if (i >= s.length()) throw new CaptureException(file, line, "unterminated label set (expected '}')");
            if (s.charAt(i) == '}') return i + 1;
            String key;
            if (s.charAt(i) == '"') {                                     // a quoted metric name (Prometheus 3) or label name
                StringBuilder q = new StringBuilder();
                i = quoted(s, i + 1, q, file, line);
                key = q.toString();
                i = blanks(s, i);
                if (i < s.length() && (s.charAt(i) == ',' || s.charAt(i) == '}')) { labels.put("__name__", key); continue; }
            } else {
                int k = i;
                while (i < s.length() && (Character.isLetterOrDigit(s.charAt(i)) || s.charAt(i) == '_')) i++;
                key = s.substring(k, i);
                if (key.isEmpty()) throw new CaptureException(file, line, "expected a label name at column " + (i + 1));
            }
            i = blanks(s, i);
            if (i >= s.length() || s.charAt(i) != '=') throw new CaptureException(file, line, "expected '=' after label " + key);
            i = blanks(s, i + 1);
            if (i >= s.length() || s.charAt(i) != '"') throw new CaptureException(file, line, "expected a quoted value for label " + key);
            StringBuilder v = new StringBuilder();
            i = quoted(s, i + 1, v, file, line);
            if (labels.put(key, v.toString()) != null) throw new CaptureException(file, line, "label " + key + " given twice");
        }
    }

    /**
     * A sample's timestamp in milliseconds since the epoch: as written in the text format, seconds (possibly
     * fractional) in OpenMetrics or when written with a fraction.
     *
     * @throws CaptureException at {@code file:line} when it is no number
     */
    public static long timestampMs(String t, boolean openMetrics, String file, int line) {
        try {
            BigDecimal d = new BigDecimal(t);
            if (openMetrics || d.scale() > 0) d = d.movePointRight(3);
            return d.setScale(0, java.math.RoundingMode.HALF_EVEN).longValueExact();
        } catch (NumberFormatException | ArithmeticException e) {
            throw new CaptureException(file, line, "expected a timestamp (ms since the epoch; seconds in OpenMetrics), found '"
                    + ExporterMetrics.abbreviate(t) + "'");
        }
    }

    /** The index of the first character at or after {@code i} that is neither a blank nor a tab. */
    private static int blanks(String s, int i) {
        while (i < s.length() && (s.charAt(i) == ' ' || s.charAt(i) == '\t')) i++;
        return i;
    }

    private static int quoted(String s, int i, StringBuilder out, String file, int line) {
        while (i < s.length()) {
            char c = s.charAt(i++);
            if (c == '"') return i;
            if (c == '\\' && i < s.length()) {
                char e = s.charAt(i++);
                out.append(e == 'n' ? '\n' : e);
            } else {
                out.append(c);
            }
        }
        throw new CaptureException(file, line, "unterminated quoted string");
    }
}
