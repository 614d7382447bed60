package org.fabriclab.capture;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** {@link Input#latin1()} is the text's ISO-8859-1 encoding whatever the file held; a file is read whole, exactly. */
class InputLatin1Test {
    @TempDir Path tmp;

    private Input file(String name, byte[] bytes) throws IOException {
        Path p = tmp.resolve(name);
        Files.write(p, bytes);
        return Input.of(p);
    }

    @Test void latin1IsTheTextsIso88591EncodingForEveryKindOfFile() throws IOException {
        byte[][] contents = {
            "PortXmitData:....12\n".repeat(1000).getBytes(StandardCharsets.US_ASCII),                  // ASCII: the bytes read
            "caf\u00e9 \u2013 \ud83d\ude00 PortXmitData:....1\n".getBytes(StandardCharsets.UTF_8),      // UTF-8, multi-byte
            ("\uFEFF" + "PortXmitData:....1\n").getBytes(StandardCharsets.UTF_8),                        // a BOM
            {'a', ':', (byte) 0xE9, (byte) 0xFF, '\n', 'b'},                                             // invalid UTF-8: Latin-1
            {},
        };
        int k = 0;
        for (byte[] c : contents) {
            Input in = file("f" + k++, c);
            assertArrayEquals(in.text().getBytes(StandardCharsets.ISO_8859_1), in.latin1(), "file " + (k - 1));
        }
        Input mem = Input.ofText("mem", "x\u00e9\u2013y");
        assertArrayEquals("x\u00e9\u2013y".getBytes(StandardCharsets.ISO_8859_1), mem.latin1());
    }

    @Test void aFileIsReadWholeAtEverySize() throws IOException {
        for (int size : new int[] {0, 1, 8191, 8192, 8193, 1 << 20}) {
            byte[] b = new byte[size];
            for (int i = 0; i < size; i++) b[i] = (byte) ('a' + i % 26);
            Input in = file("s" + size, b);
            assertEquals(new String(b, StandardCharsets.US_ASCII), in.text());
        }
    }
}
