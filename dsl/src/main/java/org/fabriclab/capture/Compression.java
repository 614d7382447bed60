package org.fabriclab.capture;

import java.io.ByteArrayInputStream;
import java.io.EOFException;
import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.zip.GZIPInputStream;

/**
 * Compressed capture files, told by their first bytes (never by their name). Captures copied off a
 * fleet are often compressed ({@code perfquery -x | gzip > before/perfquery.txt.gz}, {@code xz perfquery.txt},
 * {@code bzip2 ethtool.txt}, or a collection compressed afterwards): gzip, xz and bzip2 are read as the text they
 * hold (several concatenated streams too, as {@code zcat}, {@code xzcat} and {@code bzcat} read them), the
 * decompressed size bounded by {@link Input#maxBytes()} so a small file cannot inflate without limit. Gzip is the
 * JDK's; xz and bzip2 come from the archive libraries, loaded only when such a file is read ({@link ArchiveExtractor}).
 * Archives (tar, tar.gz, tar.xz, tar.bz2, zip) are unpacked where a folder is read ({@link Archive}, {@link Readers#open});
 * read as one capture file, they and the compressions no library on the class path reads (zstd, 7z) are refused naming
 * the format and what to do, rather than reported as binary junk.
 *
 * <pre>{@code
 * Input.of(Path.of("before/perfquery.txt.gz")).text();   // the perfquery text inside
 * Input.of(Path.of("before/perfquery.txt.xz")).text();   // the same, xz-compressed
 * }</pre>
 */
final class Compression {
    private Compression() {}

    /**
     * A compression read as the text it holds: its name in messages, what {@link #unpacked} adds to the file's name. An
     * archive's compressed tar stream is told and opened by the same codecs ({@link Archive}).
     */
    enum Codec {
        GZIP("gzip", "gunzipped"), XZ("xz", "xz-decompressed"), BZIP2("bzip2", "bunzipped");

        final String label;
        final String done;

        Codec(String label, String done) {
            this.label = label;
            this.done = done;
        }
    }

    /**
     * A file's bytes as the readers take them: gzip (magic {@code 1f 8b}), xz ({@code fd 37 7a 58 5a 00}) or bzip2
     * ({@code BZh1}..{@code BZh9}) content decompressed, at most {@code max} bytes; other bytes unchanged unless they are
     * another compression or an archive.
     *
     * @throws CaptureException naming the file when the compressed stream is corrupt or truncated, or decompresses above
     *         {@code max}; a {@link NotACaptureException} for another compression or an archive (also one inside)
     */
    static byte[] unpacked(byte[] raw, String name, long max) {
        Codec codec = codec(raw);
        if (codec == null) return refuseOther(raw, name);
        return refuseOther(decompressed(codec, raw, name, max), name + " (" + codec.done + ")");
    }

    /** The compression {@code b} (a file's first bytes) starts with, or null. */
    static Codec codec(byte[] b) {
        if (starts(b, 0x1f, 0x8b)) return Codec.GZIP;
        if (starts(b, XZ_MAGIC)) return Codec.XZ;
        if (isBzip2(b)) return Codec.BZIP2;
        return null;
    }

    private static final int[] XZ_MAGIC = {0xfd, '7', 'z', 'X', 'Z', 0x00};

    /**
     * {@code BZh} and a block size digit, then a block's magic ({@code 31 41 59 26 53 59}, "1AY&SY") or the end of stream's
     * ({@code 17 72 45 38 50 90}, an empty file bzipped): a text file merely starting with {@code BZh9} stays text.
     */
    private static boolean isBzip2(byte[] b) {
        if (!starts(b, 'B', 'Z', 'h') || b.length < 10 || b[3] < '1' || b[3] > '9') return false;
        byte[] rest = Arrays.copyOfRange(b, 4, 10);
        return Arrays.equals(rest, BZIP2_BLOCK) || Arrays.equals(rest, BZIP2_END);
    }

    private static final byte[] BZIP2_BLOCK = {0x31, 0x41, 0x59, 0x26, 0x53, 0x59};
    private static final byte[] BZIP2_END = {0x17, 0x72, 0x45, 0x38, 0x50, (byte) 0x90};

