package org.fabriclab.capture;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import java.util.Optional;
import java.util.TreeSet;

import org.junit.jupiter.api.Test;

/**
 * Peer conformance with leptonai/gpud's test suite, on the two public captures taken from it (read in place):
 * <ul>
 * <li>{@code sysfs_tree_h100_9dev_gpud}: gpud's {@code components/accelerator/nvidia/infiniband/class/class_test.go}
 * @4a8de33a (TestInfiniBandClass, TestLoadDevices on {@code testdata/sys-class-infiniband-h100.0}): 9 devices;
 * mlx5_1's board, firmware, HCA type; its port 1 ACTIVE (4), LinkUp (5), 400 Gb/s = 50,000,000,000 bytes/s;
 * link_downed 255, excessive_buffer_overrun_errors 15, port_rcv_switch_relay_errors 2;</li>
 * <li>{@code ibstat_a100_8hca_spaces_ibpanic_gpud.txt}: gpud's {@code pkg/nvidia-query/infiniband/ibstat_test.go}
 * @9322dfbe (TestGetIbstatOutputFailWithPartialOutput: the output cut by ibpanic parses to 8 cards).</li>
 * </ul>
 */
class GpudPeerConformanceTest {

    @Test void sysClassInfinibandH100() {
        Capture c = Readers.standard().read(PublicCaptureFiles.file("sysfs_tree_h100_9dev_gpud"));
        TreeSet<String> devices = new TreeSet<>();
        for (String p : c.ports()) devices.add(p.substring(0, p.lastIndexOf('/')));
        assertEquals(9, devices.size(), devices.toString());
        String p = "mlx5_1/1";
        assertEquals(Optional.of("MT_0000000838"), c.attr(p, "board_id"));
        assertEquals(Optional.of("28.41.1000"), c.attr(p, "fw_ver"));
        assertEquals(Optional.of("MT4129"), c.attr(p, "hca_type"));
        assertEquals(Optional.of("ACTIVE"), c.attr(p, PortAttr.STATE));
        assertEquals(Optional.of("4"), c.attr(p, "state_id"));
        assertEquals(Optional.of("LinkUp"), c.attr(p, "phys_state"));
        assertEquals(Optional.of("5"), c.attr(p, "phys_state_id"));
        assertEquals(Optional.of("400"), c.attr(p, PortAttr.RATE_GBPS));
        assertEquals(50_000_000_000L, Math.round(Double.parseDouble(c.attr(p, PortAttr.RATE_GBPS).orElseThrow()) * 125_000_000d));
        assertEquals(255L, c.reading(p, "LinkDownedCounter").orElseThrow().value());
        assertEquals(15L, c.reading(p, "ExcessiveBufferOverrunErrors").orElseThrow().value());
        assertEquals(2L, c.reading(p, "PortRcvSwitchRelayErrors").orElseThrow().value());
    }

    @Test void ibstatCutByIbpanicGivesEightCards() {
        Capture c = Readers.standard().read(PublicCaptureFiles.file("ibstat_a100_8hca_spaces_ibpanic_gpud.txt"));
        assertEquals(List.of("mlx5_0/1", "mlx5_1/1", "mlx5_2/1", "mlx5_3/1", "mlx5_4/1", "mlx5_5/1", "mlx5_6/1", "mlx5_7/1"), c.ports());
        for (String p : c.ports()) {
            assertEquals(Optional.of("Active"), c.attr(p, PortAttr.STATE), p);
            assertEquals(Optional.of("200"), c.attr(p, PortAttr.RATE_GBPS), p);
        }
        assertTrue(c.warnings().stream().anyMatch(w -> w.contains("ibpanic")), c.warnings().toString());
    }
}
