package org.fabriclab.capture.sonic;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.util.List;

import org.fabriclab.capture.BadInput;
import org.fabriclab.capture.Capture;
import org.fabriclab.capture.Input;
import org.fabriclab.capture.PortAttr;
import org.fabriclab.capture.Readers;
import org.fabriclab.catalogue.Layer;
import org.fabriclab.catalogue.Source;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code show pfc counters} (pfcstat). The text is written here in pfcstat's layout (sonic-utilities scripts/pfcstat:
 * tabulate's simple format, right-aligned, counts with ',' between thousands, N/A where COUNTERS_DB holds no value).
 */
class SonicPfcReaderTest {
    static final String PFC = """
            admin@leaf1:~$ show pfc counters
              Port Rx    PFC0    PFC1    PFC2       PFC3    PFC4    PFC5    PFC6    PFC7
            ---------  ------  ------  ------  ---------  ------  ------  ------  ------
            Ethernet0   1,200       0       0  1,234,567       0       0       0       0
            Ethernet4       0       0       0         12       0     N/A       0       0

              Port Tx    PFC0    PFC1    PFC2       PFC3    PFC4    PFC5    PFC6    PFC7
            ---------  ------  ------  ------  ---------  ------  ------  ------  ------
            Ethernet0       0       0       0         40       0       0       0       0
            Ethernet4       0       0       0  9,876,543       0     N/A       0       0
            """;
    private final SonicPfcReader reader = new SonicPfcReader();
    @TempDir Path tmp;

    @Test void readsBothTablesAsThePerPriorityPauseCounters() {
        Capture c = reader.read(Input.ofText("pfc.txt", PFC));
        assertEquals(List.of("switch Ethernet0", "switch Ethernet4"), c.ports());
        var rx3 = c.reading("switch Ethernet0", "rx_prio3_pause").orElseThrow();
        assertEquals(1_234_567L, rx3.value());
        assertEquals("Rx PFC3", rx3.rawName());
        assertEquals(Source.SONIC, rx3.source());
        assertEquals(Layer.CONGESTION, rx3.layer());
        assertEquals(4, rx3.line());
        assertEquals(1_200L, c.reading("switch Ethernet0", "rx_prio0_pause").orElseThrow().value());
        assertEquals(9_876_543L, c.reading("switch Ethernet4", "tx_prio3_pause").orElseThrow().value());
        assertEquals(10, c.reading("switch Ethernet4", "tx_prio3_pause").orElseThrow().line());
        assertEquals(0L, c.reading("switch Ethernet4", "rx_prio0_pause").orElseThrow().value());
        assertEquals(32 - 2, c.readings().size());
        assertEquals("Ethernet", c.attr("switch Ethernet0", PortAttr.LINK_LAYER).orElseThrow());
    }

    @Test void notAvailableIsAbsentNotZero() {
        Capture c = reader.read(Input.ofText("pfc.txt", PFC));
        assertTrue(c.reading("switch Ethernet4", "rx_prio5_pause").isEmpty());
        var a = c.absents().stream().filter(x -> x.port().equals("switch Ethernet4") && x.counter().equals("rx_prio5_pause")).findFirst().orElseThrow();
        assertEquals(5, a.line());
        assertTrue(a.reason().startsWith("N/A"), a.reason());
        assertEquals(2, c.absents().size());
    }

    @Test void aSavedCopysTimeIsKept() {
        String cleared = "Last cached time was 2026-12-07 10:00:01.123456\n" + PFC.lines().skip(1).limit(4).reduce("", (a, l) -> a + l + "\n");
        Capture c = reader.read(Input.ofText("pfc.txt", cleared));
        assertEquals("2026-12-07 10:00:01.123456", c.attr("switch Ethernet0", "counters_since").orElseThrow());
        assertEquals(1_234_567L, c.reading("switch Ethernet0", "rx_prio3_pause").orElseThrow().value());
    }

    @Test void sniffedAmongAllReaders() {
        assertEquals("sonic-pfcstat", Readers.standard().choose(Input.ofText("pfc.txt", PFC)).format());
        assertEquals("sonic-pfcstat", Readers.standard().choose(Input.ofText("pfc.txt", PFC.lines().skip(1).reduce("", (a, l) -> a + l + "\n"))).format());
    }

    @Test void aBadValueNamesFileLineAndColumn() {
        Path f = BadInput.write(tmp, "pfc.txt", PFC.replace("1,234,567", "1.234,56 "));
        BadInput.expect(reader, f, 4, "expected a count for 'Port Rx PFC3' (digits, with ',' between thousands, or N/A), found '1.234,56'");
        Path g = BadInput.write(tmp, "pfc2.txt", PFC.replace("1,234,567", "    12,34"));
        BadInput.expect(reader, g, 4, "found '12,34'");
    }

    @Test void aRowWithACellMissingIsRefused() {
        Path f = BadInput.write(tmp, "pfc.txt", PFC.replace("Ethernet4       0       0       0         12       0     N/A       0       0",
                "Ethernet4  0  0  0  12  0  0  0"));
        BadInput.expect(reader, f, 5, "expected 9 cells under the header 'Port Rx    PFC0");
    }
}
