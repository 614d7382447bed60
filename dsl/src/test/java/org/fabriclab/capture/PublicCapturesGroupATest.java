package org.fabriclab.capture;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.util.List;
import java.util.Optional;

import org.fabriclab.catalogue.Source;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * Conformance over the public captures of perfquery, sysfs, ethtool and rdma (read in place from
 * {@code fabriclab.publicCaptures}): real values, read through content sniffing.
 */
class PublicCapturesGroupATest {
    private Path dir;

    @BeforeEach void publicCaptures() {
        dir = PublicCaptureFiles.dir();
    }

    private Capture read(String name) {
        return Readers.standard().read(dir.resolve(name));
    }

    private long value(Capture c, String port, String counter) {
        return c.reading(port, counter).orElseThrow(() -> new AssertionError(port + " " + counter)).value();
    }

    @Test void perfqueryHcaTwoPorts() {
        Capture c = read("perfquery_x_hca_2port_treydock.out");
        assertEquals(List.of("lid 1719/1", "lid 1719/2"), c.ports());
        Reading xmit = c.reading("lid 1719/1", "PortXmitData").orElseThrow();
        assertEquals(36298026860928L, xmit.value());
        assertEquals(145192107443712L, Math.multiplyExact(xmit.value(), xmit.scale()));
        assertEquals(Source.PERFQUERY_X, xmit.source());
        assertEquals(22730501L, value(c, "lid 1719/1", "PortXmitWait"));
        assertEquals(26006570014026L, value(c, "lid 1719/2", "PortXmitData"));
        assertEquals(36510964L, value(c, "lid 1719/2", "PortXmitWait"));
        assertEquals(44, c.readings().size());
        assertEquals(Optional.of("0x5300"), c.attr("lid 1719/1", "cap_mask"));
        assertEquals(1, c.noiseLines());
    }

    @Test void perfquerySwitchPortErrors() {
        Capture c = read("perfquery_x_switchport_errors_treydock.out");
        assertEquals(1L, value(c, "lid 2052/1", "LinkDownedCounter"));
        assertEquals(20046L, value(c, "lid 2052/1", "PortXmitDiscards"));
        assertEquals(7L, value(c, "lid 2052/1", "PortRcvSwitchRelayErrors"));
        assertEquals(178791657177235L, value(c, "lid 2052/1", "PortXmitData"));
    }

    @Test void perfqueryRcvErrorDetails() {
        Capture c = read("perfquery_E_rcverr_treydock.out");
        assertEquals(6, c.readings().size());
        assertTrue(c.readings().stream().allMatch(r -> r.catalogued() && r.source() == Source.PERFQUERY && r.value() == 0));
        assertEquals(0L, value(c, "lid 1719/1", "PortLocalPhysicalErrors"));
    }

    @Test void sysfsNodeExporterAbsentAndPegged() {
        Capture c = read("sysfs_node_exporter_fixture_infiniband_grepH.txt");
        // ports with readings first, then ports known only by absent counters
        assertEquals(List.of("mlx4_0/1", "mlx4_0/2", "i40iw0/1"), c.ports());
        assertTrue(c.readings().stream().noneMatch(r -> r.port().equals("i40iw0/1")));
        List<Absent> i40 = c.absents().stream().filter(a -> a.port().equals("i40iw0/1")).toList();
        assertEquals(17, i40.size());
        assertTrue(i40.stream().allMatch(a -> a.reason().equals("N/A (no PMA)")));
        assertTrue(i40.stream().anyMatch(a -> a.counter().equals("PortXmitWait")));
        Reading wait = c.reading("mlx4_0/1", "PortXmitWait").orElseThrow();
        assertEquals(4294967295L, wait.value());
        assertEquals(32, wait.field().width());
        assertTrue(wait.field().isPegged(wait.value()));
        assertEquals(5L, value(c, "mlx4_0/1", "PortXmitDiscards"));
        // counters_ext/port_xmit_data_64 is PortXmitData's 64-bit copy in 4-octet words (node_exporter: 14933760 bytes)
        Reading ext = c.readings().stream().filter(r -> r.port().equals("mlx4_0/2") && r.rawName().equals("port_xmit_data_64"))
                .findFirst().orElseThrow();
        assertEquals("PortXmitData", ext.counter());
        assertTrue(ext.catalogued());
        assertEquals(14933760L, ext.value() * ext.scale());
        assertEquals(Optional.of("40"), c.attr("mlx4_0/1", "rate_gbps"));
        assertEquals(Optional.of("ACTIVE"), c.attr("i40iw0/1", "state"));
        assertEquals(Optional.of("I40IW"), c.attr("i40iw0/1", "hca_type"));
    }

