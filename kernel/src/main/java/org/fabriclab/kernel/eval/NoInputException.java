package org.fabriclab.kernel.eval;

import java.io.IOException;
import java.io.UncheckedIOException;

/**
 * A cell asked for input ({@code System.in}, {@link Input#readLine}) where nobody can answer: a
 * Jupyter front end that sent {@code allow_stdin: false} (nbconvert, papermill, a notebook's
 * "run all" in some front ends), {@code fabriclab run}, or a thread whose cell has ended. Unchecked
 * (and not swallowed by {@code Scanner}, which treats an {@code IOException} as end of input), so
 * the cell fails with this message rather than waiting for ever.
 */
public final class NoInputException extends UncheckedIOException {
    private static final long serialVersionUID = 1L;

    public NoInputException(String message) { super(message, new IOException(message)); }
}
