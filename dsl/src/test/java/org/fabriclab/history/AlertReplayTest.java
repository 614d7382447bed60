package org.fabriclab.history;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import java.util.Map;

import org.junit.jupiter.api.Test;

/** The replay of a chosen bar on {@link RoleRules}: alerts as runs of intervals, missed incidents, the sweep's counts. */
class AlertReplayTest {
    static final long T0 = RoleRules.T0, S = RoleRules.STEP;

    @Test void theAlertsAtOneBar() {
        History h = RoleRules.history();
        AlertReplay r = h.replay(RateRule.symbolErrorsPerHour(), 100, RoleRules.labels());
        assertEquals(2, r.alerts());
        AlertReplay.Row a = r.rows().get(0), b = r.rows().get(1);
        assertEquals(List.of("h", AlertReplay.TRUE, T0 + S, T0 + 2 * S, 1, 1), List.of(a.port(), a.outcome(), a.startMs(), a.endMs(), a.intervals(), a.labelled()));
        assertEquals("h symbol burst", a.incident());
        // s: 240 then 720 per hour, one alert of two intervals, the second labelled
        assertEquals(List.of("s", AlertReplay.TRUE, T0 + 2 * S, T0 + 4 * S, 2, 1), List.of(b.port(), b.outcome(), b.startMs(), b.endMs(), b.intervals(), b.labelled()));
        assertEquals(720.0, b.peak(), 1e-9);
        assertEquals(0, r.missedIncidents());
        assertEquals(1, r.labelledWithoutValue());
    }

    @Test void aHigherBarMissesAnIncident() {
        AlertReplay r = RoleRules.history().replay(RateRule.symbolErrorsPerHour(), 500, RoleRules.labels());
        assertEquals(1, r.alerts());
        assertEquals(1, r.missedIncidents());
        AlertReplay.Row m = r.rows().stream().filter(x -> x.outcome().equals(AlertReplay.MISSED)).findFirst().orElseThrow();
        assertEquals("h", m.port());
        assertTrue(m.incident().contains("below the bar"), m.incident());
        assertEquals(11, r.table().columnCount());
        assertTrue(r.toHtml().contains("alert replay"));
    }

    @Test void theIntervalCountsAreTheSweepsAtEveryBar() {
        History h = RoleRules.history();
        for (RateRule rule : List.of(RateRule.symbolErrorsPerHour(), RateRule.ber(), RateRule.dropRate(), RateRule.measured("effective_ber"))) {
            double[] th = rule.per().kind() == RateRule.Per.Kind.SAMPLE ? new double[] {1e-13, 1e-12, 1e-11}
                    : Thresholds.log(1e-12, 1000, 30);
            SweepResult s = h.sweep(rule, th, RoleRules.labels());
            for (int i = 0; i < th.length; i++) {
                AlertReplay r = h.replay(rule, th[i], RoleRules.labels());
                assertEquals(s.table().longColumn("tp").getLong(i), r.tp(), rule + " at " + th[i]);
                assertEquals(s.table().longColumn("fp").getLong(i), r.fp(), rule + " at " + th[i]);
                assertEquals(s.table().longColumn("fn").getLong(i), r.fn(), rule + " at " + th[i]);
                assertEquals(s.positivesUnmeasured(), r.labelledWithoutValue());
            }
        }
    }

    @Test void aBarPerPortClass() {
        History h = RoleRules.history();
        PortClasses c = PortClasses.of(h);
        ClassChoice choice = h.sweep(RateRule.symbolErrorsPerHour(), new double[] {10, 100, 500}, RoleRules.labels(), c).maxRecallWithin(96);
        AlertReplay r = AlertReplay.of(h, RateRule.symbolErrorsPerHour(), choice, c, RoleRules.labels());
        assertEquals(2, r.trueAlerts());
        assertEquals(0, r.falseAlerts());
        assertEquals(0, r.fp());
        assertEquals(Map.of(PortClasses.SWITCH_SWITCH, 500.0, PortClasses.HOST_SWITCH, 100.0, PortClasses.UNCLASSIFIED, 500.0), r.thresholds());
        assertThrows(IllegalArgumentException.class, () -> AlertReplay.of(h, RateRule.symbolErrorsPerHour(), c, Map.of("host-switch", 1.0),
                RoleRules.labels()));
    }
}
