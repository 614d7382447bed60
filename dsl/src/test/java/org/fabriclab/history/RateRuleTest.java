package org.fabriclab.history;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import org.fabriclab.catalogue.Catalogue;
import org.fabriclab.catalogue.Direction;
import org.fabriclab.catalogue.Layer;
import org.fabriclab.catalogue.Role;
import org.junit.jupiter.api.Test;

import tech.tablesaw.api.Table;

/** Rules beyond congestion, built from catalogue roles, swept by the primitive engine on {@link RoleRules}; values by hand. */
class RateRuleTest {
    static SweepResult sweep(RateRule rule, double... th) {
        return new PrimitiveSweepEngine(2).sweep(RoleRules.history(), rule, th, RoleRules.labels(), Progress.NONE);
    }

    static List<Long> col(SweepResult r, String c) { return r.table().longColumn(c).asList(); }

    @Test void rolesResolveToTheCatalogueCountersTheHistoryHolds() {
        Catalogue cat = Catalogue.standard();
        var r = RateRule.symbolErrorsPerHour().resolve("h", RoleRules.history().counters());
        assertEquals(List.of("SymbolErrorCounter"), r.counters());
        assertTrue(cat.counters(Role.SYMBOL).contains("SymbolErrorCounter"));
        assertEquals(null, r.denominator());
        var d = RateRule.dropRate().resolve("h", RoleRules.history().counters());
        assertEquals(List.of("rx_discards_phy"), d.counters());
        assertEquals("rx_packets_phy", d.denominator());
        assertEquals(Layer.LOSSLESS_BROKEN, RateRule.dropRate().layer());
        assertEquals(Layer.PHYSICAL, RateRule.symbolErrorsPerHour().layer());
        assertEquals("tx_bytes_phy", RateRule.ber().resolve("h", RoleRules.history().counters()).denominator());
        assertEquals("per hour", RateRule.symbolErrorsPerHour().unit());
        assertEquals("", RateRule.measured("effective_ber").unit());
    }

    @Test void symbolErrorsPerHour() {
        SweepResult r = sweep(RateRule.symbolErrorsPerHour(), 10, 100, 500);
        assertEquals(10, r.intervals());
        assertEquals(9, r.measured());                    // s: the reset at its last sample
        assertEquals(2, r.positives());
        assertEquals(1, r.positivesUnmeasured());         // s's incident runs into the reset
        assertEquals(1 / 48.0, r.days(), 1e-12);
        assertEquals(List.of(5L, 3L, 1L), col(r, "alerts")); // h 144, 12; s 12, 240, 720
        assertEquals(List.of(2L, 2L, 1L), col(r, "tp"));
        assertEquals(List.of(3L, 1L, 0L), col(r, "fp"));
        assertEquals(List.of(0L, 0L, 1L), col(r, "fn"));
    }

    @Test void packetDropRateAndDropsPerGb() {
        SweepResult rate = sweep(RateRule.dropRate(), 1e-6, 5e-4);         // h 1e-5, 1e-3; s 2.5e-4
        assertEquals(List.of(3L, 1L), col(rate, "alerts"));
        assertEquals(List.of(1L, 1L), col(rate, "tp"));
        SweepResult gb = sweep(RateRule.of(Role.DISCARD, Direction.RX).perGb(), 5, 500);   // h 10, 1000; s 250
        assertEquals(List.of(3L, 1L), col(gb, "alerts"));
        assertEquals("rx discard per GB", gb.rule().name());
    }

    @Test void berPerBitMoved() {
        SweepResult r = sweep(RateRule.ber(), 1e-9, 2e-9);   // h 1.5e-9, 1.25e-10; s 6.25e-11, 1.25e-9, 3.75e-9
        assertEquals(List.of(3L, 1L), col(r, "alerts"));
        assertEquals(List.of(2L, 1L), col(r, "tp"));
    }

