package org.fabriclab.capture;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Optional;

import org.junit.jupiter.api.Test;

/**
 * An InfiniBand port that is down (or not yet given a LID by the SM) reports LID 65535 on mlx5: ibstat
 * {@code Base lid: 65535}, ibstatus and sysfs {@code 0xffff}, ibv_devinfo {@code port_lid: 65535},
 * rdma link {@code lid 65535}. It was kept as the port's LID, so a report named the port "lid 65535"
 * and every down port of a host carried the same join key {@code lid 65535/1}. Now only unicast LIDs
 * (1..0xBFFF) are kept, by every reader alike. Layouts follow rdma-core infiniband-diags/ibstat.c and
 * libibverbs/examples/devinfo.c, the ibstatus script and iproute2 rdma/link.c (own values); the
 * values 65535 / 0xffff under State: Down are the ones public ibstat and ibstatus pastes show.
 */
class DownPortLidTest {

    private static Capture read(String name, String text) {
        return Readers.standard().read(Input.ofText(name, text));
    }

    private static String format(String name, String text) {
        return Readers.standard().choose(Input.ofText(name, text)).format();
    }

    @Test void ibstatBaseLid65535IsNotALid() {
        Capture c = read("ibstat.txt", "CA 'mlx5_2'\n\tCA type: MT4119\n\tPort 1:\n\t\tState: Down\n\t\tPhysical state: Disabled\n"
                + "\t\tRate: 10\n\t\tBase lid: 65535\n\t\tLMC: 0\n\t\tSM lid: 0\n\t\tLink layer: InfiniBand\n"
                + "CA 'mlx5_3'\n\tCA type: MT4119\n\tPort 1:\n\t\tState: Active\n\t\tPhysical state: LinkUp\n"
                + "\t\tRate: 100\n\t\tBase lid: 105\n\t\tSM lid: 1\n\t\tLink layer: InfiniBand\n");
        assertEquals(Optional.empty(), c.attr("mlx5_2/1", PortAttr.LID));
        assertEquals(Optional.of("Down"), c.attr("mlx5_2/1", PortAttr.STATE));
        assertEquals(Optional.of("105"), c.attr("mlx5_3/1", PortAttr.LID));
    }

    @Test void ibstatusAndSysfs0xffffIsNotALid() {
        Capture s = read("ibstatus.txt", "Infiniband device 'mlx5_2' port 1 status:\n\tdefault gid:\t fe80:0000:0000:0000:0000:0000:0000:0000\n"
                + "\tbase lid:\t 0xffff\n\tsm lid:\t\t 0x2\n\tstate:\t\t 1: DOWN\n\tphys state:\t 5: LinkUp\n"
                + "\trate:\t\t 100 Gb/sec (4X EDR)\n\tlink_layer:\t InfiniBand\n");
        assertEquals(Optional.empty(), s.attr("mlx5_2/1", PortAttr.LID));
        assertEquals(Optional.of("2"), s.attr("mlx5_2/1", "sm_lid"));
        assertEquals(Optional.of("DOWN"), s.attr("mlx5_2/1", PortAttr.STATE));
        Capture g = read("sysfs.txt", "/sys/class/infiniband/mlx5_2/ports/1/lid:0xffff\n/sys/class/infiniband/mlx5_2/ports/1/state:1: DOWN\n"
                + "/sys/class/infiniband/mlx5_3/ports/1/lid:0x69\n/sys/class/infiniband/mlx5_3/ports/1/counters/link_downed:2\n");
        assertEquals(Optional.empty(), g.attr("mlx5_2/1", PortAttr.LID));
        assertEquals(Optional.of("105"), g.attr("mlx5_3/1", PortAttr.LID));
    }

    @Test void ibvDevinfoPortLid65535IsNotALid() {
        Capture c = read("ibv.txt", "hca_id:\tmlx5_1\n\ttransport:\t\t\tInfiniBand (0)\n\t\tport:\t1\n"
                + "\t\t\tstate:\t\t\tPORT_DOWN (1)\n\t\t\tsm_lid:\t\t\t0\n\t\t\tport_lid:\t\t65535\n\t\t\tport_lmc:\t\t0x00\n"
                + "\t\t\tlink_layer:\t\tInfiniBand\n");
        assertEquals(Optional.empty(), c.attr("mlx5_1/1", PortAttr.LID));
        assertEquals(Optional.of("DOWN"), c.attr("mlx5_1/1", PortAttr.STATE));
    }

    @Test void rdmaLinkLid65535IsNotALid() {
        Capture t = read("rdma_link.txt", "link mlx5_1/1 subnet_prefix fe80:0000:0000:0000 lid 65535 sm_lid 0 lmc 0 state DOWN "
                + "physical_state DISABLED \nlink mlx5_0/1 subnet_prefix fe80:0000:0000:0000 lid 4 sm_lid 1 lmc 0 state ACTIVE "
                + "physical_state LINK_UP \n");
        assertEquals(Optional.empty(), t.attr("mlx5_1/1", PortAttr.LID));
        assertEquals(Optional.of("4"), t.attr("mlx5_0/1", PortAttr.LID));
        Capture j = read("rdma_link.json", "[{\"ifindex\":1,\"ifname\":\"mlx5_1\",\"port\":1,\"subnet_prefix\":\"fe80:0000:0000:0000\","
                + "\"lid\":65535,\"sm_lid\":0,\"lmc\":0,\"state\":\"DOWN\",\"physical_state\":\"DISABLED\"}]");
        assertEquals(Optional.empty(), j.attr("mlx5_1/1", PortAttr.LID));
        assertEquals(Optional.of("DOWN"), j.attr("mlx5_1/1", PortAttr.STATE));
    }

    @Test void eachTextGoesToItsReader() {
        assertEquals("ibstat", format("a.txt", "CA 'mlx5_2'\n\tPort 1:\n\t\tBase lid: 65535\n"));
        assertEquals("ibstatus", format("b.txt", "Infiniband device 'mlx5_2' port 1 status:\n\tbase lid:\t 0xffff\n"));
        assertEquals("sysfs", format("c.txt", "/sys/class/infiniband/mlx5_2/ports/1/lid:0xffff\n"));
        assertEquals("ibv_devinfo", format("d.txt", "hca_id:\tmlx5_1\n\t\tport:\t1\n\t\t\tport_lid:\t\t65535\n"));
        assertEquals("rdma", format("e.txt", "link mlx5_1/1 lid 65535 state DOWN\n"));
    }

    @Test void unicastRange() {
        assertFalse(PortAttr.isUnicastLid(0));
        assertTrue(PortAttr.isUnicastLid(1));
        assertTrue(PortAttr.isUnicastLid(0xBFFF));
        assertFalse(PortAttr.isUnicastLid(0xC000));
        assertFalse(PortAttr.isUnicastLid(65535));
        assertTrue(PortAttr.isUnicastLid("0x00a4"));
        assertFalse(PortAttr.isUnicastLid("0xffff"));
        assertFalse(PortAttr.isUnicastLid("n/a"));
    }
}
