package org.fabriclab.check.health.replay;

import static org.fabriclab.check.health.replay.Fabric4.at;
import static org.fabriclab.check.health.replay.Fabric4.lines;
import static org.fabriclab.check.health.replay.Fabric4.port;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import java.util.Map;
import java.util.Set;

import org.fabriclab.check.health.Engine;
import org.fabriclab.check.health.EngineMode;
import org.fabriclab.check.health.HealthRules;
import org.fabriclab.check.health.Mode;
import org.junit.jupiter.api.Test;

/**
 * Each checkpoint on the hand-written fabric ({@link Fabric4}) blocks exactly the one isolation it was
 * designed to block; everything else passes. Failure detection runs active unless a test says otherwise;
 * checkpoints not under test are opened wide ({@link #open()}).
 */
class ReplayCheckpointTest {
    static final HealthRules ACTIVE = HealthRules.defaults().mode(Engine.FAILURE_DETECTION, Mode.ACTIVE);

    /** Every checkpoint permissive: no rate limits, no redundancy floors, access links acted on, quick return to service. */
    static ReplayConfig open() {
        return ReplayConfig.defaults().withIsolationRates(ReplayConfig.OFF, ReplayConfig.OFF, ReplayConfig.OFF, ReplayConfig.OFF)
                .withMinHealthyLinks(0).withMinActivePorts(0).withMaxAlertsPerIteration(ReplayConfig.OFF).withAccessLinksRedundant(true)
                .withDeisolation(ReplayConfig.OFF, 2 * Fabric4.HOUR, 1000 * Fabric4.HOUR);
    }

    static ReplayResult run(HealthRules rules, ReplayConfig c, Map<String, int[]> errors) {
        return Replay.of(rules, Fabric4.telemetry(errors), Fabric4.topology()).config(c).run();
    }

    @Test void everythingPassesWhenTheCheckpointsAreOpen() {
        ReplayResult r = run(ACTIVE, open(), Map.of("ab1", new int[] {10}, "h1", new int[] {20}));
        assertEquals(List.of("10 ISOLATION ab1", "12 DE_ISOLATION ab1", "20 ISOLATION h1", "22 DE_ISOLATION h1"), lines(r));
    }

    @Test void maxAlertsPerIterationBlocksTheIsolationOfThatIteration() {
        // ab1 isolated at 10 and still alerting at 11 on both ends; be1 alerts at 11: three alerting ports > 2
        Map<String, int[]> e = new java.util.HashMap<>(Map.of("ab1", new int[] {10, 11}, "be1", new int[] {11, 30}));
        ReplayResult r = Replay.of(ACTIVE, withPeerErrors(e, "ab1", 11), Fabric4.topology()).config(open().withMaxAlertsPerIteration(2)).run();
        assertEquals(List.of("10 ISOLATION ab1", "11 TOTAL_ALERTS_EXCEEDED be1", "13 DE_ISOLATION ab1", "30 ISOLATION be1", "32 DE_ISOLATION be1"),
                lines(r));
        assertTrue(r.events(EventKind.TOTAL_ALERTS_EXCEEDED).get(0).detail().startsWith("3 ports alerting"));
    }

    /** The telemetry with errors also on the second end of {@code link} at {@code hour}. */
    static org.fabriclab.series.Series withPeerErrors(Map<String, int[]> errors, String link, int hour) {
        org.fabriclab.series.Series s = Fabric4.telemetry(errors);
        long[] err = s.counter("PortRcvErrors");
        int p = s.indexOf(Fabric4.peer(link));
        for (int r = s.start(p) + hour; r < s.end(p); r++) err[r] += 5;
        return s;
    }

    @Test void accessLinksAreLeftAloneWithoutAccessRedundancy() {
        ReplayResult r = run(ACTIVE, open().withAccessLinksRedundant(false), Map.of("ab1", new int[] {10}, "h1", new int[] {20}));
        assertEquals(List.of("10 ISOLATION ab1", "12 DE_ISOLATION ab1", "20 ACCESS_LINK_ALERT h1"), lines(r));
    }

