package org.fabriclab.history.formats;

import java.nio.file.Path;

import org.fabriclab.history.History;
import org.fabriclab.history.Progress;

/**
 * One history format: tells how sure it is that a path is in its format, and reads it into a
 * {@link History} (the one series type, the same delta rules whatever the format). A path is a file
 * or a folder (a folder of UFM exports, of Prometheus scrapes, of {@code collect} snapshots).
 *
 * <pre>{@code
 * HistoryReader r = new PrometheusTextHistory();
 * if (r.sniff(Path.of("scrapes")) > 0) { History h = r.read(Path.of("scrapes"), Progress.NONE); }
 * }</pre>
 */
public interface HistoryReader {
    /** The format's name, as {@link HistoryReaders} lists it ({@code prometheus-text}, {@code ufm-csv-exports}, ...). */
    String format();

    /**
     * How sure this reader is that {@code path} is in its format: 0 = not this format, up to 100. Reads at
     * most the head of a file (or of each file of a folder); never throws on unreadable input (0).
     */
    int sniff(Path path);

    /**
     * Reads the whole history.
     *
     * @throws org.fabriclab.capture.CaptureException naming the file and line of bad input
     */
    History read(Path path, Progress progress);
}
