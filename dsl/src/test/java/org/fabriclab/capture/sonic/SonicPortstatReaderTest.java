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
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code show interfaces counters} (portstat), written here in its layouts (sonic-utilities utilities_common/portstat.py
 * header_std, header_all, header_errors_only, header_fec_hist_only): counts with ',' between thousands, N/A, and the
 * rate columns portstat formats as {@code 13.37 MB/s}, {@code 9000.00/s}, {@code 64.00%}.
 */
class SonicPortstatReaderTest {
    static final String ALL = """
                IFACE    STATE      RX_OK        RX_BPS       RX_PPS    RX_UTIL    RX_ERR     RX_DRP    RX_OVR    TX_OK        TX_BPS       TX_PPS    TX_UTIL    TX_ERR    TX_DRP    TX_OVR    TRIM    TRIM_TX    TRIM_DRP
            ---------  -------  ---------  ------------  -----------  ---------  --------  ---------  --------  -------  ------------  -----------  ---------  --------  --------  --------  ------  ---------  ----------
            Ethernet0        U  8,123,456  2000.00 MB/s  247000.00/s     64.00%        10  1,000,002       N/A       10  1500.00 MB/s  183000.00/s     48.00%       N/A         7       N/A       0          0           0
            Ethernet4        D          4   204.80 KB/s     200.00/s        N/A         0          0       N/A       40      0.00 B/s       0.00/s        N/A         0         0         0     N/A        N/A         N/A
            """;
    static final String STD = """
            admin@leaf1:~$ show interfaces counters
                IFACE    STATE    RX_OK       RX_BPS    RX_UTIL    RX_ERR    RX_DRP    RX_OVR    TX_OK       TX_BPS    TX_UTIL    TX_ERR    TX_DRP    TX_OVR
            ---------  -------  -------  -----------  ---------  --------  --------  --------  -------  -----------  ---------  --------  --------  --------
            Ethernet0        X        8  13.37 MB/s      1.07%         0       100       N/A       10  1.50 KB/s      0.00%         0         0       N/A

            Reminder: Please execute 'show interface counters -d all' to include internal links
            """;
    private final SonicPortstatReader reader = new SonicPortstatReader();
    @TempDir Path tmp;

    @Test void countsAreCountersTheirMeaningTheCatalogues() {
        Capture c = reader.read(Input.ofText("intf.txt", ALL));
        assertEquals(List.of("switch Ethernet0", "switch Ethernet4"), c.ports());
        assertEquals(8_123_456L, c.reading("switch Ethernet0", "sonic_rx_ok").orElseThrow().value());
        assertEquals(1_000_002L, c.reading("switch Ethernet0", "sonic_rx_drp").orElseThrow().value());
        assertEquals(7L, c.reading("switch Ethernet0", "sonic_tx_drp").orElseThrow().value());
        assertEquals(Layer.PHYSICAL, c.reading("switch Ethernet0", "sonic_rx_err").orElseThrow().layer());
        assertEquals(0L, c.reading("switch Ethernet0", "sonic_trim_drp").orElseThrow().value());
        assertEquals(3, c.reading("switch Ethernet0", "sonic_rx_ok").orElseThrow().line());
        assertTrue(c.readings().stream().allMatch(r -> r.catalogued()), "every column is catalogued");
        assertTrue(c.readings().stream().noneMatch(r -> r.rawName().endsWith("_BPS") || r.rawName().endsWith("_PPS") || r.rawName().endsWith("_UTIL")));
        assertEquals(8 + 7, c.readings().size());
    }

    @Test void notAvailableIsAbsentAndStateIsAnAttribute() {
        Capture c = reader.read(Input.ofText("intf.txt", ALL));
        assertTrue(c.reading("switch Ethernet0", "sonic_rx_ovr").isEmpty());
        assertTrue(c.absents().stream().anyMatch(a -> a.port().equals("switch Ethernet0") && a.counter().equals("sonic_rx_ovr")));
        assertTrue(c.reading("switch Ethernet4", "sonic_trim").isEmpty());
        assertEquals(0L, c.reading("switch Ethernet4", "sonic_rx_err").orElseThrow().value());
        assertEquals("up", c.attr("switch Ethernet0", PortAttr.STATE).orElseThrow());
        assertEquals("down", c.attr("switch Ethernet4", PortAttr.STATE).orElseThrow());
        assertEquals("disabled", reader.read(Input.ofText("std.txt", STD)).attr("switch Ethernet0", PortAttr.STATE).orElseThrow());
    }

    @Test void ratesAreATableInBaseUnits() {
        var t = reader.read(Input.ofText("intf.txt", ALL)).measurements(PortstatTables.RATES).orElseThrow();
        assertEquals(2, t.rowCount());
        assertEquals(2.0e9, t.doubleColumn("rx_bps").getDouble(0));
        assertEquals(204_800.0, t.doubleColumn("rx_bps").getDouble(1));
        assertEquals(247_000.0, t.doubleColumn("rx_pps").getDouble(0));
        assertEquals(64.0, t.doubleColumn("rx_util_pct").getDouble(0));
        assertTrue(Double.isNaN(t.doubleColumn("rx_util_pct").getDouble(1)));
        assertEquals(0.0, t.doubleColumn("tx_bps").getDouble(1));
        var std = reader.read(Input.ofText("std.txt", STD)).measurements(PortstatTables.RATES).orElseThrow();
        assertEquals(13.37e6, std.doubleColumn("rx_bps").getDouble(0), 1e-3);
        assertTrue(Double.isNaN(std.doubleColumn("rx_pps").getDouble(0)), "the default view prints no packet rate");
    }

