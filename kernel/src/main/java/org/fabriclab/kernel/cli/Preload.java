package org.fabriclab.kernel.cli;

import java.util.Set;

import org.fabriclab.capture.Readers;
import org.fabriclab.catalogue.Catalogue;

/**
 * Loads the counter catalogue and the reader registry on two daemon threads while the main thread
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
 * Preload.start("show");   // a thread loading Catalogue.standard(), another Readers.standard()
 * }</pre>
 */
final class Preload {
    /** Commands that read captures, so need the catalogue and the readers (the verdict profiles load the catalogue too). */
    static final Set<String> READERS = Set.of("show", "classify", "check", "reconcile", "plot", "collect");

    private Preload() {}

    /** Loads the catalogue, or the readers (a class, not a lambda: no class spun at start-up). */
    private record Load(boolean catalogue) implements Runnable {
        @Override public void run() {
            try {
                if (catalogue) Catalogue.standard(); else Readers.standard();
            } catch (RuntimeException | LinkageError e) {
                // the command's own call repeats the load and reports the failure
            }
        }
    }

    private static Thread daemon(Runnable r, String name) {
        Thread t = new Thread(r, name);
        t.setDaemon(true);
        t.start();
        return t;
    }

    /**
     * Starts the load for {@code command} when it reads captures, on two threads (neither needs the
     * other, and on two cores the readers' {@code ServiceLoader} scan runs beside the catalogue's
     * parse); returns the threads, or an empty list when the command needs neither.
     */
    static java.util.List<Thread> start(String command) {
        if (command == null || !READERS.contains(command)) return java.util.List.of();
        return java.util.List.of(daemon(new Load(true), "fabriclab-preload-catalogue"), daemon(new Load(false), "fabriclab-preload-readers"));
    }
}
