package org.fabriclab.capture;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayOutputStream;
import java.nio.charset.Charset;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** UTF-16 with its byte-order mark, as Windows PowerShell's {@code >} and {@code Out-File} write a pasted capture. */
class InputUtf16Test {
    @TempDir Path dir;

    static final String PERFQUERY = """
            # Port extended counters: Lid 7 port 1 (CapMask: 0x5A00)
            PortSelect:......................1
            CounterSelect:...................0x0000
            PortXmitData:....................123456789012
            PortRcvData:.....................98765
            PortXmitPkts:....................4567
            PortRcvPkts:.....................4321
            SymbolErrorCounter:..............3
            """;

    static byte[] encoded(String text, Charset cs, int... mark) {
        ByteArrayOutputStream o = new ByteArrayOutputStream();
        for (int b : mark) o.write(b);
        o.writeBytes(text.replace("\n", "\r\n").getBytes(cs));
        return o.toByteArray();
    }

    @Test void littleAndBigEndianWithTheirMarkReadAsTheUtf8Text() throws Exception {
        Capture utf8 = Readers.standard().read(Input.ofText("utf8.txt", PERFQUERY));
        for (byte[] b : new byte[][] {encoded(PERFQUERY, StandardCharsets.UTF_16LE, 0xFF, 0xFE), encoded(PERFQUERY, StandardCharsets.UTF_16BE, 0xFE, 0xFF)}) {
            Path f = Files.write(dir.resolve("perfquery.txt"), b);
            Capture c = Readers.standard().read(Input.of(f));
            assertEquals(utf8.readings().size(), c.readings().size());
            for (int i = 0; i < c.readings().size(); i++) {
                assertEquals(utf8.readings().get(i).value(), c.readings().get(i).value());
                assertEquals(utf8.readings().get(i).port(), c.readings().get(i).port());
                assertEquals(utf8.readings().get(i).line(), c.readings().get(i).line(), "line numbers as in the file");
            }
        }
    }

    @Test void malformedUtf16IsRefusedNamingTheFile() {
        byte[] odd = encoded(PERFQUERY, StandardCharsets.UTF_16LE, 0xFF, 0xFE);
        byte[] cut = java.util.Arrays.copyOf(odd, odd.length - 1);
        CaptureException e = assertThrows(CaptureException.class, () -> Input.ofBytes("paste.txt", cut).text());
        assertTrue(e.getMessage().contains("paste.txt") && e.getMessage().contains("malformed UTF-16"), e.getMessage());
        byte[] nul = encoded("PortXmitData:....1\nab\u0000c\n", StandardCharsets.UTF_16LE, 0xFF, 0xFE);
        CaptureException n = assertThrows(CaptureException.class, () -> Input.ofBytes("nul.txt", nul).text());
        assertTrue(n.getMessage().contains("nul.txt:2") && n.getMessage().contains("NUL"), n.getMessage());
    }
}
