package org.fabriclab.kernel.wire;

import java.io.PrintStream;
import java.util.logging.Formatter;
import java.util.logging.Handler;
import java.util.logging.Level;
import java.util.logging.LogManager;
import java.util.logging.LogRecord;
import java.util.logging.Logger;
import java.util.logging.StreamHandler;

/**
 * Where the kernel's own java.util.logging goes. The kernel: to the process's original stderr (the
 * Jupyter server's log), never to cell output ({@link #toOriginalStderr}, called before
 * {@code System.err} is routed to the notebook). The terminal REPL: nowhere, so no log line lands on
 * the user's screen ({@link #offTheTerminal}). Level from {@code FABRICLAB_LOG} (default INFO).
 *
 * <pre>{@code
 * Logs.offTheTerminal();   // REPL: the kernel's loggers print nothing; FABRICLAB_LOG=FINE brings them back
 * }</pre>
 */
public final class Logs {
    /** The kernel's logger roots ("org.fabriclab.kernel.eval.CellExecutionControl", "fabriclab.kernel"). */
    static final String[] KERNEL_LOGGERS = {"org.fabriclab", "fabriclab"};
    /** Held so their configuration is not collected (java.util.logging keeps loggers weakly). */
    private static final Logger[] HELD = new Logger[KERNEL_LOGGERS.length];

    private Logs() {}

    /**
     * Keeps the kernel's own log lines (an interrupt that needed Thread.stop, a class not rewritten)
     * off the terminal: they reach no handler unless {@code FABRICLAB_LOG} is set, then they go to
     * stderr. What a cell logs through its own loggers is left alone.
     */
    public static void offTheTerminal() {
        String env = System.getenv("FABRICLAB_LOG");
        for (int i = 0; i < KERNEL_LOGGERS.length; i++) {
            Logger l = Logger.getLogger(KERNEL_LOGGERS[i]);
            HELD[i] = l;
            l.setUseParentHandlers(env != null);
            if (env != null) l.setLevel(level(env));
        }
    }

    private static Level level(String v) {
        try {
            return Level.parse(v);
        } catch (IllegalArgumentException e) {
            return Level.INFO;
        }
    }

    public static void toOriginalStderr(PrintStream err) {
        LogManager.getLogManager().reset();
        Logger root = Logger.getLogger("");
        Handler h = new StreamHandler(err, new Formatter() {
            @Override public String format(LogRecord r) {
                String t = r.getThrown() == null ? "" : " (" + r.getThrown() + ")";
                return "[fabriclab " + r.getLevel() + " " + r.getLoggerName() + "] " + formatMessage(r) + t + System.lineSeparator();
            }
        }) {
            @Override public synchronized void publish(LogRecord record) {
                super.publish(record);
                flush();
            }
        };
        Level level = level(System.getenv().getOrDefault("FABRICLAB_LOG", "INFO"));
        h.setLevel(level);
        root.setLevel(level);
        root.addHandler(h);
    }
}
