package org.fabriclab.history.formats;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

import org.fabriclab.capture.CaptureException;
import org.fabriclab.catalogue.Source;
import org.fabriclab.history.History;
import org.fabriclab.history.Progress;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Fixture written from the incident-folder layout {@code fabriclab collect} writes ({@code incident.Layout}:
 * {@code t0/ t1/ ...}, each with {@code timestamp.json} ({@code epoch_ms}, {@code monotonic_ns}, {@code boot_id}) and
 * the tool outputs, here {@code sysfs.txt} in {@code grep -H .} form of {@code counters/}). The wall clock of t3 was
 * stepped back 2 s by NTP; the monotonic clock keeps the 300 s spacing.
 */
class CollectSeriesHistoryTest {
    private final CollectSeriesHistory reader = new CollectSeriesHistory();

    @Test void snapshotsOverTimeAreTheHistoryOnTheMonotonicClock() {
        History h = reader.read(Res.path("collect-series"), Progress.NONE);
        assertEquals(List.of("mlx5_0/1", "mlx5_1/1"), h.ports());
        assertArrayEquals(Res.everyStep(6), Res.times(h, "mlx5_0/1"));
        assertArrayEquals(Res.WORDS_A, Res.values(h, "mlx5_0/1", "PortXmitData"));
        assertArrayEquals(Res.SYM_B, Res.values(h, "mlx5_1/1", "SymbolErrorCounter"));
        assertEquals(Source.SYSFS, h.column("SymbolErrorCounter").orElseThrow().source());
        assertEquals(65535, h.column("SymbolErrorCounter").orElseThrow().cap());
        assertEquals(Res.rows(Res.sweep(Res.csvAsSysfs(), "mlx5_0/1")), Res.rows(Res.sweep(h, "mlx5_0/1")));
    }

    @Test void aSnapshotNotLaterThanThePreviousIsRefusedAtItsTimestamp(@TempDir Path dir) throws Exception {
        for (String t : List.of("t0", "t1")) {
            Files.createDirectories(dir.resolve(t));
            Files.copy(Res.path("collect-series/t0/sysfs.txt"), dir.resolve(t).resolve("sysfs.txt"));
        }
        Files.copy(Res.path("collect-series/t1/timestamp.json"), dir.resolve("t0/timestamp.json"));
        Files.copy(Res.path("collect-series/t0/timestamp.json"), dir.resolve("t1/timestamp.json"));
        var e = assertThrows(CaptureException.class, () -> reader.read(dir, Progress.NONE));
        assertEquals(dir.resolve("t1/timestamp.json").toString(), e.file());
        assertEquals(1, e.line());
        assertTrue(e.getMessage().contains("not later"), e.getMessage());
    }

    /** A hand collection: snap1/ snap2/ snap3/, each with a date output instead of timestamp.json. */
    @Test void aHandCollectedSeriesWithDateFilesIsAHistory(@TempDir Path dir) throws Exception {
        String[] dates = {"Tue Dec  1 10:00:00 UTC 2026", "Tue Dec  1 10:05:00 UTC 2026", "Tue Dec  1 10:10:00 UTC 2026"};
        for (int i = 0; i < 3; i++) {
            Path d = Files.createDirectories(dir.resolve("snap" + (i + 1)));
            Files.copy(Res.path("collect-series/t" + i + "/sysfs.txt"), d.resolve("sysfs.txt"));
            Files.writeString(d.resolve("date.txt"), dates[i] + "\n");
        }
        assertEquals(70, reader.sniff(dir));
        History h = reader.read(dir, Progress.NONE);
        assertEquals(List.of("mlx5_0/1", "mlx5_1/1"), h.ports());
        long t0 = java.time.Instant.parse("2026-12-01T10:00:00Z").toEpochMilli();
        assertArrayEquals(new long[] {t0, t0 + 300_000, t0 + 600_000}, Res.times(h, "mlx5_0/1"));
        assertArrayEquals(java.util.Arrays.copyOf(Res.WORDS_A, 3), Res.values(h, "mlx5_0/1", "PortXmitData"));
        // without a time in one snapshot: not this format, and read anyway, a message naming the folder
        Files.delete(dir.resolve("snap2/date.txt"));
        assertEquals(0, reader.sniff(dir));
        var e = assertThrows(CaptureException.class, () -> reader.read(dir, Progress.NONE));
        assertTrue(e.getMessage().startsWith(dir.resolve("snap2") + ": snapshot snap2 has no time"), e.getMessage());
    }

