package org.fabriclab.capture.qos;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.nio.file.Path;
import java.util.List;
import java.util.Optional;

import org.fabriclab.capture.BadInput;
import org.fabriclab.capture.CaptureCsv;
import org.fabriclab.capture.PortAttr;
import org.fabriclab.snapshot.Snapshot;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The QoS readers' {@code netdev <if>} ports join the RDMA port a snapshot knows by that netdev. */
class QosSnapshotJoinTest {
    static final Path PFC_DISABLED = Path.of("..", "datasets", "roce-pfc-disabled", "before");
    @TempDir Path tmp;

    @Test void namedMlnxQosJoinsTheRdmaPortOfItsNetdev() {
        Path qos = BadInput.write(tmp, "mlnx_qos.txt", "# mlnx_qos -i ens1f0np0\nDCBX mode: OS controlled\nPriority trust state: dscp\n"
                + "PFC configuration:\n\tpriority    0   1   2   3   4   5   6   7\n\tenabled     0   0   0   0   0   0   0   0   \n");
        Snapshot s = Snapshot.of(PFC_DISABLED.resolve("rdma-link.txt"), PFC_DISABLED.resolve("ethtool.txt"), qos);
        assertEquals(List.of("mlx5_0/1"), s.ports());
        assertEquals(Optional.of("none"), s.attr("mlx5_0/1", PortAttr.PFC_ENABLED));
        assertEquals(Optional.of("dscp"), s.attr("mlx5_0/1", PortAttr.TRUST));
    }

    @Test void unnamedDcbJoinsTheOnlyRdmaPortBesideAnUnnamedEthtoolS() {
        // the dataset's ethtool.txt names no interface either: both are "netdev ?", paired with mlx5_0/1
        Snapshot s = Snapshot.of(PFC_DISABLED.resolve("rdma-link.txt"), PFC_DISABLED.resolve("ethtool.txt"),
                CaptureCsv.fixture("qos/dcb_pfc_unnamed_all_off.txt"));
        assertEquals(List.of("mlx5_0/1"), s.ports());
        assertEquals(Optional.of("none"), s.attr("mlx5_0/1", PortAttr.PFC_ENABLED));
        assertEquals(Optional.of("8"), s.attr("mlx5_0/1", "pfc_cap"));
    }

    @Test void dcbCountersMeetEthtoolSOnesWithANote() {
        Path dcb = BadInput.write(tmp, "dcb.txt", "# dcb -s pfc show dev ens1f0np0\npfc-cap 8 macsec-bypass off delay 0\n"
                + "prio-pfc 0:off 1:off 2:off 3:on 4:off 5:off 6:off 7:off\nrequests 0:0 1:0 2:0 3:10 4:0 5:0 6:0 7:0\n");
        Path eth = BadInput.write(tmp, "eth.txt", "# ethtool -S ens1f0np0\n     tx_prio3_pause: 12\n");
        Snapshot s = Snapshot.of(PFC_DISABLED.resolve("rdma-link.txt"), eth, dcb);
        assertEquals(12L, s.value("mlx5_0/1", "tx_prio3_pause").getAsLong());
        assertEquals(Optional.of("3"), s.attr("mlx5_0/1", PortAttr.PFC_ENABLED));
    }
}
