package org.fabriclab.capture;

import java.io.IOException;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Set;
import java.util.TreeSet;
import java.util.stream.Stream;
import java.util.zip.GZIPOutputStream;
import java.util.zip.ZipEntry;
import java.util.zip.ZipOutputStream;

import org.apache.commons.compress.archivers.tar.TarArchiveEntry;
import org.apache.commons.compress.archivers.tar.TarArchiveOutputStream;
import org.apache.commons.compress.compressors.bzip2.BZip2CompressorOutputStream;
import org.apache.commons.compress.archivers.sevenz.SevenZArchiveEntry;
import org.apache.commons.compress.archivers.sevenz.SevenZOutputFile;
import org.tukaani.xz.LZMA2Options;
import org.tukaani.xz.LZMAOutputStream;
import org.tukaani.xz.XZOutputStream;

/**
 * Archives built in tests as {@code tar -C PARENT -caf OUT FOLDER} and {@code zip -r} make them: the folder's own name
 * first in every member name, symbolic links kept as links (tar); or members written one by one, as a hostile or broken
 * archive holds them. Also the temporary folders archives are unpacked into, to tell none was left behind.
 */
public final class ArchiveFixture {
    private ArchiveFixture() {}

    /** How a tar stream is compressed: by the name's suffix (tar, tar.gz, tgz, tar.xz, tar.bz2, tar.zst, tzst, tar.lzma, tlz). */
    private static OutputStream compressed(Path out) throws IOException {
        OutputStream raw = Files.newOutputStream(out);
        String n = out.getFileName().toString();
        if (n.endsWith(".tar.gz") || n.endsWith(".tgz")) return new GZIPOutputStream(raw);
        if (n.endsWith(".tar.xz")) return new XZOutputStream(raw, new LZMA2Options());
        if (n.endsWith(".tar.bz2")) return new BZip2CompressorOutputStream(raw);
        if (n.endsWith(".tar.zst") || n.endsWith(".tzst")) return new io.airlift.compress.zstd.ZstdOutputStream(raw);
        // LZMA-alone, size unknown (an end marker), as lzma and xz --format=lzma write it streamed
        if (n.endsWith(".tar.lzma") || n.endsWith(".tlz")) return new LZMAOutputStream(raw, new LZMA2Options(), -1);
        if (n.endsWith(".tar")) return raw;
        raw.close();
        throw new IllegalArgumentException("no tar suffix: " + n);
    }

    /** {@code folder} as a tar archive at {@code out}, compressed as its name says, its members under the folder's name. */
    public static Path tar(Path folder, Path out) throws IOException {
        return tar(folder, out, folder.getFileName().toString() + "/");
    }

    /** {@code folder}'s content as a tar archive, each member's name {@code prefix} + its path in the folder ("" or "./": flat). */
    public static Path tar(Path folder, Path out, String prefix) throws IOException {
        try (TarArchiveOutputStream t = new TarArchiveOutputStream(compressed(out))) {
            t.setLongFileMode(TarArchiveOutputStream.LONGFILE_POSIX);
            for (Path p : walk(folder)) {
                String rel = folder.relativize(p).toString();
                String name = prefix + rel;
                if (Files.isSymbolicLink(p)) {
                    TarArchiveEntry e = new TarArchiveEntry(name, TarArchiveEntry.LF_SYMLINK);
                    e.setLinkName(Files.readSymbolicLink(p).toString());
                    t.putArchiveEntry(e);
                    t.closeArchiveEntry();
                } else if (Files.isDirectory(p)) {
                    if (name.isEmpty()) continue;
                    t.putArchiveEntry(new TarArchiveEntry(name.endsWith("/") ? name : name + "/"));
                    t.closeArchiveEntry();
                } else {
                    byte[] b = Files.readAllBytes(p);
                    TarArchiveEntry e = new TarArchiveEntry(name);
                    e.setSize(b.length);
                    t.putArchiveEntry(e);
                    t.write(b);
                    t.closeArchiveEntry();
                }
            }
        }
        return out;
    }

    /** {@code folder} as a zip archive at {@code out} (links followed, as zip -r does), its members under the folder's name. */
    public static Path zip(Path folder, Path out) throws IOException {
        try (ZipOutputStream z = new ZipOutputStream(Files.newOutputStream(out))) {
            for (Path p : walk(folder)) {
                String name = folder.getFileName() + "/" + folder.relativize(p);
                if (Files.isDirectory(p)) {
                    z.putNextEntry(new ZipEntry(name.endsWith("/") ? name : name + "/"));
                } else {
                    z.putNextEntry(new ZipEntry(name));
                    z.write(Files.readAllBytes(p));
                }
                z.closeEntry();
            }
        }
        return out;
    }

