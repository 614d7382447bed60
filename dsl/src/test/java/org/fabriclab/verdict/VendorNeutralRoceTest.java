package org.fabriclab.verdict;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

import org.fabriclab.capture.PublicCaptureFiles;
import org.fabriclab.delta.Delta;
import org.fabriclab.delta.MovedDelta;
import org.fabriclab.snapshot.Snapshot;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A {@code roce}/{@code roce-full} verdict sees a pause storm or congestion on Broadcom (bnxt_en +
 * bnxt_re) and Intel (ice + irdma) captures exactly as on mlx5: "before" is the real public
 * {@code ethtool -S} dump read in place, "after" a copy in the temp dir with the storm or pause
 * counters raised; the RDMA counters are a sysfs {@code hw_counters} dump written with the driver's
 * own names.
 */
class VendorNeutralRoceTest {
    static final double BYTES = 10e9;
    @TempDir Path tmp;

    /** Copies {@code src} with each {@code name: value} line named in {@code add} raised by that amount. */
    Path raised(Path src, String as, Map<String, Long> add) throws IOException {
        List<String> out = new ArrayList<>();
        int seen = 0;
        for (String l : Files.readAllLines(src)) {
            int sep = l.lastIndexOf(": ");
            String name = sep < 0 ? "" : l.substring(0, sep).strip();
            Long d = add.get(name);
            if (d != null) {
                l = l.substring(0, sep + 2) + (Long.parseLong(l.substring(sep + 2).strip()) + d);
                seen++;
            }
            out.add(l);
        }
        assertEquals(add.size(), seen, "every raised counter is in " + src.getFileName());
        Path p = tmp.resolve(as);
        Files.write(p, out);
        return p;
    }

    /** A {@code grep -H . .../hw_counters/*} dump of one RDMA port. */
    Path hwCounters(String as, String device, Map<String, Long> values) throws IOException {
        StringBuilder b = new StringBuilder();
        values.forEach((k, v) -> b.append("/sys/class/infiniband/").append(device).append("/ports/1/hw_counters/").append(k)
                .append(':').append(v).append('\n'));
        Path p = tmp.resolve(as);
        Files.writeString(p, b);
        return p;
    }

    static Verdict only(Verdicts vs) {
        assertEquals(1, vs.size(), vs.toString());
        return vs.verdicts().get(0);
    }

    Verdict classify(Profile p, List<Path> before, List<Path> after) {
        MovedDelta d = Delta.between(Snapshot.of(before), Snapshot.of(after)).moved(BYTES);
        return only(d.classify(p));
    }

    static final Map<String, Long> BNXT_RE_QUIET = new java.util.LinkedHashMap<>(Map.of("seq_err_naks_rcvd", 7L, "to_retransmits", 3L,
            "rnr_naks_rcvd", 0L, "rx_cnp_pkts", 100L, "tx_cnp_pkts", 40L, "rx_ecn_marked_pkts", 90L));

    @Test void bnxtPauseStormIsAPauseStormUnderRoceAndRoceFull() throws IOException {
        Path eth = PublicCaptureFiles.file("ethtool_S_bnxt_en_broadcom_perring_prefix_ethq.txt");
        Path ethAfter = raised(eth, "bnxt-after.txt", Map.of("continuous_roce_pause_events", 2L,
                "tx_pfc_ena_frames_pri3", 5_000_000L, "pfc_pri3_tx_duration_us", 900_000_000L));
        Path hwBefore = hwCounters("re-before.txt", "bnxt_re0", BNXT_RE_QUIET);
        Path hwAfter = hwCounters("re-after.txt", "bnxt_re0", BNXT_RE_QUIET);
        for (Profile p : List.of(Profiles.ROCE, Profiles.ROCE_FULL)) {
            Verdict v = classify(p, List.of(eth, hwBefore), List.of(ethAfter, hwAfter));
            assertEquals("pause-storm", v.verdict(), p.name() + ": " + v);
            assertEquals(List.of("tx_pause_storm_error_events"), v.detail(), v.toString());
        }
        // the same counters on mlx5 give the same verdict
        Path mlx = PublicCaptureFiles.file("ethtool_S_mlx5_cx4lx_k4.15_ethq_noindent.txt");
        Path mlxBefore = tmp.resolve("mlx5-before.txt"), mlxAfter = tmp.resolve("mlx5-after.txt");
        Files.writeString(mlxBefore, Files.readString(mlx) + "tx_pause_storm_error_events: 0\nrx_prio3_pause: 0\nrx_prio3_buf_discard: 0\n");
        Files.writeString(mlxAfter, Files.readString(mlx) + "tx_pause_storm_error_events: 2\nrx_prio3_pause: 0\nrx_prio3_buf_discard: 0\n");
        Map<String, Long> q = Map.of("packet_seq_err", 7L, "local_ack_timeout_err", 3L, "rnr_nak_retry_err", 0L, "rp_cnp_handled", 100L, "np_cnp_sent", 40L);
        Verdict m = classify(Profiles.ROCE, List.of(mlxBefore, hwCounters("mlx-hw-b.txt", "mlx5_0", q)),
                List.of(mlxAfter, hwCounters("mlx-hw-a.txt", "mlx5_0", q)));
        assertEquals("pause-storm", m.verdict(), m.toString());
        assertEquals(List.of("tx_pause_storm_error_events"), m.detail());
    }

