package org.fabriclab.capture.topology;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Optional;

import org.fabriclab.capture.BadCaptureInput;
import org.fabriclab.capture.Capture;
import org.fabriclab.capture.Input;
import org.fabriclab.capture.Readers;
import org.junit.jupiter.api.Test;

/**
 * {@code ibwarn:} lines libibnetdisc prints to stderr, saved with the output ({@code 2>&1}): seen on a real
 * {@code ibnetdiscover} run against an ibsim fabric through libumad2sim, whose first line after the prompt is
 * {@code ibwarn: [pid] sim_connect: attached as client 1 at node "..."}; that file was refused at line 2. The
 * excerpts below are written for this test in the same layout, with their own values.
 */
class DiscoveryWarningLinesTest {

    @Test void ibnetdiscoverSkipsIbwarnLinesWithOneWarning() {
        String topo = "ibwarn: [4711] sim_connect: attached as client 1 at node \"leaf-a\"\n"
                + "#\n# Topology file: generated on Mon Mar  2 10:00:00 2026\n#\n\n"
                + "vendid=0x0\ndevid=0x0\nsysimgguid=0x300010\nswitchguid=0x300010(300010)\n"
                + "Switch  8 \"S-0000000000300010\"          # \"leaf-a\" base port 0 lid 7 lmc 0\n"
                + "[2]     \"H-0000000000400020\"[1](400021)                 # \"node-b\" lid 9 4xSDR\n"
                + "ibwarn: [4711] mad_rpc: _do_madrpc failed; dport (DR path slid 0; dlid 0; 0,3)\n";
        Input in = Input.ofText("ibnetdiscover.txt", topo);
        assertEquals("ibnetdiscover", Readers.standard().choose(in).format());
        Capture c = Readers.standard().read(in);
        Topology t = Topology.of(c);
        assertEquals(1, t.links().size());
        assertEquals(Optional.of("guid 0x0000000000400020/1"), t.peer("guid 0x0000000000300010/2"));
        assertEquals(1, c.warnings().size(), c.warnings().toString());
        assertTrue(c.warnings().get(0).contains("ibnetdiscover.txt:1: 2 ibwarn line(s)"), c.warnings().get(0));
    }

    @Test void iblinkinfoAndPortsReportSkipThemToo() {
        String linkinfo = "ibwarn: [4712] sim_connect: attached as client 1 at node \"leaf-a\"\n"
                + "Switch: 0x0000000000300010 leaf-a:\n"
                + "           7    2[  ] ==( 4X           2.5 Gbps Active/  LinkUp)==>       9    1[  ] \"node-b\" ( )\n";
        Topology t = Topology.of(new IblinkinfoReader().read(Input.ofText("iblinkinfo.txt", linkinfo)));
        assertEquals(1, t.links().size());
        String ports = "ibwarn: [4713] sim_connect: attached as client 1 at node \"leaf-a\"\n"
                + "SW     7  2 0x0000000000300010 4x SDR - CA     9  1 0x0000000000400021 ( 'leaf-a' - 'node-b' )\n";
        assertEquals(1, Topology.of(new IbnetdiscoverPortsReader().read(Input.ofText("p.txt", ports))).links().size());
    }

    @Test void anAbortedRunIsStillRefused() {
        BadCaptureInput.fails(new IbnetdiscoverReader(), "t.topo", "Switch\t8 \"S-0000000000300010\"\t\t# \"leaf-a\" base port 0 lid 7 lmc 0\n"
                + "ibpanic: [4714] discover failed\n", 2, "expected an ibnetdiscover topology line");
    }
}