    /** The same series handed over as one archive per snapshot (tar -czf t0.tar.gz t0, ...): read as the folders are. */
    @Test void aSeriesOfSnapshotArchivesIsTheSameHistory(@TempDir Path dir) throws Exception {
        Path src = Res.path("collect-series");
        java.util.Set<Path> before = org.fabriclab.capture.ArchiveFixture.unpackedFolders();
        for (int i = 0; i < 6; i++) {
            String t = "t" + i;
            Path out = dir.resolve(i % 2 == 0 ? t + ".tar.gz" : t + ".tar.xz");
            org.fabriclab.capture.ArchiveFixture.tar(src.resolve(t), out);
        }
        assertEquals(90, reader.sniff(dir));
        assertEquals("collect-series", org.fabriclab.history.formats.HistoryReaders.standard().choose(dir).format());
        History h = org.fabriclab.history.formats.HistoryReaders.standard().read(dir, Progress.NONE);
        History folders = reader.read(src, Progress.NONE);
        assertEquals(folders.ports(), h.ports());
        assertArrayEquals(Res.everyStep(6), Res.times(h, "mlx5_0/1"));
        assertArrayEquals(Res.WORDS_A, Res.values(h, "mlx5_0/1", "PortXmitData"));
        assertArrayEquals(Res.SYM_B, Res.values(h, "mlx5_1/1", "SymbolErrorCounter"));
        assertEquals(Res.rows(Res.sweep(folders, "mlx5_0/1")), Res.rows(Res.sweep(h, "mlx5_0/1")));
        assertEquals(before, org.fabriclab.capture.ArchiveFixture.unpackedFolders(), "every archive's folder deleted");
    }

    @Test void anArchivedSnapshotNotLaterOrWithoutATimeIsNamedInsideItsArchive(@TempDir Path dir) throws Exception {
        Path src = Files.createDirectories(dir.resolve("src"));
        for (String t : List.of("t0", "t1")) {
            Files.createDirectories(src.resolve(t));
            Files.copy(Res.path("collect-series/t0/sysfs.txt"), src.resolve(t).resolve("sysfs.txt"));
        }
        Files.copy(Res.path("collect-series/t1/timestamp.json"), src.resolve("t0/timestamp.json"));
        Files.copy(Res.path("collect-series/t0/timestamp.json"), src.resolve("t1/timestamp.json"));
        Path series = Files.createDirectories(dir.resolve("series"));
        for (String t : List.of("t0", "t1")) org.fabriclab.capture.ArchiveFixture.tar(src.resolve(t), series.resolve(t + ".tgz"));
        var e = assertThrows(CaptureException.class, () -> reader.read(series, Progress.NONE));
        assertEquals(series.resolve("t1.tgz") + "!/t1/timestamp.json", e.file());
        assertTrue(e.getMessage().contains("snapshot t1.tgz is not later than t0.tgz"), e.getMessage());
        Files.delete(src.resolve("t1/timestamp.json"));
        Files.delete(series.resolve("t1.tgz"));
        org.fabriclab.capture.ArchiveFixture.tar(src.resolve("t1"), series.resolve("t1.tgz"));
        e = assertThrows(CaptureException.class, () -> reader.read(series, Progress.NONE));
        assertTrue(e.getMessage().startsWith(series.resolve("t1.tgz") + "!/t1: snapshot t1.tgz has no time"), e.getMessage());
        assertTrue(e.getMessage().contains("(date > t1/date.txt)"), e.getMessage());
    }
}
