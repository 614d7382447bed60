package org.fabriclab.history.formats;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import java.util.Map;

import org.fabriclab.capture.Capture;
import org.fabriclab.capture.PublicCaptureFiles;
import org.fabriclab.capture.Readers;
import org.fabriclab.capture.Reading;
import org.fabriclab.history.History;
import org.junit.jupiter.api.Test;

/**
 * treydock/infiniband_exporter's own test holds the exposition it writes for its perfquery fixtures
 * (infiniband_exporter_test.go @992ebe12, expectedSwitch). The fixture {@code infiniband-exporter-switch-1764547200.prom}
 * follows that layout with those expected values; read as a history, every counter of every port equals what the
 * perfquery reader reads from the same fixtures (../shared/captures/public, read in place): the data counters divided
 * back from bytes to 4-octet words ({@code 7.1516662870894e+14} bytes = 178791657177235 words), the rest as exported.
 */
class InfinibandExporterConformanceTest {
    /** The perfquery fixture of each switch and the LID its ports are named by (expectedSwitch's infiniband_switch_info). */
    private static final Map<String, String> FIXTURES = Map.of(
            "perfquery_x_switchport_errors_treydock.out", "2052=0x506b4b03005c2740",
            "perfquery_x_hca_2port_treydock.out", "1719=0x7cfe9003009ce5b0");

    @Test void theExportersScrapeIsThePerfqueryFixturesCountForCount() {
        History h = HistoryReaders.standard().read(Res.path("infiniband-exporter-switch-1764547200.prom"));
        assertEquals(List.of("guid 0x506b4b03005c2740/1", "guid 0x7cfe9003009ce5b0/1", "guid 0x7cfe9003009ce5b0/2"), h.ports());
        assertEquals(12, h.counters().size(), h.counters().toString());
        int compared = 0;
        for (var e : FIXTURES.entrySet()) {
            Capture c = Readers.standard().read(PublicCaptureFiles.file(e.getKey()));
            String[] lidGuid = e.getValue().split("=");
            for (Reading r : c.readings()) {
                if (!r.port().startsWith("lid " + lidGuid[0] + "/") || !h.counters().contains(r.counter())) continue;
                String port = "guid " + lidGuid[1] + r.port().substring(r.port().indexOf('/'));
                assertArrayEquals(new long[] {r.value()}, Res.values(h, port, r.counter()), port + " " + r.counter());
                compared++;
            }
        }
        assertEquals(36, compared);                              // 12 counters x 3 ports, each once
        assertArrayEquals(new long[] {178_791_657_177_235L}, Res.values(h, "guid 0x506b4b03005c2740/1", "PortXmitData"));
        assertArrayEquals(new long[] {20046}, Res.values(h, "guid 0x506b4b03005c2740/1", "PortXmitDiscards"));
        assertTrue(h.warnings().isEmpty(), h.warnings().toString());   // bytes, as 0.10.0 and later export them
    }
}
