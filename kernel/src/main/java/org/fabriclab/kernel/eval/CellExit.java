package org.fabriclab.kernel.eval;

/**
 * Thrown in place of ending the JVM when a cell calls {@code System.exit}. An {@link Error} so that
 * a cell's {@code catch (Exception e)} does not swallow it, as the real call would not return either.
 */
public final class CellExit extends Error {
    private static final long serialVersionUID = 1L;
    private final int status;

    public CellExit(int status) {
        super("System.exit(" + status + ") called in a cell; the kernel keeps running with its state intact");
        this.status = status;
    }

    public int status() { return status; }
}
