package org.fabriclab.history;

import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;

import org.fabriclab.catalogue.Source;
import org.fabriclab.delta.Rules;
import org.fabriclab.series.Columns;
import org.fabriclab.series.Series;

import tech.tablesaw.api.LongColumn;
import tech.tablesaw.api.Table;

/**
 * A telemetry history ready to be swept: the step between a {@link Series} (the one time-series
 * type, primitive columns, rows ordered by port then time) and a {@link SweepResult}. An interval is
 * the pair of consecutive rows {@code r-1, r} of one port; its deltas follow the delta rule
 * ({@link Rules#status(long, long, long)}). The column accessors below are the series' own, under
 * the names the sweep engines use ({@link #time()}, {@link #firstRow}, {@link #values}).
 *
 * <pre>{@code
 * History h = History.load(Path.of("datasets/history/history.csv.gz"), Progress.terminal(System.err));
 * SweepResult s = h.sweep(RateRule.congestion(), Thresholds.log(100, 100_000, 50), Labels.load(labelsCsv));
 * s.choose(Choose.maxRecallWithin(5));
 * h.series();                                       // the Series: health rules and plots take it too
 * }</pre>
 */
public final class History {
    private final Series series;
    private final List<String> warnings;

    private History(Series series, List<String> warnings) { this.series = series; this.warnings = List.copyOf(warnings); }

    /** The history of a series (a telemetry table, snapshots over time, a generated set). */
    public static History of(Series series) { return new History(series, List.of()); }

    /**
     * The same history with what its reader assumed or left out, for the reader of the result to see
     * ({@code "file names have no zone; read as UTC"}); added to the warnings it already has.
     */
    public History withWarnings(List<String> more) {
        if (more.isEmpty()) return this;
        List<String> all = new java.util.ArrayList<>(warnings);
        all.addAll(more);
        return new History(series, all);
    }

    /** What the reader assumed or skipped while reading (empty when nothing). */
    public List<String> warnings() { return warnings; }

    /**
     * A history from primitive columns (loaders, the benchmark and the generator build these in
     * memory); see {@link Series#of(String, List, long[], int[], Map, Map, long)}.
     *
     * @throws IllegalArgumentException when a column has the wrong length or rows are out of order
     */
    public static History of(String name, List<String> ports, long[] time, int[] port, Map<String, long[]> counters,
                             Map<String, Source> sources, long stepMs) {
        return of(Series.of(name, ports, time, port, counters, sources, stepMs));
    }

    /**
     * The same from columns that may be longer than the history: rows {@code 0 .. rows - 1} of every
     * array are the history (a loader hands its estimate-sized arrays over without trimming them);
     * see {@link Series#of(String, List, long[], int[], int, Map, Map, long)}. {@link #values},
     * {@link #time()} and {@link #port()} still return exactly {@code rows} values.
     *
     * @throws IllegalArgumentException when a column holds fewer than {@code rows} values or rows are out of order
     */
    public static History of(String name, List<String> ports, long[] time, int[] port, int rows, Map<String, long[]> counters,
                             Map<String, Source> sources, long stepMs) {
        return of(Series.of(name, ports, time, port, rows, counters, sources, stepMs));
    }

    /**
     * Loads a history file: gzip (or plain) CSV ({@link HistoryCsv}) or Parquet; see {@link HistoryFormats}. The other
     * history formats (UFM exports, Prometheus, a collect series, ...) are read by {@code Fabric.history(path)}.
     *
     * @throws org.fabriclab.capture.CaptureException naming the file and line on bad input, and naming
     *         {@code Fabric.history} for a folder or a file in another format
     */
    public static History load(Path file) { return HistoryFormats.read(file, Map.of(), Progress.NONE); }

    public static History load(Path file, Progress progress) { return HistoryFormats.read(file, Map.of(), progress); }

    /**
     * Loads what sweeping {@code rule} needs from a history file: from Parquet only the timestamps, the
     * ports and the counters the rule reads (about 0.6 of the columns for {@link RateRule#congestion()});
     * from CSV every column. The history then sweeps {@code rule} (and any rule reading the same
     * counters) exactly as the full one does.
     *
     * <pre>{@code
     * History h = History.load(Path.of("history.parquet"), RateRule.congestion());
     * h.sweep(RateRule.congestion(), Thresholds.log(100, 100_000, 50), labels);
     * }</pre>
     *
     * @throws org.fabriclab.capture.CaptureException naming the file on bad input
     */
    public static History load(Path file, RateRule rule) { return HistoryFormats.read(file, Map.of(), Progress.NONE, rule); }

