/**
 * Telemetry histories and threshold tuning: a history ({@link org.fabriclab.history.History}, the
 * sweep step over a {@link org.fabriclab.series.Series}, loaded from a gzip CSV or a telemetry table),
 * per-interval deltas by the one delta rule of {@code org.fabriclab.delta} (reset, pegged, missing: no
 * value, never zero),
 * threshold sweeps behind the {@link org.fabriclab.history.SweepEngine} interface scored against
 * labelled incidents (one bar, or two separate bars as a grid), and a stated rule that chooses the
 * threshold and explains the trade-off.
 *
 * <pre>{@code
 * History h = History.load(Path.of("datasets/history/history.csv.gz"), Progress.terminal(System.err));
 * Labels labels = Labels.load(Path.of("datasets/history/labels.csv"));
 * SweepResult s = h.sweep(RateRule.congestion(), Thresholds.log(100, 100_000, 50), labels);
 * s.table();                                  // threshold, alerts, alerts_per_day, tp, fp, fn, precision, recall, f1
 * Choice c = s.choose(Choose.maxRecallWithin(5));
 * c.explanation();
 * }</pre>
 */
package org.fabriclab.history;
