package org.fabriclab.capture.sonic;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.util.List;
import java.util.Optional;

import org.fabriclab.capture.BadInput;
import org.fabriclab.capture.Capture;
import org.fabriclab.capture.Input;
import org.fabriclab.capture.PortAttr;
import org.fabriclab.capture.Readers;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** {@code show interfaces counters -j} (portstat -j), written here in its layout: keys sorted, four-blank indent, every value a string. */
class SonicPortstatJsonReaderTest {
    static final String STD = """
            admin@leaf1:~$ show interfaces counters -j
            Last cached time was 2026-12-07T21:00:00.123456
            {
                "Ethernet0": {
                    "RX_BPS": "13.37 MB/s",
                    "RX_DRP": "1,000,002",
                    "RX_ERR": "0",
                    "RX_OK": "8,123,456",
                    "RX_OVR": "N/A",
                    "RX_UTIL": "1.07%",
                    "STATE": "U",
                    "TX_BPS": "1.50 KB/s",
                    "TX_DRP": "7",
                    "TX_ERR": "0",
                    "TX_OK": "10",
                    "TX_OVR": "N/A",
                    "TX_UTIL": "0.00%"
                },
                "Ethernet4": {
                    "RX_BPS": "0.00 B/s",
                    "RX_DRP": "0",
                    "RX_ERR": "3",
                    "RX_OK": "4",
                    "RX_OVR": "0",
                    "RX_UTIL": "N/A",
                    "STATE": "X",
                    "TX_BPS": "0.00 B/s",
                    "TX_DRP": "0",
                    "TX_ERR": "0",
                    "TX_OK": "40",
                    "TX_OVR": "0",
                    "TX_UTIL": "N/A"
                }
            }
            """;
    private final SonicPortstatJsonReader reader = new SonicPortstatJsonReader();
    @TempDir Path tmp;

    @Test void countsAreCountersAsInTheTable() {
        Capture c = reader.read(Input.ofText("c.json", STD));
        assertEquals(List.of("switch Ethernet0", "switch Ethernet4"), c.ports());
        var drp = c.reading("switch Ethernet0", "sonic_rx_drp").orElseThrow();
        assertEquals(1_000_002L, drp.value());
        assertEquals("RX_DRP", drp.rawName());
        assertEquals(6, drp.line());
        assertEquals(8_123_456L, c.reading("switch Ethernet0", "sonic_rx_ok").orElseThrow().value());
        assertEquals(3L, c.reading("switch Ethernet4", "sonic_rx_err").orElseThrow().value());
        assertTrue(c.reading("switch Ethernet0", "sonic_rx_ovr").isEmpty(), "N/A is absent");
        assertEquals(0L, c.reading("switch Ethernet4", "sonic_rx_ovr").orElseThrow().value());
        assertEquals(14, c.readings().size(), "six counts on Ethernet0 (two N/A), eight on Ethernet4; no rate, no state");
    }

    @Test void stateRatesAndTheSavedCopysTime() {
        Capture c = reader.read(Input.ofText("c.json", STD));
        assertEquals(Optional.of("up"), c.attr("switch Ethernet0", PortAttr.STATE));
        assertEquals(Optional.of("disabled"), c.attr("switch Ethernet4", PortAttr.STATE));
        assertEquals(Optional.of("2026-12-07T21:00:00.123456"), c.attr("switch Ethernet0", "counters_since"));
        var t = c.measurements("port_rates").orElseThrow();
        assertEquals(2, t.rowCount());
        assertEquals(13_370_000.0, t.doubleColumn("rx_bps").get(0), 1e-3);
        assertEquals(1_500.0, t.doubleColumn("tx_bps").get(0), 1e-9);
    }

    @Test void sniffedAmongAllReadersAndNotClaimingOtherJson() {
        assertEquals("sonic-portstat-json", Readers.standard().choose(Input.ofText("c.json", STD)).format());
        assertEquals(0, reader.sniff(Input.ofText("x.json", "{\"Ethernet0\": {\"speed\": \"100G\"}}\n")));
        assertEquals(0, reader.sniff(Input.ofText("t.txt", SonicPortstatReaderTest.STD)));
        assertNotEquals("sonic-portstat-json", Readers.standard().choose(Input.ofText("t.txt", SonicPortstatReaderTest.STD)).format());
    }

    @Test void badInputIsRefusedNamingTheLine() {
        BadInput.expect(reader, BadInput.write(tmp, "a.json", STD.replace("\"RX_OK\": \"4\"", "\"RX_OK\": \"4.5\"")), 23,
                "expected a count for 'RX_OK'");
        BadInput.expect(reader, BadInput.write(tmp, "b.json", STD.replace("\"TX_DRP\": \"7\"", "\"TX_DRP\": 7")), 13,
                "expected a string as portstat -j prints every cell");
        BadInput.expect(reader, BadInput.write(tmp, "c.json", STD.replace("Last cached", "The rates are calculated within 5 seconds period\nLast cached")), 2,
                "portstat -p prints the change over its period");
    }

    @Test void fecStatsAsJsonGiveTheFecCountersAndRatios() {
        String fec = """
                {
                    "Ethernet8": {
                        "FEC_CORR": "12,345",
                        "FEC_POST_BER": "0.00e+00",
                        "FEC_PRE_BER": "4.21e-10",
                        "FEC_SYMBOL_ERR": "24,690",
                        "FEC_UNCORR": "2",
                        "STATE": "U"
                    }
                }
                """;
        Capture c = reader.read(Input.ofText("f.json", fec));
        assertEquals(12_345L, c.reading("switch Ethernet8", "rx_fec_corrected_blocks").orElseThrow().value());
        assertEquals(2L, c.reading("switch Ethernet8", "rx_fec_uncorrectable_blocks").orElseThrow().value());
        assertEquals(4.21e-10, c.measurements("fec").orElseThrow().doubleColumn("pre_fec_ber").get(0), 1e-20);
        assertEquals("sonic-portstat-json", Readers.standard().choose(Input.ofText("f.json", fec)).format());
    }
}
