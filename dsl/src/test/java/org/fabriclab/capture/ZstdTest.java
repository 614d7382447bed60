package org.fabriclab.capture;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.List;

import io.airlift.compress.zstd.ZstdOutputStream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.io.TempDir;

/**
 * zstd-compressed captures ({@code zstd perfquery.txt}, {@code tar --zstd}): told by the magic {@code 28 b5 2f fd},
 * frames concatenated and skippable frames ({@code pzstd}'s layout: a 12-byte skippable frame {@code 50 2a 4d 18},
 * size 4, then the frame's compressed size, before each frame) read as {@code zstdcat} reads them; truncation, a bad
 * checksum and the size bound named.
 */
@ExtendWith(LeavesNoUnpackedFolder.class)
class ZstdTest {
    @TempDir Path tmp;
    private static final String PQ = "# perfquery -x 12 1\n# Port extended counters: Lid 12 port 1 (CapMask: 0x5A00)\n"
            + "PortSelect:......................1\nCounterSelect:...................0x0000\n"
            + "PortXmitData:....................987654321\nPortRcvData:.....................123456789\n"
            + "PortXmitPkts:....................1111\nPortRcvPkts:.....................2222\n";

    static byte[] zstd(byte[] b) throws IOException {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        try (ZstdOutputStream z = new ZstdOutputStream(out)) {
            z.write(b);
        }
        return out.toByteArray();
    }

    private static byte[] ascii(String s) { return s.getBytes(StandardCharsets.US_ASCII); }

    private static byte[] concat(byte[]... parts) {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        for (byte[] p : parts) out.writeBytes(p);
        return out.toByteArray();
    }

    /** A skippable frame of magic {@code 0x184D2A5n} holding {@code content}, as pzstd puts one (n = 0) before each frame. */
    private static byte[] skippable(int n, byte[] content) {
        ByteBuffer b = ByteBuffer.allocate(8 + content.length).order(ByteOrder.LITTLE_ENDIAN);
        b.putInt(0x184D2A50 + n).putInt(content.length).put(content);
        return b.array();
    }

    @Test void aZstdFileIsReadAsTheTextItHoldsByItsMagicNotItsName() throws IOException {
        byte[] z = zstd(ascii(PQ));
        assertEquals("28b52ffd", String.format("%02x%02x%02x%02x", z[0], z[1], z[2], z[3]));
        for (String name : List.of("perfquery.txt.zst", "perfquery.txt.ZST", "perfquery.dat")) {
            Input in = Input.of(Files.write(tmp.resolve(name), z));
            assertEquals(PQ, in.text(), name);
            assertEquals(name.equals("perfquery.dat") ? "perfquery.dat" : "perfquery.txt", in.fileName(), "the .zst suffix is no part of the name hint");
        }
        Capture plain = Readers.standard().read(Files.writeString(tmp.resolve("perfquery.txt"), PQ));
        Path f = tmp.resolve("perfquery.txt.zst");
        Capture c = Readers.standard().read(f);
        assertEquals(plain.source(), c.source());
        assertEquals(987654321L, c.readings().stream().filter(r -> r.rawName().equals("PortXmitData")).findFirst().orElseThrow().value());
        assertTrue(c.readings().stream().allMatch(r -> r.file().equals(f.toString())), "readings name the compressed file");
    }

    @Test void framesConcatenatedAndSkippableFramesReadAsZstdcatReadsThem() throws IOException {
        byte[] x = zstd(ascii("x: 1\n")), y = zstd(ascii("y: 2\n"));
        assertEquals("x: 1\ny: 2\n", Input.of(Files.write(tmp.resolve("cat.zst"), concat(x, y))).text());
        // pzstd's layout: each frame after a skippable frame holding its compressed size (the file starts with 50 2a 4d 18)
        byte[] pz = concat(skippable(0, le(x.length)), x, skippable(0, le(y.length)), y);
        assertEquals("x: 1\ny: 2\n", Input.of(Files.write(tmp.resolve("pz.zst"), pz)).text());
        // any of the 16 skippable magics, any content, at the end too
        byte[] odd = concat(x, skippable(15, ascii("metadata, not a frame")), y, skippable(7, new byte[0]));
        assertEquals("x: 1\ny: 2\n", Input.of(Files.write(tmp.resolve("odd.zst"), odd)).text());
    }

    private static byte[] le(int v) { return ByteBuffer.allocate(4).order(ByteOrder.LITTLE_ENDIAN).putInt(v).array(); }

