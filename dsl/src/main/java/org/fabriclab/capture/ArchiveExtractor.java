package org.fabriclab.capture;

import java.io.BufferedInputStream;
import java.io.EOFException;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.nio.charset.Charset;
import java.nio.file.Files;
import java.nio.file.InvalidPathException;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.ArrayList;
import java.util.Enumeration;
import java.util.List;
import java.util.regex.Pattern;
import java.util.zip.ZipEntry;
import java.util.zip.ZipException;
import java.util.zip.ZipFile;

import org.apache.commons.compress.archivers.sevenz.SevenZArchiveEntry;
import org.apache.commons.compress.archivers.sevenz.SevenZFile;
import org.apache.commons.compress.archivers.tar.TarArchiveEntry;
import org.apache.commons.compress.archivers.tar.TarArchiveInputStream;
import org.apache.commons.compress.compressors.bzip2.BZip2CompressorInputStream;
import org.tukaani.xz.LZMAInputStream;
import org.tukaani.xz.XZInputStream;

/**
 * Unpacks one archive ({@link Archive.Kind}) into a fresh folder, and nowhere else: a member named absolutely or with a
 * {@code ..} step (or a hard link to such a name) refuses the archive (zip-slip), naming {@code ARCHIVE!/MEMBER}. A
 * symbolic link whose target is absolute or lies outside the folder (or resolves there through other links) is left out,
 * never made, and named in the notes returned: sos makes every link of a sosreport relative to the report's own root, but
 * a link of no use to a reader (into a host folder the archive does not hold) should not cost the whole archive.
 * Symbolic links are made last, after every file is written, so no file is ever written through one. The bytes written are counted against
 * {@link Archive#maxBytes()} and the members against {@link Archive#maxEntries()} as they are unpacked (a size an archive
 * declares is not trusted). Devices, FIFOs and macOS's {@code __MACOSX/} metadata are left out; file modes are not
 * applied (every file unpacked is readable). Tar, 7z and bzip2 are Commons Compress's, xz and lzma XZ for Java's
 * (7z's LZMA and LZMA2 too), zstd aircompressor's (pure Java; Commons Compress reads zstd only through zstd-jni's native
 * library), gzip and zip the JDK's: this class is the only one that touches those libraries, so they load only when an
 * archive is unpacked (or a single xz, bzip2, zstd or lzma file is read: {@link Compression}). A 7z member's symbolic
 * link is told as 7-Zip and p7zip store one (a Unix mode {@code S_IFLNK} in the attributes' high 16 bits, the target as
 * the content) and checked as a tar one is; an encrypted 7z, or one compressed by a method Commons Compress lacks (PPMd,
 * BCJ2), is refused naming what to run.
 */
final class ArchiveExtractor {
    private static final Pattern DRIVE = Pattern.compile("[A-Za-z]:");

    private ArchiveExtractor() {}

    /** {@code raw}'s xz content (several concatenated xz streams too, as {@code xzcat} reads them). */
    static InputStream xz(InputStream raw) throws IOException { return new XZInputStream(raw); }

    /** {@code raw}'s bzip2 content (several concatenated streams too: {@code pbzip2}'s, {@code bzcat a.bz2 b.bz2}'s). */
    static InputStream bzip2(InputStream raw) throws IOException { return new BZip2CompressorInputStream(raw, true); }

    /**
     * {@code raw}'s zstd content (several frames too, as {@code zstd -T} and {@code cat a.zst b.zst} make them; each frame's
     * checksum checked when it has one), skippable frames left out ({@link ZstdFrames}: {@code pzstd}'s output).
     * aircompressor's decoder holds a window of at most 8 MiB for a streamed frame ({@link Compression#unread} says so of
     * one beyond).
     */
    static InputStream zstd(InputStream raw) { return new io.airlift.compress.zstd.ZstdInputStream(new ZstdFrames(raw)); }

    /**
     * The most memory, in KiB, an LZMA decoder may take for its dictionary: {@value} (256 MiB; {@code lzma -9} and
     * {@code 7z -mx9} use 64 MiB), so a forged header cannot make one file take the heap.
     */
    static final int LZMA_MEMORY_KIB = 256 << 10;

    /** {@code raw}'s LZMA-alone ({@code .lzma}) content, its dictionary bounded by {@link #LZMA_MEMORY_KIB}. */
    static InputStream lzma(InputStream raw) throws IOException { return new LZMAInputStream(raw, LZMA_MEMORY_KIB); }

    /** Whether {@code e} is an LZMA decoder's refusal of a dictionary above {@link #LZMA_MEMORY_KIB} (XZ's or Commons Compress's). */
    static boolean isMemoryLimit(Throwable e) {
        return e instanceof org.tukaani.xz.MemoryLimitException || e instanceof org.apache.commons.compress.MemoryLimitException;
    }

