package org.fabriclab.capture.topology;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.TreeSet;

import org.fabriclab.capture.BadCaptureInput;
import org.fabriclab.capture.Capture;
import org.fabriclab.capture.GoldenCapture;
import org.fabriclab.capture.Input;
import org.fabriclab.capture.Readers;
import org.junit.jupiter.api.Test;

/**
 * One small fabric (leaf-1 and spine-1, node01 and node02) in the layouts infiniband-diags prints it:
 * the {@code ibnetdiscover} topology file, {@code ibnetdiscover -p}, {@code iblinkinfo} and
 * {@code iblinkinfo -l}. The fixtures were written from the tools' print statements (rdma-core
 * {@code infiniband-diags/ibnetdiscover.c} out_switch/out_ca/out_switch_port/out_ca_port and
 * ports_iter_func; {@code iblinkinfo.c} print_port and print_node_header), field widths included.
 * Every layout gives the same three links.
 */
class FabricToolsTopologyTest {
    static final Set<String> LINKS = Set.of("lid 1/1 <-> lid 2/1", "lid 1/2 <-> lid 4/1", "lid 1/13 <-> lid 3/1");

    private static Capture read(String name) {
        Input in = GoldenCapture.input(FabricToolsTopologyTest.class, name);
        return Readers.standard().read(in);
    }

    /** Links as LID/port pairs: the one identity every layout prints. */
    private static Set<String> byLid(Topology t) {
        Set<String> out = new TreeSet<>();
        for (Link l : t.links()) {
            String a = "lid " + l.a().lid() + "/" + l.a().port(), b = "lid " + l.b().lid() + "/" + l.b().port();
            out.add(a.compareTo(b) < 0 ? a + " <-> " + b : b + " <-> " + a);
        }
        return out;
    }

    @Test void everyLayoutGivesTheSameLinks() {
        for (String f : List.of("fabric.topo", "fabric_ports.txt", "fabric_iblinkinfo.txt", "fabric_iblinkinfo_l.txt")) {
            Topology t = Topology.of(read(f));
            assertEquals(LINKS, byLid(t), f);
            for (Link l : t.links()) {
                String kind = l.a().lid() == 3 || l.b().lid() == 3 ? "switch-switch" : "host-switch";
                assertEquals(kind, l.kind(), f + " " + l);
            }
        }
    }

    /**
     * A pasted session: the prompt and command line before the output ({@code [root@sm01 ~]# iblinkinfo | grep Up}, seen in
     * a public how-to) and the bare prompt after it. iblinkinfo refused the paste at its first line; the other layouts
     * skipped only root's bare {@code #} prompt.
     */
    @Test void aPastedSessionsPromptsAreNotLines() {
        Map<String, String> command = Map.of("fabric.topo", "ibnetdiscover", "fabric_ports.txt", "ibnetdiscover -p",
                "fabric_iblinkinfo.txt", "iblinkinfo", "fabric_iblinkinfo_l.txt", "iblinkinfo -l");
        for (Map.Entry<String, String> e : command.entrySet()) {
            String out = GoldenCapture.input(getClass(), e.getKey()).text();
            for (String prompt : List.of("[root@sm01 ~]# ", "admin@sm01:~$ ", "$ ")) {
                Input in = Input.ofText(e.getKey(), prompt + e.getValue() + "\n" + out + prompt.strip() + "\n");
                assertEquals(Readers.standard().choose(GoldenCapture.input(getClass(), e.getKey())).format(),
                        Readers.standard().choose(in).format(), e.getKey() + " " + prompt);
                assertEquals(LINKS, byLid(Topology.of(Readers.standard().read(in))), e.getKey() + " " + prompt);
            }
        }
    }

    /**
     * {@code iblinkinfo | grep Up} (a public how-to's SB7700 fabric): the node headers are filtered out, so a port's own
     * line names no node; the peers' lines do, and those names were dropped. Own values.
     */
    @Test void filteredIblinkinfoTakesNodeNamesFromThePeersLines() {
        String text = "      0x0002c903000fb73b      2    1[  ] ==( 4X      25.78125 Gbps Active/  LinkUp)==>       1    1[  ] \"leaf-1\" ( )\n"
                + "           1    1[  ] ==( 4X      25.78125 Gbps Active/  LinkUp)==>       2    1[  ] \"node01 HCA-1\" ( )\n"
                + "           1    2[  ] ==( 4X      25.78125 Gbps Active/  LinkUp)==>       4    1[  ] \"node02 HCA-1\" ( )\n";
        Topology t = Topology.of(Readers.standard().read(Input.ofText("grep_up.txt", text)));
        assertEquals(2, t.links().size());
        for (Link l : t.links()) {
            Link.End sw = l.a().lid() == 1 ? l.a() : l.b(), host = l.a().lid() == 1 ? l.b() : l.a();
            assertEquals("leaf-1", sw.desc(), l.toString());
            assertEquals(host.lid() == 2 ? "node01 HCA-1" : "node02 HCA-1", host.desc(), l.toString());
        }
    }

