package org.fabriclab.io;

import java.io.IOException;
import java.io.OutputStream;
import java.io.UncheckedIOException;
import java.nio.file.AtomicMoveNotSupportedException;
import java.nio.file.DirectoryNotEmptyException;
import java.nio.file.DirectoryStream;
import java.nio.file.FileAlreadyExistsException;
import java.nio.file.FileVisitResult;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.SimpleFileVisitor;
import java.nio.file.StandardCopyOption;
import java.nio.file.StandardOpenOption;
import java.nio.file.attribute.BasicFileAttributes;
import java.nio.file.attribute.FileTime;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ThreadLocalRandom;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Output files and folders written atomically: the content goes into a temporary beside the target
 * ({@code .NAME.PID-XXXX.tmp} for a file, {@code NAME.tmp-PID-XXXX} for a folder), then one rename
 * puts it in place, so a reader never sees half a file and a failed or killed writer never leaves a
 * half-written target. Temporaries are removed when the write fails, when the JVM exits on a signal
 * (SIGINT, SIGTERM: a shutdown hook, which first gives writers up to 2 s to remove their own),
 * and, for a writer that was killed outright (SIGKILL), by the next write of the same target: a
 * temporary whose writer process is no longer alive is stale.
 * <p>Files are created with the process's default mode ({@code 0666} less the umask: {@code 0644}
 * under the usual umask 022), never the owner-only mode of {@code Files.createTempFile}; folders
 * likewise ({@code 0755}).
 *
 * <pre>{@code
 * AtomicFiles.write(Path.of("out/ber.png"), os -> BitmapEncoder.saveBitmap(chart, os, PNG));
 * AtomicFiles.directory(Path.of("incident-42"), false, tmp -> { Files.writeString(tmp.resolve("a.txt"), "x"); return null; });
 * }</pre>
 */
public final class AtomicFiles {
    /** A writer of one output stream. */
    @FunctionalInterface
    public interface Body {
        void write(OutputStream out) throws IOException;
    }

    /** Writes a temporary file by its path (a tool that takes a path, such as DuckDB's COPY). */
    @FunctionalInterface
    public interface FileBody {
        void write(Path tmp) throws IOException;
    }

    /** Fills a temporary folder and returns a result. */
    @FunctionalInterface
    public interface DirectoryBody<T> {
        T fill(Path tmp) throws IOException;
    }

    /** Temporaries without a writer pid (written before this scheme) count as stale after this long. */
    static final long LEGACY_STALE_MS = 3_600_000;

    private static final Set<Path> IN_FLIGHT = ConcurrentHashMap.newKeySet();
    private static volatile boolean hooked;

    private AtomicFiles() {}

    /** Writes {@code bytes} to {@code target} atomically. */
    public static void write(Path target, byte[] bytes) throws IOException {
        write(target, out -> out.write(bytes));
    }

    /**
     * Writes {@code target} atomically from {@code body}; stale temporaries of {@code target} are removed
     * first. On an exception nothing of the new content remains and an existing target is untouched.
     *
     * @throws IOException when the folder cannot be written or {@code body} fails
     */
    public static void write(Path target, Body body) throws IOException {
        writeFile(target, tmp -> {
            try (OutputStream out = Files.newOutputStream(tmp, StandardOpenOption.WRITE, StandardOpenOption.TRUNCATE_EXISTING)) {
                body.write(out);
            }
        });
    }

    /**
     * The same for a writer that takes a path: {@code body} writes (or replaces) the temporary file it
     * is given, which then takes the place of {@code target}; stale temporaries removed first, the
     * temporary removed on failure.
     *
     * @throws IOException when the folder cannot be written or {@code body} fails
     */
    public static void writeFile(Path target, FileBody body) throws IOException {
        Path abs = target.toAbsolutePath();
        Path dir = abs.getParent();
        Files.createDirectories(dir);
        removeStale(abs);
        Path tmp = newTemp(dir, "." + abs.getFileName() + "." + pid() + "-", ".tmp", false);
        try {
            body.write(tmp);
            move(tmp, abs, true);
        } finally {
            Files.deleteIfExists(tmp);
            IN_FLIGHT.remove(tmp);
        }
    }

