package org.fabriclab.check.health.pdr;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import org.fabriclab.check.health.Alert;
import org.fabriclab.check.health.Engine;
import org.fabriclab.check.health.Mode;
import org.fabriclab.series.Series;
import org.junit.jupiter.api.Test;

/** Each PDR rule at and either side of its default, and DRY_RUN as shadow mode. */
class PdrRulesTest {
    static final long MIN = 60_000L;

    /** Two linked ports a and b, samples every 5 minutes; columns for both ports, a's rows first. */
    static Series pair(Map<String, long[]> counters, Map<String, double[]> measures) {
        int n = counters.isEmpty() ? measures.values().iterator().next().length : counters.values().iterator().next().length;
        long[] ts = new long[n];
        for (int i = 0; i < n; i++) ts[i] = (i % (n / 2)) * 5 * MIN;
        return Series.of(new String[] {"a", "b"}, new int[] {0, n / 2, n}, ts, counters, measures, new String[] {"b", "a"},
                new String[] {"switch-switch", "switch-switch"});
    }

    static List<Alert> run(Series s, PdrConfig c) { return PdrRules.run(s, c, Map.of(), new ArrayList<>()); }

    static List<String> rules(List<Alert> a) { return a.stream().map(x -> x.port() + " " + x.rule()).toList(); }

    @Test void packetDropRateAboveMaxPdr() {
        Map<String, long[]> c = new LinkedHashMap<>();
        c.put("PortRcvErrors", new long[] {0, 1, 0, 0});
        c.put("PortRcvRemotePhysicalErrors", new long[] {0, 0, 0, 0});
        c.put("PortRcvPkts", new long[] {0, 999_999_999_999L, 0, 1_000_000_000_001L});
        // a: 1 error in 1e12 - 1 packets is above 1e-12; b: no error
        List<Alert> a = run(pair(c, Map.of()), PdrConfig.defaults());
        assertEquals(List.of("a pdr"), rules(a));
        assertEquals(Mode.SHADOW, a.get(0).mode());                                      // DRY_RUN by default
        assertEquals(Engine.PDR, a.get(0).engine());
        c.put("PortRcvPkts", new long[] {0, 1_000_000_000_000L, 0, 1});
        assertEquals(List.of(), rules(run(pair(c, Map.of()), PdrConfig.defaults())));        // exactly 1e-12 is not above
        assertEquals(Mode.ACTIVE, run(pair(c, Map.of()), PdrConfig.defaults().withMaxPdr(1e-13).withDryRun(false)).get(0).mode());
    }

    @Test void temperatureAboveTmaxAndJumpsAboveDTmax() {
        Map<String, double[]> m = Map.of("temperature_c", new double[] {50, 70, 70.5, 45, 56.5, 56});
        // a: 50 -> 70 (jump 20 > 10), 70.5 > 70; b: 45 -> 56.5 (jump 11.5), 56.5 -> 56
        List<Alert> a = run(pair(Map.of(), m), PdrConfig.defaults());
        assertEquals(List.of("a temperature-delta", "b temperature-delta", "a temperature"), rules(a));
        assertEquals(List.of(), rules(run(pair(Map.of(), m), PdrConfig.defaults().withTemperature(false, 70, 10))));
        assertEquals(List.of("a temperature-delta"), rules(run(pair(Map.of(), m), PdrConfig.defaults().withTemperature(true, 80, 11.5))));
    }

    @Test void linkDownCountsOnlyWhenBothEndsWentDown() {
        Map<String, long[]> c = new LinkedHashMap<>();
        // a goes down at samples 1 and 2; b only at 2
        c.put("LinkDownedCounter", new long[] {0, 1, 2, 5, 5, 6});
        List<Alert> a = run(pair(c, Map.of()), PdrConfig.defaults());
        assertEquals(List.of("a link-down", "b link-down"), rules(a));
        assertEquals(a.get(0).time(), 10 * MIN);
        assertEquals(List.of(), rules(run(pair(c, Map.of()), PdrConfig.defaults().withLinkDownIsolation(false))));
    }

    @Test void berWindowsScaleWithTheLinkSpeed() {
        PdrConfig d = PdrConfig.defaults();
        assertEquals(2.88, d.berThreshold(400, PdrConfig.WINDOW_12_MIN_MS), 1e-9);     // NDR 4x
        assertEquals(3.0, d.berThreshold(400, PdrConfig.WINDOW_125_MIN_MS), 1e-9);
        assertEquals(1.44, d.berThreshold(200, PdrConfig.WINDOW_12_MIN_MS), 1e-9);     // HDR 4x
        // 2 symbol errors within 10 minutes: above HDR's 1.44, below NDR's 2.88
        int n = 30;
        long[] sym = new long[2 * n];
        for (int i = 0; i < n; i++) sym[i] = i >= 5 ? 2 : 0;
        Series s = pair(Map.of("SymbolErrorCounter", sym), Map.of());
        assertEquals(List.of(), rules(PdrRules.run(s, d, Map.of(), new ArrayList<>())));
        assertEquals(List.of("a ber-125min", "a ber-12min"), rules(PdrRules.run(s, d, Map.of("a", 200.0), new ArrayList<>())));
        assertEquals(List.of(), rules(PdrRules.run(s, d.withBerCheck(false), Map.of("a", 200.0), new ArrayList<>())));
    }

    @Test void theShippedDefaults() {
        PdrConfig d = PdrConfig.defaults();
        assertEquals(1e-12, d.maxPdr());
        assertEquals(70, d.tMaxC());
        assertEquals(10, d.dTMaxC());
        assertTrue(d.dryRun());
        assertTrue(!d.switchToHostIsolation());
        assertEquals(10, d.maxIsolated(36));
        assertEquals(50, d.maxIsolated(10_000));
        assertEquals(126 * MIN, d.retestMs());
        assertEquals(300_000L, d.deisolateConsiderMs());
    }
}