    @Test void formatsAreSniffed() {
        assertEquals("ibnetdiscover", Readers.standard().choose(GoldenCapture.input(getClass(), "fabric.topo")).format());
        assertEquals("ibnetdiscover-ports", Readers.standard().choose(GoldenCapture.input(getClass(), "fabric_ports.txt")).format());
        assertEquals("iblinkinfo", Readers.standard().choose(GoldenCapture.input(getClass(), "fabric_iblinkinfo.txt")).format());
        assertEquals("iblinkinfo", Readers.standard().choose(GoldenCapture.input(getClass(), "fabric_iblinkinfo_l.txt")).format());
    }

    @Test void topologyFileDetails() {
        Capture c = read("fabric.topo");
        Topology t = Topology.of(c);
        assertEquals(Optional.of("guid 0x0002c903000c0b8c/1"), t.peer("guid 0x0002c903000fb73a/1"));
        Link l = t.links().get(0);
        assertEquals("4x", l.width());
        assertEquals("FDR", l.speed());
        assertEquals("node01 HCA-1", l.b().desc());
        assertEquals("0x0002c903000fb73b", l.b().portGuid());
        assertEquals(Optional.of("2"), c.attr("guid 0x0002c903000fb73a/1", "lid"));
        assertEquals(Optional.of("0x0002c903000fb73b"), c.attr("guid 0x0002c903000fb73a/1", "guid"));
    }

    @Test void iblinkinfoDetails() {
        Topology t = Topology.of(read("fabric_iblinkinfo.txt"));
        Link leafSpine = t.links().stream().filter(x -> x.a().port() == 13).findFirst().orElseThrow();
        assertEquals("4X", leafSpine.width());
        assertEquals("14.0625 Gbps", leafSpine.speed());
        assertEquals("Active", leafSpine.state());
        assertEquals("0x0002c903000c0c00", leafSpine.b().nodeGuid(), "the remote end found by its LID and port");
    }

    /**
     * {@code iblinkinfo -l | grep Active} may list one port of a switch: a port number no CA has (above 2)
     * makes its GUID a switch's; a GUID with its one port 1 stays a CA's.
     */
    @Test void lineModeSwitchListedWithOnePort() {
        Capture c = Readers.standard().read(Input.ofText("l.txt",
                "0x0002c903000fb73b \"             node01 HCA-1\"      2    1[  ] ==( 4X      14.0625 Gbps Active/  LinkUp)==>"
                + "  0x0002c903000c0b8c      1    7[  ] \"leaf-1\" ( )\n"
                + "0x0002c903000c0b8c \"                   leaf-1\"      1   13[  ] ==( 4X      14.0625 Gbps Active/  LinkUp)==>"
                + "  0x0002c903000c0c00      3    1[  ] \"spine-1\" ( )\n"));
        Topology t = Topology.of(c);
        Link host = t.links().stream().filter(x -> x.a().lid() == 2 || x.b().lid() == 2).findFirst().orElseThrow();
        Link.End node01 = host.a().lid() == 2 ? host.a() : host.b();
        assertEquals("CA", node01.type());
        Link up = t.links().stream().filter(x -> x.a().port() == 13 || x.b().port() == 13).findFirst().orElseThrow();
        Link.End leaf = up.a().port() == 13 ? up.a() : up.b();
        assertEquals("SW", leaf.type());
        assertEquals("0x0002c903000c0b8c", leaf.nodeGuid());
    }

    /**
     * ibnetdiscover saved through a PuTTY session log (seen in a public test fixture of a director switch): the
     * log's banner first, CRLF ends, the tabs between fields gone ({@code Switch41 "S-..."#}, {@code [1]"H-..."}),
     * the appliance's prompt last, and hosts the SM gave no LID printed as {@code lid 65535}. It was refused at
     * line 1, then at the first node line.
     */
    @Test void aTerminalLogWithoutTabsAndUnassignedLids() {
        String topo = "=~=~=~=~=~=~=~=~=~=~=~= PuTTY log 2025.02.11 09:14:52 =~=~=~=~=~=~=~=~=~=~=~=\r\n\r\n"
                + "#\r\n# Topology file: generated on Tue Feb 11 09:14:55 2025\r\n#\r\n"
                + "vendid=0x2c9\r\ndevid=0xd2f0\r\nsysimgguid=0x1070fd0300aa1100\r\nswitchguid=0x1070fd0300aa1100(1070fd0300aa1100)\r\n"
                + "Switch41 \"S-1070fd0300aa1100\"# \"MF0;leaf-7:MQM8700/U1\" enhanced port 0 lid 211 lmc 0\r\n"
                + "[3]\"H-b83fd20300c20a10\"[1](b83fd20300c20a10) # \"gpu17 mlx5_0\" lid 65535 4xHDR\r\n"
                + "[4]\"H-b83fd20300c20a20\"[1](b83fd20300c20a20) # \"gpu18 mlx5_0\" lid 65535 4xHDR\r\n"
                + "[9]\"H-b83fd20300c20b30\"[1](b83fd20300c20b30) # \"gpu19 mlx5_0\" lid 88 4xHDR\r\n"
                + "\r\nvendid=0x2c9\r\ndevid=0x101b\r\nsysimgguid=0xb83fd20300c20b30\r\ncaguid=0xb83fd20300c20b30\r\n"
                + "Ca  1 \"H-b83fd20300c20b30\"# \"gpu19 mlx5_0\"\r\n"
                + "[1](b83fd20300c20b30) \"S-1070fd0300aa1100\"[9]# lid 88 lmc 0 \"MF0;leaf-7:MQM8700/U1\" lid 211 4xHDR\r\n"
                + "leaf-7 [ standalone: master ] (config) # ";
        Input in = Input.ofText("ibnetdiscover-putty.log", topo);
        assertEquals("ibnetdiscover", Readers.standard().choose(in).format());
        Capture c = Readers.standard().read(in);
        Topology t = Topology.of(c);
        assertEquals(3, t.links().size());
        assertEquals(Optional.of("guid 0xb83fd20300c20b30/1"), t.peer("guid 0x1070fd0300aa1100/9"));
        assertEquals("HDR", t.links().get(0).speed());
        assertEquals(Optional.of("211"), c.attr("guid 0x1070fd0300aa1100/3", "lid"));
        assertEquals(Optional.of("88"), c.attr("guid 0xb83fd20300c20b30/1", "lid"));
        // 65535 (the permissive LID) is no LID: two unassigned hosts must not share one
        assertEquals(Optional.empty(), c.attr("guid 0xb83fd20300c20a10/1", "lid"));
        assertEquals(Optional.empty(), c.attr("guid 0xb83fd20300c20a20/1", "lid"));
    }

