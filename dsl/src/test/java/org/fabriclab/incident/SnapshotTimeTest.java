package org.fabriclab.incident;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;

import org.fabriclab.capture.CaptureException;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** A snapshot's time: collect's timestamp.json, or a hand collection's date output. */
class SnapshotTimeTest {
    @TempDir Path tmp;

    static final long T = Instant.parse("2026-12-03T11:59:33Z").toEpochMilli();

    @Test void theDateFormsUsersPrint() {
        assertEquals(T, SnapshotTime.dateMs("Thu Dec  3 11:59:33 UTC 2026"));             // date (C locale)
        assertEquals(T, SnapshotTime.dateMs("Thu, 03 Dec 2026 11:59:33 +0000"));          // date -R
        assertEquals(T, SnapshotTime.dateMs("2026-12-03T12:59:33+01:00"));                // date -Is
        assertEquals(T + 123, SnapshotTime.dateMs("2026-12-03T11:59:33,123456789+00:00")); // date -Ins
        assertEquals(T, SnapshotTime.dateMs("2026-12-03T11:59:33Z"));
        assertEquals(T, SnapshotTime.dateMs(Long.toString(T / 1000)));                     // date +%s
        for (String no : new String[] {"PortXmitData: 12", "ran the test", "2026-13-40T99:00:00Z", "Thu Dec 33 11:59:33 UTC 2026", ""}) {
            assertNull(SnapshotTime.dateMs(no), no);
        }
    }

    @Test void aDateFileGivesTheSnapshotItsTime() throws IOException {
        Path b = Files.createDirectories(tmp.resolve("before")), a = Files.createDirectories(tmp.resolve("after"));
        Files.writeString(b.resolve("date.txt"), "Thu Dec  3 11:59:33 UTC 2026\n");
        Files.writeString(a.resolve("date.txt"), "Thu Dec  3 12:00:03 UTC 2026\n");
        Files.writeString(a.resolve("xmit.txt"), "1764763203\n");   // a saved counter value, not a time: its name says nothing of time
        SnapshotTime t0 = SnapshotTime.find(b).orElseThrow(), t1 = SnapshotTime.find(a).orElseThrow();
        assertEquals(30.0, t0.secondsUntil(t1));
        assertTrue(t0.source().startsWith("date.txt (a date output"), t0.source());
    }

    @Test void twoDateFilesOrNoneGiveNoTime() throws IOException {
        Path d = Files.createDirectories(tmp.resolve("two"));
        Files.writeString(d.resolve("start.txt"), "2026-12-03T11:59:33Z\n");
        Files.writeString(d.resolve("end.txt"), "2026-12-03T12:00:33Z\n");
        assertTrue(SnapshotTime.find(d).isEmpty(), "which one is the snapshot's cannot be told");
        Path none = Files.createDirectories(tmp.resolve("none"));
        Files.writeString(none.resolve("epoch"), "notes\n");
        assertTrue(SnapshotTime.find(none).isEmpty());
    }

    @Test void collectsTimestampComesFirst() throws IOException {
        Path d = Files.createDirectories(tmp.resolve("collect"));
        Files.writeString(d.resolve(Layout.TIMESTAMP), "{\"epoch_ms\": " + T + ", \"monotonic_ns\": 5, \"boot_id\": \"b\"}");
        Files.writeString(d.resolve("date.txt"), "Thu Dec  3 11:00:00 UTC 2026\n");
        SnapshotTime t = SnapshotTime.find(d).orElseThrow();
        assertEquals(T, t.epochMs());
        assertEquals(Layout.TIMESTAMP, t.source());
    }

    @Test void aTimestampWithTheWallClockOnlyCountsTheWallClock() throws IOException {
        Path b = Files.createDirectories(tmp.resolve("wall/before")), a = Files.createDirectories(tmp.resolve("wall/after"));
        Files.writeString(b.resolve(Layout.TIMESTAMP), "{\"epoch_ms\": " + T + ", \"boot_id\": \"b\"}");
        Files.writeString(a.resolve(Layout.TIMESTAMP), "{\"epoch_ms\": " + (T + 60_000) + ", \"monotonic_ns\": 9, \"boot_id\": \"b\"}");
        assertEquals(60.0, SnapshotTime.elapsedSeconds(b, a), "one side without a monotonic clock: the wall clock, whatever the boot ids");
        Path bad = Files.createDirectories(tmp.resolve("bad"));
        Files.writeString(bad.resolve(Layout.TIMESTAMP), "{\"monotonic_ns\": 9}");
        CaptureException e = assertThrows(CaptureException.class, () -> SnapshotTime.read(bad));
        assertTrue(e.getMessage().contains("epoch_ms") && e.getMessage().contains(Layout.TIMESTAMP), e.getMessage());
    }
}