    /** portstat -a as 2018-2019 releases printed it: the transmit packet rate headed Tx_PPS, a rate like its RX_PPS twin. */
    @Test void olderReleasesTxPpsHeaderIsTheTransmitPacketRate() {
        String old = """
                admin@leaf2:~$ portstat -a
                    IFACE    STATE    RX_OK    RX_BPS    RX_PPS    RX_UTIL    RX_ERR    RX_DRP    RX_OVR    TX_OK      TX_BPS    Tx_PPS    TX_UTIL    TX_ERR    TX_DRP    TX_OVR
                ---------  -------  -------  --------  --------  ---------  --------  --------  --------  -------  ----------  --------  ---------  --------  --------  --------
                Ethernet8        U       12  0.00 B/s    0.00/s      0.00%         0         0         0      345  2.50 KB/s   12.50/s      0.00%         0         0       N/A
                """;
        Capture c = reader.read(Input.ofText("old.txt", old));
        var t = c.measurements(PortstatTables.RATES).orElseThrow();
        assertEquals(12.5, t.doubleColumn("tx_pps").getDouble(0));
        assertEquals(345L, c.reading("switch Ethernet8", "sonic_tx_ok").orElseThrow().value());
        assertTrue(c.readings().stream().noneMatch(r -> r.rawName().equalsIgnoreCase("TX_PPS")), "a rate, never a counter");
        assertTrue(c.absents().stream().noneMatch(a -> a.counter().toUpperCase().contains("PPS")));
    }

    /** A paste that came out double-spaced (a blank line after every line, as some terminals copy): the same table. */
    @Test void aDoubleSpacedPasteReadsAsTheTable() {
        String spaced = """
                Last cached time was 2024-05-01T10:00:00.000000

                    IFACE    STATE    RX_OK       RX_BPS    RX_UTIL    RX_ERR    RX_DRP    RX_OVR    TX_OK       TX_BPS    TX_UTIL    TX_ERR    TX_DRP    TX_OVR

                ---------  -------  -------  -----------  ---------  --------  --------  --------  -------  -----------  ---------  --------  --------  --------

                Ethernet0        U      812  1.25 MB/s        0.10%         0         3         0      907  2.00 KB/s        0.00%         0         0         0

                Ethernet4        D        0  0.00 B/s         0.00%         0         0         0        0  0.00 B/s         0.00%         0         0         0
                """;
        Capture c = reader.read(Input.ofText("spaced.txt", spaced));
        assertEquals(List.of("switch Ethernet0", "switch Ethernet4"), c.ports());
        assertEquals(3L, c.reading("switch Ethernet0", "sonic_rx_drp").orElseThrow().value());
        assertEquals(7, c.reading("switch Ethernet0", "sonic_rx_drp").orElseThrow().line());
        assertEquals(1.25e6, c.measurements(PortstatTables.RATES).orElseThrow().doubleColumn("rx_bps").getDouble(0), 1e-3);
    }

    @Test void theDefaultViewAndTheFecHistogram() {
        Capture c = reader.read(Input.ofText("std.txt", STD));
        assertEquals(100L, c.reading("switch Ethernet0", "sonic_rx_drp").orElseThrow().value());
        assertEquals(4, c.reading("switch Ethernet0", "sonic_rx_drp").orElseThrow().line());
        String hist = """
                IFACE    BIN0    BIN1    BIN2    BIN3    BIN4    BIN5    BIN6    BIN7    BIN8    BIN9    BIN10    BIN11    BIN12    BIN13    BIN14    BIN15
            ---------  ------  ------  ------  ------  ------  ------  ------  ------  ------  ------  -------  -------  -------  -------  -------  -------
            Ethernet0   1,000     900      80       7       0       0       0       0       0       0        0        0        0        0        0        0
            """;
        Capture h = reader.read(Input.ofText("hist.txt", hist));
        assertEquals(1_000L, h.reading("switch Ethernet0", "fec_hist0").orElseThrow().value());
        assertEquals(7L, h.reading("switch Ethernet0", "fec_hist3").orElseThrow().value());
        assertEquals("sonic-portstat", Readers.standard().choose(Input.ofText("hist.txt", hist)).format());
    }

    @Test void sniffedAmongAllReaders() {
        assertEquals("sonic-portstat", Readers.standard().choose(Input.ofText("intf.txt", ALL)).format());
        assertEquals("sonic-portstat", Readers.standard().choose(Input.ofText("std.txt", STD)).format());
        assertEquals(0, new SonicPfcReader().sniff(Input.ofText("intf.txt", ALL)));
        assertEquals(0, reader.sniff(Input.ofText("pfc.txt", SonicPfcReaderTest.PFC)));
    }

    @Test void aBadCountOrRateNamesFileAndLine() {
        BadInput.expect(reader, BadInput.write(tmp, "a.txt", ALL.replace("1,000,002", "1,000,0O2")), 3,
                "expected a count for 'RX_DRP' (digits, with ',' between thousands, or N/A), found '1,000,0O2'");
        BadInput.expect(reader, BadInput.write(tmp, "b.txt", ALL.replace("2000.00 MB/s", "2000.00 GB/s")), 3,
                "expected a byte rate such as 1350.00 KB/s for 'RX_BPS' (or N/A), found '2000.00 GB/s'");
        BadInput.expect(reader, BadInput.write(tmp, "c.txt", STD.replace("show interfaces counters", "show interfaces counters -p 5")
                .replace("Reminder:", "The rates are calculated within 5 seconds period\nReminder:")), 6,
                "portstat -p prints the change over its period");
    }
}
