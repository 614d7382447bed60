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
 * {@code show queue counters} (queuestat), written here in its layouts (sonic-utilities scripts/queuestat std_header,
 * all_header; cnstat_print and cnstat_diff_print): a table per port under {@code For namespace :}, queues UCn, MCn and
 * ALLn, N/A where the database holds no value; after a clear, {@code EthernetN Last cached time was T} and counts with ','.
 */
class SonicQueueReaderTest {
    static final String STD = """
            admin@leaf1:~$ show queue counters
            For namespace :
                 Port    TxQ    Counter/pkts    Counter/bytes    Drop/pkts    Drop/bytes
            ---------  -----  --------------  ---------------  -----------  ------------
            Ethernet0    UC0            9100          1200500           12          9000
            Ethernet0    UC3          450000        460800000          230        235520
            Ethernet0    UC8               5              320            0             0
            Ethernet0   MC10              31             2108            1            64
            Ethernet0  ALL20             N/A              N/A          N/A           N/A

            For namespace :
                 Port    TxQ    Counter/pkts    Counter/bytes    Drop/pkts    Drop/bytes
            ---------  -----  --------------  ---------------  -----------  ------------
            Ethernet4    UC3              70             7000          N/A           N/A

            """;
    static final String CLEARED = """
            Last cached time was 2026-12-08T01:20:11.402113
            Ethernet8 Last cached time was 2026-12-08T01:20:11.402113
                 Port    TxQ    Counter/pkts    Counter/bytes    Drop/pkts    Drop/bytes
            ---------  -----  --------------  ---------------  -----------  ------------
            Ethernet8    UC3       1,204,000    1,232,896,000        4,100     4,198,400
            """;
    static final String ALL = """
            For namespace asic1:
                 Port    TxQ    Counter/pkts    Counter/bytes    Drop/pkts    Drop/bytes    Trim/pkts    TrimSent/pkts    TrimDrop/pkts
            ---------  -----  --------------  ---------------  -----------  ------------  -----------  ---------------  ---------------
            Ethernet0    UC1              40             4100            3           310            8                6                2
            Ethernet0    UC2              11             1300            0             0          N/A              N/A              N/A
            """;
    private final SonicQueueReader reader = new SonicQueueReader();
    @TempDir Path tmp;

    @Test void eachQueuesCountsArePerQueueCountersOfThePort() {
        Capture c = reader.read(Input.ofText("queues.txt", STD));
        assertEquals(List.of("switch Ethernet0", "switch Ethernet4"), c.ports());
        List<Reading> drops = c.queueReadings("switch Ethernet0", "sonic_queue_drop_packets");
        assertEquals(List.of(0, 3, 8, 10), drops.stream().map(Reading::queue).toList());
        assertEquals(List.of(12L, 230L, 0L, 1L), drops.stream().map(Reading::value).toList());
        assertEquals(460_800_000L, c.queueReadings("switch Ethernet0", "sonic_queue_bytes").get(1).value());
        assertEquals(235_520L, c.queueReadings("switch Ethernet0", "sonic_queue_drop_bytes").get(1).value());
        assertEquals(243L, c.reading("switch Ethernet0", "sonic_queue_drop_packets").orElseThrow().value(), "the queues sum to the port");
        assertEquals(Layer.INFORMATIVE, drops.get(1).layer(), "a queue's drops alone decide nothing: the queue may be lossy");
        assertTrue(c.readings().stream().allMatch(Reading::catalogued), c.readings().toString());
    }

