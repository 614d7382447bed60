package org.fabriclab.kernel.cli;

import java.io.File;

/**
 * Initialises Tablesaw's {@code Table} class cheaply. Its static initialiser scans the class path
 * with ClassGraph for readers and writers in {@code tech.tablesaw.io}; ClassGraph takes the class
 * path from {@code java.class.path}, so with the whole of the CLI's (32 jars, 50 MB: fastutil alone
 * holds 11,000 entries) that scan was the largest single cost of a short command. Every reader and
 * writer it looks for lives in the tablesaw-core jar, so the scan is pointed at that jar alone for
 * the moment the class initialises, and the property is restored at once.
 *
 * <p>A short command runs with {@code java.class.path} narrowed to that jar ({@link #narrow}, restored
 * when the command returns), so whenever {@code Table} is first used, the scan is cheap; commands
 * that will print tables also start the class initialisation at once on a background thread
 * ({@link #initInBackground}), beside the command line parsing and the catalogue load (a thread that
 * needs {@code Table} meanwhile waits for it, as the JVM guarantees); {@code show}, which streams its
 * rows and prints measurement tables from the readers' columns ({@code capture.Measurement}), does
 * not, and pays nothing unless {@code --wide} asks for the joined table. Commands that start
 * JShell (which reads the class path) initialise it synchronously first ({@link #init}) and keep the
 * property whole.
 *
 * <pre>{@code
 * Runnable restore = TablesawStart.narrow();
 * try { ... } finally { restore.run(); }
 * }</pre>
 */
final class TablesawStart {
    private static boolean done;

    private TablesawStart() {}

    /** Points {@code java.class.path} at the tablesaw-core jar; the returned action restores it. */
    static synchronized Runnable narrow() {
        String cp = System.getProperty("java.class.path", "");
        String core = core(cp);
        if (core == null) return () -> { };   // not the launcher's class path (tests, an IDE): leave it
        System.setProperty("java.class.path", core);
        return () -> System.setProperty("java.class.path", cp);
    }

    /** Initialises {@code Table} on a daemon thread (call after {@link #narrow}). */
    static void initInBackground() {
        Thread t = new Thread(() -> {
            try {
                Class.forName("tech.tablesaw.api.Table", true, TablesawStart.class.getClassLoader());
            } catch (ClassNotFoundException | LinkageError e) {
                // Tablesaw is not on this class path: nothing to initialise
            }
        }, "fabriclab-tablesaw-init");
        t.setDaemon(true);
        t.start();
    }

    /** Initialises {@code Table} now, with the narrow scan, and restores the property at once. */
    static synchronized void init() {
        if (done) return;
        done = true;
        Runnable restore = narrow();
        try {
            Class.forName("tech.tablesaw.api.Table", true, TablesawStart.class.getClassLoader());
        } catch (ClassNotFoundException | LinkageError e) {
            // Tablesaw is not on this class path: nothing to initialise
        } finally {
            restore.run();
        }
    }

    private static String core(String cp) {
        String core = null;
        for (String e : cp.split(File.pathSeparator)) {
            String name = new File(e).getName();
            if (name.startsWith("tablesaw-core") && name.endsWith(".jar")) core = e;
        }
        return core;
    }
}
