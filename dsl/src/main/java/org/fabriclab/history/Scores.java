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

    /**
     * The score tables of a sweep by port class: per class {@code c} the bins {@code pos[c]},
     * {@code neg[c]} and the counts; the total is their sum. Every class shares the history's days, so
     * the classes' alerts per day add up to the total's.
     */
    public static ClassSweep classes(RateRule rule, String engine, double[] th, PortClasses classes, long[][] pos, long[][] neg,
                                     double days, long[] intervals, long[] measured, long[] posUnmeasured, long elapsedMs) {
        int k = classes.count();
        if (pos.length != k || neg.length != k) throw new IllegalArgumentException("one histogram per class expected");
        long[] tp = new long[th.length + 1], tn = new long[th.length + 1];
        long iv = 0, me = 0, pu = 0;
        java.util.Map<String, SweepResult> by = new java.util.LinkedHashMap<>();
        for (int c = 0; c < k; c++) {
            for (int i = 0; i <= th.length; i++) { tp[i] += pos[c][i]; tn[i] += neg[c][i]; }
            iv += intervals[c]; me += measured[c]; pu += posUnmeasured[c];
            by.put(classes.names().get(c), result(rule, engine, th, pos[c], neg[c], days, intervals[c], measured[c], posUnmeasured[c], elapsedMs));
        }
        SweepResult total = k == 1 ? by.values().iterator().next() : result(rule, engine, th, tp, tn, days, iv, me, pu, elapsedMs);
        return new ClassSweep(rule, engine, classes, total, by);
    }

    static double f1(double p, double r) {
        if (Double.isNaN(p) || Double.isNaN(r)) return Double.NaN;
        return p + r == 0 ? 0 : 2 * p * r / (p + r);
    }

    /**
     * The score table of a two-bar grid from {@code acc}: the labelled 2-D histogram (cells
     * {@code ka * wb + kb}), the unlabelled one after it, then intervals, measured, labelled-unmeasured.
     * Pair (i, j) is quiet on the cells with {@code ka <= i} and {@code kb <= j}: a 2-D prefix sum.
     */
    static GridResult grid(RateRule a, RateRule b, String engine, double[] ta, double[] tb, long[] acc, double days, long elapsedMs) {
        int wa = ta.length + 1, wb = tb.length + 1, cells = wa * wb;
        long[] quietPos = prefix(acc, 0, wa, wb), quietNeg = prefix(acc, cells, wa, wb);
        long totalPos = quietPos[cells - 1], totalNeg = quietNeg[cells - 1];
        DoubleColumn c1 = DoubleColumn.create("threshold_a"), c2 = DoubleColumn.create("threshold_b");
        LongColumn alerts = LongColumn.create("alerts"), tp = LongColumn.create("tp"), fp = LongColumn.create("fp"), fn = LongColumn.create("fn");
        DoubleColumn perDay = DoubleColumn.create("alerts_per_day"), precision = DoubleColumn.create("precision"),
                recall = DoubleColumn.create("recall"), f1 = DoubleColumn.create("f1");
        for (int i = 0; i < ta.length; i++) {
            for (int j = 0; j < tb.length; j++) {
                long t = totalPos - quietPos[i * wb + j], f = totalNeg - quietNeg[i * wb + j];
                double p = t + f == 0 ? Double.NaN : (double) t / (t + f);
                double r = totalPos == 0 ? Double.NaN : (double) t / totalPos;
                c1.append(ta[i]); c2.append(tb[j]); alerts.append(t + f); perDay.append(days > 0 ? (t + f) / days : Double.NaN);
                tp.append(t); fp.append(f); fn.append(totalPos - t); precision.append(p); recall.append(r); f1.append(f1(p, r));
            }
        }
        Table table = Table.create("grid " + a.name() + " x " + b.name(), c1, c2, alerts, perDay, tp, fp, fn, precision, recall, f1);
        return new GridResult(a, b, engine, table, days, acc[2 * cells], acc[2 * cells + 1], totalPos, acc[2 * cells + 2], elapsedMs);
    }

    /** Inclusive 2-D prefix sums of the {@code wa x wb} histogram starting at {@code off}. */
    private static long[] prefix(long[] h, int off, int wa, int wb) {
        long[] s = new long[wa * wb];
        for (int i = 0; i < wa; i++) {
            long row = 0;
            for (int j = 0; j < wb; j++) {
                row += h[off + i * wb + j];
                s[i * wb + j] = row + (i > 0 ? s[(i - 1) * wb + j] : 0);
            }
        }
        return s;
    }
}
