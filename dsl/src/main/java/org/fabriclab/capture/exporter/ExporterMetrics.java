package org.fabriclab.capture.exporter;

import java.math.BigDecimal;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.ConcurrentHashMap;

import org.fabriclab.capture.CaptureException;
import org.fabriclab.catalogue.Binding;
import org.fabriclab.catalogue.Catalogue;
import org.fabriclab.catalogue.CounterDef;
import org.fabriclab.catalogue.Source;

/**
 * What a Prometheus series of an InfiniBand/RoCE exporter is, asked of the catalogue: the metric name
 * is a raw name of the exporter's source ({@link Source#NODE_EXPORTER}, {@link Source#INFINIBAND_EXPORTER},
 * {@link Source#IBQUERYERRORS_EXPORTER}), whose binding gives the canonical counter and the field the
 * exporter read (width, overflow). Metrics the catalogue does not bind (gauges such as
 * {@code node_infiniband_state_id}, info series, the exporters' own metrics) are not counters of a history.
 * <ul>
 * <li>Units: a Prometheus metric name carries its unit ({@code _bytes}, {@code _bytes_total}: the naming
 * convention). When it says bytes and the catalogue counter counts something else with a scale above 1
 * ({@code PortXmitData}: 4-octet words, scale 4), the value is divided by the scale ({@link Metric#divisor}),
 * so the history holds the counter in its own unit, as a CSV of the same port does: node_exporter and
 * treydock's exporter multiply the data words by 4 (procfs {@code class_infiniband.go}, treydock
 * {@code perfquery.go}). A name is not proof of the unit, though: treydock's exporter before 0.10.0 exported
 * the words as read under the same {@code _bytes_total} names. The history reader (org.fabriclab.history.formats) tells the two apart by
 * the values ({@link #divides}).</li>
 * <li>Values: Prometheus values are float64 text ({@code 1.493376e+07}); they are read exactly as
 * decimals and must be whole, non-negative and within 64 bits ({@link #value}). NaN (a stale marker) is no sample.</li>
 * <li>Ports: node_exporter's {@code device}, {@code port} labels name {@code mlx5_0/1}, its
 * {@code node_ethtool_*} {@code device} label {@code netdev eth0} (as the snapshot readers name them);
 * the fabric exporters' {@code guid}/{@code local_guid} and {@code port}/{@code local_port} labels
 * name {@code guid 0x.../N}.</li>
 * </ul>
 *
 * <pre>{@code
 * ExporterMetrics.lookup("node_infiniband_port_data_transmitted_bytes_total").get().binding().canonical(); // PortXmitData
 * }</pre>
 */
public final class ExporterMetrics {
    /** The exporter sources, tried in this order. */
    public static final List<Source> SOURCES = List.of(Source.NODE_EXPORTER, Source.INFINIBAND_EXPORTER, Source.IBQUERYERRORS_EXPORTER);
    /** What a file of exporter series is expected to hold, for the errors of readers that found none. */
    public static final String EXPECTED = "node_exporter's node_infiniband_*/node_ethtool_*, infiniband_exporter's "
            + "infiniband_{hca,switch}_port_* or infiniband-exporter's infiniband_<counter>_total series";
    private static final Map<String, Optional<Metric>> CACHE = new ConcurrentHashMap<>();
    private static final BigDecimal MAX = new BigDecimal(Long.MAX_VALUE);
    private static final long EXACT = 1L << 53;

    private ExporterMetrics() {}

    /** A catalogued metric: its binding, and the divisor from the metric's unit to the counter's (1 or the scale). */
    public record Metric(String name, Binding binding, long divisor) {
        public Source source() { return binding.source(); }
    }

    /** The metric named {@code name}, when an exporter source of the catalogue binds it. */
    public static Optional<Metric> lookup(String name) {
        return CACHE.computeIfAbsent(name, ExporterMetrics::find);
    }

    private static Optional<Metric> find(String name) {
        Catalogue cat = Catalogue.standard();
        for (Source s : SOURCES) {
            Optional<Binding> b = cat.lookup(s, name);
            if (b.isEmpty()) continue;
            CounterDef d = b.get().def();
            boolean bytes = name.endsWith("_bytes") || name.endsWith("_bytes_total");
            long div = bytes && !d.unit().equals("bytes") && d.scale() > 1 ? d.scale() : 1;
            return Optional.of(new Metric(name, b.get(), div));
        }
        return Optional.empty();
    }

