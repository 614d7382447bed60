package org.fabriclab.kernel.wire;

/** A received message that is not a valid, correctly signed Jupyter message; it is logged and dropped. */
public final class BadMessageException extends Exception {
    private static final long serialVersionUID = 1L;

    public BadMessageException(String message) { super(message); }
}
