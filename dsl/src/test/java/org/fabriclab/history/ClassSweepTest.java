package org.fabriclab.history;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;

import org.junit.jupiter.api.Test;

/** Sweeps by port class and one bar per class, on {@link RoleRules} (h host-switch, s switch-switch). */
class ClassSweepTest {
    static final double[] TH = {10, 100, 500};

    static ClassSweep sweep() {
        History h = RoleRules.history();
        return new PrimitiveSweepEngine(2).sweep(h, RateRule.symbolErrorsPerHour(), TH, RoleRules.labels(), PortClasses.of(h), Progress.NONE);
    }

    @Test void classesComeFromTheHistorysLinkKinds() {
        PortClasses c = PortClasses.of(RoleRules.history());
        assertEquals(List.of(PortClasses.SWITCH_SWITCH, PortClasses.HOST_SWITCH, PortClasses.UNCLASSIFIED), c.names());
        assertEquals(PortClasses.HOST_SWITCH, c.of("h"));
        assertEquals(PortClasses.UNCLASSIFIED, c.of("not a port"));
    }

    @Test void eachClassHasItsTableAndTheirSumIsThePlainSweep() {
        ClassSweep s = sweep();
        assertEquals(List.of(2L, 1L, 0L), s.byClass().get(PortClasses.HOST_SWITCH).table().longColumn("alerts").asList());
        assertEquals(List.of(3L, 2L, 1L), s.byClass().get(PortClasses.SWITCH_SWITCH).table().longColumn("alerts").asList());
        assertEquals(0, s.byClass().get(PortClasses.UNCLASSIFIED).intervals());
        SweepResult plain = RateRuleTest.sweep(RateRule.symbolErrorsPerHour(), TH);
        for (String c : List.of("alerts", "tp", "fp", "fn")) {
            assertEquals(plain.table().longColumn(c).asList(), s.total().table().longColumn(c).asList(), c);
        }
        assertEquals(plain.positivesUnmeasured(), s.total().positivesUnmeasured());
        assertEquals(9, s.table().rowCount());               // three classes x three thresholds, stacked
    }

    @Test void oneBarPerClassCatchesWhatOneBarForAllCannotWithinTheBudget() {
        ClassChoice c = sweep().maxRecallWithin(96);          // 2 alerts in 1/48 day
        assertEquals(100.0, c.threshold(PortClasses.HOST_SWITCH));
        assertEquals(500.0, c.threshold(PortClasses.SWITCH_SWITCH));
        assertEquals(1.0, c.recall(), 1e-12);
        assertEquals(2, c.alerts());
        assertEquals(0.5, c.single().recall(), 1e-12);       // one bar: 500, only s's burst
        assertTrue(c.explanation().contains("host-switch above 100 per hour"), c.explanation());
        assertThrows(IllegalStateException.class, () -> sweep().maxRecallWithin(0.5));
    }

    @Test void classByClassChoice() {
        ClassChoice c = sweep().choose(Choose.maxF1());
        assertEquals(100.0, c.threshold(PortClasses.HOST_SWITCH));   // h: 100 gives tp 1, fp 0
        assertTrue(c.thresholds().containsKey(PortClasses.SWITCH_SWITCH));
        assertEquals(500.0, c.threshold(PortClasses.UNCLASSIFIED));  // nothing labelled: the highest bar
    }
}
