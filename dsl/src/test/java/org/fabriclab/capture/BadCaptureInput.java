package org.fabriclab.capture;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;

/**
 * Shared assertions for bad-input tests: the reader must throw a {@link CaptureException} naming
 * the file, the line and what was expected, never another exception.
 *
 * <pre>{@code
 * BadCaptureInput.fails(reader, "x.pm", "Port=1 Lid=zz", 1, "expected");
 * }</pre>
 */
public final class BadCaptureInput {
    private BadCaptureInput() {}

    public static CaptureException fails(CaptureReader reader, String name, String text, int line, String fragment) {
        return BadInput.expect(reader, Input.ofText(name, text), line, fragment);
    }

    /** Binary content with NUL bytes is reported for the whole file (line 0), before any parsing. */
    public static void binaryFile(CaptureReader reader, Path dir) {
        try {
            Path f = dir.resolve("junk.bin");
            byte[] junk = new byte[512];
            for (int i = 0; i < junk.length; i++) junk[i] = (byte) (i * 37 + 11);
            Files.write(f, junk);
            CaptureException e = assertThrows(CaptureException.class, () -> reader.read(Input.of(f)));
            assertEquals(f.toString(), e.file());
            assertTrue(e.getMessage().contains("binary content"), e.getMessage());
            assertEquals(0, reader.sniff(Input.ofText("junk.txt", new String(junk, java.nio.charset.StandardCharsets.ISO_8859_1))),
                    "sniffing junk must say 'not mine'");
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** Junk text without NUL bytes. */
    public static String junkText() {
        StringBuilder sb = new StringBuilder();
        for (int i = 0; i < 300; i++) sb.append((char) (0xA0 + (i * 7) % 90));
        return sb.append('\n').append("\u00ff\u00fe garbage").toString();
    }
}
