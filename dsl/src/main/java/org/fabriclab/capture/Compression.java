package org.fabriclab.capture;

import java.io.ByteArrayInputStream;
import java.io.EOFException;
import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.zip.GZIPInputStream;

/**
 * Compressed capture files, told by their first bytes (never by their name, but for legacy {@code .lzma}, which has no
 * magic number). Captures copied off a fleet are often compressed ({@code perfquery -x | gzip > before/perfquery.txt.gz},
 * {@code xz perfquery.txt}, {@code bzip2 ethtool.txt}, {@code zstd ethtool.txt}, or a collection compressed afterwards):
 * gzip, xz, bzip2 and zstd are read as the text they hold (several concatenated streams or frames too, as {@code zcat},
 * {@code xzcat}, {@code bzcat} and {@code zstdcat} read them), and so is a file named {@code .lzma} whose first bytes are
 * an LZMA-alone header ({@code lzma perfquery.txt}, xz-utils' legacy format); the decompressed size is bounded by
 * {@link Input#maxBytes()} so a small file cannot inflate without limit. Gzip is the JDK's; the others come from the
 * archive libraries, loaded only when such a file is read ({@link ArchiveExtractor}). Archives (tar plain or compressed
 * by any of these, zip, 7z) are unpacked where a folder is read ({@link Archive}, {@link Readers#open}); read as one
 * capture file they are refused naming the format and what to do, rather than reported as binary junk.
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
        GZIP("gzip", "gunzipped"), XZ("xz", "xz-decompressed"), BZIP2("bzip2", "bunzipped"), ZSTD("zstd", "zstd-decompressed"),
        /** LZMA-alone ({@code .lzma}): told by its name and a plausible header only, as it has no magic number ({@link #codec(byte[], String)}). */
        LZMA("lzma", "lzma-decompressed");

        final String label;
        final String done;

        Codec(String label, String done) {
            this.label = label;
            this.done = done;
        }
    }

    /**
     * A file's bytes as the readers take them: gzip (magic {@code 1f 8b}), xz ({@code fd 37 7a 58 5a 00}), bzip2
     * ({@code BZh1}..{@code BZh9}), zstd ({@code 28 b5 2f fd}) or, for a file named {@code .lzma}, LZMA-alone content
     * decompressed, at most {@code max} bytes; other bytes unchanged unless they are an archive.
     *
     * @throws CaptureException naming the file when the compressed stream is corrupt or truncated, or decompresses above
     *         {@code max}; a {@link NotACaptureException} for another compression or an archive (also one inside)
     */
    static byte[] unpacked(byte[] raw, String name, long max) {
        Codec codec = codec(raw, name);
        if (codec == null) return refuseOther(raw, name);
        return refuseOther(decompressed(codec, raw, name, max), name + " (" + codec.done + ")");
    }

    /** The compression {@code b} (a file's first bytes) starts with by its magic number, or null. */
    static Codec codec(byte[] b) {
        if (starts(b, 0x1f, 0x8b)) return Codec.GZIP;
        if (starts(b, XZ_MAGIC)) return Codec.XZ;
        if (isBzip2(b)) return Codec.BZIP2;
        // a zstd frame, or a skippable frame ahead of one (pzstd writes one before each frame: 50..5f 2a 4d 18)
        if (starts(b, 0x28, 0xb5, 0x2f, 0xfd) || b.length >= 8 && (b[0] & 0xf0) == 0x50 && starts(b, b[0] & 0xff, 0x2a, 0x4d, 0x18)) return Codec.ZSTD;
        return null;
    }

    /**
     * {@link #codec(byte[])}, else {@link Codec#LZMA} when {@code name} (a path, or {@code ARCHIVE!/MEMBER}) ends in
     * {@code .lzma} or {@code .tlz} (any case) and {@code b} starts with a header {@code lzma} writes: the LZMA-alone format
     * has no magic number, so its name is the only sign, and a text file so named stays text.
     */
    static Codec codec(byte[] b, String name) {
        Codec c = codec(b);
        if (c != null || name == null) return c;
        return endsWith(name, ".lzma") || endsWith(name, ".tlz") ? lzmaHeader(b) ? Codec.LZMA : null : null;
    }

    private static boolean endsWith(String name, String suffix) {
        return name.regionMatches(true, name.length() - suffix.length(), suffix, 0, suffix.length()) && name.length() > suffix.length();
    }

    /**
     * An LZMA-alone header: a properties byte {@code (pb * 5 + lp) * 9 + lc} below 225 with {@code lc + lp <= 4} (what
     * xz-utils accepts), a dictionary size of 2^n or 2^n + 2^(n-1) bytes, at least 4 KiB and at most 1.5 GiB (what {@code lzma}
     * and {@code xz --format=lzma} write), and an uncompressed size that is unknown ({@code -1}, streamed) or below 2^40.
     */
    static boolean lzmaHeader(byte[] b) {
        if (b.length < 13) return false;
        int props = b[0] & 0xff;
        if (props >= 225) return false;
        int lc = props % 9, lp = props / 9 % 5;
        if (lc + lp > 4) return false;
        long dict = le(b, 1, 4);
        if (dict < 4096 || dict > 3L << 29) return false;
        long hi = Long.highestOneBit(dict);
        if (dict != hi && dict != hi + (hi >> 1)) return false;
        long size = le(b, 5, 8);
        return size == -1 || size >= 0 && size < 1L << 40;
    }

    private static long le(byte[] b, int from, int n) {
        long v = 0;
        for (int i = n - 1; i >= 0; i--) v = v << 8 | (b[from + i] & 0xff);
        return v;
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
            if (isTruncated(e, source.available() == 0)) throw truncated(codec, name, e);
            String unread = unread(codec, e);
            if (unread != null) throw new CaptureException(name, 0, unread, e);
            throw new CaptureException(name, 0, "corrupt " + codec.label + " stream (" + e.getMessage() + "); expected a whole "
                    + codec.label + " file", e);
        } catch (CaptureException e) {
            throw e;
        } catch (RuntimeException e) {
            // a decoder's own check failing on garbage (an index out of range in a corrupt bzip2 block, zstd's bad checksum)
            String unread = unread(codec, e);
            if (unread != null) throw new CaptureException(name, 0, unread, e);
            throw new CaptureException(name, 0, "corrupt " + codec.label + " stream (" + e + "); expected a whole "
                    + codec.label + " file", e);
        }
    }

    /**
     * Whether {@code e}, thrown by a decoder, says its input ended early: the JDK's, XZ's and LZMA's EOFException, zstd's
     * "Not enough input bytes", bzip2's "Unexpected end of stream" ({@code allTaken}: with every byte read); anything else
     * is corruption (ZipException, XZ's CorruptedInputException, bzip2's "Bad block header", a check failing at the end).
     */
    static boolean isTruncated(Throwable e, boolean allTaken) {
        String m = String.valueOf(e.getMessage()).toLowerCase(java.util.Locale.ROOT);
        return e instanceof EOFException || m.contains("not enough input bytes") || allTaken && m.contains("end of stream");
    }

    /**
     * What to say of a stream the decoder cannot read though it may be whole, or null: a zstd frame whose window is above
     * the 8 MiB the pure-Java decoder holds ({@code zstd --long}, streamed input at {@code --ultra} levels), an LZMA
     * dictionary above the memory bound.
     */
    static String unread(Codec codec, Throwable e) {
        String m = String.valueOf(e.getMessage());
        if (codec == Codec.ZSTD && (m.contains("Window size too large") || m.contains("contentSize or windowSize must be set"))) {
            return "a zstd stream with a window above 8 MiB (zstd --long, or --ultra on streamed input), which the pure-Java "
                    + "decoder does not read; unpack it with zstd -d --long=31";
        }
        if (ArchiveExtractor.isMemoryLimit(e)) {
            return "an " + codec.label + " stream whose dictionary needs more than the " + (ArchiveExtractor.LZMA_MEMORY_KIB >> 10)
                    + " MiB allowed; unpack it with " + (codec == Codec.LZMA ? "unlzma" : "7z x");
        }
        return null;
    }

    /** The first {@code n} bytes of {@code path}'s content decompressed by {@code codec}, or null when it is unreadable or not that. */
    static byte[] head(Path path, Codec codec, int n) {
        try (InputStream in = open(codec, new java.io.BufferedInputStream(java.nio.file.Files.newInputStream(path)))) {
            return in.readNBytes(n);
        } catch (IOException | RuntimeException e) {
            return null;
        }
    }

    /** The first {@code n} bytes of {@code raw} (a whole file's bytes) decompressed by {@code codec}, or null when it is not that. */
    static byte[] head(byte[] raw, Codec codec, int n) {
        try (InputStream in = open(codec, new ByteArrayInputStream(raw))) {
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
            case ZSTD -> ArchiveExtractor.zstd(raw);
            case LZMA -> ArchiveExtractor.lzma(raw);
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
        if (what != null) throw new NotACaptureException(name, 0, what + "; expected a text capture (or a gzip-, xz-, bzip2- or zstd-compressed one)");
        return bytes;
    }

    /** What to do with an archive read as one capture file ({@link Archive}: a snapshot, an incident, show and classify unpack it). */
    private static final String ARCHIVE_HINT = "which is read where a folder is (Snapshot.of, snapshot(), incident(), fabriclab show, "
            + "classify), not as one capture file";

    private static String other(byte[] b) {
        if (starts(b, 'P', 'K', 0x03, 0x04)) return "a zip archive, " + ARCHIVE_HINT;
        if (starts(b, SEVEN_Z_MAGIC)) return "a 7z archive, " + ARCHIVE_HINT;
        if (b.length >= 262 && b[257] == 'u' && b[258] == 's' && b[259] == 't' && b[260] == 'a' && b[261] == 'r') {
            return "a tar archive, " + ARCHIVE_HINT;
        }
        return null;
    }

    /** A 7z archive's signature: {@code 37 7a bc af 27 1c} ("7z" and four bytes). */
    static final int[] SEVEN_Z_MAGIC = {'7', 'z', 0xbc, 0xaf, 0x27, 0x1c};

    /** Whether {@code b} starts with the bytes {@code magic}. */
    static boolean starts(byte[] b, int... magic) {
        if (b.length < magic.length) return false;
        for (int i = 0; i < magic.length; i++) if ((b[i] & 0xff) != magic[i]) return false;
        return true;
    }

    /** The suffixes a compressed file's name ends in, dropped from a name hint. */
    private static final String[] SUFFIXES = {".gz", ".xz", ".bz2", ".zst", ".lzma"};

    /** {@code name} without a trailing {@code .gz}, {@code .xz}, {@code .bz2}, {@code .zst} or {@code .lzma} (any case). */
    static String withoutSuffix(String name) {
        int n = name.length();
        for (String s : SUFFIXES) {
            if (n > s.length() && name.regionMatches(true, n - s.length(), s, 0, s.length())) return name.substring(0, n - s.length());
        }
        return name;
    }
}