    @Test void shadowModePreventsIsolation() {
        // failure detection active except for ab2's port (its exception list)
        HealthRules rules = HealthRules.defaults().mode(Engine.FAILURE_DETECTION, Mode.ACTIVE, Set.of(port("ab2")));
        ReplayResult r = run(rules, open(), Map.of("ab1", new int[] {10}, "ab2", new int[] {20}));
        assertEquals(List.of("10 ISOLATION ab1", "12 DE_ISOLATION ab1", "20 SHADOW_PREVENTED_ISOLATION ab2"), lines(r));
    }

    @Test void isolationsPerHourDayWeekAndMonthEachBlockOne() {
        // hour 1, day 2, week 3, month 4 distinct links
        ReplayConfig c = open().withIsolationRates(1, 2, 3, 4).withDeisolation(ReplayConfig.OFF, 2 * Fabric4.HOUR, 1000 * Fabric4.HOUR);
        ReplayResult r = run(ACTIVE, c, Map.of(
                "ab1", new int[] {10}, "ab2", new int[] {10},        // same hour: ab2 blocked by the hour limit
                "ae1", new int[] {14},                                // hour clear, day holds 1: isolated
                "ae2", new int[] {18},                                // day holds 2: blocked by the day limit
                "be1", new int[] {24 * 3},                            // day clear, week holds 2: isolated
                "be2", new int[] {24 * 4},                            // week holds 3: blocked by the week limit
                "cd1", new int[] {24 * 12},                           // week clear, month holds 3: isolated
                "cd2", new int[] {24 * 20}));                         // month holds 4: blocked by the month limit
        assertEquals(List.of("10 ISOLATION ab1", "10 ISOLATION_RATE_EXCEEDED ab2", "12 DE_ISOLATION ab1", "14 ISOLATION ae1",
                "16 DE_ISOLATION ae1", "18 ISOLATION_RATE_EXCEEDED ae2", "72 ISOLATION be1", "74 DE_ISOLATION be1",
                "96 ISOLATION_RATE_EXCEEDED be2", "288 ISOLATION cd1", "290 DE_ISOLATION cd1", "480 ISOLATION_RATE_EXCEEDED cd2"), lines(r));
        List<ReplayEvent> blocked = r.events(EventKind.ISOLATION_RATE_EXCEEDED);
        assertEquals(List.of("hour", "day", "week", "month"), blocked.stream().map(e -> e.detail().substring(0, e.detail().indexOf(':'))).toList());
    }

    @Test void minHealthyLinksBetweenTwoSwitchesBlocksTheLastOne() {
        // A-B has two links; with a floor of 1 the second may not go while the first is isolated
        ReplayResult r = run(ACTIVE, open().withMinHealthyLinks(1), Map.of("ab1", new int[] {10}, "ab2", new int[] {11}, "ae1", new int[] {12}));
        assertEquals(List.of("10 ISOLATION ab1", "11 INSUFFICIENT_REDUNDANCY ab2", "12 DE_ISOLATION ab1", "12 ISOLATION ae1",
                "14 DE_ISOLATION ae1"), lines(r));
        assertTrue(r.events(EventKind.INSUFFICIENT_REDUNDANCY).get(0).switchPair().equals("switch A <-> switch B"));
    }

    @Test void minActivePortsPerSwitchBlocksTheIsolationThatWouldLeaveTooFew() {
        // C has four ports (cd1..cd3, ec1); floor 3: cd1 goes, cd2 would leave C with two. D (five ports) lets de1 go.
        ReplayResult r = run(ACTIVE, open().withMinActivePorts(3), Map.of("cd1", new int[] {10}, "cd2", new int[] {11}, "de1", new int[] {11}));
        assertEquals(List.of("10 ISOLATION cd1", "11 INSUFFICIENT_ACTIVE_PORTS cd2", "11 ISOLATION de1", "12 DE_ISOLATION cd1",
                "13 DE_ISOLATION de1"), lines(r));
        assertTrue(r.events(EventKind.INSUFFICIENT_ACTIVE_PORTS).get(0).detail().contains("switch C"), r.events().toString());
    }