    @Test void bnxtCongestionIsCongestionAndTheBarHolds() throws IOException {
        Path eth = PublicCaptureFiles.file("ethtool_S_bnxt_en_broadcom_perring_prefix_ethq.txt");
        Path heavy = raised(eth, "bnxt-pause.txt", Map.of("rx_pfc_ena_frames_pri3", 50_000L, "pfc_pri3_rx_duration_us", 4_000_000L));
        Path light = raised(eth, "bnxt-light.txt", Map.of("rx_pfc_ena_frames_pri3", 5_000L));
        Path hw = hwCounters("re.txt", "bnxt_re0", BNXT_RE_QUIET);
        Verdict v = classify(Profiles.ROCE, List.of(eth, hw), List.of(heavy, hw));
        assertEquals("congestion", v.verdict(), v.toString());
        assertEquals(List.of("rx_prio3_pause"), v.detail());
        assertEquals(5000.0, v.perGb().get("rx_prio3_pause"), 1e-9, "50000 pauses over 10 GB");
        assertEquals("clean", classify(Profiles.ROCE, List.of(eth, hw), List.of(light, hw)).verdict(), "500 per GB is under the 1000 bar");
        // CNPs handled under the bnxt_re name count as congestion too
        Map<String, Long> cnp = new java.util.LinkedHashMap<>(BNXT_RE_QUIET);
        cnp.put("rx_cnp_pkts", 100L + 20_000L);
        Verdict c = classify(Profiles.ROCE, List.of(eth, hw), List.of(eth, hwCounters("re-cnp.txt", "bnxt_re0", cnp)));
        assertEquals("congestion", c.verdict(), c.toString());
        assertEquals(List.of("rp_cnp_handled"), c.detail());
    }

    @Test void iceCongestionIsCongestionUnderRoceAndRoceFull() throws IOException {
        Path eth = PublicCaptureFiles.file("ethtool_S_ice_e810_intel_ethq.txt");
        Path after = raised(eth, "ice-after.txt", Map.of("rx_priority_3_xoff.nic", 80_000L));
        Map<String, Long> irdma = Map.of("cnpHandled", 10L, "cnpSent", 4L, "RxECNMrkd", 9L, "cnpIgnored", 0L);
        Path hw = hwCounters("irdma.txt", "irdma0", irdma);
        for (Profile p : List.of(Profiles.ROCE, Profiles.ROCE_FULL)) {
            Verdict v = classify(p, List.of(eth, hw), List.of(after, hw));
            assertEquals("congestion", v.verdict(), p.name() + ": " + v);
            assertEquals(List.of("rx_prio3_pause"), v.detail(), v.toString());
            if (p == Profiles.ROCE_FULL) {   // mlx5's optional counters an E810 does not have: one line, not one each
                assertEquals(1, v.reasonLines().stream().filter(l -> l.matches("\\d+ optional counters in neither snapshot: .*")).count(),
                        v.reasonLines().toString());
            }
        }
        // a discard on the port is lossless-broken, which outranks congestion
        Path dropped = raised(eth, "ice-drop.txt", Map.of("rx_priority_3_xoff.nic", 80_000L, "rx_dropped.nic", 12L));
        Verdict d = classify(Profiles.ROCE, List.of(eth, hw), List.of(dropped, hw));
        assertEquals("lossless-broken", d.verdict(), d.toString());
        assertEquals(List.of("rx_discards_phy"), d.detail());
    }

    @Test void aCounterTheNicHasButTheCaptureLacksIsStillIncomplete() throws IOException {
        // bnxt_re exposes the transport counters: an ethtool-only capture cannot be graded under roce
        Path eth = PublicCaptureFiles.file("ethtool_S_bnxt_en_broadcom_perring_prefix_ethq.txt");
        Verdict v = classify(Profiles.ROCE, List.of(eth), List.of(eth));
        assertEquals(Verdict.INCOMPLETE, v.verdict(), v.toString());
        assertEquals(List.of("local_ack_timeout_err", "packet_seq_err", "rnr_nak_retry_err", "rp_cnp_handled"), v.detail());
        assertTrue(!v.detail().contains("rx_prio3_buf_discard"), "bnxt_en has no per-priority buffer discard counter to capture");
    }
}
