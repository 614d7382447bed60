package org.fabriclab.history.formats;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.function.BiConsumer;

import org.fabriclab.capture.exporter.ExporterMetrics;
import org.fabriclab.capture.exporter.ExporterScan;
import org.fabriclab.capture.CaptureException;
import org.fabriclab.history.History;
import org.fabriclab.history.Progress;

/**
 * The samples of catalogued exporter series read from Prometheus files (text scrapes, range queries),
 * kept as exported and named by port once all are read: units (data words an exporter wrote unscaled) and host
 * names (an {@code instance} prefix where several hosts are in the files) are decided by {@link ExporterScan}, as the
 * scrape reader decides them for one scrape.
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
    /** The units and host names decided once all samples are read. */
    private final ExporterScan scan = new ExporterScan();
    private final List<String> warnings = new ArrayList<>();
    private int uncatalogued;

    ExporterSamples(String name) { this.name = name; }

    /** Adds one sample of metric {@code metricName}; metrics no exporter source binds are counted and skipped. */
    void add(String metricName, Map<String, String> labels, long timeMs, String value, String file, int line) {
        var m = ExporterMetrics.lookup(metricName);
        if (m.isEmpty()) { uncatalogued++; return; }
        String port = ExporterMetrics.port(m.get(), labels, file, line);
        add(m.get(), port, ExporterScan.hostInstance(m.get(), labels), labels.getOrDefault("instance", ""), timeMs, value, file, line);
    }

    /**
     * Adds one sample of a metric already resolved through the catalogue, of {@code port}: {@code instance} is the host
     * that named a host-local port ({@code ""} when none was said; null for a fabric-wide port name), {@code exporter}
     * the instance that wrote it (whose unit is decided as one); {@code value} as written (NaN: no sample).
     */
    void add(ExporterMetrics.Metric m, String port, String instance, String exporter, long timeMs, String value, String file, int line) {
        long v = ExporterMetrics.value(m, value, file, line);
        if (v == Long.MIN_VALUE) return;
        String key = scan.saw(m, instance, exporter, v);
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
        List<String> said = new ArrayList<>(warnings);
        said.addAll(scan.warnings());
        SampleGrid g = new SampleGrid(name);
        for (Sample s : samples) {
            g.put(scan.port(s.port, s.instance), s.timeMs, s.metric.binding(), scan.value(s.metric, s.exporter, s.value), s.file, s.line);
        }
        return g.build().withWarnings(said);
    }
}
