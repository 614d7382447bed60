package org.fabriclab.capture;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A file is opened once for the archive check and its text ({@link Input#archive}): deleting it after the check leaves
 * its text readable, which it would not be if {@link Input#text} opened it again.
 */
class ReadOnceTest {
    @TempDir Path tmp;

    @Test void theBytesThatTellNoArchiveAreTheOnesTheTextIsDecodedFrom() throws IOException {
        Path f = Files.writeString(tmp.resolve("eth0.txt"), "# ethtool -S eth0\nNIC statistics:\n     rx_bytes: 42\n");
        Path z = Files.write(tmp.resolve("eth1.txt.zst"), ZstdTest.zstd("# ethtool -S eth1\nNIC statistics:\n     rx_bytes: 7\n".getBytes()));
        Input plain = Input.of(f), zst = Input.of(z);
        assertNull(plain.archive());
        assertNull(zst.archive());
        Files.delete(f);
        Files.delete(z);
        assertEquals("# ethtool -S eth0\nNIC statistics:\n     rx_bytes: 42\n", plain.text());
        assertEquals(42L, Readers.standard().read(plain).readings().get(0).value());
        assertEquals(7L, Readers.standard().read(zst).readings().get(0).value());
    }

    @Test void aFileAboveTheReadOnceSizeIsReadAgainNotKept() throws IOException {
        Path f = Files.writeString(tmp.resolve("big.txt"), "a: 1\n".repeat(Input.READ_ONCE_BYTES / 5 + 1));
        Input in = Input.of(f);
        assertNull(in.archive());
        Files.writeString(f, "b: 2\n");
        assertEquals("b: 2\n", in.text(), "the text is the file's as text() reads it, the bytes checked were not kept");
    }

    @Test void aFileAboveTheBoundHasOnlyItsHeadReadAndIsRefusedBySize() throws IOException {
        Path f = Files.writeString(tmp.resolve("big.txt"), "a: 1\n".repeat(20_000));
        String old = System.getProperty("fabriclab.maxCaptureBytes");
        System.setProperty("fabriclab.maxCaptureBytes", "65536");
        try {
            Input in = Input.of(f);
            assertNull(in.archive());
            CaptureException e = assertThrows(CaptureException.class, in::text);
            assertEquals(f + ": file is 100000 bytes, above the 65536-byte bound for one capture (set -Dfabriclab.maxCaptureBytes to raise it)",
                    e.getMessage());
        } finally {
            if (old == null) System.clearProperty("fabriclab.maxCaptureBytes");
            else System.setProperty("fabriclab.maxCaptureBytes", old);
        }
    }
}
