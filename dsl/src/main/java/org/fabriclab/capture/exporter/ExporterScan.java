package org.fabriclab.capture.exporter;

import java.util.ArrayList;
import java.util.HashSet;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;

/**
 * What reading exporter samples can decide only once all of them are read, for the scrape reader and the history
 * readers alike:
 * <ul>
 * <li>Units: a metric whose name says bytes of a counter of 4-octet words is divided by its
 * {@link ExporterMetrics.Metric#divisor}, unless one exporter (its source and {@code instance} label) wrote a value of
 * such a metric that is no multiple of it ({@link ExporterMetrics#divides}): then that exporter wrote the words unscaled
 * (infiniband_exporter before 0.10.0) and none of its values are divided, and {@link #warnings()} says so.</li>
 * <li>Hosts: a host-local port ({@code mlx5_0/1}) is prefixed by its {@code instance} label ({@code node01:9100 mlx5_0/1})
 * when the samples hold more than one instance, so two hosts' ports stay two ports; fabric ports ({@code guid ...}) are not.</li>
 * </ul>
 *
 * <pre>{@code
 * ExporterScan scan = new ExporterScan();
 * String exporter = scan.saw(metric, ExporterScan.hostInstance(metric, labels), labels.getOrDefault("instance", ""), exported);
 * // ... every sample seen, then:
 * scan.port("mlx5_0/1", "node01:9100");   scan.value(metric, exporter, exported);   scan.warnings();
 * }</pre>
 */
public final class ExporterScan {
    private final Set<String> hosts = new LinkedHashSet<>();
    /** The exporters (source key TAB instance label) that wrote a scaled counter unscaled. */
    private final Set<String> wordsAsRead = new HashSet<>();

    /** The host that names a sample's host-local port: its {@code instance} label ({@code ""} when none); null for a fabric port. */
    public static String hostInstance(ExporterMetrics.Metric m, Map<String, String> labels) {
        return ExporterMetrics.hostLocal(m) ? labels.getOrDefault("instance", "") : null;
    }

    /** Notes a host that named a host-local port ({@code ""}: none said); null (a fabric port) is ignored. */
    public void host(String instance) { if (instance != null) hosts.add(instance); }

    /**
     * Notes one sample of {@code m} as exported ({@link Long#MIN_VALUE}: NaN, which proves nothing) by the exporter whose
     * {@code instance} label is {@code exporterInstance}, of a port {@code host} names ({@link #hostInstance}); returns
     * that exporter's key for {@link #value}.
     */
    public String saw(ExporterMetrics.Metric m, String host, String exporterInstance, long exported) {
        host(host);
        String key = m.source().key() + "\t" + exporterInstance;
        if (exported != Long.MIN_VALUE && !ExporterMetrics.divides(m, exported)) wordsAsRead.add(key);
        return key;
    }

    /** {@code exported} in the counter's own unit, once every sample was {@link #saw seen}. */
    public long value(ExporterMetrics.Metric m, String exporter, long exported) {
        return wordsAsRead.contains(exporter) ? exported : exported / m.divisor();
    }

    /** {@code port} as named once every sample was seen: prefixed by {@code host} where several hosts are in the samples. */
    public String port(String port, String host) {
        return hosts.size() > 1 && host != null && !host.isEmpty() ? host + " " + port : port;
    }

    /** One warning per exporter that wrote its data counters unscaled, in exporter order. */
    public List<String> warnings() {
        List<String> out = new ArrayList<>();
        for (String e : new TreeSet<>(wordsAsRead)) {
            String[] si = e.split("\t", -1);
            out.add("data counters of " + si[0] + (si[1].isEmpty() ? "" : " instance " + si[1]) + " read as 4-octet words: a value under a "
                    + "_bytes_total name is no multiple of 4, so that exporter wrote the words unscaled (infiniband_exporter before 0.10.0 did)");
        }
        return out;
    }
}
