package org.fabriclab.history.formats;

import java.math.BigDecimal;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.ZoneId;
import java.time.ZoneOffset;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import org.fabriclab.capture.CaptureException;
import org.fabriclab.history.History;
import org.fabriclab.history.Progress;

/**
 * Prometheus text-exposition snapshots as a history: one file or a folder of files, each a scrape
 * ({@code curl host:9100/metrics > node-1764547200.prom}), several scrapes one after another, an
 * OpenMetrics exposition, or {@code promtool tsdb dump} output ({@code {__name__="...", ...} value ts}).
 * <ul>
 * <li>Lines (exposition format 0.0.4): {@code # HELP}/{@code # TYPE}/other comments are skipped;
 * a sample is {@code name{label="value",...} value [timestamp]}, label values with the escapes
 * {@code \\}, {@code \"}, {@code \n}; blanks and tabs around the braces, names, {@code =} and commas are allowed, as
 * the Prometheus text parser ({@code expfmt}) allows them (hand-written textfile-collector files:
 * {@code name { device = "mlx5_0" } 3}); an OpenMetrics exemplar ({@code # {...} v}) after the sample is ignored.</li>
 * <li>Time: a sample's own timestamp, milliseconds since the epoch (seconds, possibly fractional, in
 * OpenMetrics, which a {@code # EOF} line marks); a sample without one takes the time in its file name
 * ({@link NameTime}: epoch seconds or milliseconds, or a calendar date and time such as
 * {@code metrics-20251201-120000.prom}, {@code node-2025-12-01T12:00:00Z.prom}), else it is refused: a history
 * needs a time per sample. A name's time without a zone is read in the zone given to the constructor (UTC by
 * default), and the history's {@link History#warnings()} say so.</li>
 * <li>What the values mean comes from the catalogue ({@link ExporterMetrics}): units, the x4 data words,
 * port names from labels. Other metrics are skipped.</li>
 * <li>Hosts: a scrape saved by {@code curl} has no {@code instance} label; when a folder's file names give several hosts
 * ({@code node01-<time>.prom}, {@code node02-<time>.prom}: {@link ScrapeHosts}), a sample without one takes its file's,
 * so two hosts' {@code mlx5_0/1} stay two ports ({@code node01 mlx5_0/1}), and the history's warnings say so.</li>
 * </ul>
 * The text format has no well-kept Java parser on Maven Central (the Prometheus Java client only writes it),
 * so the line grammar is read here; numbers go through {@link BigDecimal} (exact).
 *
 * <pre>{@code
 * History h = new PrometheusTextHistory().read(Path.of("scrapes/"), Progress.NONE);
 * }</pre>
 */
public final class PrometheusTextHistory implements HistoryReader {
    private static final Pattern NAME = Pattern.compile("[a-zA-Z_:][a-zA-Z0-9_:]*");
    private static final Pattern SAMPLE_HEAD = Pattern.compile("(?m)^[a-zA-Z_:][a-zA-Z0-9_:]*(\\{[^\\n]*\\})?[ \\t]+[-+0-9.eEInfNa]+");

    private final ZoneId zone;

    /** Zone-less times in file names are UTC. */
    public PrometheusTextHistory() { this(ZoneOffset.UTC); }

    /** Zone-less times in file names ({@code metrics-20251201-120000.prom}) are wall-clock times in {@code zone}. */
    public PrometheusTextHistory(ZoneId zone) { this.zone = java.util.Objects.requireNonNull(zone, "zone"); }

    @Override public String format() { return "prometheus-text"; }

    @Override public int sniff(Path path) {
        if (Files.isDirectory(path)) return Heads.folderScore(path, PrometheusTextHistory::fileScore, 60);
        return fileScore(path);
    }

    private static int fileScore(Path f) {
        String h = Heads.head(f, 16 * 1024).stripLeading();
        if (h.isEmpty()) return 0;
        boolean typed = h.startsWith("# HELP ") || h.startsWith("# TYPE ") || h.contains("\n# TYPE ");
        boolean dump = h.startsWith("{__name__=\"");
        boolean sample = SAMPLE_HEAD.matcher(h).find();
        if (typed && sample) return 85;
        if (dump || sample && (h.contains("node_infiniband_") || h.contains("node_ethtool_") || h.contains("infiniband_"))) return 80;
        return 0;
    }

