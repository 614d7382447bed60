package org.fabriclab.capture;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import java.util.Optional;

import org.junit.jupiter.api.Test;

/**
 * Port-state tools pasted as people paste them: the command line with its prompt above the output
 * ({@code $ ibstat} in UCX issue reports, {@code [root@mymy858 ~]# ibstat}, {@code root@ib02:~# ibstat}),
 * and often the next bare prompt below it. The ibstat, ibstatus and ibv_devinfo readers refused such a
 * file at its first line, and {@code $ rdma -j statistic show} above JSON was "not a capture format"
 * (the JSON had to start the file). The command line of the reader's own tool and a bare prompt are
 * now noise; line numbers stay the file's. Own values in each tool's layout (rdma-core ibstat.c and
 * devinfo.c, the ibstatus script, iproute2 rdma JSON as spidernet-io/spiderpool's metrics_test.go
 * holds it).
 */
class PastedPromptTest {

    private static Capture read(String name, String text) {
        Input in = Input.ofText(name, text);
        return Readers.standard().read(in);
    }

    private static String format(String name, String text) {
        return Readers.standard().choose(Input.ofText(name, text)).format();
    }

    @Test void ibstatUnderItsPrompt() {
        String text = "[root@node07 ~]# ibstat\nCA 'mlx5_0'\n        CA type: MT4123\n        Number of ports: 1\n"
                + "        Port 1:\n                State: Active\n                Physical state: LinkUp\n"
                + "                Rate: 200\n                Base lid: 12\n                Link layer: InfiniBand\n[root@node07 ~]# \n";
        assertEquals("ibstat", format("ibstat.txt", text));
        Capture c = read("ibstat.txt", text);
        assertEquals(List.of("mlx5_0/1"), c.ports());
        assertEquals(Optional.of("12"), c.attr("mlx5_0/1", PortAttr.LID));
        assertEquals(9, c.attrs().stream().filter(a -> a.key().equals(PortAttr.LID)).findFirst().orElseThrow().line());
        Capture d = read("ibstat2.txt", "$ sudo /usr/sbin/ibstat mlx5_0\nCA 'mlx5_0'\n\tPort 1:\n\t\tState: Down\n\t\tRate: 10\n");
        assertEquals(Optional.of("Down"), d.attr("mlx5_0/1", PortAttr.STATE));
    }

    @Test void ibstatusUnderItsPrompt() {
        String text = "root@ib02:~# ibstatus\nInfiniband device 'mlx5_0' port 1 status:\n\tdefault gid:\t fe80:0000:0000:0000:0a12:34ff:fe56:7801\n"
                + "\tbase lid:\t 0x1f\n\tstate:\t\t 4: ACTIVE\n\trate:\t\t 200 Gb/sec (4X HDR)\n\tlink_layer:\t InfiniBand\n\nroot@ib02:~# \n";
        assertEquals("ibstatus", format("ibstatus.txt", text));
        Capture c = read("ibstatus.txt", text);
        assertEquals(Optional.of("31"), c.attr("mlx5_0/1", PortAttr.LID));
        assertEquals(Optional.of("200"), c.attr("mlx5_0/1", PortAttr.RATE_GBPS));
    }

    @Test void ibvDevinfoUnderItsPrompt() {
        String text = "$ ibv_devinfo -v\nhca_id:\tmlx5_0\n\ttransport:\t\t\tInfiniBand (0)\n\t\tport:\t1\n"
                + "\t\t\tstate:\t\t\tPORT_ACTIVE (4)\n\t\t\tport_lid:\t\t4\n\t\t\tlink_layer:\t\tInfiniBand\n"
                + "\t\t\tactive_width:\t\t4X (2)\n\t\t\tactive_speed:\t\t50.0 Gbps (64)\n$ \n";
        assertEquals("ibv_devinfo", format("ibv.txt", text));
        Capture c = read("ibv.txt", text);
        assertEquals(Optional.of("4"), c.attr("mlx5_0/1", PortAttr.LID));
        assertEquals(Optional.of("200"), c.attr("mlx5_0/1", PortAttr.RATE_GBPS));
    }

    @Test void rdmaJsonUnderItsPrompt() {
        String text = "$ rdma -j -p statistic show\n[ {\n        \"ifname\": \"mlx5_1\",\n        \"port\": 1,\n"
                + "        \"rx_write_requests\": 2331,\n        \"out_of_sequence\": 4\n    } ]\n";
        assertEquals("rdma", format("rdma.json", text));
        Capture c = read("rdma.json", text);
        assertEquals(2331L, c.reading("mlx5_1/1", "rx_write_requests").orElseThrow().value());
        assertEquals(4L, c.reading("mlx5_1/1", "out_of_sequence").orElseThrow().value());
        assertEquals(5, c.reading("mlx5_1/1", "rx_write_requests").orElseThrow().line(), "the file's line, prompt counted");
    }

    /**
     * A prompt running another tool is no ibstat command: its output is not ibstat's, skipped with a warning naming the
     * line (it refused the whole paste, as a user's ibstat followed by nvidia-smi topo -m was).
     */
    @Test void anotherToolsPromptEndsTheOutputWithAWarning() {
        String text = "CA 'mlx5_0'\n\tPort 1:\n\t\tState: Active\n$ ibv_devinfo\nhca_id:\tmlx5_0\n";
        Capture c = read("mixed.txt", text);
        assertEquals(java.util.List.of("mlx5_0/1"), c.ports());
        assertTrue(c.warnings().stream().anyMatch(w -> w.startsWith("mixed.txt:4: '$ ibv_devinfo' is another command")), c.warnings().toString());
    }
}
