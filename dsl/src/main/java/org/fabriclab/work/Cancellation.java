package org.fabriclab.work;

/**
 * Watches the thread that started an operation: {@link #check()} throws once that thread has been
 * interrupted, whichever thread calls it (a ForkJoin worker sweeping ports for a notebook cell sees
 * the cell's interrupt). The interrupt flag is left set for the owner to see.
 *
 * <pre>{@code
 * Cancellation cancel = Cancellation.ofCurrentThread();
 * pool.submit(() -> { for (int p = lo; p < hi; p++) { cancel.check(); scan(p); } });
 * }</pre>
 */
public final class Cancellation {
    private final Thread owner;

    private Cancellation(Thread owner) { this.owner = owner; }

    /** Watches the calling thread. */
    public static Cancellation ofCurrentThread() { return new Cancellation(Thread.currentThread()); }

    /** Throws {@link OperationInterruptedException} when the owner thread has been interrupted. */
    public void check() {
        if (owner.isInterrupted()) throw new OperationInterruptedException("interrupted: " + owner.getName() + " was asked to stop");
    }
}
