package org.fabriclab.capture.qos;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.nio.file.Path;
import java.util.Optional;

import org.fabriclab.capture.BadInput;
import org.fabriclab.capture.Capture;
import org.fabriclab.capture.CaptureCsv;
import org.fabriclab.capture.Input;
import org.fabriclab.capture.PortAttr;
import org.fabriclab.capture.Readers;
import org.fabriclab.catalogue.Source;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class EthtoolPauseJsonReaderTest {
    private final EthtoolPauseJsonReader reader = new EthtoolPauseJsonReader();
    @TempDir Path tmp;

    @Test void settingsAndStatistics() {
        Capture c = reader.read(Input.of(CaptureCsv.fixture("qos/ethtool_json_I_a.json")));
        String p = "netdev ens1f1np1";
        assertEquals(Optional.of("off"), c.attr(p, PortAttr.PAUSE_AUTONEG));
        assertEquals(Optional.of("on"), c.attr(p, PortAttr.PAUSE_TX));
        assertEquals(880021L, c.reading(p, "tx_pause_ctrl_phy").orElseThrow().value());
        assertEquals(Source.ETHTOOL_PAUSE, c.reading(p, "rx_pause_ctrl_phy").orElseThrow().source());
    }

    @Test void sameAsTheTextLayout() {
        Path json = BadInput.write(tmp, "p.json", "[ {\"ifname\":\"eth0\",\"autonegotiate\":true,\"rx\":true,\"tx\":false,"
                + "\"negotiated\":{\"rx\":true,\"tx\":false}} ]\n");
        Path text = BadInput.write(tmp, "p.txt", "Pause parameters for eth0:\nAutonegotiate:\ton\nRX:\t\ton\nTX:\t\toff\nRX negotiated: on\nTX negotiated: off\n");
        assertEquals(new EthtoolPauseReader().read(Input.of(text)).attrs().stream().map(a -> a.port() + " " + a.key() + "=" + a.value()).toList(),
                reader.read(Input.of(json)).attrs().stream().map(a -> a.port() + " " + a.key() + "=" + a.value()).toList());
    }

    @Test void sniffedAmongAllReaders() {
        assertEquals("ethtool-pause-json", Readers.standard().choose(Input.of(CaptureCsv.fixture("qos/ethtool_json_I_a.json"))).format());
    }

    @Test void aCommandLineBeforeTheArrayIsNoise() {
        // as a paste or fabriclab collect heads the file: the ethtool -a text reader must not claim it for its command line
        Path f = BadInput.write(tmp, "p.json", "# ethtool -I --json -a ens2f0np0\n[ {\n        \"ifname\": \"ens2f0np0\",\n"
                + "        \"autonegotiate\": false,\n        \"rx\": true,\n        \"tx\": true,\n        \"statistics\": {\n"
                + "            \"tx_pause_frames\": 4410,\n            \"rx_pause_frames\": 27\n        }\n    } ]\n");
        assertEquals("ethtool-pause-json", Readers.standard().choose(Input.of(f)).format());
        Capture c = Readers.standard().choose(Input.of(f)).read(Input.of(f));
        assertEquals(4410L, c.reading("netdev ens2f0np0", "tx_pause_ctrl_phy").orElseThrow().value());
        assertEquals(27L, c.reading("netdev ens2f0np0", "rx_pause_ctrl_phy").orElseThrow().value());
        assertEquals(2, c.reading("netdev ens2f0np0", "rx_pause_ctrl_phy").orElseThrow().line());   // the object's line, after the command
        assertEquals(Optional.of("on"), c.attr("netdev ens2f0np0", PortAttr.PAUSE_TX));
    }

    @Test void flagNotABoolean() {
        Path f = BadInput.write(tmp, "p.json", "[ {\"ifname\":\"eth0\",\n\"autonegotiate\":\"on\"} ]\n");
        BadInput.expect(reader, f, 1, "\"autonegotiate\" is \"on\"; expected true or false");
    }

    @Test void cut() {
        Path f = BadInput.write(tmp, "p.json", "[ {\"ifname\":\"eth0\",\n\"rx\":tr");
        BadInput.expect(reader, f, 2, "invalid JSON");
    }
}
