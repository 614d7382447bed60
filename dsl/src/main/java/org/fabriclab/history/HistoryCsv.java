package org.fabriclab.history;

import java.io.BufferedReader;
import java.io.FilterInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.InputStreamReader;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.zip.GZIPInputStream;

import org.fabriclab.capture.CaptureException;
import org.fabriclab.capture.Telemetry;
import org.fabriclab.catalogue.Source;
import org.fabriclab.delta.Rules;

import tech.tablesaw.api.ColumnType;
import tech.tablesaw.api.LongColumn;
import tech.tablesaw.api.StringColumn;
import tech.tablesaw.api.Table;
import tech.tablesaw.io.csv.CsvReadOptions;

/**
 * The history file: a CSV (gzip when the name ends in {@code .gz}) with header
 * {@code timestamp,port,<counter>...}: epoch ms, the port identity, one column of cumulative raw
 * values per canonical counter (empty cell = no sample), rows ordered by port then time. Read with
 * Tablesaw with every column typed explicitly (a 64-bit counter is never type-guessed); progress
 * is reported in compressed bytes consumed.
 *
 * <pre>{@code
 * History h = HistoryCsv.read(Path.of("history.csv.gz"), Map.of(), Progress.NONE);
 * }</pre>
 */
public final class HistoryCsv {
    private HistoryCsv() {}

    public static History read(Path file, Map<String, Source> sources, Progress progress) {
        String name = file.toString();
        List<String> header = header(file);
        if (header.size() < 3 || !header.get(0).equals(Telemetry.TIMESTAMP) || !header.get(1).equals(Telemetry.PORT)) {
            throw new CaptureException(name, 1, "expected a header 'timestamp,port,<counter>...', found '" + String.join(",", header) + "'");
        }
        long size;
        try { size = Files.size(file); } catch (IOException e) { throw new UncheckedIOException(e); }
        Table t;
        try (InputStream raw = new Counting(Files.newInputStream(file), size, "reading " + file.getFileName(), progress);
             InputStream in = name.endsWith(".gz") ? new GZIPInputStream(raw, 1 << 16) : raw) {
            CsvReadOptions opts = CsvReadOptions.builder(in)
                    .tableName(file.getFileName().toString())
                    .header(true)
                    .maxCharsPerColumn(1024)
                    .columnTypes(col -> col.equals(Telemetry.PORT) ? ColumnType.STRING
                            : Telemetry.MEASUREMENTS.contains(col) ? ColumnType.DOUBLE : ColumnType.LONG)
                    .build();
            t = Table.read().usingOptions(opts);
        } catch (IOException e) {
            throw new CaptureException(name, 0, "cannot read history: " + e.getMessage());
        } catch (RuntimeException e) {
            throw new CaptureException(name, 0, "expected integer counter values and epoch-ms timestamps: " + e.getMessage());
        }
        progress.update("reading " + file.getFileName(), size, size);
        return fromTable(t, name, sources);
    }

    static History fromTable(Table t, String name, Map<String, Source> sources) {
        int n = t.rowCount();
        LongColumn ts = t.longColumn(Telemetry.TIMESTAMP);
        StringColumn pc = t.stringColumn(Telemetry.PORT);
        long[] time = new long[n];
        int[] port = new int[n];
        List<String> ports = new ArrayList<>();
        Map<String, Integer> index = new LinkedHashMap<>();
        for (int r = 0; r < n; r++) {
            if (ts.isMissing(r)) throw new CaptureException(name, r + 2, "expected an epoch-ms timestamp, found an empty cell");
            time[r] = ts.getLong(r);
            String p = pc.get(r);
            if (p.isEmpty()) throw new CaptureException(name, r + 2, "expected a port identity, found an empty cell");
            Integer i = index.get(p);
            if (i == null) {
                i = ports.size();
                index.put(p, i);
                ports.add(p);
            } else if (r > 0 && port[r - 1] != i) {
                throw new CaptureException(name, r + 2, "rows must be ordered by port then time: port '" + p
                        + "' reappears after port '" + ports.get(port[r - 1]) + "'");
            }
            port[r] = i;
            if (r > 0 && port[r - 1] == i && time[r] <= time[r - 1]) {
                throw new CaptureException(name, r + 2, "timestamps of port '" + p + "' must increase: " + time[r - 1] + " then " + time[r]);
            }
        }
        Map<String, long[]> counters = new LinkedHashMap<>();
        for (var c : t.columns()) {
            if (!(c instanceof LongColumn lc) || c.name().equals(Telemetry.TIMESTAMP)) continue;
            long[] v = lc.asLongArray();
            for (int r = 0; r < n; r++) {
                if (v[r] == Long.MIN_VALUE) v[r] = Rules.ABSENT;
                else if (v[r] < 0) throw new CaptureException(name, r + 2, "counter '" + c.name() + "' must not be negative, found " + v[r]);
            }
            counters.put(c.name(), v);
        }
        return History.of(name, ports, time, port, counters, sources, 0);
    }

    private static List<String> header(Path file) {
        try (InputStream raw = Files.newInputStream(file);
             InputStream in = file.toString().endsWith(".gz") ? new GZIPInputStream(raw) : raw;
             BufferedReader r = new BufferedReader(new InputStreamReader(in, StandardCharsets.UTF_8))) {
            String line = r.readLine();
            if (line == null) throw new CaptureException(file.toString(), 1, "expected a header line, found an empty file");
            return List.of(line.trim().split(",", -1));
        } catch (IOException e) {
            throw new CaptureException(file.toString(), 0, "cannot read history: " + e.getMessage());
        }
    }

    /** Counts bytes as they are consumed and reports every 1 MB. */
    private static final class Counting extends FilterInputStream {
        private final long total;
        private final String stage;
        private final Progress progress;
        private long done, reported;

        Counting(InputStream in, long total, String stage, Progress progress) {
            super(in);
            this.total = total;
            this.stage = stage;
            this.progress = progress;
        }

        @Override public int read() throws IOException {
            int b = super.read();
            if (b >= 0) advance(1);
            return b;
        }

        @Override public int read(byte[] buf, int off, int len) throws IOException {
            int k = super.read(buf, off, len);
            if (k > 0) advance(k);
            return k;
        }

        private void advance(long k) {
            done += k;
            if (done - reported >= (1 << 20)) {
                reported = done;
                progress.update(stage, done, total);
            }
        }
    }
}
