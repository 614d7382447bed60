package org.fabriclab.capture.sonic;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.util.List;

import org.fabriclab.capture.BadInput;
import org.fabriclab.capture.Capture;
import org.fabriclab.capture.Input;
import org.fabriclab.capture.Readers;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** {@code show interfaces counters detailed EthernetN} (portstat -l -i), written here in its 'Label..... value' layout. */
class SonicPortDetailReaderTest {
    static final String DETAIL = """
            admin@leaf1:~$ show interfaces counters detailed Ethernet4
            Packets Received 64 Octets..................... 12
            Packets Received 65-127 Octets................. 1,300

            Total Packets Received Without Errors.......... 4,000,001
            Unicast Packets Received....................... 4,000,000
            Multicast Packets Received..................... 1
            Broadcast Packets Received..................... 0

            Jabbers Received............................... N/A
            Fragments Received............................. 2

            WRED Green Dropped Packets..................... 17
            WRED Total Dropped Packets..................... 101

            Trimmed Dropped Packets........................ 50

            Time Since Counters Last Cleared............... 2026-12-07 10:00:01.123456
            """;
    private final SonicPortDetailReader reader = new SonicPortDetailReader();
    @TempDir Path tmp;

    @Test void readsTheLabelsThePortFromTheCommandLine() {
        Capture c = reader.read(Input.ofText("detail.txt", DETAIL));
        assertEquals(List.of("switch Ethernet4"), c.ports());
        var ok = c.reading("switch Ethernet4", "sonic_rx_ok").orElseThrow();
        assertEquals(4_000_001L, ok.value());
        assertEquals(5, ok.line());
        assertEquals(101L, c.reading("switch Ethernet4", "sonic_wred_drop_total").orElseThrow().value());
        assertEquals(2L, c.reading("switch Ethernet4", "rx_fragments_phy").orElseThrow().value());
        assertEquals(50L, c.reading("switch Ethernet4", "sonic_trim_drp").orElseThrow().value());
        assertEquals(1_300L, c.reading("switch Ethernet4", "Packets Received 65-127 Octets").orElseThrow().value());
        assertFalse(c.reading("switch Ethernet4", "Packets Received 65-127 Octets").orElseThrow().catalogued(), "no catalogue line for a size bucket");
        assertTrue(c.reading("switch Ethernet4", "rx_jabbers_phy").isEmpty());
        assertTrue(c.absents().stream().anyMatch(a -> a.counter().equals("rx_jabbers_phy")));
        assertEquals("2026-12-07 10:00:01.123456", c.attr("switch Ethernet4", "counters_since").orElseThrow());
        assertTrue(c.warnings().isEmpty(), c.warnings().toString());
    }

    @Test void withoutACommandLineThePortIsUnnamed() {
        Capture c = reader.read(Input.ofText("detail.txt", DETAIL.lines().skip(1).reduce("", (a, l) -> a + l + "\n")));
        assertEquals(List.of("switch ?"), c.ports());
        assertEquals(1, c.warnings().size(), c.warnings().toString());
        assertEquals("Ethernet8", SonicPortDetailReader.portOf("$ portstat -l -i Ethernet8"));
    }

    @Test void sniffedAmongAllReaders() {
        assertEquals("sonic-portstat-detail", Readers.standard().choose(Input.ofText("detail.txt", DETAIL)).format());
    }

    @Test void aBadValueNamesFileAndLine() {
        BadInput.expect(reader, BadInput.write(tmp, "d.txt", DETAIL.replace("4,000,001", "4.000.001")), 5,
                "expected a count for 'Total Packets Received Without Errors' (digits, with ',' between thousands, or N/A), found '4.000.001'");
    }
}
