package org.fabriclab.kernel.cli;

import java.util.Set;

import org.fabriclab.capture.Readers;
import org.fabriclab.catalogue.Catalogue;

/**
 * Loads the counter catalogue and the reader registry on a daemon thread while the main thread
 * builds the command line, for the commands that read captures ({@link #READERS}). The two are the
 * largest fixed costs of a short command after the JVM itself (parsing and expanding the catalogue's
 * files, finding the readers through {@code ServiceLoader}); building picocli's command model by
 * reflection is the other, and the two run side by side on a machine with two cores or more. Both
 * are lazily initialised singletons whose first caller loads them under a lock, so the command
 * thread that needs one meanwhile waits for it rather than loading it twice; if loading fails, the
 * command's own call fails the same way and reports it as before (the background thread says
 * nothing).
 *
 * <pre>{@code
 * Preload.start("show");   // a thread loading Catalogue.standard() then Readers.standard()
 * }</pre>
 */
final class Preload {
    /** Commands that read captures, so need the catalogue and the readers (the verdict profiles load the catalogue too). */
    static final Set<String> READERS = Set.of("show", "classify", "check", "reconcile", "plot", "collect");

    private Preload() {}

    /**
     * Starts the load for {@code command} when it reads captures; returns the thread, or null when
     * the command needs neither.
     */
    static Thread start(String command) {
        if (command == null || !READERS.contains(command)) return null;
        Thread t = new Thread(() -> {
            try {
                Catalogue.standard();
                Readers.standard();
            } catch (RuntimeException | LinkageError e) {
                // the command's own call repeats the load and reports the failure
            }
        }, "fabriclab-preload");
        t.setDaemon(true);
        t.start();
        return t;
    }
}
