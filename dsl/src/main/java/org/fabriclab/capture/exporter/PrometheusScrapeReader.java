package org.fabriclab.capture.exporter;

import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Optional;
import java.util.Set;

import org.fabriclab.capture.Capture;
import org.fabriclab.capture.CaptureException;
import org.fabriclab.capture.CaptureReader;
import org.fabriclab.capture.Input;
import org.fabriclab.capture.LineCursor;
import org.fabriclab.capture.PortAttr;
import org.fabriclab.capture.ShellPrompt;

/**
 * One Prometheus scrape as a snapshot: what {@code curl -s localhost:9100/metrics > before.prom} saves from
 * node_exporter (its {@code infiniband} collector, and {@code ethtool} where enabled), or from the fabric exporters
 * (treydock's infiniband_exporter, infiniband-exporter), before and after a test. A pair of scrapes then classifies
 * as any pair of snapshots does; a folder of timed scrapes is a history ({@code history(path)}).
 * <ul>
 * <li>Lines: {@link Exposition}'s grammar (text format 0.0.4 and OpenMetrics); comments, blank lines and a shell
 * prompt line ({@code $ curl ...}) are skipped.</li>
 * <li>What a series is comes from the catalogue ({@link ExporterMetrics}): the exporter's source and raw name, so
 * widths and overflow are the field's the exporter read; ports from the labels ({@code mlx5_0/1},
 * {@code netdev eth0}, {@code guid 0x.../N}); metrics the catalogue does not bind (the Go runtime's, CPU, gauges)
 * are skipped and counted as noise.</li>
 * <li>Units: a data counter exported in bytes ({@code _bytes_total}) is read back in the counter's own unit
 * (4-octet words: divided by 4), unless one of that exporter's values is no multiple of 4, which proves it wrote
 * the words unscaled (infiniband_exporter before 0.10.0); the capture's warnings say so.</li>
 * <li>Values: exact decimals, whole and within 64 bits; {@code NaN} (a stale series) is an absent counter, not 0.</li>
 * <li>Several samples of one series (scrapes appended to one file before and after a test, a {@code promtool tsdb
 * dump}) are all read, in time order where every sample has a timestamp, else in file order: the file's runs
 * ({@link org.fabriclab.capture.Runs}) are then its scrapes, as for any tool's output appended twice.</li>
 * <li>Rate: node_exporter's {@code node_infiniband_rate_bytes_per_second} is the port's link rate in Gb/s (x 8 / 1e9).</li>
 * <li>Time: a scrape of one moment records when it was taken, so a pair of scrapes gives the elapsed time (the pause
 * duty cycle, a counter-derived BER) with no {@code timestamp.json} beside it: node_exporter's {@code node_time_seconds}
 * (the host's clock at the scrape), else the samples' own timestamp when they all carry the same one (an export of one
 * instant). A file of several scrapes records none (its runs are several moments).</li>
 * <li>Hosts: with more than one {@code instance} label (a federated scrape), a host-local port is prefixed by its
 * instance ({@code node01:9100 mlx5_0/1}), as the history readers name it.</li>
 * </ul>
 *
 * <pre>{@code
 * Capture c = Readers.standard().read(Path.of("before/metrics.prom"));
 * c.reading("mlx5_0/1", "SymbolErrorCounter");
 * }</pre>
 */
public final class PrometheusScrapeReader implements CaptureReader {
    /** Lines the sniff looks at. */
    private static final int HEAD = 64;
    /**
     * node_exporter's {@code time} collector (on by default): the host's clock when it was scraped, in seconds since the
     * epoch. Not a counter; the snapshot's time ({@link Capture#recordedTime()}).
     */
    static final String NODE_TIME = "node_time_seconds";
    /**
     * node_exporter's {@code infiniband} collector's link rate gauge, bytes per second (sysfs {@code rate}, {@code 200 Gb/sec
     * (4X HDR)}, divided by 8): the port's {@link PortAttr#RATE_GBPS}, which the counter-derived BER and the
     * reconciliation need. Not a counter.
     */
    static final String NODE_RATE = "node_infiniband_rate_bytes_per_second";
    /** How a {@code promtool tsdb dump} line starts. */
    private static final String DUMP = "{__name__=\"";

    @Override public String format() { return "prometheus-text"; }

    /**
     * 85 for an exposition ({@code # HELP}/{@code # TYPE} lines and a sample line in the head), 80 for sample lines
     * without comments (or {@code promtool tsdb dump} lines) whose metric an exporter source of the catalogue binds; 0 otherwise.
     */
    @Override public int sniff(Input in) {
        if (in.isDirectory()) return 0;
        boolean typed = false, sample = false, exporter = false;
        for (String l : in.head(HEAD)) {
            String t = l.strip();
            if (t.startsWith("# HELP ") || t.startsWith("# TYPE ")) { typed = true; continue; }
            if (t.startsWith(DUMP)) {                                   // promtool tsdb dump: {__name__="...", ...} value time
                int q = t.indexOf('"', DUMP.length());
                if (q > 0 && ExporterMetrics.lookup(t.substring(DUMP.length(), q)).isPresent()) sample = exporter = true;
                continue;
            }
            if (t.isEmpty() || t.startsWith("#") || !Exposition.SAMPLE_HEAD.matcher(t).lookingAt()) continue;
            sample = true;
            int end = 0;
            while (end < t.length() && t.charAt(end) != '{' && t.charAt(end) != ' ' && t.charAt(end) != '\t') end++;
            if (t.indexOf('{') == end && ExporterMetrics.lookup(t.substring(0, end)).isPresent()) exporter = true;
        }
        if (typed && sample) return 85;
        return exporter ? 80 : 0;
    }

