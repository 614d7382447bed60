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

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Compressed capture files: gzip read as the text it holds, other compressions refused by name. */
class CompressionTest {
    @TempDir Path tmp;

    static byte[] gzip(byte[] b) throws IOException {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        try (GZIPOutputStream z = new GZIPOutputStream(out)) {
            z.write(b);
        }
        return out.toByteArray();
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
            assertTrue(e.getMessage().contains("gzip content inflates above the 65536-byte bound"), e.getMessage());
        } finally {
            if (old == null) System.clearProperty("fabriclab.maxCaptureBytes");
            else System.setProperty("fabriclab.maxCaptureBytes", old);
        }
    }

    @Test void otherCompressionsAndArchivesAreRefusedByName() throws IOException {
        byte[] tar = new byte[1024];
        System.arraycopy("ustar".getBytes(StandardCharsets.US_ASCII), 0, tar, 257, 5);
        Object[][] cases = {
                {new byte[] {(byte) 0xfd, '7', 'z', 'X', 'Z', 0, 1, 2}, "xz-compressed (unpack it with xz -d)"},
                {new byte[] {0x28, (byte) 0xb5, 0x2f, (byte) 0xfd, 1}, "zstd-compressed (unpack it with zstd -d)"},
                {"BZh91AY&SY".getBytes(StandardCharsets.US_ASCII), "bzip2-compressed (unpack it with bunzip2)"},
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
    }

    /** Every public capture file gzipped reads to the same readings (file name aside) as the file itself. */
    @Test void everyPublicCaptureGzippedReadsTheSame() throws IOException {
        Path dir = PublicCaptureFiles.dir();
        List<Path> files;
        try (Stream<Path> s = Files.list(dir)) {
            files = s.filter(Files::isRegularFile).filter(p -> !p.getFileName().toString().endsWith(".md")).sorted().toList();
        }
        assertTrue(files.size() > 20, "public captures: " + files.size());
        Readers readers = Readers.standard();
        for (Path p : files) {
            Path z = Files.write(tmp.resolve(p.getFileName() + ".gz"), gzip(Files.readAllBytes(p)));
            Capture plain = readers.read(p), zipped = readers.read(z);
            assertEquals(plain.source(), zipped.source(), p.toString());
            assertEquals(strip(plain, p), strip(zipped, z), p.toString());
            assertEquals(plain.absents().size(), zipped.absents().size(), p.toString());
        }
    }

    private static List<Reading> strip(Capture c, Path file) {
        return c.readings().stream().map(r -> new Reading(r.source(), "F", r.line(), r.port(), r.counter(), r.rawName(), r.value(),
                r.unit(), r.scale(), r.field(), r.kind(), r.layer(), r.catalogued(), r.queue())).toList();
    }
}
