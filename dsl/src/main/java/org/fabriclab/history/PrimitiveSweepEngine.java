package org.fabriclab.history;

import org.fabriclab.work.Cancellation;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ForkJoinPool;
import java.util.concurrent.ForkJoinTask;

import org.fabriclab.catalogue.Kind;
import org.fabriclab.delta.Rules;
import org.fabriclab.delta.Status;
import org.fabriclab.series.Columns;

/**
 * The default engine: one pass over primitive arrays, parallel over ports in a ForkJoin pool.
 * Each interval's rate is placed in a histogram bin (how many thresholds lie strictly below it),
 * one histogram for labelled and one for unlabelled intervals; the alert counts for every
 * threshold are then suffix sums. The cost is one pass plus a binary search per interval,
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

    @Override public SweepResult sweep(History h, RateRule rule, double[] thresholds, Labels labels, Progress progress) {
        long t0 = System.nanoTime();
        double[] th = checkAscending(thresholds);
        Plan plan = Plan.of(h, rule, labels);
        int nPorts = h.ports().size();
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
                    Partial part = new Partial(th.length);
                    for (int p = pLo; p < pHi; p++) { cancel.check(); scan(h.firstRow(p), h.firstRow(p + 1), plan, th, part); }
                    return part;
                }));
            }
            Partial total = new Partial(th.length);
            for (int c = 0; c < chunks; c++) {
                total.add(tasks.get(c).join());
                progress.update("sweep " + rule.name(), bounds[c + 1], nPorts);
            }
            long elapsed = (System.nanoTime() - t0) / 1_000_000;
            return Scores.result(rule, name(), th, total.pos, total.neg, h.days(), total.intervals, total.measured,
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
        Plan pa = Plan.of(h, a, labels), pb = Plan.of(h, b, labels);
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
                            double ra = rate(r, pa.time, pa.gapMs, pa.bytes, pa.bytesCap, pa.bytesScale, pa.num, pa.caps, pa.num.length, pa.sum);
                            double rb = Double.isNaN(ra) ? Double.NaN
                                    : rate(r, pb.time, pb.gapMs, pb.bytes, pb.bytesCap, pb.bytesScale, pb.num, pb.caps, pb.num.length, pb.sum);
                            if (Double.isNaN(rb)) {
                                if (pa.positive[r]) acc[2 * wa * wb + 2]++;
                                continue;
                            }
                            acc[2 * wa * wb + 1]++;
                            int cell = countBelow(tha, ra) * wb + countBelow(thb, rb);
                            acc[(pa.positive[r] ? 0 : wa * wb) + cell]++;
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

    /** The resolved columns of a rule on one history. */
    record Plan(long[] time, long gapMs, long[][] num, long[] caps, boolean sum, long[] bytes, long bytesCap,
                long bytesScale, boolean[] positive) {
        static Plan of(History h, RateRule rule, Labels labels) {
            int n = rule.counters().size();
            long[][] num = new long[n][];
            long[] caps = new long[n];
            for (int i = 0; i < n; i++) {
                String c = rule.counters().get(i);
                Columns col = h.column(c).orElseThrow(() -> new IllegalArgumentException("history '" + h.name()
                        + "' has no counter '" + c + "' that rule '" + rule.name() + "' reads; it has " + h.counters()));
                if (col.kind() == Kind.GAUGE) throw new IllegalArgumentException("'" + c + "' is a gauge: no delta is taken");
                num[i] = h.values(c);
                caps[i] = Rules.capOf(col.field());
            }
            String b = rule.bytesCounter(h);
            Columns bc = h.column(b).orElseThrow();
            return new Plan(h.time(), h.stepMs() + h.stepMs() / 2, num, caps, rule.combine() == RateRule.Combine.SUM,
                    h.values(b), Rules.capOf(bc.field()), bc.scale(), labels.mask(h, rule.layer()));
        }
    }

    static final class Partial {
        final long[] pos, neg;
        long intervals, measured, posUnmeasured;

        Partial(int nThresholds) {
            pos = new long[nThresholds + 1];
            neg = new long[nThresholds + 1];
        }

        void add(Partial o) {
            for (int i = 0; i < pos.length; i++) { pos[i] += o.pos[i]; neg[i] += o.neg[i]; }
            intervals += o.intervals;
            measured += o.measured;
            posUnmeasured += o.posUnmeasured;
        }
    }

    private static void scan(int lo, int hi, Plan plan, double[] th, Partial out) {
        long[] time = plan.time, bytes = plan.bytes;
        long[][] num = plan.num;
        long[] caps = plan.caps;
        boolean[] positive = plan.positive;
        int nc = num.length;
        for (int r = lo + 1; r < hi; r++) {
            out.intervals++;
            double rate = rate(r, time, plan.gapMs, bytes, plan.bytesCap, plan.bytesScale, num, caps, nc, plan.sum);
            if (Double.isNaN(rate)) {
                if (positive[r]) out.posUnmeasured++;
                continue;
            }
            out.measured++;
            int k = countBelow(th, rate);
            if (positive[r]) out.pos[k]++; else out.neg[k]++;
        }
    }

    /** The rule's rate for the interval ending at row {@code r}; NaN when it has no value. */
    static double rate(int r, long[] time, long gapMs, long[] bytes, long bytesCap, long bytesScale, long[][] num,
                       long[] caps, int nc, boolean sum) {
        if (time[r] - time[r - 1] > gapMs) return Double.NaN;
        if (Rules.status(bytes[r - 1], bytes[r], bytesCap) != Status.READABLE) return Double.NaN;
        long moved = (bytes[r] - bytes[r - 1]) * bytesScale;
        if (moved <= 0) return Double.NaN;
        double gb = (double) moved / 1e9;
        double acc = 0;
        for (int c = 0; c < nc; c++) {
            long[] v = num[c];
            if (Rules.status(v[r - 1], v[r], caps[c]) != Status.READABLE) return Double.NaN;
            double x = (double) (v[r] - v[r - 1]) / gb;
            if (sum) acc += x; else if (x > acc) acc = x;
        }
        return acc;
    }

    /** How many of the ascending thresholds lie strictly below {@code x}. */
    static int countBelow(double[] th, double x) {
        int lo = 0, hi = th.length;
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
