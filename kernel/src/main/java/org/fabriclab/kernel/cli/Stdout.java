package org.fabriclab.kernel.cli;

import java.io.FileDescriptor;
import java.io.FileOutputStream;
import java.io.IOException;
import java.io.OutputStream;
import java.io.UncheckedIOException;
import java.util.Locale;

/**
 * The process's stdout, as every command writes it ({@link Main#main} makes one; the commands'
 * {@code PrintWriter} and the byte streams of {@code show} and {@code classify --jsonl} write
 * through it). When the reader has gone ({@code fabriclab show X | head}: a write fails with
 * EPIPE), the write throws {@link Closed}, which ends the command quietly with
 * {@link Main#CLOSED_PIPE} (141): what the shell reports for {@code cat}, {@code grep} or
 * {@code seq} in the same place (killed by SIGPIPE, 128 + 13, no message). The JVM ignores SIGPIPE,
 * so without this the error surfaced as a message, or a {@code PrintWriter} swallowed it and the
 * command went on formatting output nobody reads. Other write errors (a full disk) stay
 * {@link IOException}s with their message.
 *
 * <pre>{@code
 * OutputStream out = Stdout.open();
 * try { ... } catch (RuntimeException e) { if (Stdout.closed(e)) return Main.CLOSED_PIPE; throw e; }
 * }</pre>
 */
final class Stdout extends OutputStream {
    private final OutputStream fd;

    Stdout(OutputStream fd) { this.fd = fd; }

    /** File descriptor 1, unbuffered (callers buffer as they need). */
    static Stdout open() { return new Stdout(new FileOutputStream(FileDescriptor.out)); }

    /** A write to stdout after its reader closed the pipe. Unchecked, so {@code PrintWriter}/{@code PrintStream} let it through. */
    static final class Closed extends UncheckedIOException {
        Closed(IOException cause) { super("stdout closed by its reader", cause); }
    }

    @Override public void write(int b) throws IOException {
        try {
            fd.write(b);
        } catch (IOException e) {
            throw checked(e);
        }
    }

    @Override public void write(byte[] b, int off, int len) throws IOException {
        try {
            fd.write(b, off, len);
        } catch (IOException e) {
            throw checked(e);
        }
    }

    @Override public void flush() throws IOException {
        try {
            fd.flush();
        } catch (IOException e) {
            throw checked(e);
        }
    }

    /** {@code e} itself, unless it is EPIPE (the C library's "Broken pipe"), which is thrown as {@link Closed}. */
    private static IOException checked(IOException e) {
        String m = e.getMessage();
        if (m != null && m.toLowerCase(Locale.ROOT).contains("broken pipe")) throw new Closed(e);
        return e;
    }

    /** Whether {@code t} or one of its causes is {@link Closed}: the command's output has no reader any more. */
    static boolean closed(Throwable t) {
        for (int depth = 0; t != null && depth < 32; t = t.getCause(), depth++) {
            if (t instanceof Closed) return true;
        }
        return false;
    }
}
