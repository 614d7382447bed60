package org.fabriclab.kernel.cli;

import java.io.BufferedReader;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.List;
import java.util.Set;

import org.fabriclab.capture.CaptureException;
import org.fabriclab.capture.Telemetry;

import tech.tablesaw.api.ColumnType;
import tech.tablesaw.api.Table;
import tech.tablesaw.io.csv.CsvReadOptions;

/**
 * A counter series as CSV in the {@link Telemetry} contract's own columns:
 * {@code timestamp,port,<counter>...} (epoch ms, the port identity, cumulative counter values), as the
 * bundled {@code datasets/*}{@code /pause-series.csv} holds. No capture reader claims it yet (issue 11
 * asks for it as a capture format); until one does, {@code plot pause} reads it here with Tablesaw's
 * CSV reader, counters typed as exact longs.
 *
 * <pre>{@code
 * Table t = CounterSeriesCsv.read(Path.of("datasets/roce-pause-storm/pause-series.csv"));
 * }</pre>
 */
final class CounterSeriesCsv {
    private static final Set<String> TEXT = Set.of(Telemetry.PORT, Telemetry.PEER, Telemetry.LINK_KIND);

    private CounterSeriesCsv() {}

    /** Whether the file's header starts {@code timestamp,port}. */
    static boolean looksLike(Path file) {
        if (!Files.isRegularFile(file)) return false;
        try (BufferedReader r = Files.newBufferedReader(file, StandardCharsets.UTF_8)) {
            String header = r.readLine();
            if (header == null) return false;
            List<String> cols = Arrays.stream(header.split(",", -1)).map(String::strip).toList();
            return cols.size() > 2 && cols.get(0).equals(Telemetry.TIMESTAMP) && cols.get(1).equals(Telemetry.PORT);
        } catch (IOException | java.io.UncheckedIOException e) {
            return false;
        }
    }

    /**
     * Reads the series; a cell that is not an integer (or a number, in a BER/temperature column) is a
     * {@link CaptureException} naming the file.
     */
    static Table read(Path file) {
        Table t;
        try {
            t = Table.read().csv(CsvReadOptions.builder(file.toFile()).header(true)
                    .columnTypes(name -> name.equals(Telemetry.TIMESTAMP) ? ColumnType.LONG
                            : TEXT.contains(name) ? ColumnType.STRING
                            : Telemetry.MEASUREMENTS.contains(name) ? ColumnType.DOUBLE : ColumnType.LONG)
                    .build());
        } catch (RuntimeException e) {
            throw new CaptureException(file.toString(), 0, "expected a counter series CSV (timestamp,port,<counter>... with "
                    + "integer counters): " + e.getMessage(), e);
        }
        t.setName(file.toString());
        Telemetry.validate(t, file.toString());
        return t;
    }
}
