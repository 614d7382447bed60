package org.fabriclab.history;

import java.util.Locale;

import tech.tablesaw.api.Table;

/**
 * The outcome of a sweep: the per-threshold table and what stood behind it. {@code intervals} is
 * every interval (consecutive sample pair of a port); {@code measured} those with a value;
 * {@code positives} the labelled measured intervals; {@code positivesUnmeasured} labelled
 * intervals with no value (a reset, a missing sample, no traffic): no threshold can catch them.
 *
 * <pre>{@code
 * SweepResult r = history.sweep(RateRule.congestion(), Thresholds.log(100, 100_000, 50), labels);
 * r.table();                               // threshold, alerts, alerts_per_day, tp, fp, fn, precision, recall, f1
 * r.choose(Choose.maxRecallWithin(5));     // the threshold and why
 * }</pre>
 */
public record SweepResult(RateRule rule, String engine, Table table, double days, long intervals, long measured,
                          long positives, long positivesUnmeasured, long elapsedMs) {

    public Choice choose(ChoiceRule rule) { return rule.choose(this); }

    @Override public String toString() {
        return String.format(Locale.ROOT, "Sweep[%s, engine %s: %d thresholds over %.1f days; %d intervals, %d measured, "
                        + "%d labelled measured, %d labelled with no value; %d ms]",
                rule.name(), engine, table.rowCount(), days, intervals, measured, positives, positivesUnmeasured, elapsedMs);
    }
}
