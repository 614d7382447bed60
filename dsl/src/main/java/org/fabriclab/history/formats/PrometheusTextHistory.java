package org.fabriclab.history.formats;

import java.nio.file.Files;
import java.nio.file.Path;
import java.time.ZoneId;
import java.time.ZoneOffset;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import org.fabriclab.capture.exporter.ExporterMetrics;
import org.fabriclab.capture.exporter.Exposition;
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
 * The line grammar is {@link Exposition}'s, shared with the scrape reader that reads one scrape as a capture;
 * numbers go through {@link java.math.BigDecimal} (exact).
 *
 * <pre>{@code
 * History h = new PrometheusTextHistory().read(Path.of("scrapes/"), Progress.NONE);
 * }</pre>
 */
public final class PrometheusTextHistory implements HistoryReader {

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
        boolean sample = Exposition.SAMPLE_HEAD.matcher(h).find();
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
        boolean openMetrics = Exposition.isOpenMetrics(text);
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
        Exposition.Sample p = Exposition.sample(s, file, line);
        String name = p.name();
        long time;
        if (p.timestamp() != null) {
            time = Exposition.timestampMs(p.timestamp(), openMetrics, file, line);
        } else if (fileTime != null) {
            time = fileTime;
        } else {
            if (ExporterMetrics.lookup(name).isEmpty()) return false;   // a metric we do not read needs no time
            throw new CaptureException(file, line, name + " has no timestamp and the file name holds no time; a history "
                    + "needs the time of each sample (write scrapes with timestamps, promtool tsdb dump, or name files by the "
                    + "time: epoch seconds, node-$(date +%s).prom, or a date and time, metrics-$(date -u +%Y%m%dT%H%M%SZ).prom)");
        }
        Map<String, String> labels = p.labels();
        if (host != null && !labels.containsKey("instance")) {
            labels = new LinkedHashMap<>(labels);
            labels.put("instance", host);
            out.namedByFile(name);
        }
        out.add(name, labels, time, p.value(), file, line);
        return p.timestamp() == null && ExporterMetrics.lookup(name).isPresent();
    }
}