    /**
     * Unpacks {@code archive} (named {@code name} in messages) into {@code root}, an empty folder.
     *
     * @throws CaptureException naming the archive (or its member) when it is corrupt or truncated, a member would land
     *         outside {@code root}, or it unpacks to more than the bounds allow
     */
    static List<String> extract(Archive.Kind kind, Path archive, String name, Path root) {
        Sink sink;
        try {
            sink = new Sink(name, root);
        } catch (IOException e) {
            throw new CaptureException(name, 0, "cannot unpack: " + e.getMessage(), e);
        }
        try {
            if (kind == Archive.Kind.ZIP) zip(archive, sink);
            else if (kind == Archive.Kind.SEVEN_Z) sevenZ(archive, sink);
            else tar(decompressed(kind, archive), sink);
            sink.makeLinks();
            return sink.notes;
        } catch (Undecoded e) {
            Throwable c = e.getCause();
            String unread = kind.codec == null ? sevenZUnread(c) : Compression.unread(kind.codec, c);
            if (unread != null) throw new CaptureException(name, 0, unread, c);
            if (Compression.isTruncated(c, false)) {
                throw new CaptureException(name, 0, "archive ends early (a truncated copy?); expected a whole " + label(kind) + " archive", c);
            }
            throw new CaptureException(name, 0, "corrupt " + label(kind) + " archive (" + c.getMessage() + ")", c);
        } catch (EOFException e) {
            throw new CaptureException(name, 0, "archive ends early (a truncated copy?); expected a whole " + label(kind) + " archive", e);
        } catch (ZipException e) {
            throw new CaptureException(name, 0, "corrupt " + label(kind) + " archive (" + e.getMessage() + ")", e);
        } catch (IOException e) {
            throw new CaptureException(name, 0, "cannot unpack the " + label(kind) + " archive into " + root.getParent()
                    + " (" + e + "; -Djava.io.tmpdir chooses where archives are unpacked)", e);
        } catch (IllegalArgumentException e) {
            // Commons Compress reports a malformed tar header this way
            throw new CaptureException(name, 0, "corrupt " + label(kind) + " archive (" + e.getMessage() + ")", e);
        }
    }

    private static String label(Archive.Kind kind) {
        return switch (kind) {
            case TAR -> "tar";
            case TAR_GZIP -> "tar.gz";
            case TAR_XZ -> "tar.xz";
            case TAR_BZIP2 -> "tar.bz2";
            case TAR_ZSTD -> "tar.zst";
            case TAR_LZMA -> "tar.lzma";
            case ZIP -> "zip";
            case SEVEN_Z -> "7z";
        };
    }

    /** A decoder's failure (its input corrupt, truncated, or beyond what it reads), told apart from writing the folder's files. */
    private static final class Undecoded extends IOException {
        Undecoded(Throwable cause) { super(cause.getMessage(), cause); }
    }

    /** {@code in} whose read failures (an IOException, or a decoder's RuntimeException on garbage) are {@link Undecoded}. */
    private static InputStream decoding(InputStream in) {
        return new java.io.FilterInputStream(in) {
            @Override public int read() throws IOException {
                try {
                    return super.read();
                } catch (IOException | RuntimeException e) {
                    throw new Undecoded(e);
                }
            }

            @Override public int read(byte[] b, int off, int len) throws IOException {
                try {
                    return super.read(b, off, len);
                } catch (IOException | RuntimeException e) {
                    throw new Undecoded(e);
                }
            }
        };
    }

    private static InputStream decompressed(Archive.Kind kind, Path archive) throws IOException {
        InputStream raw = new BufferedInputStream(Files.newInputStream(archive), 1 << 16);
        try {
            if (kind.codec == null && kind != Archive.Kind.TAR) throw new IllegalStateException(kind + " is not a tar stream");
            return kind.codec == null ? raw : decoding(Compression.open(kind.codec, raw));
        } catch (IOException | RuntimeException e) {
            raw.close();
            throw e;
        }
    }

    private static void tar(InputStream in, Sink sink) throws IOException {
        try (TarArchiveInputStream t = new TarArchiveInputStream(in)) {
            TarArchiveEntry e;
            while ((e = t.getNextEntry()) != null) {
                sink.counted();
                if (e.isDirectory()) sink.dir(e.getName());
                else if (e.isSymbolicLink()) sink.symlink(e.getName(), e.getLinkName());
                else if (e.isLink()) sink.hardLink(e.getName(), e.getLinkName());
                else if (e.isFile()) sink.file(e.getName(), t);
                // devices, FIFOs: nothing a reader takes, never made
            }
        }
    }

