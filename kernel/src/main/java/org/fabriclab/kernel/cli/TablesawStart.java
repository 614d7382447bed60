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
 * <p>A short command starts this on a background thread ({@link #initInBackground}), beside the
 * command line parsing and the catalogue load: a thread that needs {@code Table} meanwhile waits for
 * the class initialisation, as the JVM guarantees. Commands that start JShell (which reads the class
 * path) initialise it synchronously first ({@link #init}).
 *
 * <pre>{@code
 * TablesawStart.init();   // before the first Table is made; a no-op when it already was
 * }</pre>
 */
final class TablesawStart {
    private static boolean done;

    private TablesawStart() {}

    /** Starts {@link #init} on a daemon thread. */
    static void initInBackground() {
        Thread t = new Thread(TablesawStart::init, "fabriclab-tablesaw-init");
        t.setDaemon(true);
        t.start();
    }

    static synchronized void init() {
        if (done) return;
        done = true;
        String cp = System.getProperty("java.class.path", "");
        String core = null;
        for (String e : cp.split(File.pathSeparator)) {
            String name = new File(e).getName();
            if (name.startsWith("tablesaw-core") && name.endsWith(".jar")) core = e;
        }
        if (core == null) return; // not the launcher's class path (tests, an IDE): let it scan as usual
        try {
            System.setProperty("java.class.path", core);
            Class.forName("tech.tablesaw.api.Table", true, TablesawStart.class.getClassLoader());
        } catch (ClassNotFoundException | LinkageError e) {
            // Tablesaw is not on this class path: nothing to initialise
        } finally {
            System.setProperty("java.class.path", cp);
        }
    }
}
