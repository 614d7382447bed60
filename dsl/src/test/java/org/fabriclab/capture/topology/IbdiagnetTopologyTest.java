package org.fabriclab.capture.topology;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Optional;
import java.util.Set;
import java.util.TreeSet;

import org.fabriclab.capture.BadCaptureInput;
import org.fabriclab.capture.Capture;
import org.fabriclab.capture.PublicCaptureFiles;
import org.fabriclab.capture.Readers;
import org.junit.jupiter.api.Test;

import tech.tablesaw.api.Table;

/** ibdiagnet2.lst and ibdiagnet2.net_dump of the same fabric (public captures): the same links, read two ways. */
class IbdiagnetTopologyTest {

    private static Topology read(String name) {
        Capture c = Readers.standard().read(PublicCaptureFiles.file(name));
        return Topology.of(c);
    }

    private static Set<String> pairs(Topology t) {
        Set<String> out = new TreeSet<>();
        for (Link l : t.links()) {
            String a = l.a().id(), b = l.b().id();
            out.add(a.compareTo(b) < 0 ? a + " <-> " + b : b + " <-> " + a);
        }
        return out;
    }

    @Test void lstLinks() {
        Capture c = Readers.standard().read(PublicCaptureFiles.file("ibdiagnet2_lst_sequoia.lst"));
        assertEquals("ibdiagnet-lst", Readers.standard().choose(org.fabriclab.capture.Input.of(
                PublicCaptureFiles.file("ibdiagnet2_lst_sequoia.lst"))).format());
        Table links = c.measurements(Topology.LINKS).orElseThrow();
        assertEquals(271, links.rowCount(), "one line per link");
        // first line: is-north-7-compute-12 mlx5_0 (LID 0xb5, port 1) to the Quantum-2 0xfc6a1c030091f9c0 (LID 0xb6) port 0x0c
        assertEquals("0x5c257303009ab1c0", links.stringColumn("node_guid").get(0));
        assertEquals(181, links.intColumn("lid").get(0));
        assertEquals("CA", links.stringColumn("node_type").get(0));
        assertEquals("is-north-7-compute-12 mlx5_0", links.stringColumn("node_desc").get(0));
        assertEquals(12, links.intColumn("peer_port").get(0));
        assertEquals(182, links.intColumn("peer_lid").get(0));
        assertEquals("4x", links.stringColumn("width").get(0));
        assertEquals("100", links.stringColumn("speed").get(0));
        assertEquals("ACT", links.stringColumn("state").get(0));
        Topology t = Topology.of(c);
        assertEquals(Optional.of("guid 0xfc6a1c030091f9c0/12"), t.peer("guid 0x5c257303009ab1c0/1"));
        assertEquals(Optional.of("guid 0x5c257303009ab1c0/1"), t.peer("guid 0xfc6a1c030091f9c0/12"));
        assertEquals(Optional.of("host-switch"), t.kind("guid 0x5c257303009ab1c0/1"));
        assertEquals(Optional.of("switch-switch"), t.kind("guid 0xb0cf0e0300d33fc0/1"));
        assertEquals(Optional.of("182"), c.attr("guid 0xfc6a1c030091f9c0/12", "lid"));
    }

    @Test void netDumpHasTheSameLinksAsTheLst() {
        Topology lst = read("ibdiagnet2_lst_sequoia.lst");
        Topology dump = read("ibdiagnet2_net_dump_sequoia.net_dump");
        Set<String> a = pairs(lst), b = pairs(dump);
        Set<String> onlyLst = new TreeSet<>(a), onlyDump = new TreeSet<>(b);
        onlyLst.removeAll(b);
        onlyDump.removeAll(a);
        assertEquals(Set.of(), onlyLst, "links of the lst missing from the net_dump");
        assertEquals(Set.of(), onlyDump, "links of the net_dump missing from the lst");
        assertEquals(Optional.of("guid 0x5c25730300c06f60/1"), dump.peer("guid 0xb0cf0e0300e5b940/1"));
    }

    @Test void badLines() {
        IbdiagnetLstReader r = new IbdiagnetLstReader();
        String ok = "{ CA Ports:01 SystemGUID:1 NodeGUID:5c257303009ab1c0 PortGUID:5c257303009ab1c0 VenID:2c9 DevID:1021 Rev:0 {h mlx5_0} "
                + "LID:00b5 PN:01 } { SW Ports:41 SystemGUID:1 NodeGUID:fc6a1c030091f9c0 PortGUID:fc6a1c030091f9c0 VenID:2c9 DevID:d2f2 "
                + "Rev:0 {Quantum-2} LID:00b6 PN:0c } PHY=4x LOG=ACT SPD=100\n";
        assertEquals(1, Topology.of(r.read(org.fabriclab.capture.Input.ofText("x.lst", ok))).links().size());
        BadCaptureInput.fails(r, "x.lst", "# h\n" + ok.replace("LID:00b5", "LID:zz"), 2, "expected a LID (hex)");
        BadCaptureInput.fails(r, "x.lst", ok + ok.substring(0, 60) + "\n", 2, "unclosed");
        BadCaptureInput.fails(r, "x.lst", ok.replace("NodeGUID:5c257303009ab1c0", "NodeGUID:0000000000000000"), 1, "all-zero GUID");
        assertTrue(r.sniff(org.fabriclab.capture.Input.ofText("x", "CA 'mlx5_0'\n")) == 0);
    }
}
