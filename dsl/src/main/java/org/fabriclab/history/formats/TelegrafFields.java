package org.fabriclab.history.formats;

import java.util.HashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.regex.Pattern;

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
 * ({@code snakecase}, {@code trim}, {@code lower}, {@code underscore}, any of them, off by default) rewrites a name a
 * driver prints in camelCase or with blanks: a field the catalogue does not name as written is looked up among the
 * catalogued names rewritten by each combination of the four ({@link #normalize}). The plugin's own fields
 * ({@code interface_up}, {@code speed}, {@code link}, {@code duplex}, {@code autoneg}) and per-queue counters are no
 * port counters: not read.</li>
 * </ul>
 * A value is as the plugin read it (the field's own unit: no scaling, unlike node_exporter's {@code _bytes} series), so
 * the metric's divisor is 1; widths and overflow come from the binding (the 16-bit saturating {@code symbol_error} file).
 *
 * <pre>{@code
 * TelegrafFields.lookup("infiniband", "symbol_error").get().binding().canonical();   // SymbolErrorCounter
 * TelegrafFields.normalize("rxPrio3Pause", Set.of("snakecase"));                     // rx_prio3_pause
 * }</pre>
 */
final class TelegrafFields {
    static final String INFINIBAND = "infiniband";
    static final String ETHTOOL = "ethtool";
    /** The normalisations of the ethtool plugin's {@code normalize_keys}, in the order the plugin applies them. */
    static final List<String> NORMALISATIONS = List.of("snakecase", "trim", "lower", "underscore");

    private static final Pattern FIRST_CAP = Pattern.compile("(.)([A-Z][a-z]+)");
    private static final Pattern ALL_CAP = Pattern.compile("([a-z0-9])([A-Z])");
    private static final Map<String, Optional<ExporterMetrics.Metric>> CACHE = new ConcurrentHashMap<>();
    /** A rewritten name that two counters' names give: no meaning can be told. */
    private static final Binding AMBIGUOUS = null;
    private static volatile Map<String, Binding> normalised;

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
        if (measurement.equals(ETHTOOL)) {
            Binding b = normalised().get(field);
            if (b != AMBIGUOUS) return Optional.of(new ExporterMetrics.Metric(field, b, 1));
        }
        return Optional.empty();
    }

    /** Catalogued ethtool names as each combination of {@code normalize_keys} rewrites them (only those it changes). */
    private static Map<String, Binding> normalised() {
        Map<String, Binding> m = normalised;
        if (m != null) return m;
        m = new HashMap<>();
        for (Binding b : Catalogue.standard().bindings()) {
            String raw = b.field().rawName();
            if (b.source() != Source.ETHTOOL || b.queue() != Binding.NO_QUEUE || raw.contains("{")) continue;
            for (int mask = 1; mask < 1 << NORMALISATIONS.size(); mask++) {
                Set<String> on = new java.util.HashSet<>();
                for (int i = 0; i < NORMALISATIONS.size(); i++) if ((mask & 1 << i) != 0) on.add(NORMALISATIONS.get(i));
                String key = normalize(raw, on);
                if (key.equals(raw)) continue;
                if (!m.containsKey(key)) m.put(key, b);
                else if (m.get(key) != AMBIGUOUS && !m.get(key).canonical().equals(b.canonical())) m.put(key, AMBIGUOUS);
            }
        }
        normalised = m;
        return m;
    }

    /**
     * {@code key} as the ethtool plugin's {@code normalize_keys} rewrites it with the normalisations {@code on}
     * (plugins/inputs/ethtool normalizeKey: snakecase, then trim, lower, underscore; {@code interface_up} of a driver
     * becomes {@code interface_up_counter}, the plugin's own field keeping the name).
     */
    static String normalize(String key, Set<String> on) {
        if (on.contains("snakecase")) {
            String snake = FIRST_CAP.matcher(key.strip()).replaceAll("$1_$2");
            key = ALL_CAP.matcher(snake).replaceAll("$1_$2").toLowerCase(Locale.ROOT);
        }
        if (on.contains("trim")) key = key.strip();
        if (on.contains("lower")) key = key.toLowerCase(Locale.ROOT);
        if (on.contains("underscore")) key = key.replace(" ", "_");
        return key.equals("interface_up") ? "interface_up_counter" : key;
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
