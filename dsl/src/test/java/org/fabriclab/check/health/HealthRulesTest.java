package org.fabriclab.check.health;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

import org.fabriclab.series.Series;
import org.junit.jupiter.api.Test;

import tech.tablesaw.api.DoubleColumn;
import tech.tablesaw.api.LongColumn;
import tech.tablesaw.api.StringColumn;
import tech.tablesaw.api.Table;

/** Every rule at and either side of the IB Link Resiliency plugin's default thresholds. */
class HealthRulesTest {
    static final long MIN = 60_000L;

    /** One port, samples every {@code stepMin} minutes, one counter column per entry. */
    static Series one(String port, long stepMin, Map<String, long[]> counters, Map<String, double[]> measures) {
        int n = counters.isEmpty() ? measures.values().iterator().next().length : counters.values().iterator().next().length;
        long[] ts = new long[n];
        for (int i = 0; i < n; i++) ts[i] = i * stepMin * MIN;
        return Series.of(new String[] {port}, new int[] {0, n}, ts, counters, measures, null, null);
    }

    static Map<String, long[]> drop(long localErrs, long remoteErrs, long pkts) {
        Map<String, long[]> m = new LinkedHashMap<>();
        m.put("PortRcvErrors", new long[] {0, localErrs});
        m.put("PortRcvRemotePhysicalErrors", new long[] {0, remoteErrs});
        m.put("PortRcvPkts", new long[] {0, pkts});
        return m;
    }

    @Test void packetDropRateAboveOneInATrillion() {
        HealthRules rules = HealthRules.defaults();
        assertEquals(0, rules.run(one("p", 5, drop(1, 0, 1_000_000_000_000L), Map.of())).alerts(PacketDropRateRule.RULE).size(), "1e-12 is at the threshold");
        assertEquals(0, rules.run(one("p", 5, drop(1, 0, 2_000_000_000_000L), Map.of())).alerts(PacketDropRateRule.RULE).size(), "5e-13 is below");
        List<Alert> a = rules.run(one("p", 5, drop(1, 1, 1_000_000_000_000L), Map.of())).alerts(PacketDropRateRule.RULE);
        assertEquals(1, a.size(), "1 local + 1 remote over 1e12 packets = 2e-12 is above");
        assertEquals(2e-12, a.get(0).value(), 1e-25);
        assertEquals(1e-12, a.get(0).threshold());
        assertEquals(Engine.FAILURE_DETECTION, a.get(0).engine());
        assertEquals(Mode.SHADOW, a.get(0).mode());
    }

    @Test void packetDropRateSkipsResetsAndIdleIntervals() {
        Map<String, long[]> m = new LinkedHashMap<>();
        m.put("PortRcvErrors", new long[] {10, 0, 0});
        m.put("PortRcvPkts", new long[] {100, 50, 50});
        HealthReport r = HealthRules.defaults().run(one("p", 5, m, Map.of()));
        assertTrue(r.alerts().isEmpty(), r.toString());
        assertTrue(r.notes().stream().anyMatch(n -> n.contains("local receive errors only")));
    }

    /** A cumulative counter with one increment at each of the given minutes, sampled every minute. */
    static long[] incrementsAt(int minutes, int... at) {
        long[] v = new long[minutes + 1];
        for (int t = 1; t <= minutes; t++) {
            v[t] = v[t - 1];
            for (int a : at) if (a == t) v[t]++;
        }
        return v;
    }

    static List<Alert> symbolAlerts(long[] sym, String rule) {
        return HealthRules.defaults().run(one("p", 1, Map.of("SymbolErrorCounter", sym), Map.of())).alerts(rule);
    }

    @Test void symbolErrorsTwelveMinuteWindow() {
        assertEquals(0, symbolAlerts(incrementsAt(30, 2, 5, 30), SymbolErrorRule.RULE_12).size(), "2 errors within 12 min are below 2.88");
        List<Alert> a = symbolAlerts(incrementsAt(30, 2, 5, 8), SymbolErrorRule.RULE_12);
        assertEquals(1, a.size(), "3 errors within 12 min exceed 2.88");
        assertEquals(3.0, a.get(0).value());
        assertEquals(2.88, a.get(0).threshold());
        assertEquals(8 * MIN, a.get(0).time());
        assertEquals(0, symbolAlerts(incrementsAt(40, 2, 10, 20), SymbolErrorRule.RULE_12).size(), "3 errors over 18 min are not 3 in any 12");
    }

