package org.fabriclab.capture.rdma;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import java.util.Optional;

import org.fabriclab.capture.Capture;
import org.fabriclab.capture.CaptureException;
import org.fabriclab.capture.Input;
import org.fabriclab.capture.PortAttr;
import org.fabriclab.capture.Readers;
import org.junit.jupiter.api.Test;

/** ibdev2netdev's three layouts (mlnx-tools ofed_scripts/ibdev2netdev): the RDMA port's netdev as an attribute. */
class Ibdev2netdevReaderTest {
    private static Capture read(String text) {
        Input in = Input.ofText("ibdev2netdev.txt", text);
        assertEquals("ibdev2netdev", Readers.standard().choose(in).format());
        return Readers.standard().read(in);
    }

    @Test void plainLinesWithABondAndADownPort() {
        Capture c = read("[root@h1 ~]# ibdev2netdev\nmlx5_0 port 1 ==> ens1f0np0 (Up)\nmlx5_1 port 1 ==> ens1f1np1 (Down)\n"
                + "mlx5_bond_0 port 1 ==> bond0 (Up)\nmlx5_4 port 1 ==> ib0 ()\n");
        assertEquals(List.of("mlx5_0/1", "mlx5_1/1", "mlx5_bond_0/1", "mlx5_4/1"), c.ports());
        assertEquals(Optional.of("ens1f1np1"), c.attr("mlx5_1/1", PortAttr.NETDEV));
        assertEquals(Optional.of("Down"), c.attr("mlx5_1/1", Ibdev2netdevReader.NETDEV_STATE));
        assertEquals(Optional.of("bond0"), c.attr("mlx5_bond_0/1", PortAttr.NETDEV));
        assertTrue(c.attr("mlx5_4/1", Ibdev2netdevReader.NETDEV_STATE).isEmpty(), "no carrier state printed, none kept");
        assertTrue(c.readings().isEmpty());
    }

    @Test void verboseLinesGiveThePciFunctionFirmwareAndPortState() {
        Capture c = read("0000:3b:00.0 mlx5_0 (MT4119 - MCX516A-CCAT) CX516A - ConnectX-5 QSFP28 fw 16.27.2008 port 1 (ACTIVE) ==> ens1f0 (Up)\n"
                + "0000:3b:00.1 mlx5_1 (MT4119 - MCX516A-CCAT) CX516A - ConnectX-5 QSFP28 fw 16.27.2008 port 1 (DOWN  ) ==> ens1f1 (Down)\n"
                + " mlx5_2 (MT4123 - NA) fw 20.31.1014 port 1 (ACTIVE) ==> ib0 (NA)\n");
        assertEquals(Optional.of("ens1f0"), c.attr("mlx5_0/1", PortAttr.NETDEV));
        assertEquals(Optional.of("0000:3b:00.1"), c.attr("mlx5_1/1", "pci"));
        assertEquals(Optional.of("4119"), c.attr("mlx5_1/1", "vendor_part_id"));
        assertEquals(Optional.of("MCX516A-CCAT"), c.attr("mlx5_1/1", "part_number"));
        assertEquals(Optional.of("16.27.2008"), c.attr("mlx5_1/1", "fw_ver"));
        assertEquals(Optional.of("DOWN"), c.attr("mlx5_1/1", PortAttr.STATE));
        assertEquals(Optional.of("ib0"), c.attr("mlx5_2/1", PortAttr.NETDEV));
        assertTrue(c.attr("mlx5_2/1", "pci").isEmpty() && c.attr("mlx5_2/1", "part_number").isEmpty()
                && c.attr("mlx5_2/1", Ibdev2netdevReader.NETDEV_STATE).isEmpty(), "NA and a missing PCI address are not kept");
    }

    /** {@code ibdev2netdev | column -t}: the fields lined up with several blanks. */
    @Test void linedUpByColumn() {
        Capture c = read("$ ibdev2netdev | column -t\nmlx5_0   port  1  ==>  ibp26s0        (Down)\nmlx5_10  port  1  ==>  enp225s0np0    (Up)\n");
        assertEquals(Optional.of("ibp26s0"), c.attr("mlx5_0/1", PortAttr.NETDEV));
        assertEquals(Optional.of("Up"), c.attr("mlx5_10/1", Ibdev2netdevReader.NETDEV_STATE));
    }

    @Test void theOldStyle() {
        Capture c = read("mlx4_0 port 1 <===> eth2\nmlx4_0 port 2 <===> eth3\n");
        assertEquals(Optional.of("eth3"), c.attr("mlx4_0/2", PortAttr.NETDEV));
        assertEquals(Optional.of("2"), c.attr("mlx4_0/2", PortAttr.PORT_NUM));
    }

    @Test void anotherLineIsRefusedAtItsLine() {
        CaptureException e = assertThrows(CaptureException.class,
                () -> new Ibdev2netdevReader().read(Input.ofText("i.txt", "mlx5_0 port 1 ==> eth0 (Up)\nmlx5_1 is gone\n")));
        assertTrue(e.getMessage().startsWith("i.txt:2: expected ibdev2netdev output"), e.getMessage());
    }
}