    /**
     * Builds the folder {@code target} atomically: {@code body} fills a fresh temporary folder beside it,
     * which is then renamed to {@code target}. An existing non-empty {@code target} is refused unless
     * {@code replace} (then it is swapped out and deleted after the rename); an empty one is replaced.
     *
     * @throws FileAlreadyExistsException when {@code target} exists, is not empty and {@code replace} is false
     * @throws IOException when the folder cannot be written or {@code body} fails (the temporary is removed)
     */
    public static <T> T directory(Path target, boolean replace, DirectoryBody<T> body) throws IOException {
        Path abs = target.toAbsolutePath().normalize();
        Path parent = abs.getParent();
        Files.createDirectories(parent);
        removeStale(abs);
        if (!replace && isNonEmptyDirectoryOrFile(abs)) {
            throw new FileAlreadyExistsException(target.toString(), null, "exists and is not empty");
        }
        Path tmp = newTemp(parent, abs.getFileName() + ".tmp-" + pid() + "-", "", true);
        try {
            T result = body.fill(tmp);
            if (Files.exists(abs)) {
                if (Files.isDirectory(abs) && !isNonEmptyDirectoryOrFile(abs)) {
                    Files.delete(abs);
                } else if (replace) {
                    Path old = newTemp(parent, abs.getFileName() + ".old-" + pid() + "-", "", true);
                    Files.delete(old);
                    move(abs, old, false);
                    move(tmp, abs, false);
                    deleteTree(old);
                    IN_FLIGHT.remove(old);
                    return result;
                } else {
                    throw new FileAlreadyExistsException(target.toString(), null, "appeared while it was being written");
                }
            }
            move(tmp, abs, false);
            return result;
        } finally {
            deleteTree(tmp);
            IN_FLIGHT.remove(tmp);
        }
    }

    /**
     * Removes the temporaries of {@code target} left by writers that are no longer running (and,
     * for temporaries without a writer pid, older than an hour). Returns what was removed.
     */
    public static List<Path> removeStale(Path target) {
        Path abs = target.toAbsolutePath().normalize();
        Path dir = abs.getParent();
        List<Path> removed = new ArrayList<>();
        if (dir == null || !Files.isDirectory(dir)) return removed;
        String name = abs.getFileName().toString();
        Pattern file = Pattern.compile("\\." + Pattern.quote(name) + "(?:\\.(\\d+)-[0-9a-z]+|\\d+)\\.tmp");
        Pattern folder = Pattern.compile(Pattern.quote(name) + "\\.(?:tmp|old)-(?:(\\d+)-[0-9a-z]+|\\d+)");
        try (DirectoryStream<Path> s = Files.newDirectoryStream(dir)) {
            for (Path p : s) {
                String n = p.getFileName().toString();
                Matcher m = file.matcher(n);
                if (!m.matches()) m = folder.matcher(n);
                if (!m.matches() || IN_FLIGHT.contains(p)) continue;
                if (!stale(p, m.group(1))) continue;
                try {
                    deleteTree(p);
                    removed.add(p);
                } catch (IOException ignored) {
                    // not ours to remove (permissions) or removed meanwhile: leave it
                }
            }
        } catch (IOException e) {
            return removed;
        }
        return removed;
    }

    private static boolean stale(Path p, String pid) {
        if (pid == null) {
            try {
                FileTime t = Files.getLastModifiedTime(p);
                return System.currentTimeMillis() - t.toMillis() > LEGACY_STALE_MS;
            } catch (IOException e) {
                return false;
            }
        }
        long writer;
        try { writer = Long.parseLong(pid); } catch (NumberFormatException e) { return false; }
        if (writer == pid()) return true; // this process is not writing it (not in flight): an earlier process with our pid
        return ProcessHandle.of(writer).map(h -> !h.isAlive()).orElse(true);
    }

