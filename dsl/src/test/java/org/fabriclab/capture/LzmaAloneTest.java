package org.fabriclab.capture;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.io.TempDir;
import org.tukaani.xz.LZMA2Options;
import org.tukaani.xz.LZMAOutputStream;

/**
 * Legacy LZMA-alone files ({@code lzma ethtool.txt}, {@code xz --format=lzma}): the format has no magic number, so a
 * file is taken for one only by its name ({@code .lzma}, {@code .tar.lzma}, {@code .tlz}) and a header {@code lzma}
 * writes; the same bytes under another name are binary, and a text file named {@code .lzma} stays text.
 */
@ExtendWith(LeavesNoUnpackedFolder.class)
class LzmaAloneTest {
    @TempDir Path tmp;
    private static final String ETH0 = "# ethtool -S eth0\nNIC statistics:\n     rx_bytes: 123456789\n     tx_bytes: 987654321\n";

    /** {@code b} as {@code lzma} writes it streamed: properties 5d, an 8 MiB dictionary, size unknown (an end marker). */
    static byte[] lzma(byte[] b, long size) throws IOException {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        try (LZMAOutputStream z = new LZMAOutputStream(out, new LZMA2Options(), size)) {
            z.write(b);
        }
        return out.toByteArray();
    }

    private static byte[] ascii(String s) { return s.getBytes(StandardCharsets.US_ASCII); }

    @Test void aDotLzmaFileIsReadAsTheTextItHolds() throws IOException {
        byte[] streamed = lzma(ascii(ETH0), -1), sized = lzma(ascii(ETH0), ETH0.length());
        assertEquals("5d00008000ffffffffffffffff", hex(Arrays.copyOf(streamed, 13)), "lzma's header: lc=3 lp=0 pb=2, 8 MiB, size unknown");
        for (Object[] c : new Object[][] {{"ethtool.txt.lzma", streamed}, {"ethtool.txt.LZMA", sized}}) {
            Input in = Input.of(Files.write(tmp.resolve((String) c[0]), (byte[]) c[1]));
            assertEquals(ETH0, in.text(), (String) c[0]);
            assertEquals("ethtool.txt", in.fileName(), "the .lzma suffix is no part of the name hint");
        }
        Capture cap = Readers.standard().read(tmp.resolve("ethtool.txt.lzma"));
        assertEquals(987654321L, cap.readings().stream().filter(r -> r.rawName().equals("tx_bytes")).findFirst().orElseThrow().value());
    }

    @Test void onlyTheNameTellsLzmaSoOtherwiseItIsBinaryAndTextSoNamedStaysText() throws IOException {
        Path other = Files.write(tmp.resolve("ethtool.txt"), lzma(ascii(ETH0), -1));
        CaptureException e = assertThrows(NotACaptureException.class, () -> Input.of(other).text());
        assertTrue(e.getMessage().startsWith(other + ":1: binary content"), e.getMessage());
        assertEquals("a: 1\n", Input.of(Files.writeString(tmp.resolve("notes.lzma"), "a: 1\n")).text());
        // a header lzma never writes (a 5000-byte dictionary, neither 2^n nor 2^n + 2^(n-1)) is not taken for one
        byte[] odd = lzma(ascii(ETH0), -1);
        odd[1] = (byte) 0x88;
        odd[2] = 0x13;
        odd[3] = 0;
        odd[4] = 0;
        assertFalse(Compression.lzmaHeader(odd));
        assertTrue(Compression.lzmaHeader(lzma(ascii(ETH0), -1)));
    }

    @Test void aTruncatedLzmaNamesTheFileAndTheFormat() throws IOException {
        byte[] z = lzma(ascii("a: 1\n".repeat(3000) + "b: 2\n".repeat(3000)), -1);
        Path cut = Files.write(tmp.resolve("cut.lzma"), Arrays.copyOf(z, z.length / 2));
        CaptureException e = assertThrows(CaptureException.class, () -> Input.of(cut).text());
        assertEquals(cut + ": lzma stream ends early (a truncated copy?); expected a whole lzma file", e.getMessage());
    }

    @Test void aTarLzmaIsAnArchiveByItsNameAndHeader() throws IOException {
        for (String name : new String[] {"t0.tar.lzma", "t0.tlz"}) {
            Path a = ArchiveFixture.tarOf(tmp.resolve(name), ArchiveFixture.Member.file("t0/ethtool-S.eth0.txt", ETH0));
            assertEquals(Archive.Kind.TAR_LZMA, Archive.kind(a), name);
            assertEquals(a + "!/t0/ethtool-S.eth0.txt", Readers.standard().read(a).file());
            // the same bytes under a name that is no lzma one: not an archive (and read, binary)
            Path renamed = Files.copy(a, tmp.resolve(name + ".bin"));
            assertEquals(null, Archive.kind(renamed));
        }
    }

    private static String hex(byte[] b) {
        StringBuilder s = new StringBuilder();
        for (byte x : b) s.append(String.format("%02x", x));
        return s.toString();
    }
}
