package org.fabriclab.capture.sonic;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

import org.fabriclab.capture.Input;
import org.fabriclab.capture.Telemetry;
import org.fabriclab.check.Check;
import org.fabriclab.check.CheckRow;
import org.fabriclab.check.Outcome;
import org.fabriclab.check.Policy;
import org.fabriclab.snapshot.Snapshot;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code show interfaces counters fec-stats}' FEC_POST_BER graded by the BER check as mlxlink's effective BER is (same
 * threshold, basis {@code sonic}), FEC_PRE_BER reported as its raw BER; N/A graded not at all.
 */
class SonicFecBerCheckTest {
    static final String FEC = """
                IFACE    STATE    FEC_CORR    FEC_UNCORR    FEC_SYMBOL_ERR    FEC_PRE_BER    FEC_POST_BER
            ---------  -------  ----------  ------------  ----------------  -------------  --------------
            Ethernet0        U   9,800,311           417           920,114       3.02e-06        4.40e-11
            Ethernet4        U       1,020             0               988       2.19e-10        0.00e+00
            Ethernet8        D         N/A           N/A               N/A            N/A             N/A
            """;
    @TempDir Path tmp;

    List<CheckRow> ber(Policy policy) throws IOException {
        Files.writeString(tmp.resolve("fec.txt"), FEC);
        return Check.of(Snapshot.of(tmp)).grade(policy).rows().stream().filter(r -> r.check().equals(CheckRow.BER)).toList();
    }

    static CheckRow row(List<CheckRow> rows, String port, String kind) {
        return rows.stream().filter(r -> r.port().equals(port) && r.name().equals(kind)).findFirst()
                .orElseThrow(() -> new AssertionError(port + " " + kind + " in " + rows));
    }

    @Test void theFecTableAlsoFormsTheBerTable() {
        var t = new SonicFecStatsReader().read(Input.ofText("fec.txt", FEC)).measurements(SonicBer.BER).orElseThrow();
        assertEquals(3, t.rowCount());
        assertEquals(3.02e-6, t.doubleColumn(Telemetry.RAW_BER).getDouble(0));
        assertEquals(4.40e-11, t.doubleColumn(Telemetry.EFFECTIVE_BER).getDouble(0));
        assertTrue(Double.isNaN(t.doubleColumn(Telemetry.EFFECTIVE_BER).getDouble(2)));
    }

    @Test void postFecBerIsGradedAgainstTheBerThreshold() throws IOException {
        List<CheckRow> rows = ber(Policy.BER);
        CheckRow bad = row(rows, "switch Ethernet0", Telemetry.EFFECTIVE_BER);
        assertEquals(Outcome.FAIL, bad.outcome(), bad.toString());
        assertEquals("sonic", bad.basis());
        assertEquals(Policy.DEFAULT_BER_THRESHOLD, bad.limit());
        assertEquals(Outcome.PASS, row(rows, "switch Ethernet4", Telemetry.EFFECTIVE_BER).outcome());
        assertEquals(Outcome.INFO, row(rows, "switch Ethernet0", Telemetry.RAW_BER).outcome(), "pre-FEC: reported, not graded");
        assertTrue(rows.stream().noneMatch(r -> r.port().equals("switch Ethernet8")), "N/A is no BER");
    }

    @Test void underZeroToleranceAnyPostFecErrorFails() throws IOException {
        List<CheckRow> rows = ber(Policy.ZERO_TOLERANCE);
        assertEquals(Outcome.FAIL, row(rows, "switch Ethernet0", Telemetry.EFFECTIVE_BER).outcome());
        assertEquals(Outcome.PASS, row(rows, "switch Ethernet4", Telemetry.EFFECTIVE_BER).outcome());
    }
}
