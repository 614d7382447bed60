/**
 * Telemetry histories and threshold tuning: a history ({@link org.fabriclab.history.History}, the
 * sweep step over a {@link org.fabriclab.series.Series}, loaded from a gzip CSV or a telemetry table),
 * per-interval deltas by the one delta rule of {@code org.fabriclab.delta} (reset, pegged, missing: no
 * value, never zero),
 * threshold sweeps behind the {@link org.fabriclab.history.SweepEngine} interface scored against
 * labelled incidents (one bar, or two separate bars as a grid), and a stated rule that chooses the
 * threshold and explains the trade-off. Any rate rule is built from catalogue roles
 * ({@link org.fabriclab.history.RateRule}: per GB, bit, packet, hour, interval, or a measurement);
 * sweeps can be reported per port class ({@link org.fabriclab.history.PortClasses},
 * {@link org.fabriclab.history.ClassSweep}: one bar per class within one budget), and a chosen bar is
 * replayed over the history ({@link org.fabriclab.history.AlertReplay}: which ports alerted when).
 *
 * <pre>{@code
 * History h = History.load(Path.of("datasets/history/history.csv.gz"), Progress.terminal(System.err));
 * Labels labels = Labels.load(Path.of("datasets/history/labels.csv"));
 * SweepResult s = h.sweep(RateRule.congestion(), Thresholds.log(100, 100_000, 50), labels);
 * s.table();                                  // threshold, alerts, alerts_per_day, tp, fp, fn, precision, recall, f1
 * Choice c = s.choose(Choose.maxRecallWithin(5));
 * c.explanation();
 * h.replay(RateRule.symbolErrorsPerHour(), 50, labels).table();
 * h.sweep(RateRule.congestion(), grid, labels, PortClasses.of(topology)).maxRecallWithin(50);
 * }</pre>
 */
package org.fabriclab.history;
