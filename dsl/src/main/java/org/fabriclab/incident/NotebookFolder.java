package org.fabriclab.incident;

import java.nio.file.Files;
import java.nio.file.Path;

/**
 * Where a relative folder given to {@code incident(...)} is taken from, whoever runs the cell. Jupyter
 * and {@code jupyter nbconvert --execute} start the kernel in the notebook's folder, so there the
 * working directory is that folder; {@code ./fabriclab run} and {@code ./fabriclab demo} run cells in
 * their own process and set the system property {@value #PROPERTY} to the notebook's folder instead.
 * A relative path that does not exist there but does relative to the working directory (a
 * {@code -p captures=datasets/x} typed at the repository root) is taken from the working directory.
 * The result is relative to the working directory when it lies below it or beside it (below its
 * parent), so reports hold no absolute paths. The demo module's {@code NotebookPaths} follows the
 * same rule for the demo notebooks.
 *
 * <pre>{@code
 * Path dir = NotebookFolder.resolve("../datasets/roce-pause-storm");
 * }</pre>
 */
public final class NotebookFolder {
    /** The system property naming the folder of the notebook being run (set by {@code fabriclab run}). */
    public static final String PROPERTY = "fabriclab.notebook.dir";

    private NotebookFolder() {}

    /** The notebook's folder: {@value #PROPERTY} when set, else the working directory. */
    public static Path notebookDir() {
        String p = System.getProperty(PROPERTY);
        return (p == null || p.isBlank() ? Path.of("") : Path.of(p)).toAbsolutePath().normalize();
    }

    /** {@code path} resolved as described above (absolute paths are returned as they are). */
    public static Path resolve(String path) {
        Path given = Path.of(path);
        if (given.isAbsolute()) return given.normalize();
        Path cwd = Path.of("").toAbsolutePath().normalize();
        Path abs = notebookDir().resolve(given).normalize();
        if (!Files.exists(abs) && Files.exists(cwd.resolve(given))) abs = cwd.resolve(given).normalize();
        if (abs.equals(cwd)) return Path.of(".");
        Path near = cwd.getParent() == null ? cwd : cwd.getParent();
        return abs.startsWith(near) ? cwd.relativize(abs) : abs;
    }
}
