package org.fabriclab.history;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import org.fabriclab.catalogue.Layer;
import org.fabriclab.catalogue.Source;
import org.fabriclab.delta.Rules;
import org.junit.jupiter.api.Test;

import tech.tablesaw.api.Table;

class PrimitiveSweepEngineTest {
    static final long T0 = 1_700_000_000_000L, STEP = 300_000L;
    static final long X = Rules.ABSENT;

    /** One port, every kind of interval: readable, missing sample, reset, gap, no traffic. */
    static History handmade() {
        long gb = 1_000_000_000L;
        long[] time = new long[10];
        for (int i = 0; i < 10; i++) time[i] = T0 + (i < 7 ? i : i + 2) * STEP;        // rows 7..9 after a 3-step gap
        long[] bytes = {1000 * gb, 1010 * gb, 1020 * gb, X, 1040 * gb, 5 * gb, 15 * gb, 25 * gb, 25 * gb, 45 * gb};
        long[] pause = {100, 20_100, 25_100, X, 25_100, 0, 0, 0, 0, 2_000};
        long[] rp = {0, 0, 0, X, 0, 0, 30_000, 30_000, 30_000, 30_000};
        long[] np = {0, 0, 0, X, 0, 0, 0, 0, 0, 4_000};
        Map<String, long[]> c = new LinkedHashMap<>();
        c.put("tx_bytes_phy", bytes);
        c.put("rx_prio3_pause", pause);
        c.put("rp_cnp_handled", rp);
        c.put("np_cnp_sent", np);
        return History.of("handmade", List.of("a"), time, new int[10], c, Map.of(), STEP);
    }

    static Labels labels() {
        return Labels.of(List.of(
                new Labels.Incident("a", Layer.CONGESTION, T0 + STEP, T0 + STEP, "one interval"),
                new Labels.Incident("a", Layer.CONGESTION, T0 + 5 * STEP, T0 + 6 * STEP, "reset then CNP"),
                new Labels.Incident("a", Layer.PHYSICAL, T0, T0 + 20 * STEP, "another layer: ignored"),
                new Labels.Incident("zz", Layer.CONGESTION, T0, T0 + 20 * STEP, "a port the history lacks")));
    }

    @Test void countsEveryKindOfIntervalByHand() {
        SweepResult r = new PrimitiveSweepEngine(2).sweep(handmade(), RateRule.congestion(), new double[] {150, 1000, 2500},
                labels(), Progress.NONE);
        assertEquals(9, r.intervals());
        assertEquals(4, r.measured());              // rows 1 (2000/GB), 2 (500), 6 (3000, CNP), 9 (200, CNP sent)
        assertEquals(2, r.positives());
        assertEquals(1, r.positivesUnmeasured());   // row 5: the reset
        assertEquals(1 / 24.0, r.days(), 1e-12);    // 12 steps of 5 minutes: one hour
        Table t = r.table();
        assertEquals(List.of(4L, 2L, 1L), t.longColumn("alerts").asList());
        assertEquals(List.of(2L, 2L, 1L), t.longColumn("tp").asList());
        assertEquals(List.of(2L, 0L, 0L), t.longColumn("fp").asList());
        assertEquals(List.of(0L, 0L, 1L), t.longColumn("fn").asList());
        assertEquals(0.5, t.doubleColumn("precision").getDouble(0), 1e-12);
        assertEquals(0.5, t.doubleColumn("recall").getDouble(2), 1e-12);
        assertEquals(4 * 24.0, t.doubleColumn("alerts_per_day").getDouble(0), 1e-9);
    }

    @Test void sumCombinesWhereMaxDoesNot() {
        RateRule sum = new RateRule("sum", Layer.CONGESTION, RateRule.Combine.SUM,
                List.of("rx_prio3_pause", "rp_cnp_handled", "np_cnp_sent"), RateRule.BYTES);
        double[] th = {250};
        var max = new PrimitiveSweepEngine(1).sweep(handmade(), RateRule.congestion(), th, labels(), Progress.NONE);
        var add = new PrimitiveSweepEngine(1).sweep(handmade(), sum, th, labels(), Progress.NONE);
        assertEquals(3, max.table().longColumn("alerts").getLong(0));   // row 9: max(100, 200) = 200 <= 250
        assertEquals(4, add.table().longColumn("alerts").getLong(0));   // row 9: 100 + 200 = 300 > 250
    }

    @Test void aPeggedByteCounterGivesNoValue() {
        long[] time = {T0, T0 + STEP, T0 + 2 * STEP, T0 + 3 * STEP};
        Map<String, long[]> c = new LinkedHashMap<>();
        c.put("PortXmitData", new long[] {4_000_000_000L, 4_100_000_000L, 4_294_967_295L, 4_294_967_295L});   // 32-bit classic
        c.put("rx_prio3_pause", new long[] {0, 4_000_000, 8_000_000, 9_000_000});
        History h = History.of("pegged", List.of("p"), time, new int[4], c, Map.of("PortXmitData", Source.PERFQUERY), STEP);
        SweepResult r = h.sweep(RateRule.congestion().withCounters(List.of("rx_prio3_pause")), new double[] {1}, Labels.of(List.of()));
        assertEquals(3, r.intervals());
        assertEquals(1, r.measured());                                   // only the first: 1e8 words = 0.4 GB, 1e7 per GB
        assertEquals(1, r.table().longColumn("alerts").getLong(0));
    }

    @Test void reportsProgressToTheEnd() {
        long[] last = {0, 0};
        new PrimitiveSweepEngine(2).sweep(handmade(), RateRule.congestion(), new double[] {1}, labels(),
                (stage, done, total) -> { last[0] = done; last[1] = total; });
        assertEquals(last[1], last[0]);
        assertEquals(1, last[1]);
    }

    @Test void rejectsBadThresholdsAndMissingCounters() {
        var e = new PrimitiveSweepEngine(1);
        assertThrows(IllegalArgumentException.class, () -> e.sweep(handmade(), RateRule.congestion(), new double[] {5, 5}, labels(), Progress.NONE));
        assertThrows(IllegalArgumentException.class, () -> e.sweep(handmade(), RateRule.congestion(), new double[0], labels(), Progress.NONE));
        var bad = RateRule.perGb("x", Layer.PHYSICAL, RateRule.Combine.MAX, "SymbolErrorCounter");
        var ex = assertThrows(IllegalArgumentException.class, () -> e.sweep(handmade(), bad, new double[] {1}, labels(), Progress.NONE));
        assertTrue(ex.getMessage().contains("SymbolErrorCounter"), ex.getMessage());
    }
}
