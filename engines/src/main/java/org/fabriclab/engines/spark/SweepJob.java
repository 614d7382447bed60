package org.fabriclab.engines.spark;

import java.nio.file.Path;
import java.util.Map;

import org.fabriclab.history.Choose;
import org.fabriclab.history.HistoryFile;
import org.fabriclab.history.Labels;
import org.fabriclab.history.Progress;
import org.fabriclab.history.RateRule;
import org.fabriclab.history.SweepResult;
import org.fabriclab.history.Thresholds;

/**
 * The congestion sweep as a Spark application, for {@code spark-submit}: prints the score table
 * (CSV) and the choice.
 *
 * <pre>
 * spark-submit --class org.fabriclab.engines.spark.SweepJob \
 *   --jars fabriclab-dsl.jar,tablesaw-core.jar,... fabriclab-engines.jar \
 *   hdfs:///fleet/history.parquet labels.csv [lo hi n] [alerts-per-day]
 * </pre>
 */
public final class SweepJob {
    private SweepJob() {}

    public static void main(String[] args) {
        if (args.length < 2) {
            System.err.println("usage: SweepJob HISTORY(.parquet|.csv|.csv.gz) LABELS.csv [LO HI N] [ALERTS_PER_DAY]");
            System.exit(2);
        }
        double lo = args.length > 4 ? Double.parseDouble(args[2]) : 100, hi = args.length > 4 ? Double.parseDouble(args[3]) : 100_000;
        int n = args.length > 4 ? Integer.parseInt(args[4]) : 50;
        double budget = args.length == 3 ? Double.parseDouble(args[2]) : args.length > 5 ? Double.parseDouble(args[5]) : 50;
        try (SparkSweepEngine e = new SparkSweepEngine(Map.of())) {
            SweepResult r = e.sweep(HistoryFile.of(Path.of(args[0])), RateRule.congestion(), Thresholds.log(lo, hi, n),
                    Labels.load(Path.of(args[1])), Progress.NONE);
            System.out.println(r.table().write().toString("csv"));
            System.out.println(r);
            System.out.println(r.choose(Choose.maxRecallWithin(budget)).explanation());
        }
    }
}
