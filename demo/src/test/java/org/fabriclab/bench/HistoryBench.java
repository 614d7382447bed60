package org.fabriclab.bench;

import java.util.Arrays;
import java.util.List;
import java.util.Locale;

import org.fabriclab.generate.HistorySet;
import org.fabriclab.history.History;
import org.fabriclab.history.Labels;
import org.fabriclab.history.PrimitiveSweepEngine;
import org.fabriclab.history.Progress;
import org.fabriclab.history.RateRule;
import org.fabriclab.history.SweepResult;
import org.fabriclab.history.Thresholds;

/**
 * The history sweep benchmark: generates PORTS x DAYS of 5-minute samples in memory (primitive
 * arrays, no CSV; the default 2,000 x 90 is 51.8M rows), then times the congestion sweep (reset-
 * and missing-aware deltas, 50 thresholds, precision and recall against the labels) with the
 * {@link PrimitiveSweepEngine}. Not a unit test: run {@code bench/history.sh}.
 *
 * <pre>
 * java -Xmx8g -cp ... org.fabriclab.bench.HistoryBench [ports] [days] [threads] [runs]
 * </pre>
 */
public final class HistoryBench {
    private HistoryBench() {}

    public static void main(String[] args) {
        int ports = args.length > 0 ? Integer.parseInt(args[0]) : 2_000;
        int days = args.length > 1 ? Integer.parseInt(args[1]) : 90;
        int threads = args.length > 2 ? Integer.parseInt(args[2]) : Runtime.getRuntime().availableProcessors();
        int runs = args.length > 3 ? Integer.parseInt(args[3]) : 5;
        System.out.printf(Locale.ROOT, "history sweep benchmark: %d ports x %d days, %d threads, %d processors, %s, max heap %d MB%n",
                ports, days, threads, Runtime.getRuntime().availableProcessors(), System.getProperty("java.vm.name") + " "
                        + System.getProperty("java.version"), Runtime.getRuntime().maxMemory() >> 20);
        long t0 = System.nanoTime();
        HistorySet.Design d = HistorySet.generate(ports, days, 42, List.of("tx_bytes_phy", "rx_prio3_pause", "rp_cnp_handled",
                "np_cnp_sent"), false);
        History h = d.history();
        Labels labels = d.labels();
        double gen = (System.nanoTime() - t0) / 1e9;
        System.out.printf(Locale.ROOT, "generated %,d rows (%d counters, %d labelled incidents) in memory in %.1f s%n",
                h.rows(), h.counters().size(), labels.incidents().size(), gen);
        double[] th = Thresholds.log(100, 100_000, 50);
        PrimitiveSweepEngine engine = new PrimitiveSweepEngine(threads);
        SweepResult warm = engine.sweep(h, RateRule.congestion(), th, labels, Progress.NONE);
        System.out.printf(Locale.ROOT, "warm-up: %.2f s; %s%n", warm.elapsedMs() / 1e3, warm);
        double[] secs = new double[runs];
        SweepResult last = warm;
        for (int i = 0; i < runs; i++) {
            long s = System.nanoTime();
            last = engine.sweep(h, RateRule.congestion(), th, labels, Progress.NONE);
            secs[i] = (System.nanoTime() - s) / 1e9;
            System.out.printf(Locale.ROOT, "run %d: %.3f s (%.0f M rows/s)%n", i + 1, secs[i], h.rows() / secs[i] / 1e6);
        }
        Arrays.sort(secs);
        System.out.printf(Locale.ROOT, "sweep of %,d rows, 50 thresholds: best %.3f s, median %.3f s, worst %.3f s (target <= 8 s on 2 cores)%n",
                h.rows(), secs[0], secs[runs / 2], secs[runs - 1]);
        RateRule pause = RateRule.perGb("pause per GB", org.fabriclab.catalogue.Layer.CONGESTION, RateRule.Combine.MAX, "rx_prio3_pause");
        RateRule cnp = RateRule.perGb("CNP per GB", org.fabriclab.catalogue.Layer.CONGESTION, RateRule.Combine.MAX, "rp_cnp_handled",
                "np_cnp_sent");
        long g0 = System.nanoTime();
        var grid = engine.sweepGrid(h, pause, th, cnp, th, labels, Progress.NONE);
        System.out.printf(Locale.ROOT, "two-bar grid (pause x CNP, 50 x 50 = 2500 pairs): %.3f s; %s%n", (System.nanoTime() - g0) / 1e9,
                grid.maxRecallWithin(500));
        var t = last.table();
        int i = t.doubleColumn("threshold").indexOf(1100.0);
        System.out.printf(Locale.ROOT, "check: at 1100 per GB %d alerts, precision %.3f, recall %.3f; %d of %d intervals measured%n",
                t.longColumn("alerts").getLong(Math.max(i, 0)), t.doubleColumn("precision").getDouble(Math.max(i, 0)),
                t.doubleColumn("recall").getDouble(Math.max(i, 0)), last.measured(), last.intervals());
    }
}