    /** A port's link rate gauge: its port, {@code instance} label, Gb/s as text, line. */
    private record Rate(String port, String instance, String gbps, int line) {}

    /** One series' sample as read: the value as exported ({@link Long#MIN_VALUE}: NaN), its time (null: none). */
    private record Got(ExporterMetrics.Metric metric, String port, String instance, String exporter, long value, Long timeMs, int line) {}

    /**
     * @throws CaptureException naming file and line for a line that is no sample, a missing port label, a value that
     *         is no whole non-negative 64-bit number or a bad timestamp; naming the file when no series of a known
     *         exporter is in it
     */
    @Override public Capture read(Input in) {
        String file = in.name();
        String text = in.text();
        boolean openMetrics = Exposition.isOpenMetrics(text);
        List<Got> got = new ArrayList<>();
        ExporterScan scan = new ExporterScan();
        int noise = 0, other = 0;
        boolean timed = true;
        Long clockMs = null;
        List<Rate> rates = new ArrayList<>();
        Set<String> series = new HashSet<>();
        boolean repeated = false;
        LineCursor c = new LineCursor(text);
        while (c.next()) {
            String t = c.line().strip();
            int n = c.number();
            if (t.isEmpty() || t.startsWith("#") || ShellPrompt.isPromptLine(c.line())) { noise++; continue; }
            Exposition.Sample s = Exposition.sample(t, file, n);
            if (s.name().equals(NODE_TIME) && clockMs == null) clockMs = clockMs(s.value(), file, n);
            if (s.name().equals(NODE_RATE) && s.labels().containsKey("device") && s.labels().containsKey("port")) {
                String instance = s.labels().getOrDefault("instance", "");
                rates.add(new Rate(s.labels().get("device").strip() + "/" + s.labels().get("port").strip(), instance, gbps(s.value(), file, n), n));
                scan.host(instance);
            }
            Optional<ExporterMetrics.Metric> m = ExporterMetrics.lookup(s.name());
            if (m.isEmpty()) { other++; continue; }
            ExporterMetrics.Metric metric = m.get();
            String port = ExporterMetrics.port(metric, s.labels(), file, n);
            String instance = ExporterScan.hostInstance(metric, s.labels());
            long v = ExporterMetrics.value(metric, s.value(), file, n);
            String exporter = scan.saw(metric, instance, s.labels().getOrDefault("instance", ""), v);
            Long time = s.timestamp() == null ? null : Exposition.timestampMs(s.timestamp(), openMetrics, file, n);
            timed &= time != null;
            got.add(new Got(metric, port, instance, exporter, v, time, n));
            repeated |= !series.add(port + "\t" + s.labels().getOrDefault("instance", "") + "\t" + metric.name());
        }
        if (got.isEmpty()) {
            throw new CaptureException(file, 0, "no counter of a known exporter in the scrape (" + other + " samples of other metrics); expected "
                    + ExporterMetrics.EXPECTED);
        }
        // a dump lists each series' samples together: in time order, each scrape's samples are together instead
        if (timed) got.sort(java.util.Comparator.comparingLong(Got::timeMs));
        Capture.Builder b = Capture.builder(got.get(0).metric().source(), file);
        for (Got g : got) {
            String port = scan.port(g.port(), g.instance());
            var src = g.metric().source();
            if (g.value() == Long.MIN_VALUE) {
                b.absent(src, port, g.metric().name(), g.line(), "NaN in the scrape: the exporter has no value (a stale series)");
            } else {
                b.counter(src, port, g.metric().name(), scan.value(g.metric(), g.exporter(), g.value()), g.line());
            }
        }
        for (Rate r : rates) b.attr(scan.port(r.port(), r.instance()), PortAttr.RATE_GBPS, r.gbps(), r.line());
        scan.warnings().forEach(b::warn);
        if (!repeated) {
            long first = got.get(0).timeMs() == null ? 0 : got.get(0).timeMs();
            boolean oneInstant = timed && got.stream().allMatch(g -> g.timeMs() == first);
            String name = java.nio.file.Path.of(file).getFileName().toString();
            if (clockMs != null) b.recordedAt(clockMs, NODE_TIME + " in " + name + " (the host's clock when node_exporter was scraped)");
            else if (oneInstant) b.recordedAt(first, "the samples' timestamp in " + name);
        }
        b.noise(noise + other);
        return b.build();
    }

    /**
     * {@code node_time_seconds}' value in epoch milliseconds.
     *
     * @throws CaptureException at {@code file:line} when it is no number of seconds
     */
    private static long clockMs(String value, String file, int line) {
        try {
            return new java.math.BigDecimal(value.strip()).movePointRight(3).setScale(0, java.math.RoundingMode.HALF_EVEN).longValueExact();
        } catch (NumberFormatException | ArithmeticException e) {
            throw new CaptureException(file, line, NODE_TIME + ": expected seconds since the epoch, found '" + ExporterMetrics.abbreviate(value) + "'");
        }
    }

    /**
     * {@value #NODE_RATE}'s bytes per second as Gb/s ({@code 2.5e+10} gives {@code 200}).
     *
     * @throws CaptureException at {@code file:line} when it is no non-negative number
     */
    private static String gbps(String value, String file, int line) {
        try {
            java.math.BigDecimal d = new java.math.BigDecimal(value.strip()).multiply(java.math.BigDecimal.valueOf(8)).movePointLeft(9);
            if (d.signum() < 0) throw new NumberFormatException();
            return d.stripTrailingZeros().toPlainString();
        } catch (NumberFormatException | ArithmeticException e) {
            throw new CaptureException(file, line, NODE_RATE + ": expected bytes per second, found '" + ExporterMetrics.abbreviate(value) + "'");
        }
    }
}
