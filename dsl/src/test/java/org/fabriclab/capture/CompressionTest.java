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
import java.util.List;
import java.util.stream.Stream;
import java.util.zip.GZIPOutputStream;

import org.apache.commons.compress.compressors.bzip2.BZip2CompressorOutputStream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.tukaani.xz.LZMA2Options;
import org.tukaani.xz.XZ;
import org.tukaani.xz.XZOutputStream;

/** Compressed capture files: gzip, xz and bzip2 read as the text they hold (zstd: ZstdTest, lzma: LzmaAloneTest), archives refused by name. */
class CompressionTest {
    @TempDir Path tmp;

    static byte[] gzip(byte[] b) throws IOException {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        try (GZIPOutputStream z = new GZIPOutputStream(out)) {
            z.write(b);
        }
        return out.toByteArray();
    }

    /** {@code b} as {@code xz} makes it (CRC64 check); {@code check} another integrity check ({@code xz -C crc32}, {@code -C sha256}). */
    static byte[] xz(byte[] b, int check) throws IOException {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        try (XZOutputStream z = new XZOutputStream(out, new LZMA2Options(), check)) {
            z.write(b);
        }
        return out.toByteArray();
    }

    static byte[] bzip2(byte[] b) throws IOException {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        try (BZip2CompressorOutputStream z = new BZip2CompressorOutputStream(out)) {
            z.write(b);
        }
        return out.toByteArray();
    }

    private static byte[] concat(byte[] a, byte[] b) {
        byte[] both = Arrays.copyOf(a, a.length + b.length);
        System.arraycopy(b, 0, both, a.length, b.length);
        return both;
    }

    private static byte[] ascii(String s) { return s.getBytes(StandardCharsets.US_ASCII); }

    @Test void xzAndBzip2FilesAreReadAsTheTextTheyHold() throws IOException {
        String text = "# perfquery -x 12 1\nPortSelect:......................1\nPortXmitData:....................4242\n";
        Object[][] cases = {
                {"perfquery.txt.xz", xz(ascii(text), XZ.CHECK_CRC64), "perfquery.txt"},
                {"perfquery.txt.XZ", xz(ascii(text), XZ.CHECK_CRC32), "perfquery.txt"},
                {"pq-sha256.xz", xz(ascii(text), XZ.CHECK_SHA256), "pq-sha256"},
                {"ethtool.txt.bz2", bzip2(ascii(text)), "ethtool.txt"},
                // told by the first bytes, not the name
                {"ethtool.txt", bzip2(ascii(text)), "ethtool.txt"},
                {"perfquery.dat", xz(ascii(text), XZ.CHECK_CRC64), "perfquery.dat"},
        };
        for (Object[] c : cases) {
            Path f = Files.write(tmp.resolve((String) c[0]), (byte[]) c[1]);
            Input in = Input.of(f);
            assertEquals(text, in.text(), f.toString());
            assertEquals(c[2], in.fileName(), "the compression's suffix is no part of the name hint");
            assertEquals(f.toString(), in.name(), "messages name the file as given");
        }
    }

    @Test void concatenatedXzAndBzip2StreamsReadAsXzcatAndBzcatReadThem() throws IOException {
        byte[] x = ascii("x: 1\n"), y = ascii("y: 2\n");
        assertEquals("x: 1\ny: 2\n", Input.of(Files.write(tmp.resolve("c.xz"),
                concat(xz(x, XZ.CHECK_CRC64), xz(y, XZ.CHECK_CRC32)))).text());
        assertEquals("x: 1\ny: 2\n", Input.of(Files.write(tmp.resolve("c.bz2"), concat(bzip2(x), bzip2(y)))).text());
    }

    @Test void aCompressedCaptureIsReadByItsReaderAsThePlainFileIs() throws IOException {
        String text = "# perfquery -x 12 1\n# Port extended counters: Lid 12 port 1 (CapMask: 0x5A00)\n"
                + "PortSelect:......................1\nCounterSelect:...................0x0000\n"
                + "PortXmitData:....................987654321\nPortRcvData:.....................123456789\n"
                + "PortXmitPkts:....................1111\nPortRcvPkts:.....................2222\n";
        Readers readers = Readers.standard();
        Capture plain = readers.read(Files.writeString(tmp.resolve("perfquery.txt"), text));
        for (Path z : List.of(Files.write(tmp.resolve("perfquery.txt.xz"), xz(ascii(text), XZ.CHECK_CRC64)),
                Files.write(tmp.resolve("perfquery.txt.bz2"), bzip2(ascii(text))))) {
            Capture c = readers.read(z);
            assertEquals(plain.source(), c.source(), z.toString());
            assertFalse(plain.readings().isEmpty());
            assertEquals(strip(plain, null), strip(c, z), z.toString());
            assertTrue(c.readings().stream().allMatch(r -> r.file().equals(z.toString())), "readings name the compressed file");
        }
    }