    @Test void sysfsProcfsGrepAndTtarAgree() {
        Capture grep = read("sysfs_procfs_fixture_infiniband_grepH.txt");
        Capture ttar = read("sysfs_procfs_fixtures_infiniband.ttar");
        assertEquals(List.of("hfi1_0/1", "mlx4_0/1", "mlx4_0/2", "mlx5_0/1"), grep.ports());
        assertEquals(97, grep.readings().size());
        assertEquals(values(grep), values(ttar));
        for (Capture c : List.of(grep, ttar)) {
            assertEquals(273558326543L, value(c, "hfi1_0/1", "PortXmitData"));
            assertEquals(3846L, value(c, "mlx4_0/2", "PortXmitWait"));
            assertEquals(131L, value(c, "mlx5_0/1", "local_ack_timeout_err"));
            assertEquals(Source.HW_COUNTERS, c.reading("mlx5_0/1", "local_ack_timeout_err").orElseThrow().source());
            assertEquals(Optional.of("0x0a7fbc1245efd23b"), c.attr("mlx5_0/1", "node_guid"));
            assertEquals(Optional.of("100"), c.attr("hfi1_0/1", "rate_gbps"));
            assertEquals(Optional.of("25"), c.attr("mlx5_0/1", "rate_gbps"));
            assertEquals(Optional.of("InfiniBand"), c.attr("mlx4_0/2", "link_layer"));
        }
    }

    private static List<String> values(Capture c) {
        return c.readings().stream().map(r -> r.source() + " " + r.port() + " " + r.counter() + " " + r.value()).toList();
    }

    @Test void ethtoolConnectX4Lx() {
        Capture c = read("ethtool_S_mlx5_cx4lx_k4.15_ethq_noindent.txt");
        assertEquals(List.of("netdev ?"), c.ports());
        assertEquals(751, c.readings().size());
        assertEquals(0L, value(c, "netdev ?", "rx_discards_phy"));
        assertTrue(c.reading("netdev ?", "rx_discards_phy").orElseThrow().catalogued());
        assertEquals(845320277L, value(c, "netdev ?", "rx_packets"));
        assertEquals(2202570777997L, value(c, "netdev ?", "rx_bytes_phy"));
        assertEquals(0L, value(c, "netdev ?", "rx_global_pause"));
        assertEquals(0L, value(c, "netdev ?", "link_down_events_phy"));
    }

    @Test void ethtoolOldDriverIndented() {
        Capture c = read("ethtool_S_mlx5_old_driver_ethq_indented.txt");
        assertEquals(309, c.readings().size());
        assertEquals(5487361L, value(c, "netdev ?", "rx_packets"));
        assertEquals(1063043816L, value(c, "netdev ?", "rx_bytes"));
        // the pre-4.9 mlx5 names of the PPCNT fields: catalogued as the later names (they were uncatalogued: no discard, no symbol error)
        var discards = c.reading("netdev ?", "rx_discards_phy").orElseThrow();
        assertEquals("in_discards", discards.rawName());
        assertEquals(0L, discards.value());
        assertTrue(discards.catalogued());
        assertEquals("symbol_err", c.reading("netdev ?", "rx_symbol_err_phy").orElseThrow().rawName());
        assertEquals("check_seq_err", c.reading("netdev ?", "rx_crc_errors_phy").orElseThrow().rawName());
        assertEquals(1084993260L, value(c, "netdev ?", "rx_bytes_phy"));
        assertEquals(5834192580L, value(c, "netdev ?", "tx_bytes_phy"));
        assertEquals(5116718L, value(c, "netdev ?", "tx_packets_phy"));
        assertEquals(0L, value(c, "netdev ?", "tx_pause_ctrl_phy"));
    }

    @Test void rdmaCommitExamples() {
        Capture c = read("rdma_statistic_iproute2_commit_examples.txt");
        assertEquals(List.of("mlx5_2/1", "rocep1s0f5/1"), c.ports());
        assertEquals(8L, value(c, "mlx5_2/1", "rx_write_requests"));
        assertEquals(4L, value(c, "mlx5_2/1", "rx_read_requests"));
        assertEquals(23, c.readings().stream().filter(r -> r.port().equals("mlx5_2/1")).count());
        // the one-line and the -p output of rocep1s0f5/1 agree, so each counter is kept once
        assertEquals(21, c.readings().stream().filter(r -> r.port().equals("rocep1s0f5/1")).count());
        assertEquals(16, c.reading("mlx5_2/1", "rx_icrc_encapsulated").orElseThrow().line());
        assertEquals(1, c.warnings().size());
        assertTrue(c.noiseLines() > 50);
    }
}
