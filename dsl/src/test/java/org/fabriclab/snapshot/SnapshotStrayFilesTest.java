package org.fabriclab.snapshot;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

import org.fabriclab.capture.CaptureException;
import org.fabriclab.capture.NotACaptureException;
import org.fabriclab.capture.PublicCaptureFiles;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A hand-collected snapshot folder holds more than captures (a {@code date} output, notes, a
 * screenshot): those are skipped with a warning naming them; a malformed capture still stops the read.
 */
class SnapshotStrayFilesTest {
    @TempDir Path tmp;

    private Path folderWithPerfquery() throws IOException {
        Path d = Files.createDirectories(tmp.resolve("before"));
        Files.copy(PublicCaptureFiles.file("perfquery_x_hca_2port_treydock.out"), d.resolve("perfquery.txt"));
        return d;
    }

    @Test void strayFilesAreSkippedAndNamed() throws IOException {
        Path d = folderWithPerfquery();
        Files.writeString(d.resolve("date.txt"), "Thu Dec  3 11:59:33 UTC 2026\n");
        Files.writeString(d.resolve("notes.txt"), "ran ib_write_bw -D 10 between the two snapshots\n");
        Files.write(d.resolve("screen.png"), new byte[] {(byte) 0x89, 'P', 'N', 'G', 0, 0, 0, 0});
        Files.writeString(d.resolve("empty.txt"), "");
        Snapshot s = Snapshot.of(d);
        assertEquals(List.of("lid 1719/1", "lid 1719/2"), s.ports());
        List<String> w = s.warnings();
        assertEquals(4, w.size(), w.toString());
        assertTrue(w.get(0).startsWith(d.resolve("date.txt") + ":1: not a capture format fabriclab reads; first line: 'Thu Dec  3"), w.get(0));
        assertTrue(w.stream().allMatch(x -> x.endsWith("; skipped as no capture")), w.toString());
        assertTrue(w.stream().anyMatch(x -> x.startsWith(d.resolve("screen.png") + ":1: binary content")), w.toString());
        assertTrue(w.stream().anyMatch(x -> x.startsWith(d.resolve("empty.txt") + ": empty file")), w.toString());
    }

    @Test void aStrayFileNamedItselfStillFails() throws IOException {
        Path d = folderWithPerfquery();
        Path date = Files.writeString(d.resolve("date.txt"), "Thu Dec  3 11:59:33 UTC 2026\n");
        assertThrows(NotACaptureException.class, () -> Snapshot.of(date));
    }

    @Test void aFolderOfNoCaptureAtAllFails() throws IOException {
        Path d = Files.createDirectories(tmp.resolve("junk"));
        Files.writeString(d.resolve("notes.txt"), "nothing collected\n");
        CaptureException e = assertThrows(NotACaptureException.class, () -> Snapshot.of(d));
        assertTrue(e.getMessage().startsWith(d.resolve("notes.txt") + ":1: not a capture format"), e.getMessage());
    }

    @Test void aMalformedCaptureInAFolderStillFails() throws IOException {
        Path d = folderWithPerfquery();
        Files.writeString(d.resolve("cut.txt"), "# Port extended counters: Lid 7 port 1 (CapMask: 0x5300)\nPortXmitData:....................12x4\n");
        CaptureException e = assertThrows(CaptureException.class, () -> Snapshot.of(d));
        assertTrue(!(e instanceof NotACaptureException), e.getMessage());
        assertTrue(e.getMessage().startsWith(d.resolve("cut.txt").toString()), e.getMessage());
    }
}