    /** The decompressed content of {@code raw}, at most {@code max} bytes. */
    private static byte[] decompressed(Codec codec, byte[] raw, String name, long max) {
        ByteArrayInputStream source = new ByteArrayInputStream(raw);
        try (InputStream in = open(codec, source)) {
            byte[] out = new byte[(int) Math.min(max + 1, Math.max(1 << 16, raw.length * 4L))];
            int n = 0;
            while (true) {
                if (n == out.length) {
                    if (n > max) break;
                    out = Arrays.copyOf(out, (int) Math.min((long) out.length * 2, max + 1));
                }
                int r = in.read(out, n, out.length - n);
                if (r < 0) break;
                n += r;
            }
            if (n > max) {
                throw new CaptureException(name, 0, codec.label + " content decompresses above the " + max + "-byte bound for one "
                        + "capture (set -Dfabriclab.maxCaptureBytes to raise it)");
            }
            return Arrays.copyOf(out, n);
        } catch (IOException e) {
            // a truncated copy: the JDK's and XZ's EOFException, bzip2's "Unexpected end of stream" with every byte taken;
            // else corrupt (ZipException, XZ's CorruptedInputException, bzip2's "Bad block header", a check failing at the end)
            if (e instanceof EOFException || source.available() == 0
                    && String.valueOf(e.getMessage()).toLowerCase(java.util.Locale.ROOT).contains("end of stream")) {
                throw truncated(codec, name, e);
            }
            throw new CaptureException(name, 0, "corrupt " + codec.label + " stream (" + e.getMessage() + "); expected a whole "
                    + codec.label + " file", e);
        } catch (CaptureException e) {
            throw e;
        } catch (RuntimeException e) {
            // a decoder's own check failing on garbage (an index out of range in a corrupt bzip2 block)
            throw new CaptureException(name, 0, "corrupt " + codec.label + " stream (" + e + "); expected a whole "
                    + codec.label + " file", e);
        }
    }

    /** The first {@code n} bytes of {@code path}'s content decompressed by {@code codec}, or null when it is unreadable or not that. */
    static byte[] head(Path path, Codec codec, int n) {
        try (InputStream in = open(codec, new java.io.BufferedInputStream(java.nio.file.Files.newInputStream(path)))) {
            return in.readNBytes(n);
        } catch (IOException | RuntimeException e) {
            return null;
        }
    }

    private static CaptureException truncated(Codec codec, String name, IOException e) {
        return new CaptureException(name, 0, codec.label + " stream ends early (a truncated copy?); expected a whole "
                + codec.label + " file", e);
    }

    /** {@code raw}'s content decompressed by {@code codec} (concatenated streams too). */
    static InputStream open(Codec codec, InputStream raw) throws IOException {
        return switch (codec) {
            case GZIP -> new GZIPInputStream(raw, 1 << 16);
            case XZ -> ArchiveExtractor.xz(raw);
            case BZIP2 -> ArchiveExtractor.bzip2(raw);
        };
    }

    /**
     * {@code bytes} unchanged, unless they start with the magic bytes of a compression or archive
     * format the readers do not unpack.
     *
     * @throws CaptureException naming the file, the format and how to unpack it
     */
    private static byte[] refuseOther(byte[] bytes, String name) {
        String what = other(bytes);
        if (what != null) throw new NotACaptureException(name, 0, what + "; expected a text capture (or a gzip-, xz- or bzip2-compressed one)");
        return bytes;
    }

    /** What to do with an archive read as one capture file ({@link Archive}: a snapshot, an incident, show and classify unpack it). */
    private static final String ARCHIVE_HINT = "which is read where a folder is (Snapshot.of, snapshot(), incident(), fabriclab show, "
            + "classify), not as one capture file";

    private static String other(byte[] b) {
        // zstd: Commons Compress reads it only through zstd-jni's native library, which is not on the class path
        if (starts(b, 0x28, 0xb5, 0x2f, 0xfd)) return "zstd-compressed (unpack it with zstd -d)";
        if (starts(b, 'P', 'K', 0x03, 0x04)) return "a zip archive, " + ARCHIVE_HINT;
        if (starts(b, '7', 'z', 0xbc, 0xaf, 0x27, 0x1c)) return "a 7z archive (unpack it with 7z x, then give the folder)";
        if (b.length >= 262 && b[257] == 'u' && b[258] == 's' && b[259] == 't' && b[260] == 'a' && b[261] == 'r') {
            return "a tar archive, " + ARCHIVE_HINT;
        }
        return null;
    }

    /** Whether {@code b} starts with the bytes {@code magic}. */
    static boolean starts(byte[] b, int... magic) {
        if (b.length < magic.length) return false;
        for (int i = 0; i < magic.length; i++) if ((b[i] & 0xff) != magic[i]) return false;
        return true;
    }

    /** The suffixes a compressed file's name ends in, dropped from a name hint. */
    private static final String[] SUFFIXES = {".gz", ".xz", ".bz2"};

    /** {@code name} without a trailing {@code .gz}, {@code .xz} or {@code .bz2} (any case). */
    static String withoutSuffix(String name) {
        int n = name.length();
        for (String s : SUFFIXES) {
            if (n > s.length() && name.regionMatches(true, n - s.length(), s, 0, s.length())) return name.substring(0, n - s.length());
        }
        return name;
    }
}
