package org.fabriclab.kernel.eval;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;

/**
 * What a cell calls to ask the person at the front end for a line (statically imported by every
 * session), and what {@code System.in} reads: in Jupyter an {@code input_request} on the stdin
 * channel (a password request hides what is typed), in the REPL the terminal, in
 * {@code fabriclab run} nothing.
 *
 * <pre>{@code
 * String name = readLine("fabric name: ");        // null at end of input (Ctrl-D in a console)
 * String secret = readPassword("UFM password: ");
 * new java.util.Scanner(System.in).nextInt();      // System.in asks the same way, one line at a time
 * }</pre>
 *
 * When the front end cannot answer (a Jupyter request with {@code allow_stdin} false, a notebook
 * run) these throw {@link NoInputException} ("this frontend does not support input") instead of
 * waiting forever; an interrupted wait throws {@link UncheckedIOException} over
 * {@link java.io.InterruptedIOException}.
 */
public final class Input {
    /** Where lines come from; installed by the kernel, the REPL and the notebook runner. */
    @FunctionalInterface
    public interface Source {
        /**
         * One line typed after {@code prompt} (without its line end), {@code null} at end of input.
         *
         * @throws NoInputException when this front end cannot ask for input now
         * @throws IOException when asking failed or was interrupted ({@link java.io.InterruptedIOException})
         */
        String line(String prompt, boolean password) throws IOException;
    }

    private static volatile Source source;

    private Input() {}

    /** Installs the source of lines (one per process: the running session's front end); {@code null}: none. */
    public static void install(Source s) { source = s; }

    /** A line typed after {@code prompt}; {@code null} at end of input. */
    public static String readLine(String prompt) { return ask(prompt, false); }

    /** A line, without a prompt. */
    public static String readLine() { return ask("", false); }

    /** A line the front end does not show while it is typed (a password field in Jupyter, no echo in the REPL). */
    public static String readPassword(String prompt) { return ask(prompt, true); }

    /**
     * An {@code InputStream} over {@link #readLine()}: each line read is followed by {@code \n};
     * end of input is -1. Front ends make it {@code System.in}.
     */
    public static InputStream stream() { return new LineInput(); }

    static String ask(String prompt, boolean password) {
        Source s = source;
        if (s == null) throw new NoInputException("this frontend does not support input");
        try {
            return s.line(prompt == null ? "" : prompt, password);
        } catch (IOException e) {
            throw new UncheckedIOException(e.getMessage(), e);
        }
    }
}
