package org.fabriclab.bench;

import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.SplittableRandom;

import org.fabriclab.verdict.Classifier;
import org.fabriclab.verdict.FleetClassifier;
import org.fabriclab.verdict.Profile;
import org.fabriclab.verdict.Profiles;

/**
 * Classify throughput, in port-verdicts per second, single thread: the fleet path (primitive columns,
 * {@link FleetClassifier}) and the per-port path on maps ({@link Classifier#classify}). Run with
 * {@code bench/run-java.sh org.fabriclab.bench.ClassifyBench [ports]}.
 */
public final class ClassifyBench {
    public static void main(String[] args) {
        int ports = args.length > 0 ? Integer.parseInt(args[0]) : 1_000_000;
        for (String fabric : List.of("ib", "roce")) {
            Profile profile = Profiles.named(fabric);
            FleetClassifier fc = new FleetClassifier(profile);
            int n = fc.counters().size();
            SplittableRandom rnd = new SplittableRandom(1);
            long[][] before = new long[n][ports], after = new long[n][ports];
            double[] bytes = new double[ports];
            for (int p = 0; p < ports; p++) {
                bytes[p] = 1e12;
                for (int i = 0; i < n; i++) {
                    long b = rnd.nextLong(1000);
                    before[i][p] = b;
                    after[i][p] = rnd.nextInt(10) == 0 ? b + rnd.nextLong(2_000_000) : b;
                }
            }
            long sink = 0;
            double best = 0;
            for (int iter = 0; iter < 7; iter++) {
                long t0 = System.nanoTime();
                FleetClassifier.Result r = fc.classify(before, after, bytes, 1000);
                long t1 = System.nanoTime();
                sink += r.label(iter).length();
                double rate = ports / ((t1 - t0) / 1e9);
                best = Math.max(best, rate);
                System.out.printf("fleet %-4s iteration %d: %,.0f port-verdicts/s%n", fabric, iter, rate);
            }
            System.out.printf("fleet %-4s best: %,.0f port-verdicts/s (%d counters per port)%n", fabric, best, n);

            int mapPorts = Math.min(ports, 200_000);
            List<String> names = fc.counters();
            @SuppressWarnings("unchecked") Map<String, Long>[] bm = new Map[mapPorts], am = new Map[mapPorts];
            for (int p = 0; p < mapPorts; p++) {
                bm[p] = new HashMap<>(); am[p] = new HashMap<>();
                for (int i = 0; i < n; i++) { bm[p].put(names.get(i), before[i][p]); am[p].put(names.get(i), after[i][p]); }
            }
            double bestMap = 0;
            for (int iter = 0; iter < 5; iter++) {
                long t0 = System.nanoTime();
                for (int p = 0; p < mapPorts; p++) sink += Classifier.classify(profile, bm[p], am[p], 1e12, 1000).verdict().length();
                double rate = mapPorts / ((System.nanoTime() - t0) / 1e9);
                bestMap = Math.max(bestMap, rate);
            }
            System.out.printf("per-port maps %-4s best: %,.0f port-verdicts/s%n", fabric, bestMap);
            if (sink == 42) System.out.println();
        }
    }
}
