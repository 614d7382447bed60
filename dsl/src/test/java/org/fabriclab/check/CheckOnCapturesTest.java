package org.fabriclab.check;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.util.Map;
import java.util.stream.Collectors;

import org.fabriclab.capture.PublicCaptureFiles;
import org.fabriclab.snapshot.Snapshot;
import org.junit.jupiter.api.Test;

/** Checks on captures read by the real readers: reader fixtures always, public captures when present. */
class CheckOnCapturesTest {
    static Path resource(String name) throws Exception {
        return Path.of(CheckOnCapturesTest.class.getResource(name).toURI());
    }

    static Map<String, Outcome> outcomes(CheckResult r, String port) {
        return r.rows().stream().filter(x -> x.port().equals(port)).collect(Collectors.toMap(x -> x.name() + "@" + x.basis(), CheckRow::outcome, (a, b) -> a));
    }

    @Test void mlxlinkBerFromTheMlxlinkReader() throws Exception {
        Snapshot s = Snapshot.of(resource("/org/fabriclab/capture/mlxlink/mlxlink_mlx5_0_ansi.txt"));
        CheckResult ber = Check.of(s).grade(Policy.BER);
        Map<String, Outcome> o = outcomes(ber, "mlx5_0/1");
        assertEquals(Outcome.INFO, o.get("raw_ber@mlxlink"), "raw BER 2E-12 is pre-FEC: reported");
        assertEquals(Outcome.PASS, o.get("effective_ber@mlxlink"));
        assertEquals(Outcome.PASS, o.get("symbol_ber@mlxlink"));
        assertEquals(Outcome.FAIL, outcomes(Check.of(s).rawBerThreshold(1e-12).grade(Policy.BER), "mlx5_0/1").get("raw_ber@mlxlink"),
                "2E-12 is above a raw threshold of 1e-12");
        CheckResult gate = Check.of(s).grade(Policy.ZERO_TOLERANCE);
        assertEquals(Outcome.PASS, outcomes(gate, "mlx5_0/1").get("effective_ber@mlxlink"), "0 effective errors (mlxlink prints 15E-255)");
    }

    @Test void ufmTelemetryBerAndLimitsOnItsLatestSample() throws Exception {
        Snapshot s = Snapshot.of(resource("/org/fabriclab/check/health/ufm_rules_5min.csv"));
        CheckResult r = Check.of(s).limits("SymbolErrorCounter=3").grade(Policy.BER);
        Map<String, Outcome> a = outcomes(r, "guid 0x0c42a10300000001/1");
        assertEquals(Outcome.FAIL, a.get("SymbolErrorCounter@sample"), "4 symbol errors since clear, limit 3");
        assertEquals(Outcome.PASS, a.get("symbol_ber@telemetry"), "4e-13 is below 1e-12");
        assertEquals(Outcome.INFO, a.get("raw_ber@telemetry"));
        CheckResult strict = Check.of(s).berThreshold(1e-13).grade(Policy.BER);
        assertEquals(Outcome.FAIL, outcomes(strict, "guid 0x0c42a10300000001/1").get("symbol_ber@telemetry"));
        assertEquals(3, strict.exitCode());
    }

    @Test void publicSwitchPortWithErrorsFailsTheFleetGate() throws Exception {
        Snapshot s = Snapshot.of(PublicCaptureFiles.file("perfquery_x_switchport_errors_treydock.out"));
        CheckResult r = Check.of(s).grade(Policy.ZERO_TOLERANCE);
        Map<String, Long> failed = r.rows().stream().filter(x -> x.outcome() == Outcome.FAIL)
                .collect(Collectors.toMap(CheckRow::name, CheckRow::count));
        assertEquals(Map.of("LinkDownedCounter", 1L, "PortRcvSwitchRelayErrors", 7L, "PortXmitDiscards", 20046L), failed, r.toString());
        assertEquals(3, r.exitCode());
        assertTrue(r.toString().startsWith("policy zero-tolerance"));
        CheckResult lenient = Check.of(s).limits("LinkDownedCounter=1", "PortRcvSwitchRelayErrors=7", "PortXmitDiscards=20046").grade(Policy.BER);
        assertEquals(0, lenient.exitCode(), lenient.toString());
    }
}
