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

import org.apache.commons.compress.archivers.tar.TarArchiveEntry;
import org.apache.commons.compress.archivers.tar.TarArchiveInputStream;
import org.apache.commons.compress.compressors.bzip2.BZip2CompressorInputStream;
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
 * applied (every file unpacked is readable). Tar and bzip2 are Commons Compress's, xz is XZ for Java's, gzip and zip
 * the JDK's: this class is the only one that touches those libraries, so they load only when an archive is unpacked (or
 * a single xz or bzip2 file is read: {@link Compression}).
 */
final class ArchiveExtractor {
    private static final Pattern DRIVE = Pattern.compile("[A-Za-z]:");

    private ArchiveExtractor() {}

    /** {@code raw}'s xz content (several concatenated xz streams too, as {@code xzcat} reads them). */
    static InputStream xz(InputStream raw) throws IOException { return new XZInputStream(raw); }

    /** {@code raw}'s bzip2 content (several concatenated streams too: {@code pbzip2}'s, {@code bzcat a.bz2 b.bz2}'s). */
    static InputStream bzip2(InputStream raw) throws IOException { return new BZip2CompressorInputStream(raw, true); }

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
            else tar(decompressed(kind, archive), sink);
            sink.makeLinks();
            return sink.notes;
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
            case ZIP -> "zip";
        };
    }

    private static InputStream decompressed(Archive.Kind kind, Path archive) throws IOException {
        InputStream raw = new BufferedInputStream(Files.newInputStream(archive), 1 << 16);
        try {
            if (kind == Archive.Kind.ZIP) throw new IllegalStateException("zip is not a tar stream");
            return kind.codec == null ? raw : Compression.open(kind.codec, raw);
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
