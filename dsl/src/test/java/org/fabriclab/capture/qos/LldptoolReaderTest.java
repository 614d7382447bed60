package org.fabriclab.capture.qos;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.util.Optional;

import org.fabriclab.capture.BadInput;
import org.fabriclab.capture.Capture;
import org.fabriclab.capture.CaptureCsv;
import org.fabriclab.capture.Input;
import org.fabriclab.capture.PortAttr;
import org.fabriclab.capture.Readers;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class LldptoolReaderTest {
    private final LldptoolReader reader = new LldptoolReader();
    @TempDir Path tmp;

    @Test void localAndNeighbourTlvsStayApart() {
        Capture c = reader.read(Input.of(CaptureCsv.fixture("qos/lldptool_local_and_neighbour.txt")));
        String p = "netdev ens801f0";
        assertEquals(Optional.of("3"), c.attr(p, PortAttr.PFC_ENABLED));
        assertEquals(Optional.of("8"), c.attr(p, "pfc_cap"));
        assertEquals(Optional.of("0:0 1:0 2:0 3:1 4:0 5:0 6:0 7:0"), c.attr(p, PortAttr.PRIO_TC));
        assertEquals(Optional.of("0:40 1:60 2:0 3:0 4:0 5:0 6:0 7:0"), c.attr(p, PortAttr.TC_BW));
        assertEquals(Optional.of("0:ets 1:ets 2:strict 3:strict 4:strict 5:strict 6:strict 7:strict"), c.attr(p, PortAttr.TC_TSA));
        // lldptool -n: what the switch advertises, never the host's own
        assertEquals(Optional.of("none"), c.attr(p, "peer_pfc_enabled"));
        assertTrue(c.warnings().isEmpty(), c.warnings().toString());
    }

    @Test void aWholeTlvDumpIndentedAndWithoutCommandIsTheHostsOwnWithAWarning() {
        Path f = BadInput.write(tmp, "l.txt", "        Chassis ID TLV\n            MAC: 68:05:ca:00:00:01\n        Time to Live TLV\n            120\n"
                + "        IEEE 8021QAZ PFC TLV\n            Willing: yes\n            MACsec Bypass Capable: no\n"
                + "            PFC capable traffic classes: 8\n            PFC enabled: 0 3\n        IEEE 8021QAZ APP TLV\n"
                + "            App#0:\n             Priority: 3\n        End of LLDPDU TLV\n");
        Capture c = reader.read(Input.of(f));
        assertEquals(Optional.of("0,3"), c.attr("netdev ?", PortAttr.PFC_ENABLED));
        assertEquals(Optional.of("yes"), c.attr("netdev ?", "pfc_willing"));
        assertEquals(1, c.warnings().size());
    }

    /** An older switch advertises the pre-IEEE CEE DCBX TLV: its PFC and priority groups give the same attributes. */
    @Test void aCeeNeighbourGivesThePeersPfcAndGroups() {
        String text = "# lldptool -t -n -i eth3\nChassis ID TLV\n\tIPv4: 192.0.2.10\nPort ID TLV\n\tIfname: Te 0/7\n"
                + "CEE DCBX TLV\n\tControl TLV:\n\t  SeqNo: 4, AckNo: 2\n\tPriority Groups TLV:\n\t  Enabled, Not Willing, No Error\n"
                + "\t  PGID Priorities:  0:[0,1,2,4,5,6,7] 1:[3]\n\t  PGID Percentages: 0:50% 1:50% 2:0% 3:0% 4:0% 5:0% 6:0% 7:0%\n"
                + "\t  Number of TC's supported: 8\n\tPriority Flow Control TLV:\n\t  Enabled, Not Willing, No Error\n"
                + "\t  PFC enabled priorities: 3, 4\n\t  Number of TC's supported: 8\n\tApplication TLV:\n"
                + "\t  Enabled, Willing, No Error\n\t  Ethertype: 0x8906, Priority Map: 0x08\n\tUnknown DCBX sub-TLV: 0000800080\n"
                + "End of LLDPDU TLV\n";
        Input in = Input.ofText("lldp.txt", text);
        assertEquals("lldptool", Readers.standard().choose(in).format());
        Capture c = reader.read(in);
        String p = "netdev eth3";
        assertEquals(Optional.of("3,4"), c.attr(p, "peer_" + PortAttr.PFC_ENABLED));
        assertEquals(Optional.of("no"), c.attr(p, "peer_pfc_willing"));
        assertEquals(Optional.of("8"), c.attr(p, "peer_pfc_cap"));
        assertEquals(Optional.of("0:0 1:0 2:0 3:1 4:0 5:0 6:0 7:0"), c.attr(p, "peer_" + PortAttr.PRIO_TC));
        assertEquals(Optional.of("0:50 1:50 2:0 3:0 4:0 5:0 6:0 7:0"), c.attr(p, "peer_" + PortAttr.TC_BW));
        assertTrue(c.attr(p, PortAttr.PFC_ENABLED).isEmpty(), "the switch's PFC is not the host's");
        assertTrue(c.warnings().isEmpty(), c.warnings().toString());
        Capture none = reader.read(Input.ofText("n.txt", "CEE DCBX TLV\n\tPriority Flow Control TLV:\n\t  Enabled, Willing, No Error\n"
                + "\t  PFC enabled priorities: none\n"));
        assertEquals(Optional.of("none"), none.attr("netdev ?", PortAttr.PFC_ENABLED));
        assertEquals(Optional.of("yes"), none.attr("netdev ?", "pfc_willing"));
    }

    @Test void sniffedAmongAllReaders() {
        assertEquals("lldptool", Readers.standard().choose(Input.of(CaptureCsv.fixture("qos/lldptool_local_and_neighbour.txt"))).format());
    }

    @Test void priorityOutOfRange() {
        Path f = BadInput.write(tmp, "l.txt", "IEEE 8021QAZ PFC TLV\n\t PFC enabled: 3 9\n");
        BadInput.expect(reader, f, 2, "PFC enabled names '9'; expected priorities 0..7 or none");
    }

    @Test void noDcbxTlv() {
        Path f = BadInput.write(tmp, "l.txt", "Chassis ID TLV\n\tMAC: 00:11:22:33:44:55\nEnd of LLDPDU TLV\n");
        BadInput.expect(reader, f, 0, "no IEEE 8021QAZ PFC TLV");
    }
}
