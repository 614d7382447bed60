package org.fabriclab.history;

import java.nio.file.Path;
import java.util.List;
import java.util.Locale;
import java.util.Map;

import org.fabriclab.catalogue.Source;
import org.fabriclab.series.Columns;

/**
 * A history on disk, not loaded: the file and the sources its counters were read from (as for
 * {@link History#load(Path, Map, Progress)}). Out-of-core engines sweep it where it lies; the
 * in-memory engine loads it first.
 *
 * <pre>{@code
 * HistoryFile f = HistoryFile.of(Path.of("history.parquet"));
 * SweepEngines.duckdb().sweep(f, RateRule.congestion(), Thresholds.log(100, 1e5, 50), labels, Progress.NONE);
 * }</pre>
 */
public record HistoryFile(Path path, Map<String, Source> sources) {
    /** The formats by how the file name ends. */
    public enum Format { CSV, CSV_GZ, PARQUET }

    public HistoryFile {
        sources = Map.copyOf(sources);
        format(path);
    }

    /** The file with the default sources ({@link Columns#DEFAULT_SOURCES}). */
    public static HistoryFile of(Path path) { return new HistoryFile(path, Map.of()); }

    public Format format() { return format(path); }

    /** The column of {@code counter} as the file's sources define it (width, overflow, scale). */
    public Columns column(String counter) {
        Source s = sources.get(counter);
        return Columns.of(counter, s == null ? Columns.DEFAULT_SOURCES : List.of(s));
    }

    /** Loads the whole file into primitive columns. */
    public History load(Progress progress) { return HistoryFormats.read(path, sources, progress); }

    static Format format(Path path) {
        String n = path.getFileName().toString().toLowerCase(Locale.ROOT);
        if (n.endsWith(".parquet")) return Format.PARQUET;
        if (n.endsWith(".csv.gz") || n.endsWith(".gz")) return Format.CSV_GZ;
        if (n.endsWith(".csv")) return Format.CSV;
        throw new IllegalArgumentException("'" + path + "': a history file ends in .csv, .csv.gz or .parquet");
    }
}