    private static boolean isNonEmptyDirectoryOrFile(Path p) throws IOException {
        if (!Files.exists(p)) return false;
        if (!Files.isDirectory(p)) return true;
        try (DirectoryStream<Path> s = Files.newDirectoryStream(p)) {
            return s.iterator().hasNext();
        }
    }

    private static Path newTemp(Path dir, String prefix, String suffix, boolean directory) throws IOException {
        hook();
        for (int i = 0; ; i++) {
            Path p = dir.resolve(prefix + Long.toString(ThreadLocalRandom.current().nextLong() & Long.MAX_VALUE, 36) + suffix);
            IN_FLIGHT.add(p);
            try {
                if (directory) Files.createDirectory(p); else Files.createFile(p);
                return p;
            } catch (FileAlreadyExistsException e) {
                IN_FLIGHT.remove(p);
                if (i > 100) throw e;
            } catch (IOException | RuntimeException e) {
                IN_FLIGHT.remove(p);
                throw e;
            }
        }
    }

    private static void move(Path from, Path to, boolean replace) throws IOException {
        try {
            if (replace) Files.move(from, to, StandardCopyOption.ATOMIC_MOVE, StandardCopyOption.REPLACE_EXISTING);
            else Files.move(from, to, StandardCopyOption.ATOMIC_MOVE);
        } catch (AtomicMoveNotSupportedException e) {
            if (replace) Files.move(from, to, StandardCopyOption.REPLACE_EXISTING); else Files.move(from, to);
        } catch (DirectoryNotEmptyException e) {
            throw new FileAlreadyExistsException(to.toString(), null, "exists and is not empty");
        }
    }

    /** Deletes a file or a folder tree (symbolic links are removed, never followed); absent is fine. */
    public static void deleteTree(Path root) throws IOException {
        if (!Files.exists(root, java.nio.file.LinkOption.NOFOLLOW_LINKS)) return;
        if (!Files.isDirectory(root, java.nio.file.LinkOption.NOFOLLOW_LINKS)) {
            Files.deleteIfExists(root);
            return;
        }
        Files.walkFileTree(root, new SimpleFileVisitor<>() {
            @Override public FileVisitResult visitFile(Path file, BasicFileAttributes attrs) throws IOException {
                Files.deleteIfExists(file);
                return FileVisitResult.CONTINUE;
            }

            // an entry that cannot be visited (a folder without read permission) is still removed when it can be
            @Override public FileVisitResult visitFileFailed(Path file, IOException exc) throws IOException {
                Files.deleteIfExists(file);
                return FileVisitResult.CONTINUE;
            }

            @Override public FileVisitResult postVisitDirectory(Path dir, IOException exc) throws IOException {
                Files.deleteIfExists(dir);
                return FileVisitResult.CONTINUE;
            }
        });
    }

    private static long pid() { return ProcessHandle.current().pid(); }

    private static void hook() {
        if (hooked) return;
        synchronized (AtomicFiles.class) {
            if (hooked) return;
            try {
                Runtime.getRuntime().addShutdownHook(new Thread(AtomicFiles::removeInFlight, "fabriclab-temp-cleanup"));
            } catch (IllegalStateException alreadyExiting) {
                // the JVM is shutting down: nothing new will be written
            }
            hooked = true;
        }
    }

    /** How long the exit waits for writers to give up their temporaries themselves. */
    static final long EXIT_GRACE_MS = 2_000;

    private static void removeInFlight() {
        // a writer that notices the exit (collect's wait for its test command, which the exit stops)
        // removes its own temporary and stops writing; removing it under a writer still filling it
        // could leave the folders it creates next behind
        long end = System.nanoTime() + EXIT_GRACE_MS * 1_000_000;
        while (!IN_FLIGHT.isEmpty() && System.nanoTime() < end) {
            try {
                Thread.sleep(10);
            } catch (InterruptedException e) {
                break;
            }
        }
        for (Path p : List.copyOf(IN_FLIGHT)) {
            try {
                deleteTree(p);
            } catch (IOException | UncheckedIOException ignored) {
                // best effort at exit; the next run removes what is left
            }
        }
    }
}
