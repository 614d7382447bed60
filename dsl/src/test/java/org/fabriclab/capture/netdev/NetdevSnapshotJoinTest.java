package org.fabriclab.capture.netdev;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.nio.file.Path;
import java.util.List;
import java.util.Optional;

import org.fabriclab.capture.CaptureCsv;
import org.fabriclab.capture.PortAttr;
import org.fabriclab.snapshot.Snapshot;
import org.junit.jupiter.api.Test;

/** The netdev statistics' {@code netdev <if>} port joins the RDMA port {@code rdma link} names by that netdev, as ethtool -S's does. */
class NetdevSnapshotJoinTest {
    static final Path ROCE = Path.of("..", "datasets", "roce-pfc-disabled", "before");

    @Test void ipLinkJoinsTheRdmaPortOfItsNetdev() {
        Snapshot s = Snapshot.of(ROCE.resolve("rdma-link.txt"), CaptureCsv.fixture("netdev/ip_s_s_link_old.txt"));
        assertEquals(List.of("mlx5_0/1"), s.ports());
        assertEquals(7L, s.value("mlx5_0/1", "rx_crc_errors_phy").getAsLong());
        assertEquals(918273645501L, s.value("mlx5_0/1", "netdev_rx_bytes").getAsLong());
        assertEquals(Optional.of("4200"), s.attr("mlx5_0/1", "mtu"));
    }

    @Test void sysfsNetJoinsItsRateToo() {
        Snapshot s = Snapshot.of(ROCE.resolve("rdma-link.txt"), CaptureCsv.fixture("netdev/sys_class_net_grep.txt"));
        assertEquals(Optional.of("100"), s.attr("mlx5_0/1", PortAttr.RATE_GBPS));
        assertEquals(12L, s.value("mlx5_0/1", "netdev_rx_missed_errors").getAsLong());
    }
}