    @Test void aTruncatedOrCorruptXzOrBzip2NamesTheFileAndTheFormat() throws IOException {
        byte[] body = ascii("a: 1\n".repeat(1000));
        for (Object[] c : new Object[][] {{"cut.xz", xz(body, XZ.CHECK_CRC64), "xz"}, {"cut.bz2", bzip2(body), "bzip2"}}) {
            byte[] z = (byte[]) c[1];
            Path cut = Files.write(tmp.resolve((String) c[0]), Arrays.copyOf(z, z.length / 2));
            CaptureException e = assertThrows(CaptureException.class, () -> Input.of(cut).text());
            assertTrue(e.getMessage().startsWith(cut + ": " + c[2] + " stream ends early"), e.getMessage());
            byte[] bad = z.clone();
            for (int i = 12; i < bad.length - 12; i++) bad[i] ^= 0x5a;
            Path corrupt = Files.write(tmp.resolve("bad-" + c[0]), bad);
            e = assertThrows(CaptureException.class, () -> Input.of(corrupt).text());
            assertTrue(e.getMessage().startsWith(corrupt + ": corrupt " + c[2] + " stream")
                    || e.getMessage().startsWith(corrupt + ": " + c[2] + " stream ends early"), e.getMessage());
        }
    }

    @Test void xzAndBzip2ContentIsBoundedAfterDecompression() throws IOException {
        Path x = Files.write(tmp.resolve("bomb.xz"), xz(new byte[1 << 20], XZ.CHECK_CRC64));
        Path b = Files.write(tmp.resolve("bomb.bz2"), bzip2(new byte[1 << 20]));
        String old = System.getProperty("fabriclab.maxCaptureBytes");
        System.setProperty("fabriclab.maxCaptureBytes", "65536");
        try {
            for (Object[] c : new Object[][] {{x, "xz"}, {b, "bzip2"}}) {
                Path f = (Path) c[0];
                assertTrue(Files.size(f) < 65536);
                CaptureException e = assertThrows(CaptureException.class, () -> Input.of(f).text());
                assertTrue(e.getMessage().startsWith(f + ": " + c[1] + " content decompresses above the 65536-byte bound"), e.getMessage());
            }
        } finally {
            if (old == null) System.clearProperty("fabriclab.maxCaptureBytes");
            else System.setProperty("fabriclab.maxCaptureBytes", old);
        }
    }

    @Test void aTarballXzedOrBzippedReadAsOneFileNamesTheTarInside() throws IOException {
        byte[] tar = new byte[1024];
        System.arraycopy(ascii("ustar"), 0, tar, 257, 5);
        Path txz = Files.write(tmp.resolve("snap.tar.xz"), xz(tar, XZ.CHECK_CRC64));
        CaptureException e = assertThrows(NotACaptureException.class, () -> Input.of(txz).text());
        assertTrue(e.getMessage().startsWith(txz + " (xz-decompressed): a tar archive"), e.getMessage());
        Path tbz = Files.write(tmp.resolve("snap.tar.bz2"), bzip2(tar));
        e = assertThrows(NotACaptureException.class, () -> Input.of(tbz).text());
        assertTrue(e.getMessage().startsWith(tbz + " (bunzipped): a tar archive"), e.getMessage());
    }

    @Test void aGzippedFileIsReadAsTheTextItHolds() throws IOException {
        Path f = Files.write(tmp.resolve("perfquery.txt.gz"), gzip("a: 1\nb: 2\n".getBytes(StandardCharsets.US_ASCII)));
        Input in = Input.of(f);
        assertEquals("a: 1\nb: 2\n", in.text());
        assertEquals(List.of("a: 1", "b: 2"), in.lines());
        assertEquals("perfquery.txt", in.fileName(), "the .gz suffix is no part of the name hint");
        assertEquals(f.toString(), in.name(), "messages name the file as given");
    }

    @Test void concatenatedGzipMembersReadAsZcatReadsThem() throws IOException {
        byte[] one = gzip("x: 1\n".getBytes(StandardCharsets.US_ASCII)), two = gzip("y: 2\n".getBytes(StandardCharsets.US_ASCII));
        byte[] both = Arrays.copyOf(one, one.length + two.length);
        System.arraycopy(two, 0, both, one.length, two.length);
        assertEquals("x: 1\ny: 2\n", Input.of(Files.write(tmp.resolve("c.gz"), both)).text());
    }

    @Test void theGzipMagicDecidesNotTheName() throws IOException {
        Path plain = Files.writeString(tmp.resolve("looks.gz"), "a: 1\n");
        assertEquals("a: 1\n", Input.of(plain).text());
        Path hidden = Files.write(tmp.resolve("ethtool.txt"), gzip("a: 1\n".getBytes(StandardCharsets.US_ASCII)));
        assertEquals("a: 1\n", Input.of(hidden).text());
    }

