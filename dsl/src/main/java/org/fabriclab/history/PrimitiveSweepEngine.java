package org.fabriclab.history;

import org.fabriclab.work.Cancellation;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ForkJoinPool;
import java.util.concurrent.ForkJoinTask;


/**
 * The default engine: one pass over primitive arrays, parallel over ports in a ForkJoin pool.
 * Each interval's value ({@link RuleColumns#value}) is placed in a histogram bin (how many
 * thresholds lie strictly below it), one histogram for labelled and one for unlabelled intervals per
 * port class; the alert counts for every threshold are then suffix sums. The cost is one pass plus a binary search per interval,
 * whatever the number of thresholds.
 *
 * <pre>{@code
 * SweepResult r = new PrimitiveSweepEngine(2).sweep(h, RateRule.congestion(), Thresholds.log(100, 1e5, 50), labels, Progress.NONE);
 * }</pre>
 */
public final class PrimitiveSweepEngine implements SweepEngine {
    private final int parallelism;

    /** Uses every available processor. */
    public PrimitiveSweepEngine() { this(Runtime.getRuntime().availableProcessors()); }

    public PrimitiveSweepEngine(int parallelism) {
        if (parallelism < 1) throw new IllegalArgumentException("parallelism must be >= 1");
        this.parallelism = parallelism;
    }

    @Override public String name() { return "primitive"; }

    @Override public ClassSweep sweep(History h, RateRule rule, double[] thresholds, Labels labels, PortClasses classes, Progress progress) {
        long t0 = System.nanoTime();
        double[] th = checkAscending(thresholds);
        RuleColumns plan = RuleColumns.of(h, rule, labels);
        int nPorts = h.ports().size();
        int[] classOf = new int[nPorts];
        for (int p = 0; p < nPorts; p++) classOf[p] = classes.indexOf(h.ports().get(p));
        int k = classes.count();
        int chunks = Math.max(1, Math.min(nPorts, parallelism * 8));
        Cancellation cancel = Cancellation.ofCurrentThread();
        List<ForkJoinTask<Partial>> tasks = new ArrayList<>(chunks);
        ForkJoinPool pool = new ForkJoinPool(parallelism);
        try {
            int[] bounds = new int[chunks + 1];
            for (int c = 0; c <= chunks; c++) bounds[c] = (int) ((long) nPorts * c / chunks);
            for (int c = 0; c < chunks; c++) {
                int pLo = bounds[c], pHi = bounds[c + 1];
                tasks.add(pool.submit(() -> {
                    Partial part = new Partial(k, th.length);
                    for (int p = pLo; p < pHi; p++) { cancel.check(); scan(h.firstRow(p), h.firstRow(p + 1), plan, th, part, classOf[p]); }
                    return part;
                }));
            }
            Partial total = new Partial(k, th.length);
            for (int c = 0; c < chunks; c++) {
                total.add(tasks.get(c).join());
                progress.update("sweep " + rule.name(), bounds[c + 1], nPorts);
            }
            long elapsed = (System.nanoTime() - t0) / 1_000_000;
            return Scores.classes(rule, name(), th, classes, total.pos, total.neg, h.days(), total.intervals, total.measured,
                    total.posUnmeasured, elapsed);
        } finally {
            pool.shutdown();
        }
    }

