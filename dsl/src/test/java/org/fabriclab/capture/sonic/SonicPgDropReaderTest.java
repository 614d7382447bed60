package org.fabriclab.capture.sonic;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

import org.fabriclab.capture.BadInput;
import org.fabriclab.capture.Capture;
import org.fabriclab.capture.Input;
import org.fabriclab.capture.Reading;
import org.fabriclab.capture.Readers;
import org.fabriclab.catalogue.Layer;
import org.fabriclab.delta.Delta;
import org.fabriclab.snapshot.Snapshot;
import org.fabriclab.verdict.Profiles;
import org.fabriclab.verdict.Verdict;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code show priority-group drop counters} (pg-drop -c show), written here in its layout (scripts/pg-drop print_all_stat:
 * the message line, then Port and one PGn column per group): per-group drops, group n also read as priority n's, and an
 * ingress drop on PG3 broken losslessness under roce-full.
 */
class SonicPgDropReaderTest {
    static String pg(String pg0, String pg3) {
        return """
                Ingress PG dropped packets:
                     Port    PG0    PG1    PG2    PG3    PG4    PG5    PG6    PG7    PG8
                ---------  -----  -----  -----  -----  -----  -----  -----  -----  -----
                Ethernet0  %5s      0      0  %5s      0      0      0      0    N/A
                """.formatted(pg0, pg3);
    }

    private final SonicPgDropReader reader = new SonicPgDropReader();
    @TempDir Path tmp;

    @Test void eachGroupsDropsArePerGroupCountersAndAPrioritysToo() {
        Capture c = reader.read(Input.ofText("pg.txt", pg("310", "42")));
        List<Reading> drops = c.queueReadings("switch Ethernet0", "sonic_pg_drop");
        assertEquals(List.of(0, 1, 2, 3, 4, 5, 6, 7), drops.stream().map(Reading::queue).toList(), "PG8's N/A is absent");
        assertEquals(352L, c.reading("switch Ethernet0", "sonic_pg_drop").orElseThrow().value(), "the groups sum to the port");
        Reading p3 = c.reading("switch Ethernet0", "sonic_rx_prio3_pg_drop").orElseThrow();
        assertEquals(42L, p3.value());
        assertEquals(Layer.LOSSLESS_BROKEN, p3.layer());
        assertEquals(4, p3.line());
        assertTrue(c.absents().stream().anyMatch(a -> a.rawName().equals("PG8 dropped packets")));
        assertEquals(1, c.warnings().size());
        assertTrue(c.warnings().get(0).contains("PG0"), c.warnings().get(0));
    }

    @Test void sniffedAmongAllReaders() {
        assertEquals("sonic-pg-drop", Readers.standard().choose(Input.ofText("pg.txt", pg("0", "0"))).format());
    }

    @Test void aCountThatIsNoCountNamesFileAndLine() {
        BadInput.expect(reader, BadInput.write(tmp, "pg.txt", pg("3.5", "0")), 4,
                "expected a count for 'PG0' (digits, with ',' between thousands, or N/A), found '3.5'");
    }

    @Test void ingressDropsOnTheLosslessGroupAreLosslessBrokenUnderRoceFull() throws IOException {
        Path b = Files.createDirectories(tmp.resolve("before")), a = Files.createDirectories(tmp.resolve("after"));
        Files.writeString(b.resolve("pg.txt"), pg("5", "0"));
        Files.writeString(a.resolve("pg.txt"), pg("9005", "0"));
        Verdict lossy = Delta.between(Snapshot.of(b), Snapshot.of(a)).moved(10e9).classify(Profiles.ROCE_FULL).verdicts().get(0);
        assertEquals(Verdict.CLEAN, lossy.verdict(), "PG0's drops decide nothing: " + lossy);
        Files.writeString(a.resolve("pg.txt"), pg("5", "77"));
        Verdict v = Delta.between(Snapshot.of(b), Snapshot.of(a)).moved(10e9).classify(Profiles.ROCE_FULL).verdicts().get(0);
        assertEquals("lossless-broken", v.verdict(), v.toString());
        assertEquals(List.of("sonic_rx_prio3_pg_drop"), v.detail());
    }
}
