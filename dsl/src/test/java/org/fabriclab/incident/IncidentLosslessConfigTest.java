package org.fabriclab.incident;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * incident(dir) on a bundled RoCE folder with the host's QoS configuration beside the counters
 * (mlnx_qos or dcb pfc show in each snapshot): the report states which priorities have PFC on, with
 * the file and line, and says what that means for the verdict instead of "check mlnx_qos".
 */
class IncidentLosslessConfigTest {
    @TempDir Path tmp;

    private Path withQos(String dataset, String fileName, String qos) throws IOException {
        Path dir = IncidentDatasetsTest.copy(dataset, tmp);
        for (String side : new String[] {"before", "after"}) Files.writeString(dir.resolve(side).resolve(fileName), qos);
        return dir;
    }

    private static String mlnxQos(String enabled) {
        return "# mlnx_qos -i ens1f0np0\nDCBX mode: OS controlled\nPriority trust state: dscp\nCable len: 7\nPFC configuration:\n"
                + "\tpriority    0   1   2   3   4   5   6   7\n\tenabled     " + enabled + "\n";
    }

    @Test void missingPausePriorityMeetsPfcOffWithTheEvidence() throws IOException {
        Path dir = withQos("roce-pfc-disabled", "mlnx_qos.txt", mlnxQos("0   0   0   0   0   0   0   0   "));
        Incident inc = Incident.of(dir);
        PortReport p = inc.port("mlx5_0/1");
        assertEquals("incomplete", p.verdict().verdict());
        String where = dir.resolve("after").resolve("mlnx_qos.txt") + ":7";
        assertTrue(p.why().contains("the host's QoS configuration: PFC off on every priority (" + where + "); trust dscp ("
                + dir.resolve("after").resolve("mlnx_qos.txt") + ":3); DCBX os-controlled (" + dir.resolve("after").resolve("mlnx_qos.txt") + ":2)"),
                p.why().toString());
        String steps = String.join("\n", p.nextSteps());
        assertTrue(steps.contains("rx_prio3_pause is missing because PFC is off on priority 3: the host says PFC is on for no priority (" + where + ")"), steps);
        assertTrue(steps.contains("mlnx_qos -i ens1f0np0 --pfc 0,0,0,1,0,0,0,0"), steps);
        assertFalse(steps.contains("check mlnx_qos / dcb"), steps);
    }

    @Test void missingPauseCounterOnAPfcPriorityIsACaptureProblem() throws IOException {
        Path dir = withQos("roce-pfc-disabled", "dcb-pfc.txt", "$ dcb pfc show dev ens1f0np0\npfc-cap 8 macsec-bypass off delay 0 \n"
                + "prio-pfc 0:off 1:off 2:off 3:on 4:off 5:off 6:off 7:off \n");
        PortReport p = Incident.of(dir).port("mlx5_0/1");
        String steps = String.join("\n", p.nextSteps());
        assertTrue(steps.contains("rx_prio3_pause is missing although PFC is on for priority 3 (" + dir.resolve("after").resolve("dcb-pfc.txt") + ":3)"), steps);
    }

    @Test void dropsOnAPfcPriorityPointAtTheSwitch() throws IOException {
        Path dir = withQos("roce-lossless-broken", "mlnx_qos.txt", mlnxQos("0   0   0   1   0   0   0   0   "));
        PortReport p = Incident.of(dir).port("mlx5_0/1");
        assertEquals("lossless-broken", p.verdict().verdict());
        String steps = String.join("\n", p.nextSteps());
        assertTrue(steps.contains("rx_prio3_buf_discard +4200: drops on priority 3 although the NIC has PFC on for it"), steps);
        assertTrue(steps.contains("rx_discards_phy +4200 is a port-wide drop; the host says PFC is on for priority 3"), steps);
        assertFalse(steps.contains("check that PFC is enabled on that priority on both the NIC"), steps);
    }

    @Test void dropsOnAPfcOffPrioritySaySo() throws IOException {
        Path dir = withQos("roce-lossless-broken", "mlnx_qos.txt", mlnxQos("0   0   0   0   1   0   0   0   "));
        String steps = String.join("\n", Incident.of(dir).port("mlx5_0/1").nextSteps());
        assertTrue(steps.contains("rx_prio3_buf_discard +4200: drops on priority 3, which has PFC off (the host says PFC is on for priority 4"), steps);
        assertTrue(steps.contains("--pfc 0,0,0,1,1,0,0,0"), steps);
    }

    @Test void pauseFramesOnAPriorityThePfcCaptureCallsOffAreADisagreement() throws IOException {
        // roce-lossless-broken's rx_prio3_pause moves: PFC was on for 3, whatever this mlnx_qos says
        Path dir = withQos("roce-lossless-broken", "mlnx_qos.txt", mlnxQos("0   0   0   0   1   0   0   0   "));
        PortReport p = Incident.of(dir).port("mlx5_0/1");
        assertTrue(p.why().contains("rx_prio3_pause moved +2400000 although the host says PFC is on for priority 4 ("
                + dir.resolve("after").resolve("mlnx_qos.txt") + ":7): PFC frames on priority 3 mean PFC was on there; "
                + "the QoS capture and the counters disagree (another moment, or another port?)"), p.why().toString());
    }