    /** The same, counters read from the named sources, with progress. */
    public static History load(Path file, RateRule rule, Map<String, Source> sources, Progress progress) {
        return HistoryFormats.read(file, sources, progress, rule);
    }

    /** Loads a history whose counters were read from the named sources (others use the defaults). */
    public static History load(Path file, Map<String, Source> sources, Progress progress) {
        return HistoryFormats.read(file, sources, progress);
    }

    /**
     * A history from a telemetry table ({@link org.fabriclab.capture.Telemetry}): every integer column
     * other than the timestamp is a counter read from {@code source} (UFM telemetry: 64-bit fields).
     */
    public static History of(Table telemetry, Source source) {
        Map<String, Source> sources = new LinkedHashMap<>();
        for (var c : telemetry.columns()) if (c instanceof LongColumn) sources.put(c.name(), source);
        return of(Series.of(telemetry, sources));
    }

    /** Sweeps {@code rule} over {@code thresholds} with the default {@link PrimitiveSweepEngine}. */
    public SweepResult sweep(RateRule rule, double[] thresholds, Labels labels) {
        return new PrimitiveSweepEngine().sweep(this, rule, thresholds, labels, Progress.NONE);
    }

    public SweepResult sweep(RateRule rule, double[] thresholds, Labels labels, Progress progress) {
        return new PrimitiveSweepEngine().sweep(this, rule, thresholds, labels, progress);
    }

    /** The sweep reported per port class ({@link PortClasses}), with the default engine. */
    public ClassSweep sweep(RateRule rule, double[] thresholds, Labels labels, PortClasses classes) {
        return new PrimitiveSweepEngine().sweep(this, rule, thresholds, labels, classes, Progress.NONE);
    }

    /** Which ports would have alerted when above {@code threshold}, against the labels ({@link AlertReplay}). */
    public AlertReplay replay(RateRule rule, double threshold, Labels labels) { return AlertReplay.of(this, rule, threshold, labels); }

    /** The series this history sweeps. */
    public Series series() { return series; }

    public String name() { return series.name(); }

    /** The history as a telemetry table ({@link Series#table()}), for the plots and rule engines that read tables. */
    public Table table() { return series.table(); }
    public List<String> ports() { return series.ports(); }
    public int rows() { return series.rows(); }
    /** The nominal sampling interval in ms (given, or the most common step between samples of a port). */
    public long stepMs() { return series.stepMs(); }
    public List<String> counters() { return series.counters(); }
    public boolean has(String counter) { return series.has(counter); }
    public Optional<Columns> column(String counter) { return series.column(counter); }

    /** The raw cumulative values of {@code counter} ({@link Rules#ABSENT} where missing), exactly one per row; shared, do not modify. */
    public long[] values(String counter) {
        long[] v = series.counter(counter);
        if (v == null) throw new IllegalArgumentException("history '" + name() + "' has no counter '" + counter + "'; it has " + counters());
        return v;
    }

    /**
     * The column of {@code counter} as it is held, possibly longer than {@link #rows()} (no trimming
     * copy): for the sweep's loops, which stay within {@link #firstRow} bounds.
     */
    long[] valuesUntrimmed(String counter) {
        long[] v = series.counterUntrimmed(counter);
        if (v == null) throw new IllegalArgumentException("history '" + name() + "' has no counter '" + counter + "'; it has " + counters());
        return v;
    }

    /** Sample times, epoch ms ({@link Series#timestamps()}), exactly one per row; shared, do not modify. */
    public long[] time() { return series.timestamps(); }

    /** Sample times as held, possibly longer than {@link #rows()} (no trimming copy): for loops within {@link #firstRow} bounds. */
    long[] timeUntrimmed() { return series.timestampsUntrimmed(); }
    /** Port index of each row ({@link Series#rowPorts()}), exactly one per row; shared, do not modify. */
    public int[] port() { return series.rowPorts(); }
    /** First row of port {@code p}; {@code firstRow(p + 1)} is one past its last row ({@link Series#start}). */
    public int firstRow(int p) { return series.start(p); }

    /** Days covered: from the first sample to one step after the last. */
    public double days() { return series.days(); }

    /** True when rows {@code r-1} and {@code r} are further apart than 1.5 steps: samples are missing between them. */
    public boolean gapBefore(int r) { return series.gapBefore(r); }

    /** The sampling step as a reader says it ({@link Series#stepText()}). */
    String stepText() { return series.stepText(); }

    @Override public String toString() {
        return "History[" + name() + ": " + series.portCount() + " ports, " + rows() + " rows, " + stepText() + ", "
                + String.format(Locale.ROOT, "%.1f", days()) + " days, counters " + counters()
                + (warnings.isEmpty() ? "" : "; warnings: " + String.join("; ", warnings)) + "]";
    }
}
