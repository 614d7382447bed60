package org.fabriclab.check.health;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.util.List;

import org.fabriclab.capture.Capture;
import org.fabriclab.capture.Readers;
import org.fabriclab.capture.Telemetry;
import org.junit.jupiter.api.Test;

/**
 * The rule engines on a UFM telemetry CSV read by the UFM reader ({@code ufm_rules_5min.csv}: 5-minute
 * samples over 3 hours; port ...01 gets 3 symbol errors in one interval, a 4th 45 minutes later and 2
 * receive errors over 1e9 packets; port ...02 runs at 71 C for two samples and at 3090 mV once).
 */
class UfmCaptureRulesTest {
    static final long T0 = 1_762_000_000_000L, MIN = 60_000L;
    static final String A = "guid 0x0c42a10300000001/1", B = "guid 0x0c42a10300000002/1";

    static Capture ufm() throws Exception {
        return Readers.standard().read(Path.of(UfmCaptureRulesTest.class.getResource("ufm_rules_5min.csv").toURI()));
    }

    static Alert only(HealthReport r, String rule) {
        List<Alert> a = r.alerts(rule);
        assertEquals(1, a.size(), rule + ": " + r);
        return a.get(0);
    }

    @Test void everyRuleFiresOnTheUfmSeries() throws Exception {
        HealthReport r = HealthRules.defaults().run(ufm().measurements(Telemetry.NAME).orElseThrow());
        Alert s12 = only(r, SymbolErrorRule.RULE_12);
        assertEquals(A, s12.port());
        assertEquals(T0 + 55 * MIN, s12.time());
        assertEquals(T0 + 60 * MIN, s12.until(), "the 3 errors stay inside the 12-minute window for two samples");
        assertEquals(3.0, s12.value());
        Alert s125 = only(r, SymbolErrorRule.RULE_125);
        assertEquals(T0 + 100 * MIN, s125.time());
        assertEquals(4.0, s125.value());
        Alert drop = only(r, PacketDropRateRule.RULE);
        assertEquals(A, drop.port());
        assertEquals(2e-9, drop.value(), 1e-24);
        Alert hot = only(r, "temperature-high");
        assertEquals(B, hot.port());
        assertEquals(T0 + 25 * MIN, hot.time());
        assertEquals(T0 + 30 * MIN, hot.until());
        assertEquals(71.0, hot.value());
        Alert volt = only(r, "voltage-low");
        assertEquals(3090.0, volt.value());
        assertEquals(3100.0, volt.threshold());
        assertEquals(5, r.alerts().size(), r.toString());
        assertTrue(r.notes().stream().anyMatch(n -> n.startsWith("link-flap: 2 ports skipped")), r.notes().toString());
        assertTrue(r.alerts().stream().allMatch(a -> a.mode() == Mode.SHADOW), "the plugin's default mode");
    }

    @Test void activeModeWithAnException() throws Exception {
        HealthReport r = HealthRules.defaults().mode(Engine.OPERATING_CONDITIONS, Mode.ACTIVE, java.util.Set.of(B))
                .run(ufm().measurements(Telemetry.NAME).orElseThrow());
        assertEquals(Mode.SHADOW, only(r, "temperature-high").mode(), "B is on the exception list of an active engine");
        assertEquals(Mode.SHADOW, only(r, SymbolErrorRule.RULE_12).mode(), "failure detection still runs shadow");
    }
}
