package org.fabriclab.verdict;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.util.List;

import org.fabriclab.capture.CaptureCsv;
import org.fabriclab.capture.PublicCaptureFiles;
import org.fabriclab.delta.Delta;
import org.fabriclab.snapshot.Snapshot;
import org.junit.jupiter.api.Test;

/**
 * Before/after verdicts on RDMA providers other than mlx5, from their whole {@code hw_counters}
 * folders as {@code grep -H .} prints them (every file the driver creates, {@code lifespan} included,
 * in glob order; fixtures written with the driver's names and our own values) beside the NIC's real
 * {@code ethtool -S} dump read in place.
 */
class RdmaProviderVerdictTest {
    static final double BYTES = 20e9;

    static Path sysfs(String name) { return CaptureCsv.fixture("sysfs/" + name); }

    static Verdict classify(Profile p, List<Path> before, List<Path> after) {
        Verdicts vs = Delta.between(Snapshot.of(before), Snapshot.of(after)).moved(BYTES).classify(p);
        assertEquals(1, vs.size(), vs.toString());
        return vs.verdicts().get(0);
    }

    /**
     * The RDMA core adds {@code lifespan} to every hw_counters folder; it was bound to mlx5, so a real
     * bnxt_re folder made the port look like an mlx5 one and the roce profile demanded
     * {@code rx_prio3_buf_discard}, which bnxt_en has no counter for: every such port was "incomplete".
     * Now the sequence-NAK and ACK-timeout counters that moved decide.
     */
    @Test void bnxtReFolderWithLifespanIsGradedLikeBroadcom() {
        Path eth = PublicCaptureFiles.file("ethtool_S_bnxt_en_broadcom_perring_prefix_ethq.txt");
        Verdict v = classify(Profiles.ROCE, List.of(eth, sysfs("bnxt_re_hw_counters_k6.8_before.txt")),
                List.of(eth, sysfs("bnxt_re_hw_counters_k6.8_after.txt")));
        assertEquals("transport-retry", v.verdict(), v.toString());
        assertEquals(List.of("local_ack_timeout_err", "packet_seq_err"), v.detail());
        assertTrue(v.reasons().get("rx_prio3_buf_discard").startsWith("optional"), v.reasons().toString());
    }
}