    @Test void noDisagreementWhenTheyAgree() throws IOException {
        Path dir = withQos("roce-lossless-broken", "mlnx_qos.txt", mlnxQos("0   0   0   1   0   0   0   0   "));
        assertTrue(Incident.of(dir).port("mlx5_0/1").why().stream().noneMatch(w -> w.contains("disagree")));
    }

    @Test void dcbStatisticsOnAPortWithPfcOffEverywhereAreNoPauseCounts() throws IOException {
        // dcb -s prints rx_prio3_pause (0) although PFC is off: no pause count, so the port stays incomplete, as without
        // the file, and the configuration says why
        Path dir = withQos("roce-pfc-disabled", "dcb-pfc.txt", "# dcb -s pfc show dev ens1f0np0\npfc-cap 8 macsec-bypass off delay 0\n"
                + "prio-pfc 0:off 1:off 2:off 3:off 4:off 5:off 6:off 7:off\nrequests 0:0 1:0 2:0 3:0 4:0 5:0 6:0 7:0\n"
                + "indications 0:0 1:0 2:0 3:0 4:0 5:0 6:0 7:0\n");
        PortReport p = Incident.of(dir).port("mlx5_0/1");
        assertEquals("incomplete", p.verdict().verdict(), p.verdict().toString());
        assertEquals(java.util.List.of("rx_prio3_pause"), p.verdict().detail());
        String steps = String.join("\n", p.nextSteps());
        assertTrue(steps.contains("rx_prio3_pause is missing because PFC is off on priority 3: the host says PFC is on for no priority ("
                + dir.resolve("after").resolve("dcb-pfc.txt") + ":3)"), steps);
    }

    @Test void aConfigurationInOneSnapshotOnlyStillSpeaks() throws IOException {
        Path dir = withQos("roce-pfc-disabled", "mlnx_qos.txt", mlnxQos("0   0   0   0   0   0   0   0   "));
        Files.delete(dir.resolve("after").resolve("mlnx_qos.txt"));
        String steps = String.join("\n", Incident.of(dir).port("mlx5_0/1").nextSteps());
        assertTrue(steps.contains("rx_prio3_pause is missing because PFC is off on priority 3: the host says PFC is on for no priority ("
                + dir.resolve("before").resolve("mlnx_qos.txt") + ":7)"), steps);
    }

    @Test void aPfcChangeDuringTheTestIsSaid() throws IOException {
        Path dir = withQos("roce-lossless-broken", "mlnx_qos.txt", mlnxQos("0   0   0   1   0   0   0   0   "));
        Files.writeString(dir.resolve("before").resolve("mlnx_qos.txt"), mlnxQos("0   0   0   0   0   0   0   0   "));
        PortReport p = Incident.of(dir).port("mlx5_0/1");
        assertTrue(p.why().stream().anyMatch(w -> w.contains("PFC changed between the snapshots: on no priority ("
                + dir.resolve("before").resolve("mlnx_qos.txt") + ":7) before, on priority 3 (" + dir.resolve("after").resolve("mlnx_qos.txt") + ":7) after")),
                p.why().toString());
    }

    @Test void theSwitchsAdvertisedPfcBesideTheHostsIsCompared() throws IOException {
        Path dir = withQos("roce-lossless-broken", "lldptool.txt", "# lldptool -t -i ens1f0np0 -V PFC\nIEEE 8021QAZ PFC TLV\n\t Willing: no\n"
                + "\t PFC enabled: 3 \n# lldptool -n -t -i ens1f0np0 -V PFC\nIEEE 8021QAZ PFC TLV\n\t Willing: no\n\t PFC enabled: none\n");
        PortReport p = Incident.of(dir).port("mlx5_0/1");
        String lld = dir.resolve("after").resolve("lldptool.txt").toString();
        assertTrue(p.why().contains("the host's QoS configuration: PFC on priority 3 (" + lld + ":4); the neighbour (switch) advertises PFC on no priority "
                + "(lldptool -n, " + lld + ":8): not what the host has, so the two ends disagree on which priorities are lossless"), p.why().toString());
    }

    @Test void twoQosFilesThatDisagreeAreBothNamed() throws IOException {
        Path dir = withQos("roce-lossless-broken", "dcb-pfc.txt", "# dcb pfc show dev ens1f0np0\nprio-pfc 0:off 1:off 2:off 3:on 4:off 5:off 6:off 7:off\n");
        for (String side : new String[] {"before", "after"}) Files.writeString(dir.resolve(side).resolve("mlnx_qos.txt"), mlnxQos("0   0   0   0   0   0   0   0"));
        PortReport p = Incident.of(dir).port("mlx5_0/1");
        assertTrue(p.why().stream().anyMatch(w -> w.contains("the QoS captures of one snapshot disagree")), p.why().toString());
    }

    @Test void withoutAConfigurationTheAdviceStands() throws IOException {
        PortReport p = Incident.of(IncidentDatasetsTest.DATASETS.resolve("roce-pfc-disabled")).port("mlx5_0/1");
        assertTrue(String.join("\n", p.nextSteps()).contains("check mlnx_qos / dcb"));
        assertTrue(p.why().stream().noneMatch(w -> w.startsWith("the host's QoS configuration")));
    }
}
