package org.fabriclab.capture.sonic;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.util.List;

import org.fabriclab.capture.BadInput;
import org.fabriclab.capture.Capture;
import org.fabriclab.capture.Input;
import org.fabriclab.capture.Reading;
import org.fabriclab.capture.Readers;
import org.fabriclab.catalogue.Layer;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code show queue counters --json} (queuestat -j), written here in its layout (scripts/queuestat build_json, printed by
 * utilities_common json_dump: keys sorted, indent 2, every value a string); a multi-ASIC switch prints one object per namespace.
 */
class SonicQueueJsonReaderTest {
    static final String JSON = """
            {
              "Ethernet0": {
                "MC10": {
                  "dropbytes": "0",
                  "droppacket": "0",
                  "totalbytes": "512",
                  "totalpacket": "8"
                },
                "UC3": {
                  "dropbytes": "N/A",
                  "droppacket": "1,300",
                  "totalbytes": "88000000",
                  "totalpacket": "86000"
                },
                "time": "2026-12-08T01:31:07.118220"
              }
            }
            {
              "Ethernet128": {
                "UC4": {
                  "dropbytes": "0",
                  "droppacket": "0",
                  "totalbytes": "0",
                  "totalpacket": "0"
                },
                "time": "2026-12-08T01:31:07.301541"
              }
            }
            """;
    private final SonicQueueJsonReader reader = new SonicQueueJsonReader();
    @TempDir Path tmp;

    @Test void queuesAreReadAsTheTableReaderReadsThem() {
        Capture c = reader.read(Input.ofText("q.json", JSON));
        assertEquals(List.of("switch Ethernet0", "switch Ethernet128"), c.ports(), "both namespaces' objects");
        List<Reading> pkts = c.queueReadings("switch Ethernet0", "sonic_queue_packets");
        assertEquals(List.of(10, 3), pkts.stream().map(Reading::queue).toList());
        assertEquals(86_000L, pkts.get(1).value());
        Reading p3 = c.reading("switch Ethernet0", "sonic_tx_prio3_queue_drop").orElseThrow();
        assertEquals(1_300L, p3.value());
        assertEquals(Layer.LOSSLESS_BROKEN, p3.layer());
        assertEquals(11, p3.line(), "the line of its field");
        assertTrue(c.absents().stream().anyMatch(a -> a.rawName().equals("UC3 Drop/bytes")), "N/A is absent");
        assertEquals(0L, c.reading("switch Ethernet128", "sonic_tx_prio4_queue_drop").orElseThrow().value());
        assertEquals(1, c.warnings().size());
    }

    @Test void sniffedAmongAllReaders() {
        assertEquals("sonic-queuestat-json", Readers.standard().choose(Input.ofText("q.json", JSON)).format());
    }

    @Test void aFieldQueuestatDoesNotPrintNamesFileAndLine() {
        BadInput.expect(reader, BadInput.write(tmp, "q.json", JSON.replace("\"totalbytes\": \"512\"", "\"totalbits\": \"512\"")), 6,
                "'totalbits' is no field queuestat -j prints");
    }

    @Test void aNumberInsteadOfAStringNamesFileAndLine() {
        BadInput.expect(reader, BadInput.write(tmp, "q.json", JSON.replace("\"droppacket\": \"1,300\"", "\"droppacket\": 1300")), 11,
                "\"UC3.droppacket\" is 1300; expected a string");
    }
}
