package org.fabriclab.capture.topology;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.Optional;

import org.fabriclab.capture.BadCaptureInput;
import org.fabriclab.capture.Capture;
import org.fabriclab.capture.Input;
import org.fabriclab.capture.Readers;
import org.junit.jupiter.api.Test;

/**
 * OpenSM's {@code subnet.lst}, the link list ibdiagnet 1.x and ibdm read in the layout of {@code ibdiagnet2.lst}:
 * the node whose port runs the subnet manager is typed {@code CA-SM} (seen in a real 2005 file of an InfiniHost /
 * InfiniScale SDR fabric, refused at its first such line), and lines end at {@code LOG=ACT}, without {@code SPD=}.
 * The excerpt is written for this test in that layout, with its own values.
 */
class SubnetLstSmNodeTest {
    private static final String LST = "{ SW Ports:08 SystemGUID:a100000000000001 NodeGUID:0002c90100aa0000 PortGUID:0002c90100aa0000 "
            + "VenID:000002C9 DevID:A87C0000 Rev:000000A0 {MT43132 Mellanox Technologies} LID:0002 PN:03 } "
            + "{ CA-SM Ports:02 SystemGUID:0002c90100bb0003 NodeGUID:0002c90100bb0000 PortGUID:0002c90100bb0001 VenID:000002C9 "
            + "DevID:5A440000 Rev:000000A1 {MT23108 InfiniHost Mellanox Technologies} LID:0001 PN:01 } PHY=4x LOG=ACT\n";

    @Test void theSmNodeIsACa() {
        Input in = Input.ofText("subnet.lst", LST);
        assertEquals("ibdiagnet-lst", Readers.standard().choose(in).format());
        Capture c = Readers.standard().read(in);
        Topology t = Topology.of(c);
        assertEquals(1, t.links().size());
        Link l = t.links().get(0);
        assertEquals("CA", l.b().type());
        assertEquals("0x0002c90100bb0001", l.b().portGuid());
        assertEquals(1, l.b().lid());
        assertEquals("host-switch", l.kind());
        assertEquals("", l.speed(), "no SPD= field: no speed");
        assertEquals("ACT", l.state());
        assertEquals(Optional.of("guid 0x0002c90100bb0000/1"), t.peer("guid 0x0002c90100aa0000/3"));
        // sniffed also when the SM's node is the first end of the first line
        String sw = LST.substring(0, LST.indexOf(" { CA-SM")), ca = LST.substring(LST.indexOf("{ CA-SM"), LST.indexOf(" PHY="));
        assertEquals("ibdiagnet-lst", Readers.standard().choose(Input.ofText("subnet.lst", ca + " " + sw + " PHY=4x LOG=ACT\n")).format());
    }

    @Test void anotherTypeIsStillRefused() {
        BadCaptureInput.fails(new IbdiagnetLstReader(), "subnet.lst", LST.replace("CA-SM", "XX-SM"), 1,
                "expected a node type CA, SW or RT");
    }
}
