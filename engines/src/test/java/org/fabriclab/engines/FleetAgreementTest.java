package org.fabriclab.engines;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.util.List;
import java.util.Map;

import org.fabriclab.engines.duckdb.DuckDbParquet;
import org.fabriclab.engines.spark.SparkSweepEngine;
import org.fabriclab.generate.HistorySet;
import org.fabriclab.history.History;
import org.fabriclab.history.HistoryFile;
import org.fabriclab.history.Labels;
import org.fabriclab.history.PrimitiveSweepEngine;
import org.fabriclab.history.Progress;
import org.fabriclab.history.RateRule;
import org.fabriclab.history.SweepEngines;
import org.fabriclab.history.SweepResult;
import org.fabriclab.history.Thresholds;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The three engines on a generated fleet of 2,000 ports x 30 days (17.3M rows): the in-memory
 * engine on the generator's columns, DuckDB and Spark ({@code local[2]}) over the same history
 * written as Parquet. The same 50-row table and the same choice, and both match the generator's own
 * expected sweep (computed from its design, without any engine). The one long test of the module.
 */
class FleetAgreementTest {
    @TempDir Path dir;

    @Test void primitiveDuckDbAndSparkAgreeOnTwoThousandPortsForThirtyDays() {
        HistorySet.Design d = HistorySet.generate(2_000, 30, 42, List.of("tx_bytes_phy", "rx_prio3_pause", "rp_cnp_handled", "np_cnp_sent"), true);
        History h = d.history();
        Labels labels = d.labels();
        assertEquals(17_256_000, h.rows());
        double[] th = Thresholds.log(100, 100_000, 50);
        SweepResult mem = new PrimitiveSweepEngine(2).sweep(h, RateRule.congestion(), th, labels, Progress.NONE);
        long[][] expected = d.expected(th);
        for (int i = 0; i < th.length; i++) {
            assertEquals(expected[i][0], mem.table().longColumn("alerts").getLong(i), "alerts at " + th[i]);
            assertEquals(expected[i][1], mem.table().longColumn("tp").getLong(i), "tp at " + th[i]);
        }
        Path pq = dir.resolve("fleet.parquet");
        new DuckDbParquet().write(h, pq);
        HistoryFile f = HistoryFile.of(pq);
        SweepResult duck = SweepEngines.named("duckdb", Map.of("memory_limit", "2GB")).sweep(f, RateRule.congestion(), th, labels, Progress.NONE);
        Agreement.same(mem, duck, 50);
        try (SparkSweepEngine spark = (SparkSweepEngine) SweepEngines.spark("local[2]")) {
            Agreement.same(mem, spark.sweep(f, RateRule.congestion(), th, labels, Progress.NONE), 50);
        }
        assertTrue(mem.positives() > 0 && mem.measured() < mem.intervals(), "the fleet has labelled intervals and intervals without value");
    }
}