    /**
     * A 7z archive's members, in the order they are stored (a solid block decoded once, not again for each member).
     * Anti-items (a deletion in an update archive) are nothing to unpack.
     */
    private static void sevenZ(Path archive, Sink sink) throws IOException {
        SevenZFile z;
        try {
            z = SevenZFile.builder().setPath(archive).setMaxMemoryLimitKiB(LZMA_MEMORY_KIB).get();
        } catch (IOException | RuntimeException e) {
            throw new Undecoded(e);
        }
        try (z) {
            InputStream member = decoding(new InputStream() {
                @Override public int read() throws IOException { return z.read(); }
                @Override public int read(byte[] b, int off, int len) throws IOException { return z.read(b, off, len); }
            });
            while (true) {
                SevenZArchiveEntry e;
                try {
                    e = z.getNextEntry();
                } catch (IOException | RuntimeException x) {
                    throw new Undecoded(x);
                }
                if (e == null) break;
                sink.counted();
                if (e.isAntiItem()) continue;
                if (e.isDirectory()) {
                    sink.dir(e.getName());
                } else if (isSymlink(e)) {
                    byte[] target = member.readNBytes(4096);
                    sink.symlink(e.getName(), new String(target, java.nio.charset.StandardCharsets.UTF_8));
                } else {
                    sink.file(e.getName(), e.hasStream() ? member : InputStream.nullInputStream());
                }
            }
        }
    }

    /** What to say of a 7z archive the reader cannot unpack though it may be whole, or null (corrupt or truncated). */
    private static String sevenZUnread(Throwable c) {
        String then = "; unpack it with 7z x, then give the folder";
        if (c instanceof org.apache.commons.compress.PasswordRequiredException) return "an encrypted 7z archive" + then;
        String m = String.valueOf(c.getMessage());
        // PPMd ("Unsupported compression method [3, 4, 1]"), BCJ2 ("Multi input/output stream coders are not yet supported")
        if (m.contains("Unsupported compression method") || m.contains("Multi input/output stream coders")) {
            return "a 7z archive compressed by a method the 7z reader lacks (" + c.getMessage() + ")" + then;
        }
        if (isMemoryLimit(c)) return "a 7z archive whose dictionary needs more than the " + (LZMA_MEMORY_KIB >> 10) + " MiB allowed" + then;
        return null;
    }

    /** 7-Zip's and p7zip's mark of a Unix symbolic link: the attributes' Unix-extension bit and {@code S_IFLNK} in their high 16 bits. */
    private static boolean isSymlink(SevenZArchiveEntry e) {
        int a = e.getHasWindowsAttributes() ? e.getWindowsAttributes() : 0;
        return (a & 0x8000) != 0 && (a >>> 16 & 0xf000) == 0xa000;
    }

    private static void zip(Path archive, Sink sink) throws IOException {
        try {
            zip(archive, sink, java.nio.charset.StandardCharsets.UTF_8);
        } catch (IllegalArgumentException e) {
            // names that are not UTF-8 (an old Windows zip): the DOS code page zip used before its UTF-8 flag
            zip(archive, sink, Charset.forName("IBM437"));
        }
    }

    private static void zip(Path archive, Sink sink, Charset names) throws IOException {
        try (ZipFile z = new ZipFile(archive.toFile(), names)) {
            Enumeration<? extends ZipEntry> en = z.entries();
            while (en.hasMoreElements()) {
                ZipEntry e = en.nextElement();
                sink.counted();
                if (e.isDirectory()) {
                    sink.dir(e.getName());
                } else {
                    try (InputStream in = z.getInputStream(e)) {
                        sink.file(e.getName(), in);
                    }
                }
            }
        }
    }

    /** Where members land: inside {@code root}, bounded, links last. */
    private static final class Sink {
        private final String name;
        private final Path root;
        private final Path real;
        private final long maxBytes = Archive.maxBytes();
        private final long maxEntries = Archive.maxEntries();
        private long bytes;
        private long entries;
        private final List<String[]> links = new ArrayList<>();
        final List<String> notes = new ArrayList<>();
        private final byte[] buf = new byte[1 << 16];

        Sink(String name, Path root) throws IOException {
            this.name = name;
            this.root = root;
            this.real = root.toRealPath();
        }

        void counted() {
            if (++entries > maxEntries) {
                throw new CaptureException(name, 0, "holds more than " + maxEntries + " members, the bound for one archive "
                        + "(set -Dfabriclab.maxArchiveEntries to raise it); refused");
            }
        }

