package org.fabriclab.history;

import tech.tablesaw.api.DoubleColumn;
import tech.tablesaw.api.LongColumn;
import tech.tablesaw.api.Table;

/**
 * Turns the per-bin histograms of a sweep into the score table. Bin {@code k} holds the intervals
 * whose rate exceeds exactly the {@code k} lowest thresholds, so threshold {@code i} alerts on the
 * bins above {@code i}. Shared by every engine, so engines differ only in how they fill the bins.
 */
public final class Scores {
    private Scores() {}

    public static SweepResult result(RateRule rule, String engine, double[] th, long[] pos, long[] neg, double days,
                                     long intervals, long measured, long posUnmeasured, long elapsedMs) {
        int n = th.length;
        DoubleColumn threshold = DoubleColumn.create("threshold");
        LongColumn alerts = LongColumn.create("alerts");
        DoubleColumn perDay = DoubleColumn.create("alerts_per_day");
        LongColumn tp = LongColumn.create("tp"), fp = LongColumn.create("fp"), fn = LongColumn.create("fn");
        DoubleColumn precision = DoubleColumn.create("precision"), recall = DoubleColumn.create("recall"),
                f1 = DoubleColumn.create("f1");
        long totalPos = 0;
        for (long x : pos) totalPos += x;
        long sufPos = 0, sufNeg = 0;
        long[] tpA = new long[n], fpA = new long[n];
        for (int i = n - 1; i >= 0; i--) {
            sufPos += pos[i + 1];
            sufNeg += neg[i + 1];
            tpA[i] = sufPos;
            fpA[i] = sufNeg;
        }
        for (int i = 0; i < n; i++) {
            long a = tpA[i] + fpA[i];
            long f = totalPos - tpA[i];
            double p = a == 0 ? Double.NaN : (double) tpA[i] / a;
            double r = totalPos == 0 ? Double.NaN : (double) tpA[i] / totalPos;
            threshold.append(th[i]);
            alerts.append(a);
            perDay.append(days > 0 ? a / days : Double.NaN);
            tp.append(tpA[i]);
            fp.append(fpA[i]);
            fn.append(f);
            precision.append(p);
            recall.append(r);
            f1.append(f1(p, r));
        }
        Table t = Table.create("sweep " + rule.name(), threshold, alerts, perDay, tp, fp, fn, precision, recall, f1);
        return new SweepResult(rule, engine, t, days, intervals, measured, totalPos, posUnmeasured, elapsedMs);
    }

    static double f1(double p, double r) {
        if (Double.isNaN(p) || Double.isNaN(r)) return Double.NaN;
        return p + r == 0 ? 0 : 2 * p * r / (p + r);
    }
}
