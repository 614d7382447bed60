package org.fabriclab.capture;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.util.List;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.stream.Stream;

/**
 * An {@link Archive} unpacked into a fresh temporary folder (under {@code java.io.tmpdir}, readable by this user only),
 * to be read as the folder it was, then deleted by {@link #close()}: captures are read into memory, so nothing needs the
 * files once the snapshot is read. The archive itself is only read. Files inside are named {@code ARCHIVE!/MEMBER} in
 * messages ({@link #nameOf}), never by the temporary path. A folder still there when the JVM exits (a read interrupted)
 * is deleted then.
 *
 * <pre>{@code
 * try (Unpacked u = Unpacked.of(Path.of("before.tar.gz"))) {
 *     Snapshot s = Snapshot.of(u.folder(), u.name());    // before.tar.gz!/before/perfquery.txt:12 in messages
 * }
 * }</pre>
 */
public final class Unpacked implements AutoCloseable {
    private static final Set<Path> LIVE = ConcurrentHashMap.newKeySet();
    private static volatile boolean hooked;

    private final String name;
    private final Path root;
    private final Path folder;
    private final List<String> notes;

    private Unpacked(String name, Path root, Path folder, List<String> notes) {
        this.name = name;
        this.root = root;
        this.folder = folder;
        this.notes = List.copyOf(notes);
    }

    /** Unpacks {@code archive}, named as its path. @throws CaptureException naming it (see {@link #of(Path, String)}) */
    public static Unpacked of(Path archive) { return of(archive, archive.toString()); }

    /**
     * Unpacks {@code archive}, named {@code name} in messages (an archive inside another as {@code OUTER!/INNER}); on any
     * failure the temporary folder is deleted before the exception leaves.
     *
     * @throws CaptureException naming the archive when it is no archive this unpacks, is corrupt or truncated, exceeds
     *         {@link Archive#maxBytes()} or {@link Archive#maxEntries()}; naming {@code ARCHIVE!/MEMBER} for a member that
     *         would land outside the folder
     */
    public static Unpacked of(Path archive, String name) {
        Archive.Kind kind = Archive.kind(archive);
        if (kind == null) {
            throw new CaptureException(name, 0, "not an archive this unpacks; expected tar, tar.gz (tgz), tar.xz, tar.bz2, tar.zst (tzst), "
                    + "tar.lzma (tlz), zip or 7z");
        }
        Path root;
        try {
            sweepStale();
            root = Files.createTempDirectory(PREFIX + ProcessHandle.current().pid() + "-");
        } catch (IOException | UnsupportedOperationException e) {
            throw new CaptureException(name, 0, "cannot make a temporary folder to unpack into: " + e, e);
        }
        live(root);
        try {
            List<String> notes = ArchiveExtractor.extract(kind, archive, name, root);
            return new Unpacked(name, root, top(root), notes);
        } catch (RuntimeException | Error e) {
            delete(root);
            throw e;
        }
    }

    /**
     * The folder the archive holds: its one top folder when it holds nothing else ({@code before.tar.gz} of
     * {@code before/}, a sosreport's {@code sosreport-HOST-.../}), followed down while that is so; else the folder it was
     * unpacked into.
     */
    public Path folder() { return folder; }

    /**
     * The name of {@link #folder()} in messages: {@code ARCHIVE!/TOP}, or {@code ARCHIVE!} when the archive holds its
     * files without a folder of their own; either way {@code NAME/FILE} names a file in it as {@link #nameOf} does.
     */
    public String name() { return nameOf(folder); }

    /** The name of {@code path}, a file or folder inside: {@code ARCHIVE!/MEMBER} ({@code ARCHIVE!} for the folder unpacked into). */
    public String nameOf(Path path) {
        String rel = root.relativize(path).toString().replace('\\', '/');
        return rel.isEmpty() ? name + "!" : name + "!/" + rel;
    }

    /** What was left out of the folder, one line each (a symbolic link leading outside the archive), for a warning. */
    public List<String> notes() { return notes; }

    /** The temporary folder the archive was unpacked into (gone after {@link #close()}). */
    public Path root() { return root; }

    /** Deletes the temporary folder and everything in it (links are deleted, never followed). */
    @Override public void close() { delete(root); }

    private static Path top(Path root) {
        Path f = root;
        while (true) {
            List<Path> kids;
            try (Stream<Path> s = Files.list(f)) {
                kids = s.filter(p -> !p.getFileName().toString().startsWith(".")).limit(2).toList();
            } catch (IOException e) {
                return f;
            }
            if (kids.size() != 1 || !Files.isDirectory(kids.get(0), LinkOption.NOFOLLOW_LINKS)) return f;
            f = kids.get(0);
        }
    }

    /** Temporary folders are {@code fabriclab-unpacked-PID-RANDOM}: the JVM that made one is named, so the next one can tell a stale one. */
    static final String PREFIX = "fabriclab-unpacked-";
    private static volatile boolean swept;

    /**
     * Once per JVM, before the first unpack: deletes the folders left by JVMs that were killed before their clean-up ran
     * (their PID no longer runs). A folder of a live JVM, or one not named by this rule, is left alone.
     */
    private static void sweepStale() {
        if (swept) return;
        swept = true;
        sweepStaleNow();
    }

    /** {@link #sweepStale()}'s sweep, now. */
    static void sweepStaleNow() {
        Path tmp = Path.of(System.getProperty("java.io.tmpdir"));
        try (Stream<Path> s = Files.list(tmp)) {
            for (Path p : s.toList()) {
                String n = p.getFileName().toString();
                if (!n.startsWith(PREFIX)) continue;
                int dash = n.indexOf('-', PREFIX.length());
                if (dash < 0) continue;
                long pid;
                try {
                    pid = Long.parseLong(n.substring(PREFIX.length(), dash));
                } catch (NumberFormatException e) {
                    continue;
                }
                if (pid != ProcessHandle.current().pid() && ProcessHandle.of(pid).map(ProcessHandle::isAlive).orElse(false) == false) deleteTree(p);
            }
        } catch (IOException | RuntimeException e) {
            // best effort: a folder that cannot be listed or removed is left as it is
        }
    }

    private static void live(Path root) {
        LIVE.add(root);
        if (!hooked) {
            synchronized (Unpacked.class) {
                if (!hooked) {
                    Runtime.getRuntime().addShutdownHook(new Thread(() -> LIVE.forEach(Unpacked::deleteTree), "fabriclab-unpacked-cleanup"));
                    hooked = true;
                }
            }
        }
    }

    private static void delete(Path root) {
        deleteTree(root);
        if (!Files.exists(root, LinkOption.NOFOLLOW_LINKS)) LIVE.remove(root);
    }

    private static void deleteTree(Path root) {
        try {
            org.fabriclab.io.AtomicFiles.deleteTree(root);
        } catch (IOException e) {
            // best effort: what could not be deleted now is tried again at exit
        }
    }
}
