package org.fabriclab.verdict;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

import org.fabriclab.capture.CaptureCsv;
import org.fabriclab.capture.PublicCaptureFiles;
import org.fabriclab.delta.Delta;
import org.fabriclab.snapshot.Snapshot;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

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

    /**
     * Newer bnxt_re ("RDMA/bnxt_re: RoCE related hardware counters update", 2025) prints the mlx5 names
     * (packet_seq_err, local_ack_timeout_err, rp_cnp_handled, ...). Bound as mlx5's alone they made the
     * port an mlx5 one again and it was "incomplete (rx_prio3_buf_discard)"; a name several vendors print
     * does not identify the NIC, bnxt_en's names do, and the same test gives the same verdict as under
     * the older names.
     */
    @Test void bnxtReWithTheMlx5NamesIsStillBroadcom() {
        Path eth = PublicCaptureFiles.file("ethtool_S_bnxt_en_broadcom_perring_prefix_ethq.txt");
        Verdict v = classify(Profiles.ROCE, List.of(eth, sysfs("bnxt_re_hw_counters_mlx5names_before.txt")),
                List.of(eth, sysfs("bnxt_re_hw_counters_mlx5names_after.txt")));
        assertEquals("transport-retry", v.verdict(), v.toString());
        assertEquals(List.of("local_ack_timeout_err", "packet_seq_err"), v.detail());
        assertTrue(v.reasons().get("rx_prio3_buf_discard").startsWith("optional"), v.reasons().toString());
        Verdict full = classify(Profiles.ROCE_FULL, List.of(eth, sysfs("bnxt_re_hw_counters_mlx5names_before.txt")),
                List.of(eth, sysfs("bnxt_re_hw_counters_mlx5names_after.txt")));
        assertTrue(full.live().contains("out_of_sequence"), full.toString());
    }

    /**
     * A port whose counters are only names several vendors print (an mlx5 q-counter dump cut to the
     * four the runbook reads) could be either NIC: every candidate's requirement stands.
     */
    @Test void aPortWithOnlySharedNamesKeepsEveryCandidatesRequirements(@TempDir Path tmp) throws java.io.IOException {
        String dump = "/sys/class/infiniband/mlx5_0/ports/1/hw_counters/local_ack_timeout_err:%d\n"
                + "/sys/class/infiniband/mlx5_0/ports/1/hw_counters/packet_seq_err:0\n"
                + "/sys/class/infiniband/mlx5_0/ports/1/hw_counters/rnr_nak_retry_err:0\n"
                + "/sys/class/infiniband/mlx5_0/ports/1/hw_counters/rp_cnp_handled:0\n";
        Path b = Files.writeString(tmp.resolve("b.txt"), String.format(dump, 0)), a = Files.writeString(tmp.resolve("a.txt"), String.format(dump, 3));
        Verdict v = classify(Profiles.ROCE, List.of(b), List.of(a));
        assertEquals(Verdict.INCOMPLETE, v.verdict(), v.toString());
        assertTrue(v.detail().containsAll(List.of("rx_prio3_buf_discard", "tx_pause_storm_error_events", "rx_prio3_pause")),
                "mlx5, one of the candidates, has them: " + v);
    }

    /**
     * bnxt_re's rx_bytes/tx_bytes (its RoCE stats context) were bound to the netdev's rx_bytes, which
     * bnxt_en's ethtool -S also prints for the whole MAC: one counter read twice with two values, the
     * hw_counters one "kept over" ethtool's with a note. They are the RDMA device's bytes now, beside
     * the MAC's, and the bytes the test moved come from the RoCE traffic.
     */
    @Test void bnxtReBytesAreTheRdmaDevicesNotTheMacs() {
        Path eth = PublicCaptureFiles.file("ethtool_S_bnxt_en_broadcom_perring_prefix_ethq.txt");
        Snapshot b = Snapshot.of(List.of(eth, sysfs("bnxt_re_hw_counters_k6.8_before.txt")));
        assertEquals(209623502882L, b.reading("bnxt_re0/1", "rdma_tx_bytes").orElseThrow().value());
        assertEquals(770394433789550L, b.reading("bnxt_re0/1", "tx_bytes").orElseThrow().value(), "bnxt_en's MAC bytes stay");
        assertFalse(b.notes().stream().anyMatch(n -> n.contains("kept over")), b.notes().toString());
        assertFalse(b.warnings().stream().anyMatch(n -> n.contains("kept over")), b.warnings().toString());
        var d = Delta.between(b, Snapshot.of(List.of(eth, sysfs("bnxt_re_hw_counters_k6.8_after.txt"))));
        var moved = org.fabriclab.incident.BytesMoved.derive(d, "bnxt_re0/1");
        assertEquals(20_889_600_000.0, moved.bytes(), 0.5, moved.how());
        assertTrue(moved.how().contains("rdma_tx_bytes +20889600000"), moved.how());
    }

    /**
     * Amazon EFA (6.10+ port stats: the SRD transport's retrans_* and remote events). Its only counters
     * the roce profile could grade were uncatalogued, so a port whose transport timed out 14 times was
     * "incomplete" for eight counters an EFA port does not have. Its retransmission timeouts are the
     * ACK timeouts roce grades, the other seven are noted as not exposed, and roce-full sees the
     * retransmitted packets; drops are named as discards but do not decide (SRD retransmits them).
     */
    @Test void efaTransportTimeoutsAreTransportRetries() {
        List<Path> b = List.of(sysfs("efa_hw_counters_k6.10_before.txt")), a = List.of(sysfs("efa_hw_counters_k6.10_after.txt"));
        Verdict v = classify(Profiles.ROCE, b, a);
        assertEquals("transport-retry", v.verdict(), v.toString());
        assertEquals(List.of("local_ack_timeout_err"), v.detail());
        assertTrue(v.reasons().get("rx_prio3_pause").startsWith("optional"), v.reasons().toString());
        Verdict full = classify(Profiles.ROCE_FULL, b, a);
        assertEquals(List.of("local_ack_timeout_err", "retrans_pkts"), full.detail(), full.toString());
        Snapshot s = Snapshot.of(a);
        assertEquals("discard", s.reading("rdmap16s27/1", "rdma_rx_drops").map(r -> r.counter()).map(c ->
                org.fabriclab.catalogue.Catalogue.standard().definition(c).orElseThrow().roles().iterator().next().label()).orElseThrow());
        assertEquals(List.of(), s.readings("rdmap16s27/1").values().stream().filter(r -> !r.catalogued() && !r.rawName().startsWith("rdma_")
                && !r.rawName().startsWith("send_") && !r.rawName().startsWith("recv_")).map(r -> r.rawName()).toList(),
                "every EFA port stat the classifier or bytes could use is catalogued");
    }

    /** bnxt_re's max_retry_exceeded and oos_drop_count (before the 2025 rename) are the retry-limit and out-of-sequence counters. */
    @Test void bnxtReRetryLimitAndOutOfSequenceAreCatalogued() {
        Snapshot s = Snapshot.of(List.of(sysfs("bnxt_re_hw_counters_k6.8_after.txt")));
        assertEquals(130L, s.reading("bnxt_re0/1", "out_of_sequence").orElseThrow().value());
        assertEquals(0L, s.reading("bnxt_re0/1", "req_transport_retries_exceeded").orElseThrow().value());
    }
}
