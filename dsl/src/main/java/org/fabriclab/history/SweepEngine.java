package org.fabriclab.history;

/**
 * Runs a threshold sweep over a history: per-interval deltas with the delta rules, the rule's value
 * per interval, and for each threshold the alerts and their score against the labels, in total and
 * per port class. The default is {@link PrimitiveSweepEngine}; the DuckDB (out-of-core) and Spark
 * (cluster) engines of the engines module implement the same contract and return the same tables
 * for the same input, found through {@link SweepEngines}. Every engine takes the history's step as
 * {@link Steps} defines it.
 *
 * <pre>{@code
 * SweepEngine engine = new PrimitiveSweepEngine();
 * SweepResult r = engine.sweep(history, RateRule.congestion(), Thresholds.log(100, 100_000, 50), labels, Progress.NONE);
 * r.table();
 * engine.sweep(history, RateRule.congestion(), th, labels, PortClasses.of(topology), Progress.NONE).byClass();
 * }</pre>
 */
public interface SweepEngine {
    /** A short name for reports ("primitive", "duckdb"). */
    String name();

    /**
     * One row per threshold (ascending): threshold, alerts, alerts_per_day, tp, fp, fn, precision,
     * recall, f1. An interval alerts when its value is strictly above the threshold (as the
     * classifier's bar); intervals with no value are not scored and are counted in the result.
     *
     * @throws IllegalArgumentException when the history lacks a counter the rule reads or the thresholds are not ascending
     */
    default SweepResult sweep(History history, RateRule rule, double[] thresholds, Labels labels, Progress progress) {
        return sweep(history, rule, thresholds, labels, PortClasses.none(), progress).total();
    }

    /**
     * The same sweep reported per port class: one table per class of {@code classes} (all over the
     * history's days), and their sum.
     *
     * @throws IllegalArgumentException when the history lacks a counter the rule reads or the thresholds are not ascending
     */
    ClassSweep sweep(History history, RateRule rule, double[] thresholds, Labels labels, PortClasses classes, Progress progress);

    /**
     * The same sweep over a history file. Out-of-core engines (DuckDB, Spark) read the file where it
     * lies; by default the file is loaded into memory and swept.
     *
     * @throws org.fabriclab.capture.CaptureException when the file is not a valid history
     */
    default SweepResult sweep(HistoryFile file, RateRule rule, double[] thresholds, Labels labels, Progress progress) {
        return sweep(file, rule, thresholds, labels, PortClasses.none(), progress).total();
    }

    /**
     * The sweep by port class over a history file.
     *
     * @throws org.fabriclab.capture.CaptureException when the file is not a valid history
     */
    default ClassSweep sweep(HistoryFile file, RateRule rule, double[] thresholds, Labels labels, PortClasses classes, Progress progress) {
        return sweep(file.load(progress), rule, thresholds, labels, classes, progress);
    }
}
