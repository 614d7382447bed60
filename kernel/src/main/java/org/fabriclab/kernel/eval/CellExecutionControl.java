package org.fabriclab.kernel.eval;

import java.lang.reflect.InvocationTargetException;
import java.lang.reflect.Method;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicLong;
import java.util.function.BiConsumer;
import java.util.logging.Level;
import java.util.logging.Logger;

import jdk.jshell.execution.LocalExecutionControl;

/**
 * JShell local execution that keeps each snippet's value as the live object and runs every snippet
 * on a fresh thread the kernel can interrupt.
 *
 * <p>{@link #invoke(Method)} returns a key instead of the value's string; {@link #take(String)}
 * hands the object over. Only the snippet thread itself is joined: threads a cell starts keep
 * running in the background, in the thread group {@code fabriclab-cells}; one that dies of a
 * {@link CellExit} (it tried to end the JVM) is reported to {@link #onBackgroundExit}.
 *
 * <p>{@link #stop()} asks the snippet thread to stop at its next loop pass in cell code
 * ({@link StopCheck}, put there by {@link CellRewriter}) and interrupts it (DSL loops check
 * {@link Thread#interrupted()}, blocking calls throw). When the thread is still running after
 * {@link #STOP_GRACE_MS} (inside library code that ignores interrupts), Java 17-19 get
 * {@link Thread#stop()}; on Java 20 and newer {@code Thread.stop} throws
 * {@link UnsupportedOperationException} and the kernel says so in its log.
 */
final class CellExecutionControl extends LocalExecutionControl {
    static final long STOP_GRACE_MS = 200;
    private static final Logger LOG = Logger.getLogger(CellExecutionControl.class.getName());
    static final String KEY_PREFIX = "\u0000fabriclab-value-";

    private final CellLoader loader;
    private final Map<String, Object> values = new ConcurrentHashMap<>();
    private final AtomicLong ids = new AtomicLong();
    private final AtomicLong redefines = new AtomicLong();
    /** Nanoseconds spent running snippets (not compiling them), summed over the session: {@code %time}'s compile split. */
    private final AtomicLong runNanos = new AtomicLong();
    private volatile BiConsumer<Thread, CellExit> backgroundExit = (t, e) -> {
        System.err.println("Exception in thread \"" + t.getName() + "\" " + e);
    };
    private final ThreadGroup group = new ThreadGroup("fabriclab-cells") {
        @Override public void uncaughtException(Thread t, Throwable e) {
            if (e instanceof CellExit exit) backgroundExit.accept(t, exit);
            else super.uncaughtException(t, e);
        }
    };
    private volatile Thread running;
    /** A cell is being evaluated (compiling or running); an interrupt while compiling is kept for the run. */
    private volatile boolean inCell;
    private volatile boolean pendingStop;
    /** The current cell was asked to stop (so its failure is reported as an interrupt). */
    private volatile boolean stopRequested;

    CellExecutionControl(CellLoader loader) {
        super(loader);
        this.loader = loader;
    }

    CellLoader loader() { return loader; }

    /**
     * Where a {@link CellExit} thrown in a thread a cell started goes (called on that thread, so
     * {@link CellOwner#current()} names the cell). By default it is printed to {@code System.err}.
     */
    void onBackgroundExit(BiConsumer<Thread, CellExit> listener) { backgroundExit = listener; }

    /**
     * JShell asks for a redefinition when it compiled a snippet into a class name that is already
     * loaded; local execution cannot redefine classes, so JShell then compiles the snippet again
     * under the next name. Each attempt is a wasted javac run, counted for {@link #redefineAttempts()}.
     */
    @Override public void redefine(ClassBytecodes[] cbcs) throws ClassInstallException, NotImplementedException, EngineTerminationException {
        redefines.incrementAndGet();
        super.redefine(cbcs);
    }

    /** Nanoseconds spent running cell code so far (snippet threads, start to join). */
    long runNanos() { return runNanos.get(); }

    /** How often JShell asked to redefine a loaded class (each one an extra compilation). */
    long redefineAttempts() { return redefines.get(); }

    /** Session calls these around each cell, so an interrupt during compilation is not lost. */
    void cellStarted() {
        pendingStop = false;
        stopRequested = false;
        inCell = true;
    }

    void cellEnded() {
        inCell = false;
        pendingStop = false;
    }

    /** Whether the cell now ending (or last ended) was asked to stop. */
    boolean stopRequested() { return stopRequested; }

    @Override protected String invoke(Method doit) throws Exception {
        if (pendingStop) {
            pendingStop = false;
            throw new InvocationTargetException(new CellStopped());
        }
        Object[] res = new Object[1];
        Throwable[] thrown = new Throwable[1];
        Thread t = new Thread(group, () -> {
            try {
                res[0] = doit.invoke(null);
            } catch (InvocationTargetException e) {
                thrown[0] = e.getCause();
            } catch (Throwable e) {
                thrown[0] = e;
            }
        }, "cell");
        t.setContextClassLoader(loader.classLoader());
        running = t;
        long started = System.nanoTime();
        t.start();
        boolean interrupted = false;
        while (true) {
            try {
                t.join();
                break;
            } catch (InterruptedException e) {
                interrupted = true;
            }
        }
        running = null;
        runNanos.addAndGet(System.nanoTime() - started);
        StopCheck.withdraw(t);
        if (interrupted) Thread.currentThread().interrupt();
        if (thrown[0] != null) throw new InvocationTargetException(thrown[0]);
        String key = KEY_PREFIX + ids.incrementAndGet();
        values.put(key, res[0] == null ? NULL : res[0]);
        return key;
    }

    private static final Object NULL = new Object();

    /** The live value behind a key {@link #invoke} returned; {@code null} for a null value. */
    Object take(String key) {
        Object v = key == null ? null : values.remove(key);
        return v == NULL ? null : v;
    }

    boolean isKey(String s) { return s != null && s.startsWith(KEY_PREFIX); }

    /** True while a snippet runs. */
    boolean busy() { return running != null; }

    @Override public void stop() {
        Thread t = running;
        if (t == null) {
            if (inCell) {
                pendingStop = true;
                stopRequested = true;
            }
            return;
        }
        stopRequested = true;
        StopCheck.request(t);
        t.interrupt();
        Thread killer = new Thread(() -> {
            try {
                t.join(STOP_GRACE_MS);
            } catch (InterruptedException e) {
                return;
            }
            if (t.isAlive()) hardStop(t);
        }, "fabriclab-stop");
        killer.setDaemon(true);
        killer.start();
    }

    @SuppressWarnings({"deprecation", "removal"})
    private static void hardStop(Thread t) {
        try {
            t.stop();
            LOG.info("cell ignored interruption inside library code; stopped it with Thread.stop");
        } catch (UnsupportedOperationException e) {
            LOG.log(Level.WARNING, "cell ignores interruption inside library code and this JVM has no Thread.stop: "
                    + "it keeps running until that code checks Thread.interrupted() or blocks");
        }
    }
}
