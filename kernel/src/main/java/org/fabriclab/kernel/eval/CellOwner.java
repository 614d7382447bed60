package org.fabriclab.kernel.eval;

import java.util.concurrent.ForkJoinWorkerThread;

/**
 * Which cell a thread works for, so that what it prints or displays goes to that cell's output,
 * also after the cell has ended. {@link Session#eval(String, int, Object)} sets the owner (the
 * front end's handle for the cell, e.g. the kernel's request message) on the calling thread; the
 * cell's thread and every thread it starts inherit it. Fork/join pool threads serve whoever submits
 * work (a parallel stream of a later cell), so they count as owned by no one: the front end then
 * uses the cell running now.
 *
 * <pre>{@code
 * session.eval("new Thread(() -> System.out.println(\"later\")).start();", 3, request);
 * // in that thread, later: CellOwner.current() == request
 * }</pre>
 */
public final class CellOwner {
    private static final InheritableThreadLocal<Object> OWNER = new InheritableThreadLocal<>();

    private CellOwner() {}

    /** The cell the current thread works for; {@code null} when none is known. */
    public static Object current() {
        if (Thread.currentThread() instanceof ForkJoinWorkerThread) return null;
        return OWNER.get();
    }

    /** Sets the current thread's owner (threads created from now on inherit it); returns the previous one. */
    static Object set(Object owner) {
        Object before = OWNER.get();
        if (owner == null) OWNER.remove();
        else OWNER.set(owner);
        return before;
    }
}
