package org.fabriclab.kernel.display;

import java.util.List;
import java.util.Set;
import java.util.UUID;

/**
 * What a cell calls to show something before it ends (statically imported by the session):
 *
 * <pre>{@code
 * String id = display("starting...");          // a display_data output, returns its display id
 * for (int i = 1; i <= 10; i++) updateDisplay(id, i * 10 + "%");   // update_display_data, same output
 * display(chart, "image/svg+xml");             // ask for MIME types beyond the defaults
 * clearOutput(true);                           // clear_output, applied when the next output arrives
 * display.rows(100).digits(4);                 // display limits for the rest of the session
 * }</pre>
 *
 * The kernel, the REPL and the notebook runner install the {@link Sink}; without one (plain Java)
 * the text form is printed.
 */
public final class Display {
    /** Receives display requests; implemented by the kernel, the REPL and the notebook runner. */
    public interface Sink {
        void show(Object value, String displayId, boolean update, Set<String> extraMimes);

        /** Clears the current cell's output ({@code wait}: when the next output arrives). */
        default void clear(boolean wait) {}
    }

    private static volatile Sink sink;

    /**
     * The display limits of this session, for cells: {@code display.rows(100).width(40).digits(4)}
     * ({@link DisplayLimits}; the {@code %display} magic sets the same).
     */
    public static final DisplayLimits display = DisplayLimits.INSTANCE;

    private Display() {}

    /** Installs the receiver of display calls (one per process: the running session's front end). */
    public static void install(Sink s) { sink = s; }

    /** Shows a value now, as a new output; returns the display id for {@link #updateDisplay}. */
    public static String display(Object value) {
        return display(value, new String[0]);
    }

    /** Shows a value now, also in the given MIME types (for example {@code image/svg+xml}). */
    public static String display(Object value, String... mimes) {
        String id = UUID.randomUUID().toString();
        send(value, id, false, mimes);
        return id;
    }

    /** Replaces what an earlier {@link #display} showed. */
    public static void updateDisplay(String displayId, Object value) {
        send(value, displayId, true, new String[0]);
    }

    /** Clears this cell's output so far; with {@code wait}, only once new output arrives (no flicker). */
    public static void clearOutput(boolean wait) {
        Sink s = sink;
        if (s != null) s.clear(wait);
    }

    private static void send(Object value, String id, boolean update, String[] mimes) {
        Sink s = sink;
        if (s == null) {
            System.out.println(Renderers.plain(value));
            return;
        }
        s.show(value, id, update, Set.copyOf(List.of(mimes)));
    }
}
