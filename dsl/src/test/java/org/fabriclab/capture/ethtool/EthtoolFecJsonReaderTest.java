package org.fabriclab.capture.ethtool;

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

/**
 * {@code ethtool --json --show-fec X}. {@code fec_json_stats.json} is written for this test after netlink/fec.c's
 * JSON ({@code "config"} and {@code "active"} arrays, with {@code -I} a {@code "statistics"} object of totals and
 * per-lane arrays).
 */
class EthtoolFecJsonReaderTest {
    private final EthtoolFecJsonReader reader = new EthtoolFecJsonReader();
    @TempDir Path tmp;

    @Test void activeAndConfiguredEncodings() {
        Capture c = reader.read(Input.of(CaptureCsv.fixture("ethtool/fec_json_stats.json")));
        assertEquals(Optional.of("RS"), c.attr("netdev ens1f0np0", PortAttr.FEC_MODE));
        assertEquals(Optional.of("Auto RS"), c.attr("netdev ens1f0np0", PortAttr.FEC_CONFIGURED));
        assertTrue(c.readings().isEmpty());
        assertTrue(c.warnings().stream().anyMatch(w -> w.contains("FEC statistics")), c.warnings().toString());
    }

    @Test void sniffedAmongAllReaders() {
        assertEquals("ethtool-fec-json", Readers.standard().choose(Input.of(CaptureCsv.fixture("ethtool/fec_json_stats.json"))).format());
    }

    @Test void anActiveThatIsNoListIsRefused() {
        Path f = BadInput.write(tmp, "f.json", "[ {\n \"ifname\": \"eth0\", \"config\": [ \"Auto\" ], \"active\": \"RS\" } ]\n");
        BadInput.expect(reader, f, 1, "\"active\" is \"RS\"; expected an array of FEC encodings");
    }
}
