package org.fabriclab.capture;

import java.io.ByteArrayInputStream;
import java.io.EOFException;
import java.io.IOException;
import java.io.InputStream;
import java.util.Arrays;
import java.util.zip.GZIPInputStream;
import java.util.zip.ZipException;

/**
 * Compressed capture files, told by their first bytes (never by their name). Captures copied off a
 * fleet are often gzipped ({@code perfquery -x | gzip > before/perfquery.txt.gz}, or a collection
 * gzipped afterwards): gzip, the one compression the JDK reads, is read as the text it holds
 * (several concatenated members too, as {@code zcat} reads them), its decompressed size bounded by
 * {@link Input#maxBytes()} so a small file cannot inflate without limit. Archives (tar, tar.gz, tar.xz,
 * tar.bz2, zip) are unpacked where a folder is read ({@link Archive}, {@link Readers#open}); read as one capture file,
 * they and other compressions (xz, zstd, bzip2, 7z) are refused naming the format and what to do, rather than
 * reported as binary junk.
 *
 * <pre>{@code
 * Input.of(Path.of("before/perfquery.txt.gz")).text();   // the perfquery text inside
 * }</pre>
 */
final class Compression {
    private Compression() {}

    /**
     * A file's bytes as the readers take them: gzip content (magic {@code 1f 8b}) inflated, at most
     * {@code max} bytes; other bytes unchanged unless they are another compression or an archive.
     *
     * @throws CaptureException naming the file when the gzip stream is corrupt or truncated, or inflates above
     *         {@code max}; a {@link NotACaptureException} for another compression or an archive
     */
    static byte[] unpacked(byte[] raw, String name, long max) {
        boolean gzip = raw.length >= 2 && (raw[0] & 0xff) == 0x1f && (raw[1] & 0xff) == 0x8b;
        return gzip ? refuseOther(gunzip(raw, name, max), name + " (gunzipped)") : refuseOther(raw, name);
    }

    /** The inflated content of gzip bytes, at most {@code max} bytes. */
    private static byte[] gunzip(byte[] raw, String name, long max) {
        try (InputStream in = new GZIPInputStream(new ByteArrayInputStream(raw), 1 << 16)) {
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
                throw new CaptureException(name, 0, "gzip content inflates above the " + max + "-byte bound for one capture "
                        + "(set -Dfabriclab.maxCaptureBytes to raise it)");
            }
            return Arrays.copyOf(out, n);
        } catch (EOFException e) {
            throw new CaptureException(name, 0, "gzip stream ends early (a truncated copy?); expected a whole gzip file", e);
        } catch (ZipException e) {
            throw new CaptureException(name, 0, "corrupt gzip stream (" + e.getMessage() + "); expected a whole gzip file", e);
        } catch (IOException e) {
            throw new CaptureException(name, 0, "cannot read: " + e, e);
        }
    }

    /**
     * {@code bytes} unchanged, unless they start with the magic bytes of a compression or archive
     * format the readers do not unpack.
     *
     * @throws CaptureException naming the file, the format and how to unpack it
     */
    private static byte[] refuseOther(byte[] bytes, String name) {
        String what = other(bytes);
        if (what != null) throw new NotACaptureException(name, 0, what + "; expected a text capture (or a gzip-compressed one)");
        return bytes;
    }

    /** What to do with an archive read as one capture file ({@link Archive}: a snapshot, an incident, show and classify unpack it). */
    private static final String ARCHIVE_HINT = "which is read where a folder is (Snapshot.of, snapshot(), incident(), fabriclab show, "
            + "classify), not as one capture file";

    private static String other(byte[] b) {
        if (starts(b, 0xfd, '7', 'z', 'X', 'Z', 0x00)) return "xz-compressed (unpack it with xz -d)";
        if (starts(b, 0x28, 0xb5, 0x2f, 0xfd)) return "zstd-compressed (unpack it with zstd -d)";
        if (starts(b, 'B', 'Z', 'h') && b.length > 3 && b[3] >= '1' && b[3] <= '9') return "bzip2-compressed (unpack it with bunzip2)";
        if (starts(b, 'P', 'K', 0x03, 0x04)) return "a zip archive, " + ARCHIVE_HINT;
        if (starts(b, '7', 'z', 0xbc, 0xaf, 0x27, 0x1c)) return "a 7z archive (unpack it with 7z x, then give the folder)";
        if (b.length >= 262 && b[257] == 'u' && b[258] == 's' && b[259] == 't' && b[260] == 'a' && b[261] == 'r') {
            return "a tar archive, " + ARCHIVE_HINT;
        }
        return null;
    }

    private static boolean starts(byte[] b, int... magic) {
        if (b.length < magic.length) return false;
        for (int i = 0; i < magic.length; i++) if ((b[i] & 0xff) != magic[i]) return false;
        return true;
    }

    /** {@code name} without a trailing {@code .gz} (any case). */
    static String withoutGzSuffix(String name) {
        int n = name.length();
        return n > 3 && name.regionMatches(true, n - 3, ".gz", 0, 3) ? name.substring(0, n - 3) : name;
    }
}
