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

class DcbReaderTest {
    private final DcbReader reader = new DcbReader();
    @TempDir Path tmp;

    @Test void pfcAndEtsWithStatistics() {
        Capture c = reader.read(Input.of(CaptureCsv.fixture("qos/dcb_pfc_ets_stats.txt")));
        String p = "netdev ens2f1np1";
        assertEquals(Optional.of("3"), c.attr(p, PortAttr.PFC_ENABLED));
        assertEquals(Optional.of("8"), c.attr(p, "pfc_cap"));
        assertEquals(Optional.of("7"), c.attr(p, "pfc_delay"));
        assertEquals(Optional.of("0:0 1:1 2:2 3:3 4:4 5:5 6:6 7:7"), c.attr(p, PortAttr.PRIO_TC));
        assertEquals(Optional.of("0:ets 1:ets 2:ets 3:ets 4:ets 5:ets 6:strict 7:ets"), c.attr(p, PortAttr.TC_TSA));
        assertEquals(Optional.of("0:10 1:10 2:10 3:60 4:10 5:0 6:0 7:0"), c.attr(p, PortAttr.TC_BW));
        assertTrue(c.warnings().isEmpty(), c.warnings().toString());
    }

    @Test void requestsAreSentAndIndicationsReceivedPfcFrames() {
        Capture c = reader.read(Input.of(CaptureCsv.fixture("qos/dcb_pfc_ets_stats.txt")));
        assertEquals(48211L, c.reading("netdev ens2f1np1", "tx_prio3_pause").orElseThrow().value());
        assertEquals(1907L, c.reading("netdev ens2f1np1", "rx_prio3_pause").orElseThrow().value());
        // dcb prints every priority's counter, PFC on or off; where it is off (prio-pfc 0:off) the 0 is no pause count: absent, with why
        assertTrue(c.reading("netdev ens2f1np1", "rx_prio0_pause").isEmpty());
        assertTrue(c.absents().stream().anyMatch(a -> a.port().equals("netdev ens2f1np1") && a.reason().contains("PFC is off on priority 0")),
                c.absents().toString());
        assertEquals(2, c.readings().size());
        assertTrue(c.readings().stream().allMatch(r -> r.catalogued()));
    }

    @Test void sniffedAmongAllReaders() {
        assertEquals("dcb", Readers.standard().choose(Input.of(CaptureCsv.fixture("qos/dcb_pfc_ets_stats.txt"))).format());
        assertEquals("dcb", Readers.standard().choose(Input.of(CaptureCsv.fixture("qos/dcb_pfc_unnamed_all_off.txt"))).format());
    }

    @Test void allOffUnnamed() {
        Capture c = reader.read(Input.of(CaptureCsv.fixture("qos/dcb_pfc_unnamed_all_off.txt")));
        assertEquals(Optional.of("none"), c.attr("netdev ?", PortAttr.PFC_ENABLED));
        assertTrue(c.readings().isEmpty());
    }

    @Test void oneFieldAsked() {
        Path f = BadInput.write(tmp, "d.txt", "# dcb pfc show dev eth4 prio-pfc\nprio-pfc 0:off 1:off 2:off 3:on 4:on 5:off 6:off 7:off\n");
        assertEquals(Optional.of("3,4"), reader.read(Input.of(f)).attr("netdev eth4", PortAttr.PFC_ENABLED));
    }

    @Test void onOffMisspelt() {
        Path f = BadInput.write(tmp, "d.txt", "pfc-cap 8 macsec-bypass off delay 0\nprio-pfc 0:off 1:off 2:off 3:yes\n");
        BadInput.expect(reader, f, 2, "prio-pfc value 'yes'; expected on or off");
    }

    @Test void priorityOutOfRange() {
        Path f = BadInput.write(tmp, "d.txt", "prio-pfc 0:off 8:on\n");
        BadInput.expect(reader, f, 1, "prio-pfc index '8'; expected a priority or traffic class 0..7");
    }

    @Test void counterNotANumber() {
        Path f = BadInput.write(tmp, "d.txt", "requests 0:0 1:x\n");
        BadInput.expect(reader, f, 1, "expected");
    }

    @Test void scalarCut() {
        Path f = BadInput.write(tmp, "d.txt", "pfc-cap 8 macsec-bypass off delay\n");
        BadInput.expect(reader, f, 1, "'delay' has no value");
    }
}
