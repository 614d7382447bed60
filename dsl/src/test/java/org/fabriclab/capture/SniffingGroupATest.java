package org.fabriclab.capture;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.nio.file.Path;
import java.util.Map;

import org.junit.jupiter.api.Test;

/** Each public capture and each fixture goes to the right reader by content. */
class SniffingGroupATest {

    /** The format chosen by content, checked against what {@code Readers.standard().read(path)} produced. */
    private static String format(Path p) {
        String format = Readers.standard().choose(Input.of(p)).format();
        Capture c = Readers.standard().read(p);
        assertEquals(format, c.source().key(), p.toString());
        return format;
    }

    @Test void fixtures() {
        Map<String, String> expected = Map.of(
                "perfquery/mixed_blocks.txt", "perfquery",
                "ethtool/named_header.txt", "ethtool",
                "ethtool/unnamed_noindent.txt", "ethtool",
                "sysfs/grep_h.txt", "sysfs",
                "sysfs/small.ttar", "sysfs",
                "rdma/one_line_wrapped_and_multiline.txt", "rdma",
                "rdma/stat.json", "rdma",
                "ibstat/two_cas.txt", "ibstat");
        expected.forEach((f, fmt) -> assertEquals(fmt, format(CaptureCsv.fixture(f)), f));
    }

    @Test void fileNamesAreOnlyHints() {
        // an ethtool dump saved under a perfquery-looking name still goes to ethtool
        Input in = Input.ofText("perfquery_x.out", "rx_packets: 1\nrx_bytes: 2\ntx_packets: 3\ntx_bytes: 4\nrx_drops: 0\n");
        assertEquals("ethtool", Readers.standard().choose(in).format());
    }

    @Test void publicCaptures() {
        Path dir = PublicCaptureFiles.dir();
        Map<String, String> expected = Map.of(
                "perfquery_x_hca_2port_treydock.out", "perfquery",
                "perfquery_x_switchport_errors_treydock.out", "perfquery",
                "perfquery_E_rcverr_treydock.out", "perfquery",
                "sysfs_procfs_fixtures_infiniband.ttar", "sysfs",
                "sysfs_procfs_fixture_infiniband_grepH.txt", "sysfs",
                "sysfs_node_exporter_fixture_infiniband_grepH.txt", "sysfs",
                "ethtool_S_mlx5_cx4lx_k4.15_ethq_noindent.txt", "ethtool",
                "ethtool_S_mlx5_old_driver_ethq_indented.txt", "ethtool",
                "rdma_statistic_iproute2_commit_examples.txt", "rdma");
        expected.forEach((f, fmt) -> assertEquals(fmt, format(dir.resolve(f)), f));
    }
}