    @Test void symbolErrorsHundredTwentyFiveMinuteWindow() {
        // one error every 50 min: any 125-min window holds at most 3 (= threshold): no alert
        assertEquals(0, symbolAlerts(incrementsAt(300, 10, 60, 110, 160, 210), SymbolErrorRule.RULE_125).size());
        // one every 40 min: a 125-min window holds 4 (> 3): alert
        List<Alert> a = symbolAlerts(incrementsAt(300, 10, 50, 90, 130), SymbolErrorRule.RULE_125);
        assertEquals(1, a.size());
        assertEquals(4.0, a.get(0).value());
        assertEquals(3.0, a.get(0).threshold());
        // one every 70 min: at most 2 in a window: below
        assertEquals(0, symbolAlerts(incrementsAt(300, 10, 80, 150), SymbolErrorRule.RULE_125).size());
        assertEquals(0, symbolAlerts(incrementsAt(300, 10, 50, 90, 130), SymbolErrorRule.RULE_12).size(), "never 3 in 12 min");
    }

    static Series link(String kind, long[] downA, long[] downB) {
        long[] ts = new long[downA.length * 2];
        long[] down = new long[ts.length];
        for (int i = 0; i < downA.length; i++) { ts[i] = i * 5 * MIN; down[i] = downA[i]; }
        for (int i = 0; i < downB.length; i++) { ts[downA.length + i] = i * 5 * MIN; down[downA.length + i] = downB[i]; }
        return Series.of(new String[] {"sw1/1", "sw2/7"}, new int[] {0, downA.length, ts.length}, ts,
                Map.of("LinkDownedCounter", down), Map.of(), new String[] {"sw2/7", "sw1/1"}, new String[] {kind, kind});
    }

    @Test void linkFlapNeedsBothEndsAtThreshold() {
        HealthRules rules = HealthRules.defaults();
        List<Alert> a = rules.run(link("switch-switch", new long[] {3, 10, 18}, new long[] {0, 9, 15})).alerts(LinkFlapRule.RULE);
        assertEquals(2, a.size(), "15 link-down events on both ends is a flap (one alert per end)");
        assertEquals(15.0, a.get(0).value());
        assertEquals(Engine.LINK_FLAPS, a.get(0).engine());
        assertEquals(0, rules.run(link("switch-switch", new long[] {0, 10, 15}, new long[] {0, 9, 14})).alerts(LinkFlapRule.RULE).size(), "14 on one end");
        assertEquals(0, rules.run(link("host-switch", new long[] {0, 40, 80}, new long[] {0, 0, 0})).alerts(LinkFlapRule.RULE).size(), "one end only");
    }

    @Test void linkFlapThresholdsAreSeparatePerLinkKind() {
        HealthRules rules = HealthRules.defaults().linkFlap(10, 15);
        assertEquals(2, rules.run(link("switch-switch", new long[] {0, 12}, new long[] {0, 12})).alerts(LinkFlapRule.RULE).size());
        assertEquals(0, rules.run(link("host-switch", new long[] {0, 12}, new long[] {0, 12})).alerts(LinkFlapRule.RULE).size());
        assertEquals(2, rules.run(link("host-switch", new long[] {0, 16}, new long[] {0, 16})).alerts(LinkFlapRule.RULE).size());
    }

    static List<Alert> operating(double[] temp, double[] volt) {
        Map<String, double[]> m = new LinkedHashMap<>();
        if (temp != null) m.put("temperature_c", temp);
        if (volt != null) m.put("voltage_mv", volt);
        return HealthRules.defaults().run(one("p", 5, Map.of(), m)).alerts(Engine.OPERATING_CONDITIONS);
    }

    @Test void temperatureOutsideMinusTenToSeventy() {
        assertTrue(operating(new double[] {70, -10, 25}, null).isEmpty(), "the bounds are inside");
        List<Alert> hi = operating(new double[] {69, 70.5, 71, 69}, null);
        assertEquals(1, hi.size(), "one episode");
        assertEquals("temperature-high", hi.get(0).rule());
        assertEquals(71.0, hi.get(0).value(), "worst value of the episode");
        assertEquals(70.0, hi.get(0).threshold());
        assertEquals(5 * MIN, hi.get(0).time());
        assertEquals(10 * MIN, hi.get(0).until());
        List<Alert> lo = operating(new double[] {-10.5}, null);
        assertEquals("temperature-low", lo.get(0).rule());
        assertEquals(-10.0, lo.get(0).threshold());
    }

    @Test void voltageOutside3100To3500() {
        assertTrue(operating(null, new double[] {3100, 3500, 3300}).isEmpty());
        List<Alert> a = operating(null, new double[] {3099, 3300, 3501});
        assertEquals(List.of("voltage-low", "voltage-high"), a.stream().map(Alert::rule).toList());
    }

