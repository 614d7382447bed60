package org.fabriclab.incident;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.io.OutputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.stream.Stream;
import java.util.zip.GZIPOutputStream;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * incident(dir) on a bundled folder re-laid as a hand collection: PRE/POST, every capture gzipped, a
 * date output for the time, a stray notes file. The verdict is the bundled one; the time comes from the
 * date files; the stray file is named in the report, the date file is not.
 */
class IncidentHandmadeTest {
    @TempDir Path tmp;

    @Test void aHandCollectedFolderGivesTheBundledVerdictWithItsTimeAndItsStrays() throws IOException {
        Path src = IncidentDatasetsTest.DATASETS.resolve("ib-marginal-optic");
        Path dir = tmp.resolve("incident");
        for (String[] side : new String[][] {{"before", "PRE", "11:59:03"}, {"after", "POST", "11:59:33"}}) {
            Path to = Files.createDirectories(dir.resolve(side[1]));
            try (Stream<Path> s = Files.list(src.resolve(side[0]))) {
                for (Path f : s.toList()) {
                    try (OutputStream o = new GZIPOutputStream(Files.newOutputStream(to.resolve(f.getFileName() + ".gz")))) {
                        o.write(Files.readAllBytes(f));
                    }
                }
            }
            Files.writeString(to.resolve("date.txt"), "Thu Dec  3 " + side[2] + " UTC 2026\n");
            Files.writeString(to.resolve("notes.txt"), "ran the test here\n");
        }
        Incident inc = Incident.of(dir);
        PortReport p = inc.port("mlx5_0/1");
        assertEquals("physical", p.verdict().verdict());
        assertEquals(java.util.List.of("SymbolErrorCounter"), p.verdict().detail());
        assertEquals(30.0, inc.elapsedSeconds());
        String report = inc.toString();
        assertTrue(report.contains("elapsed 30.0 s between the first and the last snapshot (date.txt (a date output"), report);
        assertTrue(report.contains("warning (PRE): " + dir.resolve("PRE").resolve("notes.txt") + ":1: not a capture format"), report);
        assertFalse(report.contains("date.txt:1: not a capture format"), "the date file is the snapshot's time, not a stray");
    }

    /** perftest run with -n (no -D) and no snapshot clock: the elapsed time is the one its own rows account for. */
    @Test void withoutAClockTheElapsedTimeIsTheTestsOwn() throws IOException {
        Path src = IncidentDatasetsTest.DATASETS.resolve("reconcile-a-line-rate");
        Path dir = tmp.resolve("no-clock");
        for (String side : new String[] {"before", "after"}) {
            Path to = Files.createDirectories(dir.resolve(side));
            try (Stream<Path> s = Files.list(src.resolve(side))) {
                for (Path f : s.toList()) Files.copy(f, to.resolve(f.getFileName()));
            }
        }
        // the log as a user's terminal kept it, without the command line that says -D 10
        String log = Files.readString(src.resolve("perftest.log"));
        Files.writeString(dir.resolve("perftest.log"), log.substring(log.indexOf('\n') + 1));
        Incident inc = Incident.of(dir);
        // 234205 x 1 MiB at 23420.55 MiB/s
        assertEquals(234205 * 1048576.0 / (23420.55 * 1048576), inc.elapsedSeconds(), 1e-9);
        assertTrue(inc.elapsedHow().startsWith("elapsed taken as the test's duration from perftest's own rows, 10.0 s"), inc.elapsedHow());
    }
}
