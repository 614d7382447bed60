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
import org.fabriclab.capture.Queues;
import org.fabriclab.capture.Reading;
import org.fabriclab.capture.Readers;
import org.fabriclab.catalogue.Layer;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** {@code show pfcwd stats}, written here in its layout: tabulate simple, every cell right-aligned, count cells {@code A/B}. */
class SonicPfcwdStatsReaderTest {
    static final String STATS = """
                  QUEUE       STATUS    STORM DETECTED/RESTORED    TX OK/DROP    RX OK/DROP    TX LAST OK/DROP    RX LAST OK/DROP
            -------------  -----------  -------------------------  ------------  ------------  -----------------  -----------------
              Ethernet8:3      stormed                        4/3     12/96,001        7/1200               0/41                0/5
              Ethernet8:4  operational                        1/1          0/10           2/0               0/10                2/0
            Ethernet124:3          N/A                        0/0           0/0           0/0                0/0                0/0
            """;
    private final SonicPfcwdStatsReader reader = new SonicPfcwdStatsReader();
    @TempDir Path tmp;

    @Test void stormsAndPacketsArePerQueueCounters() {
        Capture c = reader.read(Input.ofText("pfcwd.txt", STATS));
        assertEquals(List.of("switch Ethernet8", "switch Ethernet124"), c.ports());
        List<Reading> storms = c.queueReadings("switch Ethernet8", "sonic_pfcwd_storm_detected");
        assertEquals(2, storms.size());
        Reading q3 = storms.stream().filter(r -> r.queue() == 3).findFirst().orElseThrow();
        assertEquals(4L, q3.value());
        assertEquals("queue 3 STORM DETECTED", q3.rawName());
        assertEquals(Layer.PAUSE_STORM, q3.layer());
        assertEquals(3, q3.line());
        assertEquals(96_001L, one(c, "switch Ethernet8", "sonic_pfcwd_tx_drop", 3).value());
        assertEquals(1_200L, one(c, "switch Ethernet8", "sonic_pfcwd_rx_drop", 3).value());
        assertEquals(3L, one(c, "switch Ethernet8", "sonic_pfcwd_storm_restored", 3).value());
        assertEquals(0L, one(c, "switch Ethernet124", "sonic_pfcwd_storm_detected", 3).value());
        assertEquals(5L, c.reading("switch Ethernet8", "sonic_pfcwd_storm_detected").orElseThrow().value(), "the port: its queues summed");
        assertEquals(18, c.readings().stream().filter(Reading::isQueue).count(), "six counters per queue, the LAST pairs none");
        var sum = Queues.sumToPort(c.readings());
        assertEquals(5L, sum.readings().stream().filter(r -> r.port().equals("switch Ethernet8") && r.counter().equals("sonic_pfcwd_storm_detected"))
                .findFirst().orElseThrow().value());
    }

    @Test void statusIsAnAttributeAndTheLastStormATable() {
        Capture c = reader.read(Input.ofText("pfcwd.txt", STATS));
        assertEquals(Optional.of("stormed"), c.attr("switch Ethernet8", SonicPfcwdStatsReader.statusKey(3)));
        assertEquals(Optional.of("operational"), c.attr("switch Ethernet8", SonicPfcwdStatsReader.statusKey(4)));
        assertTrue(c.attr("switch Ethernet124", SonicPfcwdStatsReader.statusKey(3)).isEmpty(), "N/A is no status");
        var t = c.measurements(SonicPfcwdStatsReader.LAST).orElseThrow();
        assertEquals(3, t.rowCount());
        assertEquals(41L, t.longColumn("tx_drop").get(0));
        assertEquals(5L, t.longColumn("rx_drop").get(0));
        assertEquals(2L, t.longColumn("rx_ok").get(1));
        assertEquals(4, t.intColumn("queue").get(1));
        assertEquals("stormed", t.stringColumn("status").get(0));
    }

    @Test void sniffedAmongAllReadersAndNotClaimingPfcstat() {
        assertEquals("sonic-pfcwd-stats", Readers.standard().choose(Input.ofText("pfcwd.txt", STATS)).format());
        assertEquals(0, reader.sniff(Input.ofText("pfc.txt", """
                   Port Rx    PFC0    PFC1
                ---------  ------  ------
                Ethernet0       0   1,200
                """)));
        assertNotEquals("sonic-pfcwd-stats", Readers.standard().choose(Input.ofText("hist.txt", SonicPfcHistoryReaderTest.HISTORY)).format());
    }

    @Test void aHeaderAloneIsNoStormAnywhere() {
        String empty = """
              QUEUE    STATUS    STORM DETECTED/RESTORED    TX OK/DROP    RX OK/DROP    TX LAST OK/DROP    RX LAST OK/DROP
            -------  --------  -------------------------  ------------  ------------  -----------------  -----------------
            """;
        Capture c = reader.read(Input.ofText("pfcwd.txt", empty));
        assertTrue(c.readings().isEmpty());
        assertTrue(c.warnings().stream().anyMatch(w -> w.contains("-e")), c.warnings().toString());
    }

    @Test void badInputIsRefusedNamingTheLine() {
        BadInput.expect(reader, BadInput.write(tmp, "a.txt", STATS.replace("Ethernet8:4 ", "Ethernet8:q ")), 4,
                "expected a queue PORT:INDEX such as Ethernet0:3 in the QUEUE column, found 'Ethernet8:q'");
        BadInput.expect(reader, BadInput.write(tmp, "b.txt", STATS.replace("  4/3", "4 / 3")), 3,
                "expected two counts A/B for 'STORM DETECTED/RESTORED'");
        BadInput.expect(reader, BadInput.write(tmp, "c.txt", STATS.replace("7/1200", "7/12.5")), 3,
                "expected two counts A/B for 'RX OK/DROP'");
    }

    private static Reading one(Capture c, String port, String counter, int q) {
        return c.queueReadings(port, counter).stream().filter(r -> r.queue() == q).findFirst().orElseThrow();
    }
}
