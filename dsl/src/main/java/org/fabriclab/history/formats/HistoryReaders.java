package org.fabriclab.history.formats;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

import org.fabriclab.capture.CaptureException;
import org.fabriclab.history.History;
import org.fabriclab.history.Progress;

/**
 * The history formats fleets keep, one entry for all: {@link #read} asks every reader how sure it is
 * that the path is its format (content first; names only where content cannot tell) and the surest reads
 * it. Every format becomes the same {@link History} over the one series type, so the sweep, its delta
 * rules (pegged at the field's saturation value, reset or wrap, missing) and its answer do not depend on
 * where the history came from.
 * <ul>
 * <li>{@code history-csv-or-parquet}: the project's CSV (plain, gzip) and Parquet ({@link HistoryFiles});</li>
 * <li>{@code ufm-csv-exports}: a folder of UFM telemetry CSV exports, or one ({@link UfmCsvExportsHistory});</li>
 * <li>{@code ufm-fluentd-stream}: the UFM fluentd telemetry stream ({@link UfmStreamHistory});</li>
 * <li>{@code prometheus-text}: Prometheus text-exposition scrapes, OpenMetrics, {@code promtool tsdb dump}
 * ({@link PrometheusTextHistory});</li>
 * <li>{@code prometheus-query-json}: {@code /api/v1/query_range} (and {@code query}) responses
 * ({@link PrometheusRangeHistory}), also the result array alone, Thanos/Mimir/Cortex and VictoriaMetrics {@code format=promapi};</li>
 * <li>{@code promtool-query-text}: {@code promtool query range} / {@code instant} text output ({@link PromtoolQueryHistory});</li>
 * <li>{@code victoriametrics-export}: VictoriaMetrics {@code /api/v1/export} JSON lines ({@link VictoriaExportHistory});</li>
 * <li>{@code collect-series}: a {@code fabriclab collect} series of snapshot folders ({@link CollectSeriesHistory});</li>
 * <li>{@code influx-annotated-csv}: InfluxDB 2.x query results ({@code influx query --raw}, {@code /api/v2/query}) of Telegraf's
 * {@code infiniband} and {@code ethtool} inputs ({@link InfluxCsvHistory});</li>
 * <li>{@code influx-line-protocol}: the same inputs in line protocol, as Telegraf's file output and InfluxDB's exports write
 * it ({@link InfluxLineHistory}).</li>
 * </ul>
 *
 * <pre>{@code
 * History h = HistoryReaders.standard().read(Path.of("node-exporter-scrapes/"), Progress.NONE);
 * HistoryReaders.standard().choose(Path.of("tfs.log")).format();   // "ufm-fluentd-stream"
 * }</pre>
 */
public final class HistoryReaders {
    private static final HistoryReaders STANDARD = standard(java.time.ZoneOffset.UTC);

    private final List<HistoryReader> readers;

    public HistoryReaders(List<HistoryReader> readers) { this.readers = List.copyOf(readers); }

    /** Every format fabriclab reads as a history. */
    public static HistoryReaders standard() { return STANDARD; }

    private static HistoryReaders standard(java.time.ZoneId zone) {
        return new HistoryReaders(List.of(new HistoryFiles(), new CollectSeriesHistory(), new UfmCsvExportsHistory(),
                new UfmStreamHistory(), new PrometheusRangeHistory(), new VictoriaExportHistory(), new PromtoolQueryHistory(),
                new PrometheusTextHistory(zone), new InfluxCsvHistory(), new InfluxLineHistory()));
    }

    /**
     * The standard formats, reading a time that a file name gives without a zone ({@code metrics-20251201-120000.prom})
     * as a wall-clock time in {@code zone} rather than UTC.
     */
    public HistoryReaders withZone(java.time.ZoneId zone) {
        return new HistoryReaders(readers.stream().map(r -> r instanceof PrometheusTextHistory ? new PrometheusTextHistory(zone) : r).toList());
    }

    public List<HistoryReader> readers() { return readers; }

    /** The format names, in the order readers are asked. */
    public List<String> formats() { return readers.stream().map(HistoryReader::format).toList(); }

    /**
     * The reader surest of {@code path} (the first on a tie).
     *
     * @throws CaptureException when the path does not exist or no reader recognises it
     */
    public HistoryReader choose(Path path) {
        if (!Files.exists(path)) throw new CaptureException(path.toString(), 0, "no such file or folder");
        HistoryReader best = null;
        int score = 0;
        for (HistoryReader r : readers) {
            int s = r.sniff(path);
            if (s > score) { score = s; best = r; }
        }
        if (best == null) {
            throw new CaptureException(path.toString(), 0, "not a history fabriclab reads; expected one of " + formats()
                    + " (a history CSV/Parquet, a folder of UFM CSV exports, a UFM fluentd stream, Prometheus scrapes or "
                    + "query_range JSON or promtool query output, a VictoriaMetrics export, a fabriclab collect series, or Telegraf's "
                    + "infiniband/ethtool points as InfluxDB line protocol or annotated CSV)");
        }
        return best;
    }

    /** Reads {@code path} in the format it holds. @throws CaptureException naming the file and line of bad input */
    public History read(Path path, Progress progress) { return choose(path).read(path, progress); }

    public History read(Path path) { return read(path, Progress.NONE); }
}
