package org.fabriclab.capture;

import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A JVM killed while it held an unpacked archive (kill -9: no shutdown hook) leaves its folder behind; the next JVM
 * that unpacks removes it, and leaves alone a live JVM's folder and anything not named by the rule.
 */
class UnpackedStaleTest {
    @TempDir Path tmp;

    @Test void aDeadJvmsFolderIsRemovedByTheNextUnpackALiveOnesIsNot() throws Exception {
        Path tmpdir = Path.of(System.getProperty("java.io.tmpdir"));
        // a PID that runs no process: a finished child's
        Process p = new ProcessBuilder("true").start();
        p.waitFor();
        long dead = p.pid();
        Path stale = Files.createDirectories(tmpdir.resolve(Unpacked.PREFIX + dead + "-test" + System.nanoTime()));
        Files.writeString(stale.resolve("perfquery.txt"), "left by a killed run\n");
        long live = ProcessHandle.current().parent().map(ProcessHandle::pid).orElseThrow();
        Path alive = Files.createDirectories(tmpdir.resolve(Unpacked.PREFIX + live + "-test" + System.nanoTime()));
        Path other = Files.createDirectories(tmpdir.resolve(Unpacked.PREFIX + "notapid-test" + System.nanoTime()));
        try {
            Path folder = Files.createDirectories(tmp.resolve("snap"));
            Files.writeString(folder.resolve("x.txt"), "x\n");
            try (Unpacked u = Unpacked.of(ArchiveFixture.tar(folder, tmp.resolve("snap.tar")))) {
                assertTrue(u.folder().toString().contains(Unpacked.PREFIX + ProcessHandle.current().pid() + "-"), u.folder().toString());
            }
            // the sweep runs once per JVM, before its first unpack (an earlier test's, here): run it again now
            Unpacked.sweepStaleNow();
            assertFalse(Files.exists(stale), "the dead JVM's folder is removed");
            assertTrue(Files.exists(alive), "a live JVM's folder is left alone");
            assertTrue(Files.exists(other), "a folder not named PREFIX-PID- is left alone");
        } finally {
            org.fabriclab.io.AtomicFiles.deleteTree(stale);
            org.fabriclab.io.AtomicFiles.deleteTree(alive);
            org.fabriclab.io.AtomicFiles.deleteTree(other);
        }
    }
}
