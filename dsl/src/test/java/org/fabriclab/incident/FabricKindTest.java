package org.fabriclab.incident;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.fabriclab.capture.CaptureCsv;
import org.fabriclab.capture.PublicCaptureFiles;
import org.fabriclab.catalogue.Role;
import org.fabriclab.snapshot.Snapshot;
import org.junit.jupiter.api.Test;

/** How a port's fabric is told from what was captured, on real captures. */
class FabricKindTest {
    @Test void onlyTheEcnRoleImpliesEthernet() {
        for (Role r : Role.values()) assertEquals(r == Role.ECN_MARKED, r.impliesEthernet(), r.label());
    }

    /**
     * AWS EFA: sysfs says link layer "Unknown", there are no PMA counters, only the device's own (hw_counters). It was
     * taken as InfiniBand ("no link_layer", though one was captured) and graded "incomplete" for five PMA counters.
     */
    @Test void anEfaPortWithLinkLayerUnknownIsGradedByItsDeviceCounters() {
        Snapshot s = Snapshot.of(CaptureCsv.fixture("sysfs/efa_hw_counters_k6.10_after.txt"));
        FabricKind.Found f = FabricKind.found(s, "rdmap16s27/1");
        assertEquals(FabricKind.ROCE, f.kind(), f.how());
        assertTrue(f.how().startsWith("link layer 'Unknown' with no PMA counters"), f.how());
    }

    /** rdma statistic -j of an mlx5 SR-IOV VF alone (no link layer, no netdev): its ECN-marked count says RoCE. */
    @Test void rdmaStatisticAloneOfARoceVfIsRoce() {
        Snapshot s = Snapshot.of(PublicCaptureFiles.file("rdma_statistic_json_mlx5_sriov_vf_spiderpool.json"));
        FabricKind.Found f = FabricKind.found(s, "mlx5_1/1");
        assertEquals(FabricKind.ROCE, f.kind(), f.how());
        assertTrue(f.how().contains("np_ecn_marked_roce_packets"), f.how());
    }

    /** An H100 InfiniBand port has roce_* retransmission counters in hw_counters, and its link layer decides. */
    @Test void anInfinibandPortWithRoceNamedCountersStaysInfiniband() {
        Snapshot s = Snapshot.of(PublicCaptureFiles.file("sysfs_tree_h100_9dev_gpud"));
        String port = s.ports().stream().filter(p -> p.startsWith("mlx5_4")).findFirst().orElseThrow();
        FabricKind.Found f = FabricKind.found(s, port);
        assertEquals(FabricKind.IB, f.kind(), f.how());
    }

    @Test void perfqueryAloneIsInfiniband() {
        Snapshot s = Snapshot.of(PublicCaptureFiles.file("perfquery_x_hca_2port_treydock.out"));
        FabricKind.Found f = FabricKind.found(s, s.ports().get(0));
        assertEquals(FabricKind.IB, f.kind(), f.how());
        assertTrue(f.how().startsWith("PMA port counters"), f.how());
    }
}
