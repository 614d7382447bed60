package org.fabriclab.check;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import java.util.Optional;

import org.fabriclab.capture.CaptureCsv;
import org.fabriclab.capture.PublicCaptureFiles;
import org.fabriclab.snapshot.Snapshot;
import org.junit.jupiter.api.Test;

class OpticsChecksTest {
    private static List<CheckRow> rows(String fixture) {
        return OpticsChecks.of(Snapshot.of(CaptureCsv.fixture("ethtool/" + fixture)));
    }

    private static CheckRow row(List<CheckRow> rows, String name) {
        Optional<CheckRow> r = rows.stream().filter(x -> x.name().equals(name)).findFirst();
        return r.orElseThrow(() -> new AssertionError("no row " + name + " in " + rows));
    }

    @Test void aLaneBelowItsModulesLowAlarmFailsAndTheOthersPass() {
        List<CheckRow> rows = rows("qsfp28_sff8636_prompt.txt");
        CheckRow lane3 = row(rows, "rx_power_dbm lane 3");
        assertEquals(Outcome.FAIL, lane3.outcome());
        assertEquals(-15.0, lane3.value(), 0.01);
        assertEquals(-13.30, lane3.limit(), 0.01);
        assertEquals(-1.70, lane3.margin(), 0.01);
        assertTrue(lane3.reason().contains("below the module's low-alarm threshold -13.30 dBm"), lane3.reason());
        assertEquals("netdev ens1f0np0", lane3.port());
        assertEquals(Outcome.PASS, row(rows, "rx_power_dbm lane 1").outcome());
        assertEquals(Outcome.PASS, row(rows, "tx_bias_ma lane 2").outcome());
        assertEquals(Outcome.PASS, row(rows, "temperature_c").outcome());
        assertEquals(Outcome.PASS, row(rows, "voltage_mv").outcome());
        // the margin is to the nearest threshold on the value's side: lane 1's rx -1.07 dBm is 3.47 dB under the high warning
        assertEquals(2.40, row(rows, "rx_power_dbm lane 1").limit(), 0.01);
        assertEquals(3.47, row(rows, "rx_power_dbm lane 1").margin(), 0.01);
        assertEquals(1, rows.stream().filter(r -> r.outcome() == Outcome.FAIL).count());
    }

    @Test void belowTheWarningButAboveTheAlarmIsAWarningNotAFailure() {
        CheckRow rx = row(rows("ethtool_m_ens2f1.txt"), "rx_power_dbm lane 1");
        assertEquals(Outcome.INFO, rx.outcome());
        assertTrue(rx.reason().startsWith("warning: rx power -11.50 dBm below the module's low-warning threshold -9.90 dBm"), rx.reason());
    }

    @Test void unusedLanesAreNotFaultsButLossOfLockAndHeatAreReported() {
        List<CheckRow> rows = rows("osfp_cmis_noindent.txt");
        for (int lane = 5; lane <= 8; lane++) {
            CheckRow r = row(rows, "lane lane " + lane);
            assertEquals(Outcome.INFO, r.outcome());
            assertTrue(r.reason().startsWith("lane unused"), r.reason());
            int l = lane;
            assertTrue(rows.stream().noneMatch(x -> x.name().equals("rx_power_dbm lane " + l)), "no rx grade on an unused lane");
        }
        assertEquals(Outcome.FAIL, row(rows, "rx_loss_of_lock lane 2").outcome());
        CheckRow temp = row(rows, "temperature_c");
        assertEquals(Outcome.INFO, temp.outcome());
        assertTrue(temp.reason().startsWith("warning: module temperature 71.20 C above the module's high-warning threshold 70.00 C"), temp.reason());
    }

    @Test void noLightOnATransmittingLaneFailsWithoutThresholds() {
        List<CheckRow> rows = rows("qsfp_old_channel0.txt");
        CheckRow lane1 = row(rows, "rx_power_dbm lane 1");
        assertEquals(Outcome.FAIL, lane1.outcome());
        assertTrue(lane1.reason().startsWith("no light received while the lane transmits"), lane1.reason());
        CheckRow lane2 = row(rows, "rx_power_dbm lane 2");
        assertEquals(Outcome.INFO, lane2.outcome());
        assertTrue(lane2.reason().contains("gives no thresholds"), lane2.reason());
    }

    @Test void theCheckGradesOpticsBesideTheCountersAndFailsOnAnAlarm() {
        CheckResult r = Check.of(Snapshot.of(CaptureCsv.fixture("ethtool/qsfp28_sff8636_prompt.txt"))).grade(Policy.BER);
        assertEquals(3, r.exitCode());
        assertTrue(r.notes().stream().anyMatch(n -> n.startsWith("optics:")), r.notes().toString());
        assertTrue(r.toString().contains("rx_power_dbm lane 3"), r.toString());
        // a copper cable gives nothing to grade
        assertTrue(rows("qsfp28_dac_nodom.txt").isEmpty());
    }

    @Test void mlxlinksModuleInfoIsGradedTheSameWayAgainstItsAlarmPair() {
        List<CheckRow> rows = OpticsChecks.of(Snapshot.of(CaptureCsv.fixture("mlxlink/mlxlink_mlx5_1_optic_rx_low.txt")));
        CheckRow lane2 = row(rows, "rx_power_dbm lane 2");
        assertEquals(Outcome.FAIL, lane2.outcome());
        assertEquals(-10.84, lane2.value(), 0.01);
        assertEquals(-9.91, lane2.limit(), 0.01);
        assertEquals("mlxlink", lane2.basis());
        assertEquals("mlx5_1/1", lane2.port());
        assertEquals(Outcome.FAIL, row(rows, "rx_loss_of_signal lane 2").outcome());
        CheckRow lane1 = row(rows, "rx_power_dbm lane 1");
        assertEquals(Outcome.PASS, lane1.outcome());
        assertTrue(lane1.reason().contains("inside the module's alarm thresholds [-9.91, 7.00] dBm"), lane1.reason());
        assertEquals(Outcome.PASS, row(rows, "tx_bias_ma lane 4").outcome());
        assertEquals(Outcome.PASS, row(rows, "temperature_c").outcome());
        assertEquals(2, rows.stream().filter(r -> r.outcome() == Outcome.FAIL).count());
    }

    /** The public mlxlink JSON of a 400G DR4 OSFP (MFT 4.34): four lanes, every value inside the module's pair. */
    @Test void thePublicOsfpCaptureReadsFourHealthyLanes() {
        List<CheckRow> rows = OpticsChecks.of(Snapshot.of(PublicCaptureFiles.file("mlxlink_json_mft4.34_400g_dr4_osfp_yuuki.json")));
        assertEquals(3.58, row(rows, "rx_power_dbm lane 1").value(), 0.01);
        assertEquals(2.66, row(rows, "rx_power_dbm lane 4").value(), 0.01);
        assertEquals(7.00, row(rows, "tx_power_dbm lane 1").limit(), 0.01);   // nearer the high end of [-6.904..6.999]
        assertEquals(4 * 3 + 2, rows.size());
        assertTrue(rows.stream().allMatch(r -> r.outcome() == Outcome.PASS), rows.toString());
    }
}
