package org.fabriclab.history;

import java.io.PrintStream;
import java.util.Locale;

/**
 * A callback for long loads and sweeps: {@code stage} names the step ("reading history.csv.gz",
 * "sweep"), {@code done} of {@code total} units (bytes, rows, ports) are finished. Called on the
 * thread that started the work, never concurrently.
 *
 * <pre>{@code
 * History h = History.load(Path.of("datasets/history/history.csv.gz"), Progress.terminal(System.err));
 * }</pre>
 */
@FunctionalInterface
public interface Progress {
    void update(String stage, long done, long total);

    /** Reports nothing. */
    Progress NONE = (stage, done, total) -> { };

    /** A one-line percentage on a terminal, rewritten in place ({@code \r}); a newline when a stage completes. */
    static Progress terminal(PrintStream out) {
        return new Progress() {
            private String lastStage;
            private int lastPercent = -1;

            @Override public void update(String stage, long done, long total) {
                int pct = total <= 0 ? 100 : (int) Math.min(100, done * 100 / total);
                if (stage.equals(lastStage) && pct == lastPercent) return;
                lastStage = stage;
                lastPercent = pct;
                out.print(String.format(Locale.ROOT, "\r%s: %3d%%", stage, pct));
                if (pct >= 100) out.println();
                out.flush();
            }
        };
    }
}
