package org.fabriclab.history;

import java.util.Locale;

import tech.tablesaw.api.Table;

/**
 * A two-threshold sweep: one row per pair (threshold_a for rule {@code a}, threshold_b for rule
 * {@code b}); an interval alerts when rule {@code a}'s rate exceeds threshold_a OR rule {@code b}'s
 * exceeds threshold_b (separate bars, e.g. one for PFC pause and one for CNPs). Columns:
 * threshold_a, threshold_b, alerts, alerts_per_day, tp, fp, fn, precision, recall, f1.
 *
 * <pre>{@code
 * GridResult g = new PrimitiveSweepEngine().sweepGrid(h, pauseRule, Thresholds.log(100, 1e5, 50),
 *         cnpRule, Thresholds.log(100, 1e5, 50), labels, Progress.NONE);
 * g.maxRecallWithin(50);
 * }</pre>
 */
public record GridResult(RateRule a, RateRule b, String engine, Table table, double days, long intervals, long measured,
                         long positives, long positivesUnmeasured, long elapsedMs) {

    /** The pair with the highest recall within {@code alertsPerDay} (ties: fewer alerts, then higher bars); in words. */
    public String maxRecallWithin(double alertsPerDay) {
        int best = -1;
        for (int r = 0; r < table.rowCount(); r++) {
            if (table.doubleColumn("alerts_per_day").getDouble(r) > alertsPerDay) continue;
            double rec = table.doubleColumn("recall").getDouble(r);
            if (Double.isNaN(rec)) continue;
            if (best < 0) { best = r; continue; }
            double br = table.doubleColumn("recall").getDouble(best);
            long al = table.longColumn("alerts").getLong(r), bl = table.longColumn("alerts").getLong(best);
            if (rec > br || (rec == br && al <= bl)) best = r;
        }
        if (best < 0) throw new IllegalStateException("no pair of thresholds keeps alerts within " + alertsPerDay + " per day");
        return String.format(Locale.ROOT, "Rule: max recall with at most %s alerts per day. Chosen %s above %s %s or %s above "
                        + "%s %s: recall %.3f, precision %.3f, %.2f alerts/day (tp %d, fp %d, fn %d over %.1f days).",
                Choose.num(alertsPerDay), a.name(), Choose.num(table.doubleColumn("threshold_a").getDouble(best)), a.unit(), b.name(),
                Choose.num(table.doubleColumn("threshold_b").getDouble(best)), b.unit(), table.doubleColumn("recall").getDouble(best),
                table.doubleColumn("precision").getDouble(best), table.doubleColumn("alerts_per_day").getDouble(best),
                table.longColumn("tp").getLong(best), table.longColumn("fp").getLong(best), table.longColumn("fn").getLong(best), days);
    }

    @Override public String toString() {
        return String.format(Locale.ROOT, "Grid[%s x %s, engine %s: %d pairs over %.1f days; %d intervals, %d measured; %d ms]",
                a.name(), b.name(), engine, table.rowCount(), days, intervals, measured, elapsedMs);
    }
}