    @Test void aUnicastQueuesDropsAreAlsoItsPrioritysAndTheAssumptionIsSaid() {
        Capture c = reader.read(Input.ofText("queues.txt", STD));
        Reading p3 = c.reading("switch Ethernet0", "sonic_tx_prio3_queue_drop").orElseThrow();
        assertEquals(230L, p3.value());
        assertEquals(Layer.LOSSLESS_BROKEN, p3.layer());
        assertEquals(12L, c.reading("switch Ethernet0", "sonic_tx_prio0_queue_drop").orElseThrow().value());
        assertTrue(c.readings().stream().noneMatch(r -> r.counter().startsWith("sonic_tx_prio") && r.rawName().contains("Counter")),
                "only the drops have a priority twin in the catalogue");
        assertEquals(2, c.readings().stream().filter(r -> r.port().equals("switch Ethernet0") && r.counter().startsWith("sonic_tx_prio")).count(),
                "UC8 and MC10 are no priority's queue");
        assertEquals(1, c.warnings().size(), c.warnings().toString());
        assertTrue(c.warnings().get(0).contains("priority n to queue n") && c.warnings().get(0).contains("sonic_tx_prio3_queue_drop"), c.warnings().get(0));
    }

    @Test void notAvailableIsAbsentNotZero() {
        Capture c = reader.read(Input.ofText("queues.txt", STD));
        assertTrue(c.reading("switch Ethernet4", "sonic_tx_prio3_queue_drop").isEmpty());
        assertTrue(c.absents().stream().anyMatch(a -> a.port().equals("switch Ethernet4") && a.counter().equals("sonic_tx_prio3_queue_drop")));
        assertTrue(c.queueReadings("switch Ethernet0", "sonic_queue_packets").stream().noneMatch(r -> r.queue() == 20));
        assertEquals(4, c.absents().stream().filter(a -> a.rawName().startsWith("ALL20 ")).count(), c.absents().toString());
    }

    @Test void afterAClearTheCountsAreChangesSinceTheSavedCopy() {
        Capture c = reader.read(Input.ofText("cleared.txt", CLEARED));
        assertEquals(4_100L, c.reading("switch Ethernet8", "sonic_tx_prio3_queue_drop").orElseThrow().value());
        assertEquals("2026-12-08T01:20:11.402113", c.attr("switch Ethernet8", "counters_since").orElseThrow());
    }

    @Test void allAddsTheTrimmingCounts() {
        Capture c = reader.read(Input.ofText("all.txt", ALL));
        assertEquals(8L, c.queueReadings("switch Ethernet0", "sonic_queue_trim").get(0).value());
        assertEquals(6L, c.queueReadings("switch Ethernet0", "sonic_queue_trim_tx").get(0).value());
        assertEquals(2L, c.queueReadings("switch Ethernet0", "sonic_queue_trim_drop").get(0).value());
        assertEquals(1, c.queueReadings("switch Ethernet0", "sonic_queue_trim").size(), "UC2's N/A is absent");
    }

    @Test void sniffedAmongAllReaders() {
        assertEquals("sonic-queuestat", Readers.standard().choose(Input.ofText("q.txt", STD)).format());
        assertEquals("sonic-queuestat", Readers.standard().choose(Input.ofText("q.txt", CLEARED)).format());
        assertEquals("sonic-queuestat", Readers.standard().choose(Input.ofText("q.txt", ALL)).format());
    }

    @Test void aQueueThatIsNoQueueNamesFileAndLine() {
        BadInput.expect(reader, BadInput.write(tmp, "q.txt", STD.replace("   UC3  ", "   Q3   ")), 6,
                "expected a queue such as UC3, MC10 or ALL20 (type and index, as queuestat prints TxQ), found 'Q3'");
    }

    @Test void aCountThatIsNoCountNamesFileAndLine() {
        BadInput.expect(reader, BadInput.write(tmp, "q.txt", STD.replace("          230", "          2x0")), 6,
                "expected a count for 'UC3 Drop/pkts' (digits, with ',' between thousands, or N/A), found '2x0'");
    }

    @Test void theVoqViewIsRefused() {
        String voq = """
                            Port    Voq    Counter/pkts    Counter/bytes    Drop/pkts    Drop/bytes    Credit-WD-Del/pkts
                ----------------  -----  --------------  ---------------  -----------  ------------  --------------------
                  leaf1|Ethernet0   VOQ3               7              700            0             0                     0
                """;
        BadInput.expect(reader, BadInput.write(tmp, "voq.txt", voq), 1, "queuestat --voq");
    }
}
