package org.fabriclab.io;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.stream.Stream;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class AtomicFilesTest {
    @TempDir Path dir;

    /** A pid no process has now. */
    static long deadPid() {
        for (long p = 999_999; p > 1; p--) if (ProcessHandle.of(p).isEmpty()) return p;
        throw new IllegalStateException("no free pid");
    }

    private List<String> names() throws IOException {
        try (Stream<Path> s = Files.list(dir)) { return s.map(p -> p.getFileName().toString()).sorted().toList(); }
    }

    @Test void aPathWriterFillsATemporaryThatTakesThePlaceOfTheTarget() throws IOException {
        Path target = dir.resolve("h.parquet");
        Files.writeString(target, "old");
        AtomicFiles.writeFile(target, tmp -> {
            assertEquals(dir, tmp.getParent(), "the temporary lies beside the target (one rename, same file system)");
            assertFalse(tmp.equals(target));
            Files.writeString(tmp, "new");
        });
        assertEquals("new", Files.readString(target));
        assertEquals(List.of("h.parquet"), names());
    }

    @Test void aKilledWritersTemporaryIsRemovedByTheNextWrite() throws IOException {
        Path target = dir.resolve("h.parquet");
        Path stale = dir.resolve(".h.parquet." + deadPid() + "-k3x9.tmp");
        Files.writeString(stale, "half");
        AtomicFiles.writeFile(target, tmp -> Files.writeString(tmp, "whole"));
        assertEquals(List.of("h.parquet"), names());
    }

    @Test void aFailedWriteLeavesTheTargetAndNoTemporary() throws IOException {
        Path target = dir.resolve("h.parquet");
        Files.writeString(target, "old");
        IOException e = assertThrows(IOException.class, () -> AtomicFiles.writeFile(target, tmp -> {
            Files.writeString(tmp, "half");
            throw new IOException("disk full");
        }));
        assertTrue(e.getMessage().contains("disk full"));
        assertEquals("old", Files.readString(target));
        assertEquals(List.of("h.parquet"), names());
    }
}
