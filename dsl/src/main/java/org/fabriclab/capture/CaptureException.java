package org.fabriclab.capture;

/**
 * Bad input: names the file, the line (0 when the whole file is at fault) and what was expected.
 * Unchecked so that a fluent chain in a notebook cell reads naturally; the kernel turns it into an
 * error output and keeps serving.
 */
public class CaptureException extends RuntimeException {
    private static final long serialVersionUID = 1L;
    private final String file;
    private final int line;

    public CaptureException(String file, int line, String message) {
        super(file + (line > 0 ? ":" + line : "") + ": " + message);
        this.file = file;
        this.line = line;
    }

    public CaptureException(String file, int line, String message, Throwable cause) {
        this(file, line, message);
        initCause(cause);
    }

    /** The file at fault, as the user named it. */
    public String file() { return file; }

    /** The 1-based line at fault, or 0 when the whole file is at fault. */
    public int line() { return line; }
}
