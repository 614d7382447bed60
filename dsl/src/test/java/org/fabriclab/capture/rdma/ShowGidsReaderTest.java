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

import tech.tablesaw.api.Table;

/** show_gids (mlnx-tools), tab-separated and lined up with blanks, as users paste it: the GID table and each port's netdev. */
class ShowGidsReaderTest {
    private static Capture read(String text) {
        Input in = Input.ofText("gids.txt", text);
        assertEquals("show_gids", Readers.standard().choose(in).format());
        return Readers.standard().read(in);
    }

    @Test void tabSeparatedBehindAPrompt() {
        Capture c = read("root@pod-2:/# show_gids\nDEV\tPORT\tINDEX\tGID\t\t\t\t\tIPv4  \t\tVER\tDEV\n"
                + "---\t----\t-----\t---\t\t\t\t\t------------  \t---\t---\n"
                + "mlx5_0\t1\t0\tfe80:0000:0000:0000:a4ed:ccff:fe8b:1994\t\t\tv1\tnet1\n"
                + "mlx5_0\t1\t1\tfe80:0000:0000:0000:a4ed:ccff:fe8b:1994\t\t\tv2\tnet1\n"
                + "mlx5_0\t1\t2\t0000:0000:0000:0000:0000:ffff:0a98:000c\t10.152.0.12  \tv1\tnet1\n"
                + "mlx5_0\t1\t3\t0000:0000:0000:0000:0000:ffff:0a98:000c\t10.152.0.12  \tv2\tnet1\n"
                + "mlx5_1\t1\t0\tfe80:0000:0000:0000:9459:9bff:fe54:7704\t\t\tv1\tnet2\nn_gids_found=5\n");
        assertEquals(List.of("mlx5_0/1", "mlx5_1/1"), c.ports());
        assertEquals(Optional.of("net1"), c.attr("mlx5_0/1", PortAttr.NETDEV));
        assertEquals(Optional.of("3"), c.attr("mlx5_0/1", ShowGidsReader.V2_INDEX));
        assertTrue(c.attr("mlx5_1/1", ShowGidsReader.V2_INDEX).isEmpty());
        Table t = c.measurements(ShowGidsReader.GIDS).orElseThrow();
        assertEquals(5, t.rowCount());
        assertEquals("10.152.0.12", t.stringColumn("ipv4").get(3));
        assertEquals("", t.stringColumn("ipv4").get(0));
        assertTrue(c.warnings().isEmpty(), c.warnings().toString());
    }

    /** A bond's own netdev is its first GID's; a VXLAN above it holds GIDs of its own. A cut paste disagrees with the count. */
    @Test void linedUpWithBlanksAndTheFirstGidsNetdev() {
        Capture c = read("DEV     PORT    INDEX   GID                                     IPv4            VER     DEV\n"
                + "---     ----    -----   ---                                     ------------    ---     ---\n"
                + "mlx5_bond_0     1       0       fe80:0000:0000:0000:0ac0:ebff:fe79:391a                 v1      bond1\n"
                + "mlx5_bond_0     1       2       0000:0000:0000:0000:0000:ffff:1e99:0aaf 30.153.10.175   v1      b3.vxlan.30100\n"
                + "mlx5_bond_0     1       3       0000:0000:0000:0000:0000:ffff:1e99:0aaf 30.153.10.175   v2      b3.vxlan.30100\n"
                + "n_gids_found=8\n");
        assertEquals(Optional.of("bond1"), c.attr("mlx5_bond_0/1", PortAttr.NETDEV));
        assertEquals(Optional.of("3"), c.attr("mlx5_bond_0/1", ShowGidsReader.V2_INDEX));
        assertEquals(1, c.warnings().size(), c.warnings().toString());
        assertTrue(c.warnings().get(0).contains("n_gids_found=8 but 3"), c.warnings().get(0));
    }

    @Test void anEmptyTableAndABadRow() {
        Capture c = read("# show_gids\nDEV\tPORT\tINDEX\tGID\t\t\t\t\tIPv4  \t\tVER\tDEV\n---\t----\t-----\t---\t\t\t\t\t------------  \t---\t---\nn_gids_found=0\n");
        assertTrue(c.ports().isEmpty());
        Capture more = read("DEV PORT INDEX GID IPv4 VER DEV\nn_gids_found=0\n\nother info like :\n");
        assertEquals(1, more.warnings().size(), "the paste's own words after the count: " + more.warnings());
        CaptureException e = assertThrows(CaptureException.class, () -> new ShowGidsReader().read(Input.ofText("g.txt",
                "DEV PORT INDEX GID IPv4 VER DEV\nmlx5_0 1 0 fe80::1 v3 eth0\n")));
        assertTrue(e.getMessage().startsWith("g.txt:2: expected a show_gids row"), e.getMessage());
    }
}
