package org.fabriclab.kernel.eval;

/**
 * What a cell's {@code System.exit(n)} becomes: {@link ExitRewriter} points every
 * {@code java/lang/System.exit(I)V} reference of a cell's classes here, so the call throws
 * {@link CellExit} instead of ending the kernel.
 *
 * <pre>{@code
 * System.exit(3);   // in a cell: error output "org.fabriclab.kernel.eval.CellExit: System.exit(3) ..."
 * }</pre>
 */
public final class ExitGuard {
    private ExitGuard() {}

    /** Replaces {@link System#exit(int)} in cell code. */
    public static void exit(int status) {
        throw new CellExit(status);
    }
}
