package org.fabriclab.snapshot;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;

import org.fabriclab.capture.Capture;
import org.fabriclab.capture.CaptureException;
import org.fabriclab.capture.PortAttr;
import org.fabriclab.catalogue.Source;
import org.junit.jupiter.api.Test;

class SnapshotTest {

    static Capture perfquery(String file, long linkDowned) {
        return Capture.builder(Source.PERFQUERY, file).counter("lid 1719/1", "LinkDownedCounter", linkDowned, 5)
                .attr("lid 1719/1", PortAttr.LID, "1719", 1).attr("lid 1719/1", PortAttr.PORT_NUM, "1", 1).build();
    }

    static Capture sysfs(String file) {
        return Capture.builder(Source.HW_COUNTERS, file).counter("mlx5_0/1", "packet_seq_err", 3, 1)
                .attr("mlx5_0/1", PortAttr.LID, "0x6b7", 2).attr("mlx5_0/1", PortAttr.PORT_NUM, "1", 2).build();
    }

    @Test void lidJoinsPerfqueryToTheDevicePort() {
        Snapshot s = Snapshot.ofCaptures("t", List.of(perfquery("pq.txt", 3), sysfs("hw.txt")));
        assertEquals(List.of("mlx5_0/1"), s.ports());
        assertEquals(3, s.value("mlx5_0/1", "LinkDownedCounter").getAsLong());
        assertEquals(3, s.value("mlx5_0/1", "packet_seq_err").getAsLong());
        assertTrue(s.unjoined().isEmpty());
        assertTrue(s.notes().stream().anyMatch(n -> n.contains("lid 1719/1 joined as mlx5_0/1")), s.notes().toString());
    }

    /** A reader's warning reaches the snapshot, starting with its file, whether the reader named the file or not. */
    @Test void theReadersWarningsShowInTheSnapshotWithTheirFile() {
        Capture a = Capture.builder(Source.PERFQUERY, "pq.txt").counter("lid 5/1", "LinkDownedCounter", 1, 4)
                .warn("pq.txt:3: counters aggregated over all ports (perfquery -a), read as port 255").build();
        Capture b = Capture.builder(Source.PERFQUERY_X, "pqx.txt").counter("lid 5/1", "PortXmitData", 7, 9)
                .warn("2 classic counter(s) differ from their 64-bit copy").build();
        Snapshot s = Snapshot.ofCaptures("t", List.of(a, b));
        assertEquals(List.of("pq.txt:3: counters aggregated over all ports (perfquery -a), read as port 255",
                "pqx.txt: 2 classic counter(s) differ from their 64-bit copy"), s.warnings());
        assertTrue(s.summaryLines().contains("warning: pqx.txt: 2 classic counter(s) differ from their 64-bit copy"), s.summaryLines().toString());
        assertTrue(Snapshot.ofCaptures("t", List.of(sysfs("hw.txt"))).warnings().isEmpty());
    }

    @Test void portThatCannotBeJoinedIsReported() {
        Capture other = Capture.builder(Source.PERFQUERY, "pq2.txt").counter("lid 9/1", "SymbolErrorCounter", 0, 3).build();
        Snapshot s = Snapshot.ofCaptures("t", List.of(other, sysfs("hw.txt")));
        assertEquals(List.of("lid 9/1"), s.unjoined());
        assertEquals(2, s.ports().size());
    }

    /**
     * One tool's two copies of one counter under two names (mlx4's sysfs {@code counters/} beside {@code counters_ext/},
     * both 64-bit, one of them left at 0) are no conflict: the copy that counts is kept, with a note. The same raw name
     * with two values still is (before and after files mixed).
     */
    @Test void twoCopiesOfOneCounterKeepTheOneThatCounts() {
        Capture c = Capture.builder(Source.SYSFS, "sysfs.txt").counter("mlx4_0/2", "multicast_rcv_packets", 0, 58)
                .counter("mlx4_0/2", "port_multicast_rcv_packets", 93, 64).build();
        Snapshot s = Snapshot.ofCaptures("t", List.of(c));
        assertEquals(93, s.value("mlx4_0/2", "PortMulticastRcvPkts").getAsLong());
        assertTrue(s.notes().stream().anyMatch(n -> n.contains("port_multicast_rcv_packets 93 (sysfs.txt:64) kept over multicast_rcv_packets 0")),
                s.notes().toString());
        Capture mixed = Capture.builder(Source.SYSFS, "sysfs.txt").counter("mlx4_0/2", "multicast_rcv_packets", 0, 58)
                .counter("mlx4_0/2", "multicast_rcv_packets", 93, 64).build();
        var e = assertThrows(CaptureException.class, () -> Snapshot.ofCaptures("t", List.of(mixed)));
        assertTrue(e.getMessage().contains("conflicts with"), e.getMessage());
        // one file holding the counter twice: the message says how to read its runs as an incident
        assertTrue(e.getMessage().endsWith("incident(\"sysfs.txt\") or fabriclab classify sysfs.txt reads each run as a snapshot"), e.getMessage());
    }

