package org.fabriclab.history;

import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;

import org.fabriclab.catalogue.Source;

/**
 * The history formats: CSV (plain or gzip) built in, Parquet from the engines module
 * ({@link EngineLoader}). Reading goes by the file's first bytes, writing by the name.
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

    /**
     * Reads {@code file} in the format its content says (Parquet magic {@code PAR1}, else CSV, gzip or
     * plain by its first bytes), or, for a file that cannot be opened, its name says.
     */
    public static History read(Path file, Map<String, Source> sources, Progress progress) {
        return of(formatOf(file)).read(file, sources, progress);
    }

    /** The same, reading what sweeping {@code rule} needs ({@link HistoryFormat#read(Path, Map, Progress, RateRule)}). */
    public static History read(Path file, Map<String, Source> sources, Progress progress, RateRule rule) {
        return of(formatOf(file)).read(file, sources, progress, rule);
    }

    /** Where a file that is not the project's own history is read instead: every history format fleets keep. */
    public static final String OTHER_FORMATS = "Fabric.history(path) reads the other history formats (a folder of UFM CSV exports, "
            + "a UFM fluentd stream, Prometheus scrapes or query JSON, a fabriclab collect series, Telegraf's points)";

    /** A folder is none of the project's history files: refused naming it and where a folder of history is read. */
    static void notAFolder(Path file) {
        if (Files.isDirectory(file)) {
            throw new org.fabriclab.capture.CaptureException(file.toString(), 0,
                    "a folder, not a history file (the project's CSV or Parquet); " + OTHER_FORMATS);
        }
    }

    /** The format by the file's first bytes; by its name when it cannot be read. */
    static HistoryFile.Format formatOf(Path file) {
        notAFolder(file);
        byte[] head = new byte[4];
        int n = 0;
        try (InputStream in = Files.newInputStream(file)) {
            for (int k; n < head.length && (k = in.read(head, n, head.length - n)) > 0; ) n += k;
        } catch (IOException | RuntimeException e) {
            return HistoryFile.format(file);
        }
        if (n == 4 && head[0] == 'P' && head[1] == 'A' && head[2] == 'R' && head[3] == '1') return HistoryFile.Format.PARQUET;
        if (n >= 2 && (head[0] & 0xff) == 0x1f && (head[1] & 0xff) == 0x8b) return HistoryFile.Format.CSV_GZ;
        String name = file.getFileName().toString().toLowerCase(java.util.Locale.ROOT);
        return name.endsWith(".parquet") ? HistoryFile.Format.PARQUET : HistoryFile.Format.CSV;
    }

    /** Writes {@code h} in the format {@code file}'s name says (Parquet; the CSV is written by the generator). */
    public static void write(History h, Path file) { of(HistoryFile.format(file)).write(h, file); }
}
