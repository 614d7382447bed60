package org.fabriclab.kernel.cli;

/**
 * Initialises libraries that print to stderr on first use (SLF4J's "no providers" notice) while
 * stderr is still the process's own, so the notice goes to the log and never into a cell's output.
 */
final class Quiet {
    private Quiet() {}

    static void initLibraries() {
        if (System.getProperty("slf4j.internal.verbosity") == null) System.setProperty("slf4j.internal.verbosity", "ERROR");
        try {
            Class.forName("org.slf4j.LoggerFactory").getMethod("getILoggerFactory").invoke(null);
        } catch (ReflectiveOperationException | LinkageError ignored) {
            // SLF4J absent: nothing to silence
        }
    }
}
