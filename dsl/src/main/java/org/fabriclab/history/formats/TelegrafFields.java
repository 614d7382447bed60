package org.fabriclab.history.formats;

import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.ConcurrentHashMap;

import org.fabriclab.capture.exporter.ExporterMetrics;
import org.fabriclab.capture.CaptureException;
import org.fabriclab.catalogue.Binding;
import org.fabriclab.catalogue.Catalogue;
import org.fabriclab.catalogue.Source;

/**
 * What a field of a Telegraf input plugin is, asked of the catalogue, and which port its tags name. Telegraf writes each
 * counter under the name the kernel gives it, so the catalogue's bindings of those names are the meaning:
 * <ul>
 * <li>{@code infiniband} (inputs.infiniband, Telegraf 1.14+): fields named after the files of
 * {@code /sys/class/infiniband/<device>/ports/<port>/counters/} ({@link Source#SYSFS}: {@code symbol_error},
 * {@code port_xmit_data} in 4-octet words as the file holds it, ...) and, with the plugin's RDMA option
 * ({@code gather_rdma}/{@code rdma = true}), of {@code hw_counters/} ({@link Source#HW_COUNTERS}: {@code np_cnp_sent}, ...);
 * tags {@code device}, {@code port}: the port is {@code mlx5_0/1}, as the sysfs reader and node_exporter's series name it.</li>
 * <li>{@code ethtool} (inputs.ethtool): fields named as {@code ethtool -S} prints them ({@link Source#ETHTOOL}); tags
 * {@code interface}, {@code driver}, and {@code namespace} when the plugin reads other network namespaces: the port is
 * {@code netdev eth0} ({@code netns blue netdev eth0} in a named namespace). The plugin's {@code normalize_keys}
 * ({@code snakecase}, {@code trim}, {@code lower}, {@code underscore}, off by default) rewrites only names a driver prints
 * in camelCase, in capitals or with blanks; every port counter name the catalogue binds for ethtool is lowercase
 * snake_case, which none of them changes, so a file written with any of them maps as one written without
 * ({@code TelegrafFieldsTest} holds the catalogue to that), but for NXP DPAA2's {@code [mac] rx pause} and
 * {@code [mac] tx b-pause}, whose blanks {@code underscore} rewrites. A name a driver prints otherwise and the option
 * rewrote is not the name the catalogue knows: skipped, and named in the warnings. The plugin's own fields ({@code interface_up},
 * {@code speed}, {@code link}, {@code duplex}, {@code autoneg}) and per-queue counters are no port counters: not read.</li>
 * </ul>
 * A value is as the plugin read it (the field's own unit: no scaling, unlike node_exporter's {@code _bytes} series), so
 * the metric's divisor is 1; widths and overflow come from the binding (the 16-bit saturating {@code symbol_error} file).
 *
 * <pre>{@code
 * TelegrafFields.lookup("infiniband", "symbol_error").get().binding().canonical();   // SymbolErrorCounter
 * }</pre>
 */
final class TelegrafFields {
    static final String INFINIBAND = "infiniband";
    static final String ETHTOOL = "ethtool";
    private static final Map<String, Optional<ExporterMetrics.Metric>> CACHE = new ConcurrentHashMap<>();

    private TelegrafFields() {}

    /** True for the measurements read as counters ({@code infiniband}, {@code ethtool}). */
    static boolean measured(String measurement) { return measurement.equals(INFINIBAND) || measurement.equals(ETHTOOL); }

    /**
     * The catalogued port counter field {@code field} of {@code measurement} is; empty for a field the catalogue does not
     * bind, a per-queue counter, or a measurement other than {@code infiniband} and {@code ethtool}.
     */
    static Optional<ExporterMetrics.Metric> lookup(String measurement, String field) {
        if (!measured(measurement)) return Optional.empty();
        return CACHE.computeIfAbsent(measurement + "\t" + field, k -> find(measurement, field));
    }

    private static Optional<ExporterMetrics.Metric> find(String measurement, String field) {
        Catalogue cat = Catalogue.standard();
        List<Source> sources = measurement.equals(INFINIBAND) ? List.of(Source.SYSFS, Source.HW_COUNTERS) : List.of(Source.ETHTOOL);
        for (Source s : sources) {
            Optional<Binding> b = cat.lookup(s, field);
            if (b.isPresent()) return b.get().queue() == Binding.NO_QUEUE ? Optional.of(new ExporterMetrics.Metric(field, b.get(), 1)) : Optional.empty();
        }
        return Optional.empty();
    }

    /**
     * The port the tags of a point of {@code measurement} name: {@code device/port} for {@code infiniband},
     * {@code netdev <interface>} for {@code ethtool}.
     *
     * @throws CaptureException at {@code file:line} when a tag the plugin always sets is missing
     */
    static String port(String measurement, Map<String, String> tags, String file, int line) {
        if (measurement.equals(INFINIBAND)) return tag(tags, "device", measurement, file, line) + "/" + tag(tags, "port", measurement, file, line);
        String ns = tags.getOrDefault("namespace", "");
        return (ns.isEmpty() ? "" : "netns " + ns + " ") + "netdev " + tag(tags, "interface", measurement, file, line);
    }

    private static String tag(Map<String, String> tags, String key, String measurement, String file, int line) {
        String v = tags.get(key);
        if (v == null || v.isBlank()) {
            throw new CaptureException(file, line, "a point of Telegraf's " + measurement + " input has no '" + key + "' tag (tags "
                    + tags.keySet() + "); the plugin names the port by it");
        }
        return v.strip();
    }
}
