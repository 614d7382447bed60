package org.fabriclab.history.formats;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

import org.fabriclab.capture.exporter.ExporterMetrics;
import org.fabriclab.capture.CaptureException;
import org.fabriclab.history.History;

/**
 * The field values of Telegraf's {@code infiniband} and {@code ethtool} points, from whichever InfluxDB form they were
 * read (line protocol, a query's annotated CSV), into the samples the Prometheus readers fill ({@link ExporterSamples}):
 * the same ports, the same grid, the same delta rules.
 * <ul>
 * <li>Fields mean what the catalogue says ({@link TelegrafFields}); values must be whole, non-negative and within 64 bits
 * ({@link ExporterMetrics#value}: {@code 1i}, {@code 1u} and a float {@code 1e+06} alike); a string or boolean value of a
 * counter field is refused.</li>
 * <li>Hosts: Telegraf tags every point with {@code host} (unless {@code omit_hostname}); with points of more than one host
 * each host-local port is prefixed by it ({@code node01 mlx5_0/1}), as node_exporter's are by {@code instance}.</li>
 * <li>Other measurements, and fields the catalogue does not bind, are skipped and counted; the history's
 * {@link History#warnings()} name them.</li>
 * </ul>
 *
 * <pre>{@code
 * TelegrafPoints pts = new TelegrafPoints("telegraf.out");
 * pts.value("infiniband", tags, "symbol_error", LineProtocol.Type.INTEGER, "3", 1_764_547_200_000L, "telegraf.out", 1);
 * History h = pts.history();
 * }</pre>
 */
final class TelegrafPoints {
    private static final int NAMED = 8;

    private final String name;
    private final ExporterSamples samples;
    /** measurement -> points skipped */
    private final Map<String, Integer> foreign = new TreeMap<>();
    /** "measurement field" -> values skipped */
    private final Map<String, Integer> unbound = new TreeMap<>();
    private final List<String> warnings = new ArrayList<>();

    TelegrafPoints(String name) {
        this.name = name;
        this.samples = new ExporterSamples(name);
    }

    /** True when points of {@code measurement} are read; false (the point counted as skipped) otherwise. */
    boolean wanted(String measurement) {
        if (TelegrafFields.measured(measurement)) return true;
        foreign.merge(measurement, 1, Integer::sum);
        return false;
    }

    /**
     * One field value of a point of a {@link #wanted} measurement, at {@code timeMs}.
     *
     * @throws CaptureException at {@code file:line} when a counter field holds no whole non-negative number, or a tag the
     *         plugin always sets is missing
     */
    void value(String measurement, Map<String, String> tags, String field, LineProtocol.Type type, String text, long timeMs,
               String file, int line) {
        var m = TelegrafFields.lookup(measurement, field);
        if (m.isEmpty()) { unbound.merge(measurement + " " + field, 1, Integer::sum); return; }
        if (!type.numeric()) {
            throw new CaptureException(file, line, measurement + " field " + field + " is a " + type + " ('" + ExporterMetrics.abbreviate(text)
                    + "'); expected a number (1i, 1u or a float) for the counter " + m.get().binding().canonical());
        }
        String port = TelegrafFields.port(measurement, tags, file, line);
        String host = tags.getOrDefault("host", "");
        samples.add(m.get(), port, host, host, timeMs, text, file, line);
    }

    /** Something the reader assumed, for the history's warnings. */
    void warn(String warning) { warnings.add(warning); }

    /**
     * The history of the values read.
     *
     * @throws CaptureException naming the input when it held no catalogued counter of either measurement
     */
    History history() {
        if (samples.isEmpty()) {
            throw new CaptureException(name, 0, "no counter of Telegraf's infiniband or ethtool input ("
                    + (foreign.isEmpty() ? "no other measurements" : "skipped " + count(foreign) + " points of " + names(foreign.keySet()))
                    + (unbound.isEmpty() ? "" : "; fields the catalogue does not bind: " + names(unbound.keySet())) + ")");
        }
        if (!foreign.isEmpty()) {
            samples.warn("skipped " + count(foreign) + " points of measurements other than infiniband and ethtool: " + names(foreign.keySet()));
        }
        if (!unbound.isEmpty()) {
            samples.warn("skipped " + count(unbound) + " values of fields the catalogue binds to no port counter (plugin fields, "
                    + "per-queue or unknown counters): " + names(unbound.keySet()));
        }
        warnings.forEach(samples::warn);
        return samples.history();
    }

    private static int count(Map<String, Integer> m) { return m.values().stream().mapToInt(Integer::intValue).sum(); }

    private static String names(java.util.Collection<String> names) {
        List<String> l = new ArrayList<>(names);
        return String.join(", ", l.subList(0, Math.min(NAMED, l.size()))) + (l.size() > NAMED ? ", ... (" + l.size() + ")" : "");
    }
}