    /**
     * The port a series of {@code m} names, from its labels.
     *
     * @throws CaptureException at {@code file:line} when a label the exporter always sets is missing
     */
    public static String port(Metric m, Map<String, String> labels, String file, int line) {
        return switch (m.source()) {
            case NODE_EXPORTER -> m.name().startsWith("node_ethtool_")
                    ? "netdev " + label(labels, "device", m, file, line)
                    : label(labels, "device", m, file, line) + "/" + label(labels, "port", m, file, line);
            case INFINIBAND_EXPORTER -> guidPort(label(labels, "guid", m, file, line), label(labels, "port", m, file, line), file, line);
            case IBQUERYERRORS_EXPORTER -> guidPort(label(labels, "local_guid", m, file, line), label(labels, "local_port", m, file, line),
                    file, line);
            default -> throw new IllegalStateException("not an exporter source: " + m.source());
        };
    }

    /** True when the port name is host-local (a device or netdev name, not a fabric GUID). */
    public static boolean hostLocal(Metric m) { return m.source() == Source.NODE_EXPORTER; }

    private static String label(Map<String, String> labels, String key, Metric m, String file, int line) {
        String v = labels.get(key);
        if (v == null || v.isBlank()) {
            throw new CaptureException(file, line, m.name() + " has no '" + key + "' label (labels " + labels.keySet()
                    + "); the " + m.source() + " series name their port by it");
        }
        return v.trim();
    }

    /** {@code guid 0x<16 hex>/<port>}, the GUID normalised as the UFM and ibdiagnet readers do. */
    public static String guidPort(String guid, String port, String file, int line) {
        String t = guid.trim();
        String hex = t.startsWith("0x") || t.startsWith("0X") ? t.substring(2) : t;
        if (hex.isEmpty() || hex.length() > 16 || !hex.chars().allMatch(c -> Character.digit(c, 16) >= 0)) {
            throw new CaptureException(file, line, "expected a GUID (0x and up to 16 hex digits), found '" + t + "'");
        }
        if (!port.matches("\\d{1,3}")) throw new CaptureException(file, line, "expected a port number, found '" + port + "'");
        return "guid 0x" + "0".repeat(16 - hex.length()) + hex.toLowerCase(Locale.ROOT) + "/" + Integer.parseInt(port);
    }

    /**
     * A sample value as the exporter wrote it (before any {@link Metric#divisor}), {@link Long#MIN_VALUE} for NaN (no sample).
     *
     * @throws CaptureException at {@code file:line} when it is not a whole non-negative 64-bit number
     */
    public static long value(Metric m, String text, String file, int line) {
        String t = text.trim();
        if (t.equalsIgnoreCase("NaN")) return Long.MIN_VALUE;
        BigDecimal d;
        try {
            d = new BigDecimal(t.startsWith("+") ? t.substring(1) : t);
        } catch (NumberFormatException e) {
            throw new CaptureException(file, line, m.name() + ": expected a number, found '" + abbreviate(t) + "'");
        }
        if (d.signum() < 0 || d.compareTo(MAX) > 0) {
            throw new CaptureException(file, line, m.name() + " = " + t + ": a counter is a non-negative 64-bit value");
        }
        try {
            return d.toBigIntegerExact().longValueExact();
        } catch (ArithmeticException e) {
            throw new CaptureException(file, line, m.name() + " = " + t + ": a counter is a whole number");
        }
    }

    /**
     * False when {@code exported} proves that the exporter did not multiply {@code m}'s counter by its divisor:
     * a value below 2^53 (where float64 holds every integer exactly, so a product would still be a multiple)
     * that is not a multiple of it. True otherwise, also for a value too large to tell.
     */
    public static boolean divides(Metric m, long exported) {
        return m.divisor() == 1 || exported >= EXACT || exported % m.divisor() == 0;
    }

    public static String abbreviate(String s) { return s.length() <= 60 ? s : s.substring(0, 57) + "..."; }
}
