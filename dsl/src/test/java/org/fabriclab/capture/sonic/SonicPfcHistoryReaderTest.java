package org.fabriclab.capture.sonic;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.util.List;

import org.fabriclab.capture.BadInput;
import org.fabriclab.capture.Capture;
import org.fabriclab.capture.Input;
import org.fabriclab.capture.Readers;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** {@code show pfc counters --history} (pfcstat --history), written here in its layout: a blank line between ports. */
class SonicPfcHistoryReaderTest {
    static final String HISTORY = """
                 Port    Priority    RX Pause Transitions    Total RX Pause Time US    Recent RX Pause Time US    Recent RX Pause Timestamp
            ---------  ----------  ----------------------  ------------------------  -------------------------  ---------------------------
            Ethernet0        PFC0                       0                         0                          0         01/01/1970, 00:00:00
            Ethernet0        PFC3                   1,502                98,000,321                     12,500         12/07/2026, 21:20:00

            Ethernet4        PFC3                     N/A                       N/A                        N/A                          N/A

            """;
    private final SonicPfcHistoryReader reader = new SonicPfcHistoryReader();
    @TempDir Path tmp;

    @Test void transitionsAndTotalPauseTimeAreCounters() {
        Capture c = reader.read(Input.ofText("hist.txt", HISTORY));
        assertEquals(List.of("switch Ethernet0", "switch Ethernet4"), c.ports());
        var us = c.reading("switch Ethernet0", "rx_prio3_pause_duration").orElseThrow();
        assertEquals(98_000_321L, us.value());
        assertEquals("PFC3 Total RX Pause Time US", us.rawName());
        assertEquals("us", us.unit());
        assertEquals(4, us.line());
        assertEquals(1_502L, c.reading("switch Ethernet0", "rx_prio3_pause_transition").orElseThrow().value());
        assertEquals(0L, c.reading("switch Ethernet0", "rx_prio0_pause_duration").orElseThrow().value());
        assertEquals(4, c.readings().size(), "the recent pause is no counter");
        assertTrue(c.reading("switch Ethernet4", "rx_prio3_pause_duration").isEmpty());
        assertEquals(2, c.absents().size());
    }

    @Test void theRecentPauseIsATableOfItsOwn() {
        var t = reader.read(Input.ofText("hist.txt", HISTORY)).measurements(SonicPfcHistoryReader.RECENT).orElseThrow();
        assertEquals(3, t.rowCount());
        assertEquals(12_500L, t.longColumn("recent_rx_pause_us").get(1));
        assertEquals(3, t.intColumn("priority").get(1));
        assertEquals("12/07/2026, 21:20:00", t.stringColumn("recent_rx_pause_at").get(1));
        assertTrue(t.longColumn("recent_rx_pause_us").isMissing(2));
    }

    @Test void sniffedAmongAllReaders() {
        assertEquals("sonic-pfcstat-history", Readers.standard().choose(Input.ofText("hist.txt", HISTORY)).format());
    }

    @Test void aBadPriorityOrCountIsRefused() {
        BadInput.expect(reader, BadInput.write(tmp, "h.txt", HISTORY.replace("       PFC3                   1,502", "       PFC9                   1,502")), 4,
                "expected a priority PFC0 to PFC7 in the Priority column, found 'PFC9'");
        BadInput.expect(reader, BadInput.write(tmp, "h2.txt", HISTORY.replace("98,000,321", "98,000.32 ")), 4,
                "expected a count for 'Total RX Pause Time US'");
        // a recent pause past a long is bad input named at its line, not a NumberFormatException out of the reader
        BadInput.expect(reader, BadInput.write(tmp, "h3.txt", HISTORY.replace("            12,500", "9,999,999,999,999,999,999")), 4,
                "is above 2^63-1");
    }
}
