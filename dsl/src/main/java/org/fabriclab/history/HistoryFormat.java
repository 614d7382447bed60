package org.fabriclab.history;

import java.nio.file.Path;
import java.util.Map;

import org.fabriclab.catalogue.Source;

/**
 * One history file format: reads a file into primitive columns and, where the format can be
 * written, writes a history. The CSV format is built in ({@link HistoryCsv}); others come from the
 * engines module through {@link java.util.ServiceLoader} (Parquet through DuckDB), so their
 * dependencies stay out of the DSL jar. Further formats plug in the same way.
 *
 * <pre>{@code
 * HistoryFormats.of(HistoryFile.Format.PARQUET).write(history, Path.of("history.parquet"));
 * }</pre>
 */
public interface HistoryFormat {
    /** The format this implementation reads. */
    HistoryFile.Format format();

    /**
     * @throws org.fabriclab.capture.CaptureException naming the file (and line where the format has lines) on bad input
     */
    History read(Path file, Map<String, Source> sources, Progress progress);

    /**
     * Reads what sweeping {@code rule} needs: the timestamps, the ports and at least the counters the
     * rule reads on this file ({@link RateRule#resolve}); a columnar format reads only those columns,
     * the default the whole file. A rule the file cannot satisfy gets the whole file (the sweep then
     * names what is missing).
     *
     * @throws org.fabriclab.capture.CaptureException as {@link #read(Path, Map, Progress)}
     */
    default History read(Path file, Map<String, Source> sources, Progress progress, RateRule rule) {
        return read(file, sources, progress);
    }

    /** Writes {@code history} to {@code file} atomically (a temporary file moved into place). */
    default void write(History history, Path file) {
        throw new UnsupportedOperationException("the " + format() + " history format is read-only");
    }
}
