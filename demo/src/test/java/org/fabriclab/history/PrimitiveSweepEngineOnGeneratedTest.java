package org.fabriclab.history;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.fabriclab.generate.HistorySet;
import org.junit.jupiter.api.Test;

import tech.tablesaw.api.Table;

/** The default sweep engine against the dataset generator's own truth (moved from the dsl tests with the generator). */
class PrimitiveSweepEngineOnGeneratedTest {
    @Test void matchesTheGeneratorsTruthOnEveryThreshold() {
        HistorySet.Design d = HistorySet.generate(40, 20, 7, HistorySet.COUNTERS, true);
        double[] th = Thresholds.log(100, 100_000, 50);
        long[][] expected = d.expected(th);
        for (int par : new int[] {1, 2, 3}) {
            Table t = new PrimitiveSweepEngine(par).sweep(d.history(), RateRule.congestion(), th, d.labels(), Progress.NONE).table();
            for (int i = 0; i < th.length; i++) {
                assertEquals(expected[i][0], t.longColumn("alerts").getLong(i), "alerts at " + th[i]);
                assertEquals(expected[i][1], t.longColumn("tp").getLong(i), "tp at " + th[i]);
                assertEquals(expected[i][2], t.longColumn("fp").getLong(i), "fp at " + th[i]);
                assertEquals(expected[i][3], t.longColumn("fn").getLong(i), "fn at " + th[i]);
            }
        }
        assertTrue(expected[0][1] > 0, "the small design has labelled congestion");
    }
}