    /**
     * ibdiagnet's own ibnetdiscover dump ({@code ibdiagnet2.ibnetdiscover}, IBDIAGNET 2.10 on Quantum-2, as in the
     * sequoia fabric's output folder): each port's label after its number, {@code [3](1/2/1)} and {@code [65](65)} on a
     * switch, {@code [1](B9D0F0/0/0/1)(<port GUID>)} on a CA. It was refused at the first labelled port line.
     */
    @Test void ibdiagnetsDumpWithPortLabels() {
        String topo = "vendid=0x2c9\ndevid=0xd2f2\nsysimgguid=0x0c42a10300f1e200\nswitchguid=0x0c42a10300f1e200(0c42a10300f1e200)\n"
                + "Switch  65 \"S-0c42a10300f1e200\"      # \"leaf-3\" base port 0 lid 7 lmc 0\n"
                + "[3](1/2/1) \"H-0c42a10300a1b2c4\"[1](0c42a10300a1b2c4)      # \"node12 mlx5_0\" lid 31 4xNDR\n"
                + "[65](65) \"H-0c42a10300f1e208\"[1](0c42a10300f1e208)      # \"Aggregation Node\" lid 8 4xNDR\n\n"
                + "vendid=0x2c9\ndevid=0x1021\nsysimgguid=0x0c42a10300a1b2c4\ncaguid=0x0c42a10300a1b2c4\n"
                + "Ca  1 \"H-0c42a10300a1b2c4\"      # \"node12 mlx5_0\"\n"
                + "[1](B12D0F0/0/0/1)(0c42a10300a1b2c4) \"S-0c42a10300f1e200\"[3] # lid 31 lmc 0 \"leaf-3\" lid 7 4xNDR\n";
        Input in = Input.ofText("ibdiagnet2.ibnetdiscover", topo);
        assertEquals("ibnetdiscover", Readers.standard().choose(in).format());
        Topology t = Topology.of(Readers.standard().read(in));
        assertEquals(2, t.links().size(), t.links().toString());
        assertEquals(Optional.of("guid 0x0c42a10300a1b2c4/1"), t.peer("guid 0x0c42a10300f1e200/3"));
        for (Link l : t.links()) {
            // a switch port's label is no GUID: the switch's own port GUID stands
            Link.End sw = l.a().nodeGuid().equals("0x0c42a10300f1e200") ? l.a() : l.b();
            assertEquals("0x0c42a10300f1e200", sw.portGuid(), l.toString());
        }
    }

    @Test void badLines() {
        BadCaptureInput.fails(new IbnetdiscoverReader(), "t.topo", "Switch\t36 \"S-0002c903000c0b8c\"\t\t# \"x\" port 0 lid 1 lmc 0\n"
                + "[1]\t\"H-0002c903000fb73a\"[x]\t\t# \"y\" lid 2 4xFDR\n", 2, "expected an ibnetdiscover topology line");
        BadCaptureInput.fails(new IbnetdiscoverPortsReader(), "p.txt",
                "CA     2  1 0x0002c903000fb73b 4x FDR - SW     1  1 0x0002c903000c0b8c ( 'a' - 'b' )\nCA 2 1 junk\n", 2,
                "expected an ibnetdiscover -p line");
        BadCaptureInput.fails(new IblinkinfoReader(), "l.txt", "Switch: 0x0002c903000c0b8c leaf:\n   1    x[  ] ==( 4X x Active/ LinkUp)==> "
                + "2 1[  ] \"a\" ( )\n", 2, "expected an iblinkinfo port line");
    }
}
