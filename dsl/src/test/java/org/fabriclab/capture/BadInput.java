package org.fabriclab.capture;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;

/** Test support: feed a reader bad content from a real file and check the error names file and line. */
public final class BadInput {
    private BadInput() {}

    /** Writes {@code content} to {@code dir/name}. */
    public static Path write(Path dir, String name, String content) {
        return write(dir, name, content.getBytes(StandardCharsets.UTF_8));
    }

    public static Path write(Path dir, String name, byte[] content) {
        try {
            return Files.write(dir.resolve(name), content);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** Text with a NUL byte on its third line. */
    public static byte[] binaryJunk(String firstTwoLines) {
        byte[] head = firstTwoLines.getBytes(StandardCharsets.UTF_8);
        byte[] junk = {0x7f, 'E', 'L', 'F', 0, 0, 1, 2, (byte) 0xff, '\n'};
        byte[] out = new byte[head.length + junk.length];
        System.arraycopy(head, 0, out, 0, head.length);
        System.arraycopy(junk, 0, out, head.length, junk.length);
        return out;
    }

    /**
     * Reads {@code file} with {@code reader}, expecting a {@link CaptureException} at {@code line}
     * whose message names the file, the line and contains {@code expected}.
     */
    public static CaptureException expect(CaptureReader reader, Path file, int line, String expected) {
        return expect(reader, Input.of(file), line, expected);
    }

    /** The same for any input (a file or text in memory): the one assertion every bad-input test makes. */
    public static CaptureException expect(CaptureReader reader, Input in, int line, String expected) {
        CaptureException e = assertThrows(CaptureException.class, () -> reader.read(in));
        assertEquals(in.name(), e.file(), e.getMessage());
        assertEquals(line, e.line(), e.getMessage());
        assertTrue(e.getMessage().startsWith(in.name() + (line > 0 ? ":" + line + ": " : ": ")), e.getMessage());
        assertTrue(e.getMessage().contains(expected), () -> "'" + e.getMessage() + "' lacks '" + expected + "'");
        return e;
    }
}