    @Test void modesAndExceptionLists() {
        Map<String, long[]> m = new LinkedHashMap<>();
        m.put("PortRcvErrors", new long[] {0, 5, 0, 5});
        m.put("PortRcvPkts", new long[] {0, 100, 0, 100});
        long[] ts = {0, 5 * MIN, 0, 5 * MIN};
        Series s = Series.of(new String[] {"a", "b"}, new int[] {0, 2, 4}, ts, m, Map.of(), null, null);
        HealthReport shadow = HealthRules.defaults().mode(Engine.FAILURE_DETECTION, Mode.SHADOW, Set.of("b")).run(s);
        assertEquals(Map.of("a", Mode.SHADOW, "b", Mode.ACTIVE), modes(shadow));
        HealthReport active = HealthRules.defaults().mode(Engine.FAILURE_DETECTION, Mode.ACTIVE, Set.of("b")).run(s);
        assertEquals(Map.of("a", Mode.ACTIVE, "b", Mode.SHADOW), modes(active));
        assertTrue(active.summaryLines().contains("failure-detection runs active, 1 ports shadow"), active.summaryLines().toString());
    }

    static Map<String, Mode> modes(HealthReport r) {
        Map<String, Mode> out = new LinkedHashMap<>();
        for (Alert a : r.alerts()) out.put(a.port(), a.mode());
        return out;
    }

    @Test void runsOverATelemetryTableAndNamesEveryColumn() {
        long[] ts = new long[6];
        for (int i = 0; i < 6; i++) ts[i] = 1_700_000_000_000L + i * 5 * MIN;
        Table t = Table.create("ufm", LongColumn.create("timestamp", ts), StringColumn.create("port", Arrays.asList("x", "x", "x", "x", "x", "x")),
                LongColumn.create("SymbolErrorCounter", new long[] {0, 0, 3, 3, 4, 4}),
                DoubleColumn.create("temperature_c", new double[] {40, 40, 40, 40, 40, 80}));
        HealthReport r = HealthRules.defaults().run(t);
        assertEquals(List.of("engine", "rule", "port", "time", "value", "threshold", "mode", "time_ms", "until_ms", "detail"), r.table().columnNames());
        assertEquals(List.of("symbol-errors-12min", "symbol-errors-125min", "temperature-high"), r.alerts().stream().map(Alert::rule).toList());
        assertEquals("2023-11-14T22:23:20Z", r.table().stringColumn("time").get(0));
        assertTrue(r.alerts().get(0).detail().contains("over 10.0 min"), "5-minute samples: the 12-minute window spans 10; " + r.alerts().get(0).detail());
        assertEquals(4.0, r.alerts().get(1).value(), "4 errors in 125 min exceed 3 (3 would not)");
        assertTrue(r.notes().stream().anyMatch(n -> n.contains("link-flap: skipped")));
    }

    @Test void aPeggedCounterIsNoCountTheDeltaRuleDecides() {
        // classic perfquery's SymbolErrorCounter is 16 bits, sticky at 65535: a window ending there is not 65,000 errors
        long[] sym = {0, 10, 65_535, 65_535};
        long[] ts = {0, MIN, 2 * MIN, 3 * MIN};
        Series classic = Series.of("pq", List.of("p"), ts, new int[4], Map.of("SymbolErrorCounter", sym),
                Map.of("SymbolErrorCounter", org.fabriclab.catalogue.Source.PERFQUERY), MIN);
        List<Alert> a = HealthRules.defaults().run(classic).alerts(SymbolErrorRule.RULE_12);
        assertEquals(1, a.size(), "only the window ending at 10 errors counts: " + a);
        assertEquals(10.0, a.get(0).value());
        Series wide = Series.of("pqx", List.of("p"), ts, new int[4], Map.of("SymbolErrorCounter", sym),
                Map.of("SymbolErrorCounter", org.fabriclab.catalogue.Source.PERFQUERY_X), MIN);
        assertEquals(65_535.0, HealthRules.defaults().run(wide).alerts(SymbolErrorRule.RULE_12).get(0).value(),
                "read from the 64-bit field the same value is a count");
    }

    @Test void seriesFromATableSortsEachPortByTime() {
        Table t = Table.create("ufm", LongColumn.create("timestamp", new long[] {20, 10, 10}),
                StringColumn.create("port", List.of("a", "b", "a")), LongColumn.create("SymbolErrorCounter", new long[] {5, 1, 2}));
        Series s = Series.of(t, "ufm");
        assertEquals(2, s.portCount());
        assertEquals("a", s.port(0));
        assertEquals(List.of(10L, 20L, 10L), Arrays.stream(s.timestamps()).boxed().toList());
        assertEquals(List.of(2L, 5L, 1L), Arrays.stream(s.counter("SymbolErrorCounter")).boxed().toList());
    }
}