    /**
     * Two bars at once: rule {@code a} over {@code ta} and rule {@code b} over {@code tb}, an interval
     * alerting when either rate is above its bar. One pass: a 2-D histogram of (bins of a, bins of b)
     * per labelled/unlabelled interval, then 2-D prefix sums give the quiet intervals of every pair.
     * An interval has a value only when both rules have one.
     */
    public GridResult sweepGrid(History h, RateRule a, double[] ta, RateRule b, double[] tb, Labels labels, Progress progress) {
        long t0 = System.nanoTime();
        double[] tha = checkAscending(ta), thb = checkAscending(tb);
        if (a.layer() != b.layer()) throw new IllegalArgumentException("both rules must grade the same layer to be scored against one label set");
        RuleColumns pa = RuleColumns.of(h, a, labels), pb = RuleColumns.of(h, b, labels);
        int nPorts = h.ports().size();
        int chunks = Math.max(1, Math.min(nPorts, parallelism * 8));
        Cancellation cancel = Cancellation.ofCurrentThread();
        int[] bounds = new int[chunks + 1];
        for (int c = 0; c <= chunks; c++) bounds[c] = (int) ((long) nPorts * c / chunks);
        int wa = tha.length + 1, wb = thb.length + 1;
        ForkJoinPool pool = new ForkJoinPool(parallelism);
        try {
            List<ForkJoinTask<long[]>> tasks = new ArrayList<>(chunks);
            for (int c = 0; c < chunks; c++) {
                int pLo = bounds[c], pHi = bounds[c + 1];
                tasks.add(pool.submit(() -> {
                    long[] acc = new long[2 * wa * wb + 3];           // pos hist, neg hist, intervals, measured, pos unmeasured
                    for (int p = pLo; p < pHi; p++) {
                        cancel.check();
                        for (int r = h.firstRow(p) + 1; r < h.firstRow(p + 1); r++) {
                            acc[2 * wa * wb]++;
                            double ra = pa.value(r);
                            double rb = Double.isNaN(ra) ? Double.NaN : pb.value(r);
                            if (Double.isNaN(rb)) {
                                if (pa.positive.get(r)) acc[2 * wa * wb + 2]++;
                                continue;
                            }
                            acc[2 * wa * wb + 1]++;
                            int cell = countBelow(tha, ra) * wb + countBelow(thb, rb);
                            acc[(pa.positive.get(r) ? 0 : wa * wb) + cell]++;
                        }
                    }
                    return acc;
                }));
            }
            long[] total = new long[2 * wa * wb + 3];
            for (int c = 0; c < chunks; c++) {
                long[] part = tasks.get(c).join();
                for (int i = 0; i < total.length; i++) total[i] += part[i];
                progress.update("grid " + a.name() + " x " + b.name(), bounds[c + 1], nPorts);
            }
            return Scores.grid(a, b, name(), tha, thb, total, h.days(), (System.nanoTime() - t0) / 1_000_000);
        } finally {
            pool.shutdown();
        }
    }

    /** Per class: the labelled and unlabelled histograms and the counts. */
    static final class Partial {
        final long[][] pos, neg;
        final long[] intervals, measured, posUnmeasured;

        Partial(int classes, int nThresholds) {
            pos = new long[classes][nThresholds + 1];
            neg = new long[classes][nThresholds + 1];
            intervals = new long[classes];
            measured = new long[classes];
            posUnmeasured = new long[classes];
        }

        void add(Partial o) {
            for (int c = 0; c < pos.length; c++) {
                for (int i = 0; i < pos[c].length; i++) { pos[c][i] += o.pos[c][i]; neg[c][i] += o.neg[c][i]; }
                intervals[c] += o.intervals[c];
                measured[c] += o.measured[c];
                posUnmeasured[c] += o.posUnmeasured[c];
            }
        }
    }

    private static void scan(int lo, int hi, RuleColumns plan, double[] th, Partial out, int cls) {
        java.util.BitSet positive = plan.positive;
        long[] pos = out.pos[cls], neg = out.neg[cls];
        long intervals = 0, measured = 0, posUnmeasured = 0;
        for (int r = lo + 1; r < hi; r++) {
            intervals++;
            double rate = plan.value(r);
            if (Double.isNaN(rate)) {
                if (positive.get(r)) posUnmeasured++;
                continue;
            }
            measured++;
            int k = countBelow(th, rate);
            if (positive.get(r)) pos[k]++; else neg[k]++;
        }
        out.intervals[cls] += intervals;
        out.measured[cls] += measured;
        out.posUnmeasured[cls] += posUnmeasured;
    }

    /** How many of the ascending thresholds lie strictly below {@code x}. */
    static int countBelow(double[] th, double x) {
        if (!(x > th[0])) return 0;   // most intervals: at or below the lowest bar
        int lo = 1, hi = th.length;
        while (lo < hi) {
            int mid = (lo + hi) >>> 1;
            if (th[mid] < x) lo = mid + 1; else hi = mid;
        }
        return lo;
    }

    static double[] checkAscending(double[] thresholds) {
        if (thresholds.length == 0) throw new IllegalArgumentException("need at least one threshold");
        double[] th = thresholds.clone();
        for (int i = 0; i < th.length; i++) {
            if (Double.isNaN(th[i])) throw new IllegalArgumentException("threshold " + i + " is NaN");
            if (i > 0 && !(th[i] > th[i - 1])) throw new IllegalArgumentException("thresholds must be strictly ascending");
        }
        return th;
    }
}
