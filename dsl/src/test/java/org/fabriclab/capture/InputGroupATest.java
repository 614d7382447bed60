package org.fabriclab.capture;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Input changes made with the group-A readers: head() scans only what it needs, decoding, NUL line. */
class InputGroupATest {
    @TempDir Path tmp;

    @Test void headSkipsBlankLinesAndStripsCr() {
        Input in = Input.ofText("x", "\n  \nfirst\r\n\nsecond\nthird\n");
        assertEquals(List.of("first", "second"), in.head(2));
        assertEquals(List.of("first", "second", "third"), in.head(10));
    }

    @Test void utf8AndLatin1() throws Exception {
        Path utf8 = Files.write(tmp.resolve("u.txt"), "node_desc: r\u00e9seau \uFFFD\n".getBytes(StandardCharsets.UTF_8));
        assertEquals("node_desc: r\u00e9seau \uFFFD\n", Input.of(utf8).text());
        Path latin1 = Files.write(tmp.resolve("l.txt"), "node_desc: r\u00e9seau\n".getBytes(StandardCharsets.ISO_8859_1));
        assertEquals("node_desc: r\u00e9seau\n", Input.of(latin1).text());
    }

    @Test void nulByteNamesItsLine() {
        Path f = BadInput.write(tmp, "b.bin", BadInput.binaryJunk("a\nb\n"));
        CaptureException e = assertThrows(CaptureException.class, () -> Input.of(f).text());
        assertEquals(3, e.line());
        assertEquals(f + ":3: binary content (NUL byte at offset 8), expected a text capture", e.getMessage());
    }

    @Test void aNulByteAfterTextBeyondAsciiNamesItsLine() throws Exception {
        // the ASCII scan stops at the first byte above ASCII; a NUL after it is still found
        Path f = Files.write(tmp.resolve("n.txt"), "r\u00e9seau\nx\n\u0000\n".getBytes(StandardCharsets.UTF_8));
        CaptureException e = assertThrows(CaptureException.class, () -> Input.of(f).text());
        assertEquals(3, e.line());
        assertEquals(f + ":3: binary content (NUL byte at offset 10), expected a text capture", e.getMessage());
    }

    @Test void asciiBehindAByteOrderMarkIsTheTextAfterIt() throws Exception {
        byte[] text = "a: 1\nb: 2\n".getBytes(StandardCharsets.US_ASCII);
        byte[] withBom = new byte[text.length + 3];
        withBom[0] = (byte) 0xEF;
        withBom[1] = (byte) 0xBB;
        withBom[2] = (byte) 0xBF;
        System.arraycopy(text, 0, withBom, 3, text.length);
        assertEquals("a: 1\nb: 2\n", Input.of(Files.write(tmp.resolve("bom.txt"), withBom)).text());
        assertEquals("a: 1\nb: 2\n", Input.of(Files.write(tmp.resolve("a.txt"), text)).text());
    }
}
