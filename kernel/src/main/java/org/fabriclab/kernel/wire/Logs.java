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
 * Sends java.util.logging to the process's original stderr (the Jupyter server's log), never to
 * cell output: called before {@code System.err} is routed to the notebook. Level from
 * {@code FABRICLAB_LOG} (default INFO).
 */
public final class Logs {
    private Logs() {}

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
        Level level;
        try {
            level = Level.parse(System.getenv().getOrDefault("FABRICLAB_LOG", "INFO"));
        } catch (IllegalArgumentException e) {
            level = Level.INFO;
        }
        h.setLevel(level);
        root.setLevel(level);
        root.addHandler(h);
    }
}
