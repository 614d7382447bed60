package org.fabriclab.history;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;

import org.fabriclab.catalogue.Layer;
import org.fabriclab.delta.Rules;
import org.fabriclab.generate.HistorySet;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

import tech.tablesaw.api.Table;

class GridSweepTest {
    static final RateRule PAUSE = RateRule.perGb("pause per GB", Layer.CONGESTION, RateRule.Combine.MAX, "rx_prio3_pause");
    static final RateRule CNP = RateRule.perGb("CNP per GB", Layer.CONGESTION, RateRule.Combine.MAX, "rp_cnp_handled", "np_cnp_sent");
    static HistorySet.Design design;
    static History h;
    static Labels labels;
    static final double[] TH = Thresholds.log(100, 100_000, 12);

    @BeforeAll static void generate() {
        design = HistorySet.generate(40, 20, 11, HistorySet.COUNTERS, true);
        h = design.history();
        labels = design.labels();
    }

    @Test void theDiagonalIsTheSingleBarOfTheClassifier() {
        Table grid = new PrimitiveSweepEngine(2).sweepGrid(h, PAUSE, TH, CNP, TH, labels, Progress.NONE).table();
        Table one = new PrimitiveSweepEngine(2).sweep(h, RateRule.congestion(), TH, labels, Progress.NONE).table();
        for (int i = 0; i < TH.length; i++) {
            int cell = i * TH.length + i;
            assertEquals(TH[i], grid.doubleColumn("threshold_a").getDouble(cell));
            assertEquals(TH[i], grid.doubleColumn("threshold_b").getDouble(cell));
            for (String c : List.of("alerts", "tp", "fp", "fn")) {
                assertEquals(one.longColumn(c).getLong(i), grid.longColumn(c).getLong(cell), c + " at " + TH[i]);
            }
        }
    }

    @Test void everyCellMatchesABruteForceCount() {
        GridResult g = new PrimitiveSweepEngine(3).sweepGrid(h, PAUSE, TH, CNP, TH, labels, Progress.NONE);
        boolean[] pos = labels.mask(h, Layer.CONGESTION);
        long[] t = h.time(), by = h.values("tx_bytes_phy"), pa = h.values("rx_prio3_pause"), rp = h.values("rp_cnp_handled"),
                np = h.values("np_cnp_sent");
        long measured = 0;
        long[][] alerts = new long[TH.length][TH.length], tps = new long[TH.length][TH.length];
        for (int p = 0; p < h.ports().size(); p++) {
            for (int r = h.firstRow(p) + 1; r < h.firstRow(p + 1); r++) {
                boolean ok = t[r] - t[r - 1] <= h.stepMs() * 3 / 2;
                for (long[] v : List.of(by, pa, rp, np)) ok &= v[r] != Rules.ABSENT && v[r - 1] != Rules.ABSENT && v[r] >= v[r - 1];
                if (!ok || by[r] == by[r - 1]) continue;
                measured++;
                double gb = (by[r] - by[r - 1]) / 1e9;
                double x = (pa[r] - pa[r - 1]) / gb, y = Math.max((rp[r] - rp[r - 1]) / gb, (np[r] - np[r - 1]) / gb);
                for (int i = 0; i < TH.length; i++) {
                    for (int j = 0; j < TH.length; j++) {
                        if (x > TH[i] || y > TH[j]) { alerts[i][j]++; if (pos[r]) tps[i][j]++; }
                    }
                }
            }
        }
        assertEquals(measured, g.measured());
        for (int i = 0; i < TH.length; i++) {
            for (int j = 0; j < TH.length; j++) {
                assertEquals(alerts[i][j], g.table().longColumn("alerts").getLong(i * TH.length + j), "alerts " + i + "," + j);
                assertEquals(tps[i][j], g.table().longColumn("tp").getLong(i * TH.length + j), "tp " + i + "," + j);
            }
        }
        assertTrue(g.maxRecallWithin(1e9).contains("recall 1.000"), g.maxRecallWithin(1e9));
    }
}
