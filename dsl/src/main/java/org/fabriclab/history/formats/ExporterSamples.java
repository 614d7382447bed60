package org.fabriclab.history.formats;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.function.BiConsumer;

import org.fabriclab.capture.exporter.ExporterMetrics;
import org.fabriclab.capture.CaptureException;
import org.fabriclab.history.History;
import org.fabriclab.history.Progress;

/**
 * The samples of catalogued exporter series read from Prometheus files (text scrapes, range queries),
 * named by port once all are read: a host-local port ({@code mlx5_0/1}, {@code netdev eth0}) is prefixed
 * by its {@code instance} label ({@code node01:9100 mlx5_0/1}) when the files hold more than one
 * instance, so two hosts' {@code mlx5_0/1} stay two ports; fabric ports ({@code guid 0x.../N}) are
 * named alike whichever exporter instance reported them.
 * <p>Values are kept as exported and brought to the counter's unit once all are read: a metric whose name
 * says bytes of a counter of 4-octet words is divided by 4 ({@link ExporterMetrics.Metric#divisor}), unless
 * one exporter instance (its source and {@code instance} label) wrote a value of such a metric that is no
 * multiple of 4 (and exact in float64, below 2^53): then that instance exported the words as read (treydock's
 * exporter before 0.10.0 did, under the same {@code _bytes_total} names) and none of its values are divided.
 * Values that are all multiples of 4 are read as bytes (the exporters' current behaviour); a words exporter
 * whose every nonzero value happens to be a multiple of 4 cannot be told apart.</p>
 *
 * <pre>{@code
 * ExporterSamples s = new ExporterSamples("scrapes");
 * s.add(metric, labels, 1_700_000_000_000L, "3733440", "a.prom", 3);
 * History h = s.history();
 * }</pre>
 */
final class ExporterSamples {
    /** One sample, its value as exported; {@code exporter} (its source and {@code instance} label) is what the unit is decided for. */
    private record Sample(ExporterMetrics.Metric metric, String port, String instance, String exporter, long timeMs, long value,
                          String file, int line) {}

    private final String name;
    private final List<Sample> samples = new ArrayList<>();
    private final Set<String> instances = new LinkedHashSet<>();
    /** The exporters (source and instance) that wrote a scaled counter unscaled: a value no multiple of its divisor. */
    private final Set<String> wordsAsRead = new HashSet<>();
    private final List<String> warnings = new ArrayList<>();
    private int uncatalogued;

    ExporterSamples(String name) { this.name = name; }

    /** Adds one sample of metric {@code metricName}; metrics no exporter source binds are counted and skipped. */
    void add(String metricName, Map<String, String> labels, long timeMs, String value, String file, int line) {
        var m = ExporterMetrics.lookup(metricName);
        if (m.isEmpty()) { uncatalogued++; return; }
        String port = ExporterMetrics.port(m.get(), labels, file, line);
        String instance = ExporterMetrics.hostLocal(m.get()) ? labels.getOrDefault("instance", "") : null;
        add(m.get(), port, instance, labels.getOrDefault("instance", ""), timeMs, value, file, line);
    }

    /**
     * Adds one sample of a metric already resolved through the catalogue, of {@code port}: {@code instance} is the host
     * that named a host-local port ({@code ""} when none was said; null for a fabric-wide port name), {@code exporter}
     * the instance that wrote it (whose unit is decided as one); {@code value} as written (NaN: no sample).
     */
    void add(ExporterMetrics.Metric m, String port, String instance, String exporter, long timeMs, String value, String file, int line) {
        long v = ExporterMetrics.value(m, value, file, line);
        if (v == Long.MIN_VALUE) return;
        if (instance != null) instances.add(instance);
        String key = m.source().key() + "\t" + exporter;
        if (!ExporterMetrics.divides(m, v)) wordsAsRead.add(key);
        samples.add(new Sample(m, port, instance, key, timeMs, v, file, line));
    }

    /** Something the reader assumed, for the history's {@link History#warnings()}. */
    void warn(String warning) { warnings.add(warning); }

    private int namedByFile;

    /** Counts a sample of {@code metric} whose instance was taken from its file's name (catalogued metrics only). */
    void namedByFile(String metric) { if (ExporterMetrics.lookup(metric).isPresent()) namedByFile++; }

    /** How many catalogued samples took their instance from their file's name. */
    int namedByFile() { return namedByFile; }

    /** True when no sample of a catalogued counter was added. */
    boolean isEmpty() { return samples.isEmpty(); }

    /** How many samples were of metrics the catalogue does not bind (skipped). */
    int uncatalogued() { return uncatalogued; }

    /**
     * The history of {@code path}, a file or a folder of files (in {@link Heads#files} order), each read into
     * the same samples by {@code readFile}, with progress per file.
     *
     * @throws CaptureException naming the folder when it holds no file ({@code what} names the files expected)
     */
    static History readAll(Path path, String what, BiConsumer<Path, ExporterSamples> readFile, Progress progress) {
        List<Path> files = Files.isDirectory(path) ? Heads.files(path) : List.of(path);
        if (files.isEmpty()) throw new CaptureException(path.toString(), 0, "no " + what + " in the folder");
        ExporterSamples samples = new ExporterSamples(path.toString());
        for (int i = 0; i < files.size(); i++) {
            readFile.accept(files.get(i), samples);
            progress.update("reading " + path.getFileName(), i + 1, files.size());
        }
        return samples.history();
    }

    /**
     * The history of the samples.
     *
     * @throws CaptureException naming {@code name} when no sample was of a catalogued exporter counter
     */
    History history() {
        if (samples.isEmpty()) {
            throw new CaptureException(name, 0, "no counter of a known exporter (" + uncatalogued + " samples of other metrics); "
                    + "expected " + ExporterMetrics.EXPECTED);
        }
        boolean qualify = instances.size() > 1;
        List<String> said = new ArrayList<>(warnings);
        for (String e : new java.util.TreeSet<>(wordsAsRead)) {
            String[] si = e.split("\t", -1);
            said.add(ExporterMetrics.wordsAsRead(si[0], si[1]));
        }
        SampleGrid g = new SampleGrid(name);
        for (Sample s : samples) {
            String port = qualify && s.instance != null && !s.instance.isEmpty() ? s.instance + " " + s.port : s.port;
            long v = wordsAsRead.contains(s.exporter) ? s.value : s.value / s.metric.divisor();
            g.put(port, s.timeMs, s.metric.binding(), v, s.file, s.line);
        }
        return g.build().withWarnings(said);
    }
}