    @Override public History read(Path path, Progress progress) {
        List<Path> files = Files.isDirectory(path) ? Heads.files(path) : List.of(path);
        if (files.isEmpty()) throw new CaptureException(path.toString(), 0, "no Prometheus scrape files in the folder");
        ExporterSamples samples = new ExporterSamples(path.toString());
        List<String> assumed = new java.util.ArrayList<>();
        Map<Path, String> hosts = ScrapeHosts.of(files, zone);
        for (int i = 0; i < files.size(); i++) {
            if (readFile(files.get(i), samples, zone, hosts.get(files.get(i)))) assumed.add(files.get(i).getFileName().toString());
            progress.update("reading " + path.getFileName(), i + 1, files.size());
        }
        if (!hosts.isEmpty() && samples.namedByFile() > 0) {
            samples.warn(samples.namedByFile() + " samples carry no 'instance' label: each file's host is taken from its name ("
                    + String.join(", ", new java.util.LinkedHashSet<>(hosts.values())) + "), so two hosts' ports stay two ports");
        }
        if (!assumed.isEmpty()) {
            samples.warn(assumed.size() + " file name" + (assumed.size() == 1 ? "" : "s") + " give" + (assumed.size() == 1 ? "s" : "")
                    + " the sample time without a zone (" + assumed.get(0) + (assumed.size() > 1 ? ", ..." : "") + "); read as "
                    + (zone.equals(ZoneOffset.UTC) ? "UTC" : zone.getId()) + (zone.equals(ZoneOffset.UTC) ? " (assumed): for another zone read with "
                    + "new PrometheusTextHistory(ZoneId.of(\"Europe/Paris\")) or history(path, ZoneId.of(...))" : ""));
        }
        return samples.history();
    }

    /** Reads one file into {@code out}; true when a sample took a zone-less time from the file name (read in {@code zone}). */
    static boolean readFile(Path f, ExporterSamples out, ZoneId zone) { return readFile(f, out, zone, null); }

    /**
     * As {@link #readFile(Path, ExporterSamples, ZoneId)}, a sample without an {@code instance} label taking {@code host}
     * (the host its file name gives, {@link ScrapeHosts}; none when null).
     */
    static boolean readFile(Path f, ExporterSamples out, ZoneId zone, String host) {
        String file = f.toString();
        String text = Heads.text(f);
        boolean openMetrics = text.contains("\n# EOF") || text.startsWith("# EOF");
        NameTime named = NameTime.of(f.getFileName().toString(), zone).orElse(null);
        Long fileTime = named == null ? null : named.epochMs();
        boolean usedName = false;
        int lineNo = 0, start = 0;
        while (start <= text.length()) {
            int nl = text.indexOf('\n', start);
            String line = nl < 0 ? text.substring(start) : text.substring(start, nl);
            lineNo++;
            start = nl < 0 ? text.length() + 1 : nl + 1;
            if (line.endsWith("\r")) line = line.substring(0, line.length() - 1);
            String t = line.strip();
            if (t.isEmpty() || t.startsWith("#")) continue;
            usedName |= sample(t, file, lineNo, openMetrics, fileTime, host, out);
        }
        return usedName && !named.zoned();
    }

    /** One sample line: name, labels, value, optional timestamp; true when it took the file name's time. */
    private static boolean sample(String s, String file, int line, boolean openMetrics, Long fileTime, String host, ExporterSamples out) {
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
        long time;
        if (parts.length == 2) {
            time = timestamp(parts[1], openMetrics, file, line);
        } else if (fileTime != null) {
            time = fileTime;
        } else {
            if (ExporterMetrics.lookup(name).isEmpty()) return false;   // a metric we do not read needs no time
            throw new CaptureException(file, line, name + " has no timestamp and the file name holds no time; a history "
                    + "needs the time of each sample (write scrapes with timestamps, promtool tsdb dump, or name files by the "
                    + "time: epoch seconds, node-$(date +%s).prom, or a date and time, metrics-$(date -u +%Y%m%dT%H%M%SZ).prom)");
        }
        if (host != null && !labels.containsKey("instance")) {
            labels.put("instance", host);
            out.namedByFile(name);
        }
        out.add(name, labels, time, parts[0], file, line);
        return parts.length == 1 && ExporterMetrics.lookup(name).isPresent();
    }

    /** Reads {@code label="value",...}} from {@code i} (after the brace); returns the index after the closing brace. */
    static int labels(String s, int i, Map<String, String> labels, String file, int line) {
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

    private static long timestamp(String t, boolean openMetrics, String file, int line) {
        try {
            BigDecimal d = new BigDecimal(t);
            if (openMetrics || d.scale() > 0) d = d.movePointRight(3);
            return d.setScale(0, java.math.RoundingMode.HALF_EVEN).longValueExact();
        } catch (NumberFormatException | ArithmeticException e) {
            throw new CaptureException(file, line, "expected a timestamp (ms since the epoch; seconds in OpenMetrics), found '"
                    + ExporterMetrics.abbreviate(t) + "'");
        }
    }
}
