package org.fabriclab.capture;

import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Locale;

/**
 * Snapshots handed over as archives: {@code before.tar.gz}, {@code after.tgz}, {@code sosreport-HOST-DATE-ID.tar.xz},
 * {@code node07-counters.tar}, {@code collect.zip}, {@code bundle.tar.zst}, {@code logs.7z} (tar plain, gzip-, xz-,
 * bzip2- or zstd-compressed, or LZMA-alone; zip; 7z). The format is told by the file's first bytes, never its name (a
 * gzip file whose content is no tar is one gzip-compressed capture: {@link Compression}), but for LZMA-alone, which has
 * no magic number: a {@code .tar.lzma} or {@code .tlz} is one when its header is an LZMA one and what it holds a tar. {@link Unpacked#of} unpacks one into a fresh temporary folder, which the readers then take as
 * the folder it was; {@link Readers#open} does so for archives given or found in a folder.
 * <p>Only the JDK is touched here for a file that starts with no compression's magic (the first bytes): the libraries that
 * unpack tar, 7z and the compressions are loaded by {@link ArchiveExtractor} when an archive is actually unpacked, or a
 * compressed file's first block is decoded to tell a tarball.
 *
 * <pre>{@code
 * Archive.is(Path.of("before.tar.gz"));              // true
 * Archive.stem("sosreport-node07-2026-12-01-abcd.tar.xz");   // "sosreport-node07-2026-12-01-abcd"
 * }</pre>
 */
public final class Archive {
    /** The formats unpacked. */
    enum Kind {
        TAR(null), TAR_GZIP(Compression.Codec.GZIP), TAR_XZ(Compression.Codec.XZ), TAR_BZIP2(Compression.Codec.BZIP2),
        TAR_ZSTD(Compression.Codec.ZSTD), TAR_LZMA(Compression.Codec.LZMA), ZIP(null), SEVEN_Z(null);

        /** The compression around the tar stream, or null (plain tar, zip, 7z). */
        final Compression.Codec codec;

        Kind(Compression.Codec codec) { this.codec = codec; }

        static Kind tarIn(Compression.Codec codec) {
            for (Kind k : values()) if (k.codec == codec) return k;
            throw new IllegalArgumentException(String.valueOf(codec));
        }
    }

    /**
     * The most bytes one archive may unpack to: {@value #DEFAULT_MAX_BYTES} (4 GiB) unless the system property
     * {@code fabriclab.maxArchiveBytes} says otherwise (a sosreport unpacks to a few hundred MB; the bound stops an
     * archive bomb from filling the disk).
     */
    public static final long DEFAULT_MAX_BYTES = 4L << 30;

    /** The most members one archive may hold: {@value #DEFAULT_MAX_ENTRIES}, or the system property {@code fabriclab.maxArchiveEntries}. */
    public static final long DEFAULT_MAX_ENTRIES = 1_000_000;

    private static final int TAR_BLOCK = 512;
    /** Names an archive goes by, longest first (any case): what {@link #stem} takes off. */
    private static final String[] SUFFIXES = {".tar.gz", ".tar.xz", ".tar.bz2", ".tar.zst", ".tar.lzma", ".tgz", ".txz", ".tbz2",
            ".tbz", ".tzst", ".tlz", ".tar", ".zip", ".7z"};

    private Archive() {}

    /** The bound in force on an archive's unpacked size (see {@link #DEFAULT_MAX_BYTES}). */
    public static long maxBytes() { return positive("fabriclab.maxArchiveBytes", DEFAULT_MAX_BYTES); }

    /** The bound in force on an archive's member count (see {@link #DEFAULT_MAX_ENTRIES}). */
    public static long maxEntries() { return positive("fabriclab.maxArchiveEntries", DEFAULT_MAX_ENTRIES); }

    private static long positive(String property, long fallback) {
        String p = System.getProperty(property);
        if (p != null) {
            try {
                long v = Long.parseLong(p.trim());
                if (v > 0) return v;
            } catch (NumberFormatException ignored) {
                // the default
            }
        }
        return fallback;
    }

    /** True when {@code path} is a regular file holding an archive this unpacks (by its first bytes). */
    public static boolean is(Path path) { return kind(path) != null; }

    /**
     * {@code fileName} less the suffix an archive's name ends in ({@code before.tar.gz}: {@code before}), or null when it
     * ends in none: how an archive standing for a snapshot folder is named ({@code incident.Layout}).
     */
    public static String stem(String fileName) {
        String lower = fileName.toLowerCase(Locale.ROOT);
        for (String s : SUFFIXES) {
            if (lower.endsWith(s) && lower.length() > s.length()) return fileName.substring(0, fileName.length() - s.length());
        }
        return null;
    }

    /** The archive format of {@code path}'s content, or null (not a regular file, unreadable, or no archive). */
    static Kind kind(Path path) {
        if (path == null || !Files.isRegularFile(path)) return null;
        byte[] head;
        try (InputStream in = Files.newInputStream(path)) {
            head = in.readNBytes(HEAD);
        } catch (IOException e) {
            return null;
        }
        return kind(head, path, null);
    }

    /** How many first bytes of a file {@link #kind(byte[], Path, byte[])} needs: a tar header block. */
    static final int HEAD = TAR_BLOCK;

    /**
     * The archive format of the file at {@code path} whose first bytes are {@code head} (at least {@link #HEAD} of them, or
     * the whole file), or null. {@code whole} is the whole file when it was read already (a compressed file's first block
     * is then decoded from it, not read again), else null.
     */
    static Kind kind(byte[] head, Path path, byte[] whole) {
        if (Compression.starts(head, 'P', 'K', 0x03, 0x04) || Compression.starts(head, 'P', 'K', 0x05, 0x06)) return Kind.ZIP;
        if (Compression.starts(head, Compression.SEVEN_Z_MAGIC)) return Kind.SEVEN_Z;
        if (isTar(head)) return Kind.TAR;
        // a compressed file is an archive when what it holds starts with a tar header; told by the compressions' own rule
        Compression.Codec codec = Compression.codec(head, path.getFileName() == null ? null : path.getFileName().toString());
        if (codec == null) return null;
        byte[] inner = whole != null ? Compression.head(whole, codec, TAR_BLOCK) : Compression.head(path, codec, TAR_BLOCK);
        return isTar(inner) ? Kind.tarIn(codec) : null;
    }

    /** A tar header block: {@code ustar} (POSIX, and GNU's {@code ustar  }) at offset 257. */
    static boolean isTar(byte[] b) {
        return b != null && b.length >= 262 && b[257] == 'u' && b[258] == 's' && b[259] == 't' && b[260] == 'a' && b[261] == 'r';
    }

}