    @Test void minActivePortsIsCheckedOnTheLinksSecondSwitchToo() {
        // ec1 runs from E (eight ports) to C (four): floor 4 passes E and stops at C; de1 (D five, E eight) goes
        ReplayResult r = run(ACTIVE, open().withMinActivePorts(4), Map.of("ec1", new int[] {10}, "de1", new int[] {10}));
        assertEquals(List.of("10 ISOLATION de1", "10 INSUFFICIENT_ACTIVE_PORTS ec1", "12 DE_ISOLATION de1"), lines(r));
        assertEquals("4 active ports on switch C, minimum 4", r.events(EventKind.INSUFFICIENT_ACTIVE_PORTS).get(0).detail());
    }

    @Test void minCleanPeriodHoldsDeisolationUntilTheLinkWasCleanLongEnough() {
        ReplayConfig c = open().withDeisolation(ReplayConfig.OFF, 5 * Fabric4.HOUR, 1000 * Fabric4.HOUR);
        ReplayResult r = run(ACTIVE, c, Map.of("ab1", new int[] {10, 13}));
        // isolated at 10, alerts again at 13 (while isolated): clean from 13, de-isolated at 13 + 5
        assertEquals(List.of("10 ISOLATION ab1", "18 DE_ISOLATION ab1"), lines(r));
        assertEquals(PortState.ISOLATED, r.stateAt(port("ab1"), at(17)));
        assertEquals(PortState.HEALTHY, r.stateAt(port("ab1"), at(18)));
    }

    @Test void deisolationsPerHourHoldTheSecondLink() {
        ReplayConfig c = open().withDeisolation(1, 2 * Fabric4.HOUR, 1000 * Fabric4.HOUR);
        ReplayResult r = run(ACTIVE, c, Map.of("ab1", new int[] {10}, "cd1", new int[] {10}));
        assertEquals(List.of("10 ISOLATION ab1", "10 ISOLATION cd1", "12 DE_ISOLATION ab1", "12 DEISOLATION_RATE_EXCEEDED cd1",
                "13 DE_ISOLATION cd1"), lines(r));
        // cd1 waited clean but not reinstated: the recovered state
        assertEquals(PortState.RECOVERED, r.stateAt(port("cd1"), at(12)));
    }

    @Test void aLinkNotRecoveredInTimeIsDeclaredUnrecoverableAndOnlyTheOperatorReinstatesIt() {
        int[] everyHour = java.util.stream.IntStream.range(10, 60).toArray();
        ReplayConfig c = open().withDeisolation(ReplayConfig.OFF, 2 * Fabric4.HOUR, 24 * Fabric4.HOUR);
        ReplayResult r = Replay.of(ACTIVE, Fabric4.telemetry(Map.of("ab1", everyHour)), Fabric4.topology()).config(c)
                .operatorDeisolation(port("ab1"), at(100)).run();
        assertEquals(List.of("10 ISOLATION ab1", "34 DECLARED_UNRECOVERABLE ab1", "100 EXTERNAL_DE_ISOLATION ab1"), lines(r));
        // clean from hour 60 on, yet never de-isolated by the plugin
        assertEquals(PortState.UNRECOVERABLE, r.stateAt(port("ab1"), at(99)));
        assertEquals(PortState.HEALTHY, r.stateAt(port("ab1"), at(100)));
    }

