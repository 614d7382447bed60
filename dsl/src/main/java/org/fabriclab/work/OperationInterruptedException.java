package org.fabriclab.work;

/** A long DSL operation stopped because the thread that started it was interrupted. */
public class OperationInterruptedException extends RuntimeException {
    private static final long serialVersionUID = 1L;

    public OperationInterruptedException(String message) { super(message); }
}
