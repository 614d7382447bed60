package org.fabriclab.snapshot;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.util.List;

import org.fabriclab.capture.BadInput;
import org.fabriclab.capture.CaptureCsv;
import org.fabriclab.capture.CaptureException;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Group A captures joined in snapshots: LIDs, netdevs, pegged copies, conflicts. */
class SnapshotJoinGroupATest {
    @TempDir Path tmp;

    private static final String PERFQUERY_X = "# Port extended counters: Lid 1719 port 1 (CapMask: 0x5300)\n"
            + "PortXmitData:....................36298026860928\nPortRcvData:.....................1\n"
            + "PortXmitPkts:....................2\nPortRcvPkts:.....................3\n";

    @Test void perfqueryLidJoinsIbstatPort() {
        Path pq = BadInput.write(tmp, "pq.txt", PERFQUERY_X);
        Snapshot s = Snapshot.of(pq, CaptureCsv.fixture("ibstat/two_cas.txt"));
        assertTrue(s.ports().contains("mlx5_0/1"), s.ports().toString());
        assertTrue(!s.ports().contains("lid 1719/1"), s.ports().toString());
        assertEquals(36298026860928L, s.value("mlx5_0/1", "PortXmitData").getAsLong());
        assertEquals("Active", s.attr("mlx5_0/1", "state").orElseThrow());
    }

    @Test void perfqueryLidJoinsSysfsHexLid() {
        // sysfs prints the LID in hex (0x6b7 = 1719); the perfquery block names it in hex too
        Path pq = BadInput.write(tmp, "pq.txt", PERFQUERY_X.replace("Lid 1719", "Lid 0x6b7"));
        Path sys = BadInput.write(tmp, "sys.txt", "/sys/class/infiniband/mlx5_0/ports/1/lid:0x6b7\n"
                + "/sys/class/infiniband/mlx5_0/ports/1/hw_counters/out_of_sequence:1\n");
        Snapshot s = Snapshot.of(pq, sys);
        assertEquals(List.of("mlx5_0/1"), s.ports());
        assertEquals(36298026860928L, s.value("mlx5_0/1", "PortXmitData").getAsLong());
        assertEquals(1L, s.value("mlx5_0/1", "out_of_sequence").getAsLong());
    }

    @Test void peggedClassicCopyYieldsToExtended() {
        Snapshot s = Snapshot.of(CaptureCsv.fixture("perfquery/mixed_blocks.txt"));
        assertEquals(300L, s.value("lid 1719/1", "LinkDownedCounter").getAsLong());
        assertEquals(70000L, s.value("lid 1719/1", "SymbolErrorCounter").getAsLong());
        assertEquals(36298026860928L, s.value("lid 1719/1", "PortXmitData").getAsLong());
        assertTrue(s.notes().stream().anyMatch(n -> n.contains("LinkDownedCounter") && n.contains("pegged")), s.notes().toString());
    }

    @Test void rdmaLinkNetdevJoinsNamedEthtool() {
        Path rdma = BadInput.write(tmp, "rdma.txt", "link mlx5_0/1 state ACTIVE physical_state LINK_UP netdev ens1f0np0\n"
                + "link mlx5_0/1 out_of_buffer 3 local_ack_timeout_err 5\n");
        Snapshot s = Snapshot.of(rdma, CaptureCsv.fixture("ethtool/named_header.txt"));
        assertEquals(List.of("mlx5_0/1"), s.ports());
        assertEquals(17L, s.value("mlx5_0/1", "rx_discards_phy").getAsLong());
        assertEquals(5L, s.value("mlx5_0/1", "local_ack_timeout_err").getAsLong());
    }

    @Test void unnamedEthtoolPairsWithTheOnlyRdmaPort() {
        Path rdma = BadInput.write(tmp, "rdma.txt", "link mlx5_0/1 out_of_buffer 3\n");
        Snapshot s = Snapshot.of(rdma, CaptureCsv.fixture("ethtool/unnamed_noindent.txt"));
        assertEquals(List.of("mlx5_0/1"), s.ports());
        assertEquals(9L, s.value("mlx5_0/1", "rx_global_pause").getAsLong());
    }

    @Test void twoToolsDisagreeingKeepThePreferredSourceWithANote() {
        // hw_counters and rdma statistic read the same q-counter some milliseconds apart on a live host
        Path a = BadInput.write(tmp, "sysfs.txt", "/sys/class/infiniband/mlx5_0/ports/1/hw_counters/out_of_sequence:1\n");
        Path b = BadInput.write(tmp, "rdma.txt", "link mlx5_0/1 out_of_sequence 9\n");
        Snapshot s = Snapshot.of(a, b);
        assertEquals(1L, s.value("mlx5_0/1", "out_of_sequence").getAsLong(), "hw_counters over rdma");
        assertTrue(s.notes().stream().anyMatch(n -> n.contains("out_of_sequence") && n.contains(a.toString()) && n.contains(b.toString())),
                s.notes().toString());
    }

    @Test void theSameSourceReadTwiceWithAnotherValueIsAConflict() {
        Path a = BadInput.write(tmp, "before_rdma.txt", "link mlx5_0/1 out_of_sequence 1\n");
        Path b = BadInput.write(tmp, "after_rdma.txt", "link mlx5_0/1 out_of_sequence 9\n");
        CaptureException e = assertThrows(CaptureException.class, () -> Snapshot.of(a, b));
        assertTrue(e.getMessage().contains(a.toString()) && e.getMessage().contains(b.toString()), e.getMessage());
        assertTrue(e.getMessage().contains("out_of_sequence"), e.getMessage());
    }

    @Test void sysfsAndPerfqueryUnpeggedDisagreementKeepsTheWiderField() {
        // perfquery -x LinkDownedCounter (64-bit) = 300, sysfs link_downed (8-bit) = 2: not pegged; the 64-bit copy is kept
        Path pq = BadInput.write(tmp, "pq.txt", PERFQUERY_X.replace("Lid 1719", "Lid 0x6b7")
                + "LinkDownedCounter:...............300\n");
        Path sys = BadInput.write(tmp, "sys.txt", "/sys/class/infiniband/mlx5_0/ports/1/lid:0x6b7\n"
                + "/sys/class/infiniband/mlx5_0/ports/1/counters/link_downed:2\n");
        Snapshot s = Snapshot.of(pq, sys);
        assertEquals(300L, s.value("mlx5_0/1", "LinkDownedCounter").getAsLong());
        assertTrue(s.notes().stream().anyMatch(n -> n.contains("LinkDownedCounter") && n.contains("kept over")), s.notes().toString());
    }
}
