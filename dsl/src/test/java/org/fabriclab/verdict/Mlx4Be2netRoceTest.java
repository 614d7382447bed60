package org.fabriclab.verdict;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

import org.fabriclab.capture.CaptureCsv;
import org.fabriclab.catalogue.Direction;
import org.fabriclab.delta.Delta;
import org.fabriclab.pause.PauseAnalysis;
import org.fabriclab.pause.PauseRow;
import org.fabriclab.snapshot.Snapshot;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * ConnectX-3 (mlx4_en) and Emulex be2net {@code ethtool -S} dumps reach the pause analysis and the
 * {@code roce} profile through the catalogue: the per-priority pause frames, microseconds and transitions
 * of mlx4 make window rows, and a counter the NIC has no name for (mlx5's per-priority buffer discard and
 * pause-storm watchdog) is not asked of it. Fixtures: {@code ethtool/mlx4_en_flow_control_rings.txt}
 * (mlx4 main_strings order) and {@code ethtool/be2net_port_and_queue_stats.txt} (isc-projects/ethq tests/be2net layout).
 */
class Mlx4Be2netRoceTest {
    @TempDir Path tmp;

    /** The fixture with {@code name: value} lines raised by the given amounts (name, amount, name, amount ...). */
    Path raised(String fixture, String as, Object... add) throws IOException {
        String text = Files.readString(CaptureCsv.fixture(fixture));
        for (int i = 0; i < add.length; i += 2) {
            String name = (String) add[i];
            int at = text.indexOf(" " + name + ": ");
            assertTrue(at >= 0, name);
            int from = at + name.length() + 3, to = text.indexOf('\n', from);
            long v = Long.parseLong(text.substring(from, to).strip()) + ((Number) add[i + 1]).longValue();
            text = text.substring(0, from) + v + text.substring(to);
        }
        Path p = tmp.resolve(as);
        Files.writeString(p, text);
        return p;
    }

    @Test void mlx4PauseWindowRowsFromItsOwnNames() throws IOException {
        Path before = CaptureCsv.fixture("ethtool/mlx4_en_flow_control_rings.txt");
        Path after = raised("ethtool/mlx4_en_flow_control_rings.txt", "after.txt",
                "rx_pause_prio_3", 3000, "rx_pause_duration_prio_3", 1_500_000, "rx_pause_transition_prio_3", 2990);
        PauseAnalysis a = PauseAnalysis.of(Delta.between(Snapshot.of(List.of(before)), Snapshot.of(List.of(after))), 10.0);
        PauseRow rx = a.window().stream().filter(r -> r.direction() == Direction.RX && r.priority().equals("prio3")).findFirst().orElseThrow();
        assertEquals(3000L, rx.frames());
        assertEquals(1_500_000L, rx.pauseUs());
        assertEquals(2990L, rx.transitions());
        assertEquals(0.15, rx.dutyCycle(), 1e-12, "1.5 s paused in 10 s");
        assertTrue(a.window().stream().anyMatch(r -> r.direction() == Direction.TX && r.priority().equals("global")), a.window().toString());
    }

    /**
     * Under {@code roce} a port's NIC is known by the vendors of its names; mlx4_en prints none of mlx5's
     * per-priority buffer discard, pause-storm or {@code rx_discards_phy}, and mlx4_ib's own RDMA diag
     * counters are not catalogued, so none of them is asked of the port: graded on what it has, noted as
     * optional. An mlx5 ethtool-only dump stays "incomplete" (VendorNeutralRoceTest for bnxt_en).
     */
    @Test void mlx4IsNotAskedForCountersItHasNoNameFor() {
        Path eth = CaptureCsv.fixture("ethtool/mlx4_en_flow_control_rings.txt");
        Verdict v = VendorNeutralRoceTest.only(Delta.between(Snapshot.of(List.of(eth)), Snapshot.of(List.of(eth))).moved(10e9)
                .classify(Profiles.ROCE));
        assertEquals(Verdict.CLEAN, v.verdict(), v.toString());
        assertEquals(List.of("local_ack_timeout_err", "packet_seq_err", "rnr_nak_retry_err", "rp_cnp_handled", "rx_discards_phy",
                "rx_prio3_buf_discard", "tx_pause_storm_error_events"), List.copyOf(new java.util.TreeSet<>(v.reasons().keySet())));
        assertTrue(v.reasons().values().stream().allMatch(r -> r.startsWith("optional")), v.reasons().toString());
    }

    /**
     * be2net's {@code rx_drops_no_pbuf} (receive drops for want of a hardware packet buffer) is
     * {@code rx_discards_phy}: 40 more of them make the port lossless-broken. Its {@code rx_pause_frames}
     * is bound for bnxt_en and be2net alike, so the port is not taken for a bnxt_en (whose bnxt_re
     * transport counters would then be required).
     */
    @Test void be2netBufferDropsAreLosslessBroken() throws IOException {
        Path before = CaptureCsv.fixture("ethtool/be2net_port_and_queue_stats.txt");
        Path after = raised("ethtool/be2net_port_and_queue_stats.txt", "be-after.txt", "rx_drops_no_pbuf", 40);
        Verdict v = VendorNeutralRoceTest.only(Delta.between(Snapshot.of(List.of(before)), Snapshot.of(List.of(after))).moved(10e9)
                .classify(Profiles.ROCE_FULL));
        assertEquals("lossless-broken", v.verdict(), v.toString());
        assertEquals(List.of("rx_discards_phy"), v.detail(), v.toString());
        Verdict quiet = VendorNeutralRoceTest.only(Delta.between(Snapshot.of(List.of(before)), Snapshot.of(List.of(before))).moved(10e9)
                .classify(Profiles.ROCE_FULL));
        assertEquals(Verdict.CLEAN, quiet.verdict(), quiet.toString());
        // roce requires rx_prio3_pause; be2net prints link pause (rx_pause_frames) and one PFC total over all priorities
        // (rx_priority_pause_frames), no pause count of priority 3: another member of the family is not the counter asked
        // for, so its absence is noted as optional (Profile.resolve: a counter the NIC has no name for) and the buffer
        // drops grade the port under roce as under roce-full; before, the family counted as exposed and the port was
        // "incomplete" for a counter no be2net capture can hold, hiding the 40 drops
        Verdict roce = VendorNeutralRoceTest.only(Delta.between(Snapshot.of(List.of(before)), Snapshot.of(List.of(after))).moved(10e9)
                .classify(Profiles.ROCE));
        assertEquals("lossless-broken", roce.verdict(), roce.toString());
        assertEquals(List.of("rx_discards_phy"), roce.detail());
        assertTrue(roce.reasons().getOrDefault("rx_prio3_pause", "").startsWith("optional"), roce.reasons().toString());
    }
}
