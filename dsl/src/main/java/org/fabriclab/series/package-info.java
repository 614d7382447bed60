/**
 * Time series of counters and link measurements in primitive columns: {@link
 * org.fabriclab.series.Series}, the one type that telemetry tables (UFM), snapshots taken over time
 * and history files become, and that the link-health rules ({@code org.fabriclab.check.health}), the
 * plots ({@code org.fabriclab.plot}) and the threshold sweeps ({@code org.fabriclab.history}) read.
 * Counters are {@code long[]} with {@link org.fabriclab.delta.Rules#ABSENT} for a missing sample,
 * each described by {@link org.fabriclab.series.Columns} (the field it was read from), so every
 * interval is judged by the one delta rule, {@link org.fabriclab.delta.Rules#status(long, long, long)};
 * measurements are {@code double[]} with NaN for missing.
 *
 * <pre>{@code
 * Series s = series(capture("ufm-telemetry.csv").measurements("telemetry").orElseThrow());
 * healthRules().run(s);
 * plot.berTrend(s).threshold(1e-12).chart();
 * History h = History.of(s);          // the sweep step: h.sweep(rule, thresholds, labels)
 * }</pre>
 */
package org.fabriclab.series;
