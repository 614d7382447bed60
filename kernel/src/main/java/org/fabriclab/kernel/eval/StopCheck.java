package org.fabriclab.kernel.eval;

/**
 * The check {@link CellRewriter} puts at the end of every loop body in cell code: when the kernel
 * has asked the cell's thread to stop ({@link CellExecutionControl#stop()}), the next pass through a
 * loop throws {@link CellStopped}. One volatile read per loop pass otherwise.
 *
 * <pre>{@code
 * while (true) { n++; }   // in a cell: ends with "Interrupted: the cell was stopped at Cell[4] line 2"
 * }</pre>
 *
 * Public because rewritten cell classes call {@link #poll()}; nothing else should.
 */
public final class StopCheck {
    private static volatile Thread stopping;

    private StopCheck() {}

    /** Throws {@link CellStopped} in the thread the kernel asked to stop, once. */
    public static void poll() {
        Thread s = stopping;
        if (s != null && s == Thread.currentThread()) {
            stopping = null;
            throw new CellStopped();
        }
    }

    /** Asks {@code t} to stop at its next loop pass in cell code. */
    static void request(Thread t) { stopping = t; }

    /** Withdraws a request for {@code t} (its cell ended). */
    static void withdraw(Thread t) {
        if (stopping == t) stopping = null;
    }
}