    @Test void aTruncatedGzipNamesTheFile() throws IOException {
        byte[] z = gzip("a: 1\n".repeat(1000).getBytes(StandardCharsets.US_ASCII));
        Path f = Files.write(tmp.resolve("cut.gz"), Arrays.copyOf(z, z.length / 2));
        CaptureException e = assertThrows(CaptureException.class, () -> Input.of(f).text());
        assertTrue(e.getMessage().startsWith(f + ": gzip stream ends early"), e.getMessage());
    }

    @Test void gzipContentIsBoundedAfterInflation() throws IOException {
        Path f = Files.write(tmp.resolve("bomb.gz"), gzip(new byte[1 << 20]));
        String old = System.getProperty("fabriclab.maxCaptureBytes");
        System.setProperty("fabriclab.maxCaptureBytes", "65536");
        try {
            assertTrue(Files.size(f) < 65536);
            CaptureException e = assertThrows(CaptureException.class, () -> Input.of(f).text());
            assertTrue(e.getMessage().contains("gzip content decompresses above the 65536-byte bound"), e.getMessage());
        } finally {
            if (old == null) System.clearProperty("fabriclab.maxCaptureBytes");
            else System.setProperty("fabriclab.maxCaptureBytes", old);
        }
    }

    @Test void otherCompressionsAndArchivesAreRefusedByName() throws IOException {
        byte[] tar = new byte[1024];
        System.arraycopy("ustar".getBytes(StandardCharsets.US_ASCII), 0, tar, 257, 5);
        Object[][] cases = {
                {new byte[] {'7', 'z', (byte) 0xbc, (byte) 0xaf, 0x27, 0x1c, 0, 4}, "a 7z archive, which is read where a folder is"},
                {new byte[] {'P', 'K', 3, 4, 0, 0}, "a zip archive"},
                {tar, "a tar archive, which is read where a folder is"},
        };
        for (Object[] c : cases) {
            Path f = Files.write(tmp.resolve("f" + Arrays.hashCode((byte[]) c[0])), (byte[]) c[0]);
            CaptureException e = assertThrows(CaptureException.class, () -> Input.of(f).text());
            assertTrue(e.getMessage().startsWith(f + ": " + c[1]), e.getMessage());
        }
        // a tarball gzipped: the tar inside is named
        Path tgz = Files.write(tmp.resolve("incident.tar.gz"), gzip(tar));
        CaptureException e = assertThrows(CaptureException.class, () -> Input.of(tgz).text());
        assertTrue(e.getMessage().startsWith(tgz + " (gunzipped): a tar archive"), e.getMessage());
        // text that merely starts like a magic number stays text
        assertFalse(Input.of(Files.writeString(tmp.resolve("bz.txt"), "BZh: 1\n")).text().isEmpty());
        assertEquals("BZh9 blocks: 12\n", Input.of(Files.writeString(tmp.resolve("bz9.txt"), "BZh9 blocks: 12\n")).text());
    }

    /** Every public capture file gzipped, xz-compressed and bzipped reads to the same readings (file name aside) as the file itself. */
    @Test void everyPublicCaptureCompressedReadsTheSame() throws IOException {
        Path dir = PublicCaptureFiles.dir();
        List<Path> files;
        try (Stream<Path> s = Files.list(dir)) {
            files = s.filter(Files::isRegularFile).filter(p -> !p.getFileName().toString().endsWith(".md")).sorted().toList();
        }
        assertTrue(files.size() > 20, "public captures: " + files.size());
        Readers readers = Readers.standard();
        for (Path p : files) {
            byte[] b = Files.readAllBytes(p);
            Capture plain = readers.read(p);
            for (Path z : List.of(Files.write(tmp.resolve(p.getFileName() + ".gz"), gzip(b)),
                    Files.write(tmp.resolve(p.getFileName() + ".xz"), xz(b, XZ.CHECK_CRC64)),
                    Files.write(tmp.resolve(p.getFileName() + ".bz2"), bzip2(b)))) {
                Capture zipped = readers.read(z);
                assertEquals(plain.source(), zipped.source(), z.toString());
                assertEquals(strip(plain, p), strip(zipped, z), z.toString());
                assertEquals(plain.absents().size(), zipped.absents().size(), z.toString());
            }
        }
    }

    private static List<Reading> strip(Capture c, Path file) {
        return c.readings().stream().map(r -> new Reading(r.source(), "F", r.line(), r.port(), r.counter(), r.rawName(), r.value(),
                r.unit(), r.scale(), r.field(), r.kind(), r.layer(), r.catalogued(), r.queue())).toList();
    }
}
