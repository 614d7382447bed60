package org.fabriclab.engines.spark;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.util.List;

import org.fabriclab.capture.CaptureException;
import org.fabriclab.engines.Agreement;
import org.fabriclab.engines.duckdb.DuckDbParquet;
import org.fabriclab.engines.Histories;
import org.fabriclab.history.ClassSweep;
import org.fabriclab.history.History;
import org.fabriclab.history.HistoryFile;
import org.fabriclab.history.Labels;
import org.fabriclab.history.PortClasses;
import org.fabriclab.history.PrimitiveSweepEngine;
import org.fabriclab.history.Progress;
import org.fabriclab.history.RateRule;
import org.fabriclab.history.SweepEngines;
import org.fabriclab.history.SweepResult;
import org.fabriclab.history.Thresholds;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class SparkSweepEngineTest {
    static SparkSweepEngine spark;
    @TempDir Path dir;

    @BeforeAll static void start() { spark = (SparkSweepEngine) SweepEngines.spark("local[2]"); }

    @AfterAll static void stop() { spark.close(); }

    @Test void everyKindOfIntervalGivesTheSameTableAsTheInMemoryEngine() {
        double[] th = {150, 1000, 2500};
        for (History h : List.of(Histories.handmade(), Histories.pegged())) {
            for (RateRule rule : List.of(RateRule.congestion(), RateRule.congestion().withCombine(RateRule.Combine.SUM))) {
                SweepResult mem = new PrimitiveSweepEngine(1).sweep(h, rule, th, Histories.labels(), Progress.NONE);
                SweepResult s = spark.sweep(h, rule, th, Histories.labels(), Progress.NONE);
                assertEquals("spark", s.engine());
                Agreement.same(mem, s, 1e9);
            }
        }
    }

    @Test void rulesBeyondCongestionAndPortClassesAgree() {
        History h = Histories.roles();
        PortClasses classes = PortClasses.of(h);
        for (RateRule rule : Histories.beyondCongestion()) {
            double[] th = Histories.grid(rule);
            ClassSweep mem = new PrimitiveSweepEngine(1).sweep(h, rule, th, Histories.roleLabels(), classes, Progress.NONE);
            ClassSweep s = spark.sweep(h, rule, th, Histories.roleLabels(), classes, Progress.NONE);
            Agreement.same(mem, s, 1e6);
        }
    }

    @Test void theBundledHistoryGivesTheSameTableOverCsvGzipAndParquet() {
        Path csv = Histories.BUNDLED.resolve("history.csv.gz");
        Labels labels = Labels.load(Histories.BUNDLED.resolve("labels.csv"));
        double[] th = Thresholds.log(100, 100_000, 50);
        History h = History.load(csv);
        SweepResult mem = new PrimitiveSweepEngine(2).sweep(h, RateRule.congestion(), th, labels, Progress.NONE);
        Agreement.same(mem, spark.sweep(HistoryFile.of(csv), RateRule.congestion(), th, labels, Progress.NONE), 50);
        Path pq = dir.resolve("history.parquet");
        new DuckDbParquet().write(h, pq);
        Agreement.same(mem, spark.sweep(HistoryFile.of(pq), RateRule.congestion(), th, labels, Progress.NONE), 50);
    }

    /** The bundled history as pandas writes it (ForeignColumns' mapping in Spark SQL) gives the table of the project's own file. */
    @Test void aPandasShapedParquetHistoryGivesTheSameTable() throws Exception {
        Labels labels = Labels.load(Histories.BUNDLED.resolve("labels.csv"));
        double[] th = Thresholds.log(100, 100_000, 50);
        History h = History.load(Histories.BUNDLED.resolve("history.csv.gz"));
        SweepResult mem = new PrimitiveSweepEngine(2).sweep(h, RateRule.congestion(), th, labels, Progress.NONE);
        Path own = dir.resolve("history.parquet"), pandas = dir.resolve("history-pandas.parquet");
        new DuckDbParquet().write(h, own);
        Histories.pandasShaped(h, own, pandas);
        Agreement.same(mem, spark.sweep(HistoryFile.of(pandas), RateRule.congestion(), th, labels, Progress.NONE), 50);
    }

    @Test void aMissingCounterIsNamed() {
        var e = assertThrows(RuntimeException.class, () -> spark.sweep(HistoryFile.of(dir.resolve("none.parquet")), RateRule.congestion(),
                new double[] {1}, Histories.labels(), Progress.NONE));
        assertTrue(e instanceof CaptureException && e.getMessage().contains("none.parquet"), e.toString());
    }
}