    @Test void aTruncatedOrCorruptZstdNamesTheFileAndTheFormat() throws IOException {
        byte[] z = zstd(ascii("a: 1\nb: 22\n".repeat(2000)));
        Path cut = Files.write(tmp.resolve("cut.zst"), Arrays.copyOf(z, z.length / 2));
        CaptureException e = assertThrows(CaptureException.class, () -> Input.of(cut).text());
        assertEquals(cut + ": zstd stream ends early (a truncated copy?); expected a whole zstd file", e.getMessage());
        byte[] bad = z.clone();
        bad[bad.length - 1] ^= 0x5a;   // the frame's checksum
        Path corrupt = Files.write(tmp.resolve("bad.zst"), bad);
        e = assertThrows(CaptureException.class, () -> Input.of(corrupt).text());
        assertTrue(e.getMessage().startsWith(corrupt + ": corrupt zstd stream (") && e.getMessage().contains("checksum"), e.getMessage());
        Path skipCut = Files.write(tmp.resolve("skipcut.zst"), Arrays.copyOf(skippable(0, new byte[64]), 40));
        e = assertThrows(CaptureException.class, () -> Input.of(skipCut).text());
        assertTrue(e.getMessage().startsWith(skipCut + ": zstd stream ends early"), e.getMessage());
    }

    @Test void zstdContentIsBoundedAfterDecompression() throws IOException {
        Path f = Files.write(tmp.resolve("bomb.zst"), zstd(new byte[1 << 20]));
        String old = System.getProperty("fabriclab.maxCaptureBytes");
        System.setProperty("fabriclab.maxCaptureBytes", "65536");
        try {
            assertTrue(Files.size(f) < 65536);
            CaptureException e = assertThrows(CaptureException.class, () -> Input.of(f).text());
            assertTrue(e.getMessage().startsWith(f + ": zstd content decompresses above the 65536-byte bound"), e.getMessage());
        } finally {
            if (old == null) System.clearProperty("fabriclab.maxCaptureBytes");
            else System.setProperty("fabriclab.maxCaptureBytes", old);
        }
    }

    @Test void aZstdTarballIsAnArchiveAndReadAsOneFileNamesTheTarInside() throws IOException {
        Path a = ArchiveFixture.tarOf(tmp.resolve("node07.tar.zst"), ArchiveFixture.Member.file("node07/perfquery.txt", PQ));
        assertEquals(Archive.Kind.TAR_ZSTD, Archive.kind(a));
        Capture c = Readers.standard().read(a);
        assertEquals(a + "!/node07/perfquery.txt", c.file());
        CaptureException e = assertThrows(NotACaptureException.class, () -> Input.of(a).text());
        assertTrue(e.getMessage().startsWith(a + " (zstd-decompressed): a tar archive"), e.getMessage());
        // two frames, as zstd -T and pzstd write a long stream: cut within the second, the tar header still decodes from
        // the first (an archive that ends early); cut within the first, no tar is told (a zstd file that ends early)
        StringBuilder notes = new StringBuilder();
        for (int i = 0; i < 20_000; i++) notes.append("line ").append(i * 7919 % 100_003).append('\n');
        Path tar = ArchiveFixture.tarOf(tmp.resolve("big.tar"), ArchiveFixture.Member.file("b/perfquery.txt", PQ),
                ArchiveFixture.Member.file("b/notes.txt", notes.toString()));
        byte[] t = Files.readAllBytes(tar);
        byte[] two = concat(zstd(Arrays.copyOf(t, 4096)), zstd(Arrays.copyOfRange(t, 4096, t.length)));
        Path whole = Files.write(tmp.resolve("two.tar.zst"), two);
        assertEquals(2, Readers.standard().read(whole).readings().stream().filter(r -> r.file().equals(whole + "!/b/perfquery.txt"))
                .filter(r -> r.rawName().startsWith("PortXmit")).count());
        Path cut = Files.write(tmp.resolve("cut.tar.zst"), Arrays.copyOf(two, two.length - 100));
        assertEquals(Archive.Kind.TAR_ZSTD, Archive.kind(cut));
        e = assertThrows(CaptureException.class, () -> Readers.standard().read(cut));
        assertEquals(cut + ": archive ends early (a truncated copy?); expected a whole tar.zst archive", e.getMessage());
        byte[] b = Files.readAllBytes(a);
        Path short_ = Files.write(tmp.resolve("short.tar.zst"), Arrays.copyOf(b, 100));
        e = assertThrows(CaptureException.class, () -> Readers.standard().read(short_));
        assertEquals(short_ + ": zstd stream ends early (a truncated copy?); expected a whole zstd file", e.getMessage());
    }
}