    /**
     * {@code folder} as a 7z archive at {@code out} (LZMA2, solid, as {@code 7z a OUT FOLDER} makes it), its members under the
     * folder's name; a symbolic link stored as p7zip stores one ({@link #sevenZOf}).
     */
    public static Path sevenZ(Path folder, Path out) throws IOException {
        try (SevenZOutputFile z = new SevenZOutputFile(out.toFile())) {
            for (Path p : walk(folder)) {
                String name = folder.getFileName() + (p.equals(folder) ? "" : "/" + folder.relativize(p));
                if (Files.isSymbolicLink(p)) {
                    sevenZLink(z, name, Files.readSymbolicLink(p).toString());
                    continue;
                }
                SevenZArchiveEntry e = new SevenZArchiveEntry();
                e.setName(name);
                e.setDirectory(Files.isDirectory(p));
                e.setHasStream(!Files.isDirectory(p));
                z.putArchiveEntry(e);
                if (!Files.isDirectory(p)) z.write(Files.readAllBytes(p));
                z.closeArchiveEntry();
            }
        }
        return out;
    }

    /**
     * A 7z archive holding exactly {@code members}, names as given; a link as p7zip stores one: the attributes' Unix
     * extension bit ({@code 0x8000}) with mode {@code S_IFLNK|0777} in the high 16 bits, the target as the content.
     */
    public static Path sevenZOf(Path out, Member... members) throws IOException {
        try (SevenZOutputFile z = new SevenZOutputFile(out.toFile())) {
            for (Member m : members) {
                if (m.link() != null) {
                    sevenZLink(z, m.name(), m.link());
                    continue;
                }
                SevenZArchiveEntry e = new SevenZArchiveEntry();
                e.setName(m.name());
                e.setHasStream(true);
                z.putArchiveEntry(e);
                z.write(m.text().getBytes(StandardCharsets.UTF_8));
                z.closeArchiveEntry();
            }
        }
        return out;
    }

    private static void sevenZLink(SevenZOutputFile z, String name, String target) throws IOException {
        SevenZArchiveEntry e = new SevenZArchiveEntry();
        e.setName(name);
        e.setHasStream(true);
        e.setHasWindowsAttributes(true);
        e.setWindowsAttributes(0x8000 | 0120777 << 16);
        z.putArchiveEntry(e);
        z.write(target.getBytes(StandardCharsets.UTF_8));
        z.closeArchiveEntry();
    }

    /** A member of a hand-made archive: a file with its text, or a symbolic link to {@code link}. */
    public record Member(String name, String text, String link) {
        public static Member file(String name, String text) { return new Member(name, text, null); }
        public static Member symlink(String name, String target) { return new Member(name, null, target); }
    }

    /** A tar archive holding exactly {@code members}, in order, names as given (../, absolute, ...). */
    public static Path tarOf(Path out, Member... members) throws IOException {
        try (TarArchiveOutputStream t = new TarArchiveOutputStream(compressed(out))) {
            t.setLongFileMode(TarArchiveOutputStream.LONGFILE_POSIX);
            for (Member m : members) {
                if (m.link() != null) {
                    TarArchiveEntry e = new TarArchiveEntry(m.name(), TarArchiveEntry.LF_SYMLINK, true);
                    e.setLinkName(m.link());
                    t.putArchiveEntry(e);
                } else {
                    byte[] b = m.text().getBytes(StandardCharsets.UTF_8);
                    TarArchiveEntry e = new TarArchiveEntry(m.name(), true);
                    e.setSize(b.length);
                    t.putArchiveEntry(e);
                    t.write(b);
                }
                t.closeArchiveEntry();
            }
        }
        return out;
    }

    /** A zip archive holding exactly {@code members} (files only), names as given. */
    public static Path zipOf(Path out, Member... members) throws IOException {
        try (ZipOutputStream z = new ZipOutputStream(Files.newOutputStream(out))) {
            for (Member m : members) {
                z.putNextEntry(new ZipEntry(m.name()));
                z.write(m.text().getBytes(StandardCharsets.UTF_8));
                z.closeEntry();
            }
        }
        return out;
    }

    /** The folders archives are unpacked into that exist now ({@link Unpacked}: {@code java.io.tmpdir/fabriclab-unpacked-*}). */
    public static Set<Path> unpackedFolders() throws IOException {
        try (Stream<Path> s = Files.list(Path.of(System.getProperty("java.io.tmpdir")))) {
            // this JVM's only: another process (a second test run, a notebook) may be unpacking at the same time
            String mine = "fabriclab-unpacked-" + ProcessHandle.current().pid() + "-";
            return new TreeSet<>(s.filter(p -> p.getFileName().toString().startsWith(mine)).toList());
        }
    }

    private static List<Path> walk(Path folder) throws IOException {
        try (Stream<Path> s = Files.walk(folder)) {
            return s.sorted().toList();   // links are entries, not followed
        }
    }
}