    @Test void shadowModePreventsDeisolationWhenTheModeChangedWhileIsolated() {
        ReplayResult r = Replay.of(ACTIVE, Fabric4.telemetry(Map.of("ab1", new int[] {10})), Fabric4.topology()).config(open())
                .modeChange(at(11), Engine.FAILURE_DETECTION, new EngineMode(Mode.SHADOW, Set.of())).run();
        assertEquals(List.of("10 ISOLATION ab1", "12 SHADOW_PREVENTED_DEISOLATION ab1"), lines(r));
        assertEquals(PortState.RECOVERED, r.stateAt(port("ab1"), at(500)));
    }

    @Test void externallyIsolatedLinksAreNeverIsolatedOrDeisolatedByThePlugin() {
        ReplayResult r = Replay.of(ACTIVE, Fabric4.telemetry(Map.of("ab1", new int[] {10, 30}, "ab2", new int[] {10})), Fabric4.topology())
                .config(open()).externalIsolation(port("ab1"), at(5), at(50)).run();
        assertEquals(List.of("5 EXTERNAL_ISOLATION ab1", "10 ISOLATION ab2", "12 DE_ISOLATION ab2", "50 EXTERNAL_DE_ISOLATION ab1"), lines(r));
        assertEquals(PortState.EXTERNALLY_ISOLATED, r.stateAt(port("ab1"), at(40)));
    }

    @Test void pdrCapOnIsolatedPortsBlocksTheEleventh() {
        // a cap of one isolated port: the second alerting link waits (the PDR default resolves to max(10, 0.5 %))
        ReplayConfig c = open().withMaxIsolatedAtOnce(1);
        ReplayResult r = run(ACTIVE, c, Map.of("ab1", new int[] {10}, "cd1", new int[] {11}));
        assertEquals(List.of("10 ISOLATION ab1", "11 MAX_ISOLATED_EXCEEDED cd1", "12 DE_ISOLATION ab1"), lines(r));
        assertEquals(10, ReplayConfig.resolve(ReplayConfig.AUTO, 26));
        assertEquals(25, ReplayConfig.resolve(ReplayConfig.AUTO, 5000));
    }

    @Test void aRecoveredLinkThatAlertsAgainGoesBackToIsolated() {
        ReplayConfig c = open().withDeisolation(1, 2 * Fabric4.HOUR, 1000 * Fabric4.HOUR);
        // ab1 and cd1 clean at 12; ab1 is reinstated, cd1 held by the hourly limit and alerts again at 13
        ReplayResult r = run(ACTIVE, c, Map.of("ab1", new int[] {10}, "cd1", new int[] {10, 13}));
        assertEquals(List.of("10 ISOLATION ab1", "10 ISOLATION cd1", "12 DE_ISOLATION ab1", "12 DEISOLATION_RATE_EXCEEDED cd1",
                "15 DE_ISOLATION cd1"), lines(r));
        assertEquals(List.of("0 HEALTHY", "10 ISOLATED", "12 RECOVERED", "13 ISOLATED", "15 RECOVERED", "15 HEALTHY"),
                r.stateChanges(port("cd1")).stream().map(x -> (x.time() - Fabric4.T0) / Fabric4.HOUR + " " + x.state().name()).toList());
    }

    @Test void theDefaultsAreTheDocumentedOnes() {
        ReplayConfig d = ReplayConfig.defaults();
        assertEquals(List.of(2, 10, 20, 40), List.of(d.maxIsolationsPerHour(), d.maxIsolationsPerDay(), d.maxIsolationsPerWeek(), d.maxIsolationsPerMonth()));
        assertEquals(1, d.minHealthyLinksBetweenSwitches());
        assertEquals(1, d.minActivePortsPerSwitch());
        assertEquals(ReplayConfig.AUTO, d.maxAlertsPerIteration());
        assertEquals(false, d.accessLinksRedundant());
        assertEquals(2, d.maxDeisolationsPerHour());
        assertEquals(126 * 60_000L, d.minCleanMs());
        assertEquals(24 * Fabric4.HOUR, d.maxRecoveryMs());
    }
}