    @Test void errorCountsWithAnAllowanceAsIbqueryerrorsThresholds() {
        RateRule five = RateRule.of(RateRule.Term.counter("SymbolErrorCounter").allowing(5)).perInterval();
        SweepResult r = sweep(five, 0, 10);                  // counts above 5: h 12 -> 7; s 20 -> 15, 60 -> 55
        assertEquals(List.of(3L, 2L), col(r, "alerts"));
        Map<String, Long> file = new LinkedHashMap<>();
        file.put("SymbolErrorCounter", 5L);
        RateRule th = RateRule.errorThresholds(file);
        assertEquals(Layer.PHYSICAL, th.layer());
        assertEquals(col(r, "alerts"), col(sweep(th, 0, 10), "alerts"));
        assertEquals(List.of(5L), col(sweep(RateRule.errorCount("SymbolErrorCounter"), 0), "alerts"));   // any error: 1, 12, 1, 20, 60
        assertThrows(IllegalArgumentException.class, () -> RateRule.of(RateRule.Term.counter("SymbolErrorCounter").allowing(5)).perHour());
    }

    @Test void ibqueryerrorsThresholdFile() {
        var file = new org.fabriclab.capture.topology.ErrorThresholdsReader().read(org.fabriclab.capture.Input.ofText("error_thresholds",
                "# Define error thresholds\nSymbolErrorCounter=0x5\nLinkDownedCounter=3\n"));
        RateRule r = RateRule.errorThresholds(file, RoleRules.history());      // the history holds SymbolErrorCounter only
        assertEquals(List.of("SymbolErrorCounter"), r.resolve("h", RoleRules.history().counters()).counters());
        assertEquals(5, r.terms().get(0).allowance());                           // 0x5, read as strtoul does
        assertEquals(List.of(3L, 2L), col(sweep(r, 0, 10), "alerts"));
        var none = new org.fabriclab.capture.topology.ErrorThresholdsReader().read(org.fabriclab.capture.Input.ofText("t", "LinkDownedCounter=1\n"));
        RateRule zero = RateRule.errorThresholds(none, RoleRules.history());   // a field the file does not name: threshold 0
        assertEquals(0, zero.terms().get(0).allowance());
        assertThrows(IllegalArgumentException.class, () -> RateRule.errorThresholds(none, History.of(org.fabriclab.series.Series.of(
                new String[] {"x"}, new int[] {0, 1}, new long[] {1}, Map.of("tx_bytes_phy", new long[] {1}), Map.of(), null, null))));
    }

    @Test void measurementsAreReadAtTheIntervalsEnd() {
        SweepResult r = sweep(RateRule.measured("effective_ber"), 1e-12);
        assertEquals(9, r.measured());                       // h: one NaN sample
        assertEquals(List.of(4L), col(r, "alerts"));         // h 2e-12, 1e-11; s 5e-12, 1e-10
    }

    @Test void aMissingRoleCounterIsNamedWithItsCandidates() {
        var e = assertThrows(IllegalArgumentException.class, () -> sweep(RateRule.of(Role.SYMBOL).per(Role.PACKETS, Direction.TX), 1));
        assertTrue(e.getMessage().contains("tx_packets_phy"), e.getMessage());
        var g = assertThrows(IllegalArgumentException.class, () -> sweep(RateRule.measured("raw_ber"), 1));
        assertTrue(g.getMessage().contains("raw_ber"), g.getMessage());
    }

    @Test void standardRulesByNameAndTheirGrids() {
        for (String n : RateRule.STANDARD) {
            RateRule r = RateRule.standard(n);
            double[] g = Thresholds.forRule(r);
            for (int i = 1; i < g.length; i++) assertTrue(g[i] > g[i - 1], n);
        }
        assertEquals(RateRule.congestion(), RateRule.standard("congestion"));
        assertEquals(0.0, Thresholds.forRule(RateRule.standard("symbol-errors-per-interval"))[0]);
        assertEquals(1e-15, Thresholds.forRule(RateRule.ber())[0]);
        assertEquals(List.of(1L, 0L), col(sweep(RateRule.standard("drops-per-gb"), 500, 5000), "alerts"));
        var e = assertThrows(IllegalArgumentException.class, () -> RateRule.standard("nope"));
        assertTrue(e.getMessage().contains("symbol-errors-per-hour"), e.getMessage());
    }

    @Test void theChoiceNamesTheRulesUnit() {
        SweepResult r = sweep(RateRule.symbolErrorsPerHour(), 10, 100, 500);
        Choice c = r.choose(Choose.maxRecallWithin(96));
        assertEquals(500, c.threshold());
        assertTrue(c.explanation().contains("above 500 per hour"), c.explanation());
        Table t = r.table();
        assertEquals(3, t.rowCount());
    }
}
