package org.fabriclab.kernel.eval;

/**
 * Thrown by {@link StopCheck#poll()} in a cell the kernel was asked to interrupt. An {@link Error}
 * so that a cell's {@code catch (Exception e)} does not swallow the stop; the session reports it as
 * {@code Interrupted: the cell was stopped at Cell[n] line m}.
 */
public final class CellStopped extends Error {
    private static final long serialVersionUID = 1L;

    public CellStopped() { super("the cell was stopped"); }
}