        void dir(String member) throws IOException {
            Path d = place(member);
            if (d == null) return;
            Files.createDirectories(d);
            inside(d, member);
        }

        void file(String member, InputStream in) throws IOException {
            Path f = place(member);
            if (f == null) return;
            parent(f, member);
            if (Files.isDirectory(f, LinkOption.NOFOLLOW_LINKS)) return;   // a file member over a folder of that name
            try (OutputStream out = Files.newOutputStream(f, StandardOpenOption.CREATE, StandardOpenOption.TRUNCATE_EXISTING,
                    StandardOpenOption.WRITE, LinkOption.NOFOLLOW_LINKS)) {
                int r;
                while ((r = in.read(buf)) > 0) {
                    bytes += r;
                    if (bytes > maxBytes) {
                        throw new CaptureException(name, 0, "unpacks to more than " + maxBytes + " bytes, the bound for one archive "
                                + "(set -Dfabriclab.maxArchiveBytes to raise it); refused at " + shown(member));
                    }
                    out.write(buf, 0, r);
                }
            }
        }

        /** A tar hard link: a copy of the member it names, when that one was unpacked as a file. */
        void hardLink(String member, String target) throws IOException {
            Path f = place(member), src = place(target);
            if (f == null || src == null || !Files.isRegularFile(src, LinkOption.NOFOLLOW_LINKS)) return;
            try (InputStream in = Files.newInputStream(src, LinkOption.NOFOLLOW_LINKS)) {
                file(member, in);
            }
        }

        void symlink(String member, String target) {
            if (place(member) == null) return;
            if (target.isEmpty() || target.startsWith("/") || target.startsWith("\\") || DRIVE.matcher(target).lookingAt()) {
                leftOut(member, target, target.isEmpty() ? "to nothing" : "to an absolute path");
                return;
            }
            links.add(new String[] {member, target});
        }

        /** The symbolic links, each checked against where its folder really is (through the links made before it). */
        void makeLinks() throws IOException {
            List<Path> made = new ArrayList<>();
            for (String[] l : links) {
                Path link = place(l[0]);
                parent(link, l[0]);
                Path to;
                try {
                    to = link.getParent().toRealPath().resolve(l[1]).normalize();
                } catch (InvalidPathException e) {
                    leftOut(l[0], l[1], "to a path this system cannot hold");
                    continue;
                }
                if (!to.startsWith(real)) {
                    leftOut(l[0], l[1], "outside the archive");
                    continue;
                }
                if (Files.exists(link, LinkOption.NOFOLLOW_LINKS)) continue;   // a member of that name is there already
                Files.createSymbolicLink(link, link.getFileSystem().getPath(l[1]));
                made.add(link);
            }
            // a chain of links can lead further than each one's own target says
            for (int i = 0; i < made.size(); i++) {
                Path link = made.get(i);
                if (Files.exists(link) && !link.toRealPath().startsWith(real)) {
                    String target = Files.readSymbolicLink(link).toString();
                    Files.delete(link);
                    leftOut(root.relativize(link).toString().replace('\\', '/'), target, "leading outside the archive through other links");
                }
            }
        }

        /** Where {@code member} lands under {@code root}; null for a name that is the root itself or macOS metadata. */
        Path place(String member) {
            String n = member.replace('\\', '/');
            if (n.indexOf('\0') >= 0) throw refused(member, "a member name holding a NUL byte");
            if (n.startsWith("/") || DRIVE.matcher(n).lookingAt()) throw refused(member, "an absolute member name");
            Path p = root;
            boolean first = true;
            for (String s : n.split("/")) {
                if (s.isEmpty() || s.equals(".")) continue;
                if (s.equals("..")) throw refused(member, "a member name leading out of the archive (..)");
                if (first && s.equals("__MACOSX")) return null;
                first = false;
                try {
                    p = p.resolve(s);
                } catch (InvalidPathException e) {
                    throw refused(member, "a member name this system cannot hold");
                }
            }
            return p == root ? null : p;
        }

        private void parent(Path f, String member) throws IOException {
            Files.createDirectories(f.getParent());
            inside(f.getParent(), member);
        }

        private void inside(Path p, String member) throws IOException {
            if (!p.toRealPath().startsWith(real)) throw refused(member, "a member that would land outside the archive's folder");
        }

        private String shown(String member) { return name + "!/" + member; }

        private void leftOut(String member, String target, String why) {
            notes.add(shown(member) + ": a symbolic link" + (target.isEmpty() ? "" : " (-> " + target + ")") + " " + why + ", left out");
        }

        private CaptureException refused(String member, String what) {
            return new CaptureException(shown(member), 0, what + "; refused: an archive is unpacked only inside a folder of its own");
        }
    }
}
