package org.fabriclab.history;

import java.nio.file.Path;
import java.util.Map;

import org.fabriclab.catalogue.Source;

/**
 * The history formats by file name: {@code .csv} and {@code .csv.gz} built in, {@code .parquet}
 * from the engines module ({@link EngineLoader}).
 *
 * <pre>{@code
 * History h = HistoryFormats.read(Path.of("history.parquet"), Map.of(), Progress.NONE);
 * HistoryFormats.write(h, Path.of("copy.parquet"));
 * }</pre>
 */
public final class HistoryFormats {
    private static final HistoryFormat CSV = new HistoryFormat() {
        @Override public HistoryFile.Format format() { return HistoryFile.Format.CSV; }

        @Override public History read(Path file, Map<String, Source> sources, Progress progress) {
            return HistoryCsv.read(file, sources, progress);
        }
    };

    private HistoryFormats() {}

    /** The implementation of {@code format}. */
    public static HistoryFormat of(HistoryFile.Format format) {
        if (format == HistoryFile.Format.CSV || format == HistoryFile.Format.CSV_GZ) return CSV;
        for (HistoryFormat f : EngineLoader.services(HistoryFormat.class)) if (f.format() == format) return f;
        throw new IllegalStateException("reading " + format + " histories needs the fabriclab engines module; looked in "
                + EngineLoader.whereLooked());
    }

    /** Reads {@code file} in the format its name says. */
    public static History read(Path file, Map<String, Source> sources, Progress progress) {
        return of(HistoryFile.format(file)).read(file, sources, progress);
    }

    /** Writes {@code h} in the format {@code file}'s name says (Parquet; the CSV is written by the generator). */
    public static void write(History h, Path file) { of(HistoryFile.format(file)).write(h, file); }
}
