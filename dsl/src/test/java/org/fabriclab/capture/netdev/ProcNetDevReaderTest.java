package org.fabriclab.capture.netdev;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.util.List;

import org.fabriclab.capture.BadInput;
import org.fabriclab.capture.Capture;
import org.fabriclab.capture.CaptureCsv;
import org.fabriclab.capture.Input;
import org.fabriclab.capture.Readers;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code /proc/net/dev}. The fixture is written here after Linux {@code net/core/net-procfs.c} ({@code dev_seq_printf_stats}
 * and the two header lines of {@code dev_seq_show}): {@code %6s:} then the counts, so a name longer than six
 * characters followed by a wide first count is glued to it ({@code ens1f0np0:918273645501}).
 */
class ProcNetDevReaderTest {
    private static final String P = "netdev ens1f0np0";
    private final ProcNetDevReader reader = new ProcNetDevReader();
    @TempDir Path tmp;

    @Test void readsEveryInterfaceGluedNamesToo() {
        Capture c = reader.read(Input.of(CaptureCsv.fixture("netdev/proc_net_dev.txt")));
        assertEquals(List.of("netdev lo", P, "netdev ib0"), c.ports());
        assertEquals(918273645501L, c.reading(P, "netdev_rx_bytes").orElseThrow().value());
        assertEquals(1203344556L, c.reading(P, "netdev_rx_packets").orElseThrow().value());
        assertEquals(771122334455L, c.reading(P, "netdev_tx_bytes").orElseThrow().value());
        assertEquals(44556L, c.reading(P, "netdev_multicast").orElseThrow().value());
        assertEquals(16, c.readings().stream().filter(r -> r.port().equals(P)).count());
        assertEquals(4, c.readings().stream().filter(r -> r.port().equals(P)).findFirst().orElseThrow().line());
        assertEquals(321L, c.reading("netdev ib0", "netdev_multicast").orElseThrow().value());
    }

    @Test void theKernelsSumsAreCountersOfTheirOwn() {
        Capture c = reader.read(Input.of(CaptureCsv.fixture("netdev/proc_net_dev.txt")));
        assertEquals(14L, c.reading(P, "netdev_rx_drop_missed").orElseThrow().value());   // rx_dropped 2 + rx_missed_errors 12
        assertEquals(12L, c.reading(P, "netdev_rx_frame_sum").orElseThrow().value());     // over 5 + crc 7
        assertEquals(1L, c.reading(P, "netdev_tx_carrier_sum").orElseThrow().value());    // aborted 1
        assertTrue(c.reading(P, "rx_crc_errors_phy").isEmpty(), "/proc/net/dev has CRC errors only inside 'frame'");
        assertTrue(c.reading(P, "netdev_rx_dropped").isEmpty());
    }

    @Test void sniffedAmongAllReaders() {
        assertEquals("proc-net-dev", Readers.standard().choose(Input.of(CaptureCsv.fixture("netdev/proc_net_dev.txt"))).format());
    }

    /** cat /proc/net/dev appended after the test: each run under its own header is read; twice under one header is refused. */
    @Test void runsUnderTheirOwnHeadersAreEachRead() {
        String head = "Inter-|   Receive                                                |  Transmit\n"
                + " face |bytes    packets errs drop fifo frame compressed multicast|bytes    packets errs drop fifo colls carrier compressed\n";
        String eth0 = "  eth0: %d 2 0 0 0 0 0 0 9 10 0 0 0 0 0 0\n";
        Capture c = reader.read(Input.ofText("dev.txt", head + eth0.formatted(100) + head + eth0.formatted(700)));
        List<Capture> runs = org.fabriclab.capture.Runs.of(c);
        assertEquals(2, runs.size());
        assertEquals(700L, runs.get(1).reading("netdev eth0", "netdev_rx_bytes").orElseThrow().value());
        Path f = BadInput.write(tmp, "twice.txt", head + eth0.formatted(1) + eth0.formatted(2));
        BadInput.expect(reader, f, 4, "interface eth0 is printed twice (line 3 and 4) under one header");
    }

    @Test void aLineWithTooFewCountsIsRefused() {
        Path f = BadInput.write(tmp, "dev.txt", "Inter-|   Receive                                                |  Transmit\n"
                + " face |bytes    packets errs drop fifo frame compressed multicast|bytes    packets errs drop fifo colls carrier compressed\n"
                + "  eth0: 1 2 3 4 5 6 7 8 9 10 11 12 13 14 15\n");
        BadInput.expect(reader, f, 3, "expected 16 counts after 'eth0:' as the header labels them, found 15");
    }
}