    /**
     * node_exporter's sysfs fixture (public, read in place) is one snapshot: its mlx4 port 2 holds both copies of the
     * multicast and unicast counters; the kept values are the ones that count, as node_exporter's e2e output
     * (collector/fixtures/e2e-output.txt @a7dcc3a0) reports for its legacy counters: 93 multicast received, 61239 unicast sent.
     */
    @Test void nodeExportersSysfsFixtureIsOneSnapshot() {
        var f = org.fabriclab.capture.PublicCaptureFiles.file("sysfs_node_exporter_fixture_infiniband_grepH.txt");
        Snapshot s = Snapshot.of(f);
        assertEquals(93, s.value("mlx4_0/2", "PortMulticastRcvPkts").getAsLong());
        assertEquals(61239, s.value("mlx4_0/2", "PortUnicastXmitPkts").getAsLong());
        assertEquals(61148, s.value("mlx4_0/2", "PortUnicastRcvPkts").getAsLong());
    }

    @Test void conflictingValuesNameBothFiles() {
        var e = assertThrows(CaptureException.class,
                () -> Snapshot.ofCaptures("t", List.of(perfquery("a.txt", 3), perfquery("b.txt", 4))));
        assertTrue(e.getMessage().contains("a.txt") && e.getMessage().contains("b.txt"), e.getMessage());
    }

    @Test void peggedNarrowCopyYieldsToTheWideCopy() {
        Capture classic = Capture.builder(Source.PERFQUERY, "pq.txt").counter("lid 5/1", "LinkDownedCounter", 255, 4).build();
        Capture ext = Capture.builder(Source.PERFQUERY_X, "pqx.txt").counter("lid 5/1", "LinkDownedCounter", 300, 9).build();
        Snapshot s = Snapshot.ofCaptures("t", List.of(classic, ext));
        assertEquals(300, s.value("lid 5/1", "LinkDownedCounter").getAsLong());
        assertEquals(Source.PERFQUERY_X, s.reading("lid 5/1", "LinkDownedCounter").orElseThrow().source());
        assertTrue(s.notes().stream().anyMatch(n -> n.contains("pegged")));
    }

    @Test void unnamedEthtoolPairsWithTheOnlyRdmaPort() {
        Capture eth = Capture.builder(Source.ETHTOOL, "eth.txt").counter("netdev ?", "rx_discards_phy", 1, 3).build();
        Snapshot s = Snapshot.ofCaptures("t", List.of(eth, sysfs("hw.txt")));
        assertEquals(List.of("mlx5_0/1"), s.ports());
        assertEquals(1, s.value("mlx5_0/1", "rx_discards_phy").getAsLong());
        assertTrue(s.notes().get(0).contains("only RDMA port"));
    }

    @Test void unnamedEthtoolWithTwoRdmaPortsStaysUnjoined() {
        Capture eth = Capture.builder(Source.ETHTOOL, "eth.txt").counter("netdev ?", "rx_discards_phy", 1, 3).build();
        Capture hw2 = Capture.builder(Source.HW_COUNTERS, "hw2.txt").counter("mlx5_1/1", "packet_seq_err", 3, 1).build();
        Snapshot s = Snapshot.ofCaptures("t", List.of(eth, sysfs("hw.txt"), hw2));
        assertEquals(List.of("netdev ?"), s.unjoined());
    }

    /** Two NICs' ethtool -S saved without their command line (ethtool -S eth0 > eth0.txt): two ports, each named after its file, not one port read twice. */
    @Test void twoUnnamedEthtoolFilesAreTwoPortsNamedAfterTheirFiles(@org.junit.jupiter.api.io.TempDir java.nio.file.Path tmp) throws Exception {
        for (String side : List.of("before", "after")) {
            long k = side.equals("before") ? 0 : 1;
            java.nio.file.Path d = java.nio.file.Files.createDirectories(tmp.resolve(side));
            java.nio.file.Files.writeString(d.resolve("ethtool-eth0.txt"), "NIC statistics:\n     tx_bytes_phy: " + (1000 + k * 5000)
                    + "\n     tx_pause_storm_error_events: 0\n");
            java.nio.file.Files.writeString(d.resolve("ethtool-eth1.txt"), "NIC statistics:\n     tx_bytes_phy: " + (2000 + k * 7000)
                    + "\n     tx_pause_storm_error_events: " + (4 * k) + "\n");
        }
        Snapshot before = Snapshot.of(tmp.resolve("before")), after = Snapshot.of(tmp.resolve("after"));
        assertEquals(List.of("netdev ? ethtool-eth0.txt", "netdev ? ethtool-eth1.txt"), after.ports());
        assertTrue(after.notes().stream().anyMatch(n -> n.startsWith("2 files name no interface")), after.notes().toString());
        var d = org.fabriclab.delta.Delta.between(before, after);
        assertEquals(List.of("netdev ? ethtool-eth0.txt", "netdev ? ethtool-eth1.txt"), d.ports());
        assertEquals(Long.valueOf(0), d.port("netdev ? ethtool-eth0.txt").get("tx_pause_storm_error_events").delta());
        assertEquals(Long.valueOf(4), d.port("netdev ? ethtool-eth1.txt").get("tx_pause_storm_error_events").delta());
    }

    @Test void absentIsNotZero() {
        Capture c = Capture.builder(Source.SYSFS, "s.txt").absent("i40iw0/1", "symbol_error", 4, "N/A (no PMA)").build();
        Snapshot s = Snapshot.ofCaptures("t", List.of(c));
        assertTrue(s.value("i40iw0/1", "SymbolErrorCounter").isEmpty());
        assertEquals("N/A (no PMA)", s.absents("i40iw0/1").get("SymbolErrorCounter").reason());
    }
}
