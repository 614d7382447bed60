import java.nio.file.Path;
import java.util.List;
import java.util.SplittableRandom;

import org.fabriclab.capture.Input;
import org.fabriclab.capture.Readers;
import org.fabriclab.history.History;
import org.fabriclab.history.Labels;
import org.fabriclab.history.RateRule;
import org.fabriclab.history.Thresholds;
import org.fabriclab.verdict.FleetClassifier;
import org.fabriclab.verdict.Profiles;

/**
 * One long DSL operation, timed in a fresh JVM (run by bench/kernel_flags.py under the kernel's JVM
 * flags and under JVM defaults): "history DIR" (History.load of DIR/history.csv.gz, then the
 * congestion sweep over 50 thresholds), "parse FILE" (capture() of a perfquery -x -l dump), "classify
 * PORTS" (the fleet classifier). Prints "@@op NAME RUN MILLIS" per run; the first run includes the
 * JIT's warm-up, as a notebook's first run of a cell does.
 */
public class KernelFlagsBench {
    public static void main(String[] a) {
        int runs = Integer.parseInt(a[2]);
        switch (a[0]) {
            case "history" -> {
                Path dir = Path.of(a[1]);
                Labels labels = Labels.load(dir.resolve("labels.csv"));
                for (int i = 1; i <= runs; i++) {
                    long t0 = System.nanoTime();
                    History h = History.load(dir.resolve("history.csv.gz"));
                    long t1 = System.nanoTime();
                    h.sweep(RateRule.congestion(), Thresholds.log(100, 100_000, 50), labels);
                    long t2 = System.nanoTime();
                    print("history-load", i, t1 - t0);
                    print("history-sweep", i, t2 - t1);
                }
            }
            case "parse" -> {
                for (int i = 1; i <= runs; i++) {
                    long t0 = System.nanoTime();
                    int n = Readers.standard().read(Input.of(Path.of(a[1]))).readings().size();
                    print("capture", i, System.nanoTime() - t0);
                    if (n == 0) throw new IllegalStateException("no readings");
                }
            }
            case "classify" -> {
                int ports = Integer.parseInt(a[1]);
                FleetClassifier fc = new FleetClassifier(Profiles.named("ib"));
                int n = fc.counters().size();
                SplittableRandom rnd = new SplittableRandom(1);
                long[][] before = new long[n][ports], after = new long[n][ports];
                double[] bytes = new double[ports];
                for (int p = 0; p < ports; p++) {
                    bytes[p] = 1e12;
                    for (int c = 0; c < n; c++) {
                        before[c][p] = rnd.nextLong(1000);
                        after[c][p] = rnd.nextInt(10) == 0 ? before[c][p] + rnd.nextLong(2_000_000) : before[c][p];
                    }
                }
                for (int i = 1; i <= runs; i++) {
                    long t0 = System.nanoTime();
                    fc.classify(before, after, bytes, 1000);
                    print("classify", i, System.nanoTime() - t0);
                }
            }
            default -> throw new IllegalArgumentException("history DIR RUNS | parse FILE RUNS | classify PORTS RUNS");
        }
        System.exit(0);
    }

    private static void print(String op, int run, long nanos) {
        System.out.printf("@@op %s %d %.1f%n", op, run, nanos / 1e6);
    }
}
