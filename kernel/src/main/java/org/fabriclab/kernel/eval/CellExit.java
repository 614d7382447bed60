package org.fabriclab.kernel.eval;

/**
 * Thrown in place of ending the JVM when cell code calls {@code System.exit}, {@code Runtime.exit}
 * or {@code Runtime.halt} (directly, through reflection or a method handle, in any thread). An
 * {@link Error} so that a cell's {@code catch (Exception e)} does not swallow it, as the real call
 * would not return either.
 *
 * <pre>{@code
 * new CellExit("System.exit(3)", 3).getMessage();
 * // "System.exit(3) called in a cell: the kernel keeps running with its state intact"
 * }</pre>
 */
public final class CellExit extends Error {
    private static final long serialVersionUID = 1L;
    private final int status;

    /** {@code what}: the call the cell tried, e.g. {@code "Runtime.halt(1) through reflection"}. */
    public CellExit(String what, int status) {
        super(what + " called in a cell: the kernel keeps running with its state intact");
        this.status = status;
    }

    public int status() { return status; }
}
