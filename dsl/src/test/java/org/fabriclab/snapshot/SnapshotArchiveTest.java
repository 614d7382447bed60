package org.fabriclab.snapshot;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Set;

import org.fabriclab.capture.ArchiveFixture;
import org.fabriclab.capture.SosReportFixture;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Snapshot.of an archive of a snapshot folder: the folder's snapshot, its stray files named inside the archive. */
class SnapshotArchiveTest {
    @TempDir Path tmp;

    @Test void anArchiveIsTheSnapshotOfTheFolderItHolds() throws IOException {
        Path d = Files.createDirectories(tmp.resolve("before"));
        Files.writeString(d.resolve("ibstat.txt"), SosReportFixture.ibstat("InfiniBand", 12));
        Files.writeString(d.resolve("perfquery.txt"), SosReportFixture.perfquery(12, 9, 4_000_000, 3_000_000));
        Files.writeString(d.resolve("notes.txt"), "cable reseated at 11:50\n");
        Set<Path> unpacked = ArchiveFixture.unpackedFolders();
        Path a = ArchiveFixture.tar(d, tmp.resolve("before.tar.gz"));
        Snapshot plain = Snapshot.of(d), s = Snapshot.of(a);
        assertEquals(plain.ports(), s.ports());
        assertEquals(9L, s.value("mlx5_0/1", "SymbolErrorCounter").orElseThrow());
        assertEquals(plain.readings("mlx5_0/1").keySet(), s.readings("mlx5_0/1").keySet());
        assertEquals(a.toString(), s.name());
        assertTrue(s.warnings().toString().contains(a + "!/before/notes.txt"), s.warnings().toString());
        assertEquals(unpacked, ArchiveFixture.unpackedFolders(), "the unpacked folder is deleted once the snapshot is read");
    }
}
