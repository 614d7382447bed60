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

class DcbJsonReaderTest {
    private final DcbJsonReader reader = new DcbJsonReader();
    @TempDir Path tmp;

    @Test void pfcWithStatisticsAndPrettyEtsNamedByTheirCommandLines() {
        Capture c = reader.read(Input.of(CaptureCsv.fixture("qos/dcb_json_pfc_stats_ets_pretty.json")));
        String p = "netdev ens3f0np0";
        assertEquals(Optional.of("3,4"), c.attr(p, PortAttr.PFC_ENABLED));
        assertEquals(Optional.of("8"), c.attr(p, "pfc_cap"));
        assertEquals(90112L, c.reading(p, "tx_prio3_pause").orElseThrow().value());
        assertEquals(5L, c.reading(p, "rx_prio3_pause").orElseThrow().value());
        assertEquals(Optional.of("0:0 1:0 2:0 3:3 4:0 5:0 6:0 7:0"), c.attr(p, PortAttr.PRIO_TC));
        assertEquals(Optional.of("0:ets 1:strict 2:strict 3:ets 4:strict 5:strict 6:strict 7:strict"), c.attr(p, PortAttr.TC_TSA));
        assertEquals(Optional.of("off"), c.attr(p, "ets_willing"));
        assertTrue(c.warnings().isEmpty(), c.warnings().toString());
    }

    @Test void sameAttributesAsTheTextLayout() {
        Path json = BadInput.write(tmp, "d.json", "{\"pfc_cap\":8,\"macsec_bypass\":false,\"delay\":7,\"prio_pfc\":[false,false,false,true,false,false,false,false]}\n");
        Path text = BadInput.write(tmp, "d.txt", "pfc-cap 8 macsec-bypass off delay 7 \nprio-pfc 0:off 1:off 2:off 3:on 4:off 5:off 6:off 7:off \n");
        Capture j = reader.read(Input.of(json)), t = new DcbReader().read(Input.of(text));
        assertEquals(t.attrs().stream().map(a -> a.key() + "=" + a.value()).toList(), j.attrs().stream().map(a -> a.key() + "=" + a.value()).toList());
        assertEquals(Optional.of("3"), j.attr("netdev ?", PortAttr.PFC_ENABLED));
    }

    @Test void sniffedAmongAllReaders() {
        assertEquals("dcb-json", Readers.standard().choose(Input.of(CaptureCsv.fixture("qos/dcb_json_pfc_stats_ets_pretty.json"))).format());
    }

    @Test void cutJson() {
        Path f = BadInput.write(tmp, "d.json", "{\"pfc_cap\":8,\"prio_pfc\":[false,false,\n");
        BadInput.expect(reader, f, 2, "invalid JSON");
    }

    @Test void wrongValueType() {
        Path f = BadInput.write(tmp, "d.json", "{\"pfc_cap\":8,\"prio_pfc\":[0,0,0,1,0,0,0,0]}\n");
        BadInput.expect(reader, f, 1, "prio-pfc value '0'; expected on or off");
    }
}
