package org.fabriclab.work;

/**
 * How many threads the DSL's and the CLI's parallel reads and writes use: the system property
 * {@code fabriclab.threads} when set (1 runs them on the calling thread), else one per core, at
 * most 4 (a short operation gains little from more, and a shared machine loses). One rule for the
 * perfquery reader's chunks, {@code show}'s parallel reads and its text writer.
 *
 * <pre>{@code
 * int n = Threads.configured();   // -Dfabriclab.threads=1 -> 1
 * }</pre>
 */
public final class Threads {
    /** The most threads used when {@code fabriclab.threads} is not set. */
    public static final int DEFAULT_MAX = 4;

    private Threads() {}

    /** {@code fabriclab.threads}, else {@code min(DEFAULT_MAX, cores)}; at least 1. */
    public static int configured() {
        return Math.max(1, Integer.getInteger("fabriclab.threads", Math.min(DEFAULT_MAX, Runtime.getRuntime().availableProcessors())));
    }
}
