package org.fabriclab.history;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import org.fabriclab.capture.CaptureException;
import org.fabriclab.catalogue.Source;

/**
 * Primitive columns growing to a {@link History}: blocks of rows are appended in file order (a
 * reader that parses blocks in parallel appends them in sequence), ports are numbered in order of
 * first appearance and must not reappear, times must increase within a port, and the nominal
 * step is counted as the rows arrive ({@link Steps}). Sized up front from an estimate so that a
 * load holds about one copy of the data; the arrays are handed to the history as they are, the
 * slack past the row count included (no trimming copy at the end).
 *
 * <pre>{@code
 * HistoryColumns cols = new HistoryColumns("h.csv", List.of("tx_bytes_phy"), 1_000_000);
 * cols.append(block);                       // in order
 * History h = cols.build(Map.of());
 * }</pre>
 */
final class HistoryColumns {
    private final String name;
    private final List<String> counters;
    private final int headerLines;
    private long[] time;
    private int[] port;
    private final long[][] values;
    private int rows;
    private final List<String> ports = new ArrayList<>();
    private final Map<String, Integer> index = new HashMap<>();
    private final Steps steps = new Steps();
    /** Whether a block held ISO-8601 times. */
    private boolean iso;

    /**
     * @param name the file, for errors and the history's name
     * @param counters the counter columns, in the order blocks hold them
     * @param expectedRows an estimate of the row count (the arrays grow past it if needed)
     * @param headerLines lines before the first row (for the line numbers in errors)
     */
    HistoryColumns(String name, List<String> counters, long expectedRows, int headerLines) {
        this.name = name;
        this.counters = List.copyOf(counters);
        this.headerLines = headerLines;
        int cap = (int) Math.max(16, Math.min(Integer.MAX_VALUE - 16, expectedRows));
        time = new long[cap];
        port = new int[cap];
        values = new long[counters.size()][cap];
    }

    int rows() { return rows; }

    /** Appends a parsed CSV block; throws the block's first error with its line in the file. */
    void append(CsvChunk c) {
        int n = c.errorRow >= 0 ? c.errorRow : c.rows;
        ensure(rows + n);
        // ports: the block's runs in order
        int r0 = 0;
        for (int k = 0; k < c.runs && r0 < n; k++) {
            int end = Math.min(c.runEnd[k], n);
            int p = portOf(c.runName[k], rows + r0);
            Arrays.fill(port, rows + r0, rows + end, p);
            r0 = end;
        }
        System.arraycopy(c.time, 0, time, rows, n);
        for (int j = 0; j < values.length; j++) System.arraycopy(c.values[j], 0, values[j], rows, n);
        if (n > 0) boundary(rows);
        for (int i = 0; i < c.nSteps; i++) steps.add(c.steps[i], c.stepCount[i]);
        iso |= c.iso;
        rows += n;
        if (c.errorRow >= 0) throw new CaptureException(name, line(rows), c.error);
    }

    /** Appends rows {@code [from, from + n)} of columns already parsed (a columnar reader). */
    void append(long[] t, String[] portOfRow, long[][] v, int from, int n) {
        ensure(rows + n);
        String last = null;
        int p = -1;
        for (int r = 0; r < n; r++) {
            String s = portOfRow[from + r];
            if (s == null || s.isEmpty()) throw new CaptureException(name, line(rows + r), "expected a port identity, found an empty cell");
            if (!s.equals(last)) { p = portOf(s, rows + r); last = s; }
            port[rows + r] = p;
        }
        System.arraycopy(t, from, time, rows, n);
        for (int j = 0; j < values.length; j++) System.arraycopy(v[j], from, values[j], rows, n);
        int r = steps.addIntervals(time, port, rows, rows + n);
        if (r >= 0) throw new CaptureException(name, line(r), "timestamps of port '" + ports.get(port[r]) + "' must increase: "
                + time[r - 1] + " then " + time[r]);
        rows += n;
    }

    /** The first row of a block continues the previous block's port: its interval counts too. */
    private void boundary(int r) {
        if (r == 0 || port[r] != port[r - 1]) return;
        long d = time[r] - time[r - 1];
        if (d <= 0) throw new CaptureException(name, line(r), "timestamps of port '" + ports.get(port[r]) + "' must increase: "
                + time[r - 1] + " then " + time[r]);
        steps.add(d, 1);
    }

    private int portOf(String s, int row) {
        Integer i = index.get(s);
        if (i == null) {
            i = ports.size();
            index.put(s, i);
            ports.add(s);
        } else if (row == 0 || port[row - 1] != i) {
            throw new CaptureException(name, line(row), "rows must be ordered by port then time: port '" + s
                    + "' reappears after port '" + ports.get(port[row - 1]) + "'");
        }
        return i;
    }

    private int line(int row) { return (int) Math.min(Integer.MAX_VALUE, (long) row + headerLines + 1); }

    private void ensure(int need) {
        if (need <= time.length) return;
        int cap = (int) Math.min(Integer.MAX_VALUE - 16, Math.max(need, time.length + (time.length >> 2)));
        if (need > cap) throw new CaptureException(name, 0, "more than " + cap + " rows: too large for one in-memory history; "
                + "use an out-of-core engine (SweepEngines.duckdb())");
        time = Arrays.copyOf(time, cap);
        port = Arrays.copyOf(port, cap);
        for (int j = 0; j < values.length; j++) values[j] = Arrays.copyOf(values[j], cap);
    }

    /**
     * The history over the columns as they are: no trimming copy (a copy of every column would hold
     * two of each in the heap at the end of the load). The slack past the row count stays with the
     * arrays; {@link History#values} and the other accessors trim a column when first asked for it.
     */
    History build(Map<String, Source> sources) {
        Map<String, long[]> cols = new LinkedHashMap<>();
        for (int j = 0; j < counters.size(); j++) cols.put(counters.get(j), values[j]);
        long step = steps.mode();
        List<String> notes = new ArrayList<>();
        if (iso) notes.add(name + ": timestamps read as ISO-8601 times (UTC where the cell names no zone)");
        if (inEpochSeconds(time, rows)) {
            for (int r = 0; r < rows; r++) time[r] *= 1000;
            step *= 1000;
            notes.add(name + ": timestamps read as epoch seconds (every one lies between " + SECONDS_FROM + " and " + SECONDS_TO
                    + ": 2001-2286 in seconds, 1970-1973 in milliseconds)");
        }
        History h = History.of(name, ports, time, port, rows, cols, sources, step);
        return notes.isEmpty() ? h : h.withWarnings(notes);
    }

    /** Epoch seconds of 2001-09-09 and of 2286-11-20: epoch-ms values in that range would be 1970-1973. */
    static final long SECONDS_FROM = 1_000_000_000L, SECONDS_TO = 9_999_999_999L;

    /**
     * Whether every timestamp is in {@link #SECONDS_FROM}..{@link #SECONDS_TO}: a history written in epoch
     * seconds (Prometheus, InfluxDB and many exporters' exports), which read as milliseconds would be a few
     * seconds of 1970 with millisecond steps.
     */
    static boolean inEpochSeconds(long[] time, int rows) {
        if (rows == 0) return false;
        for (int r = 0; r < rows; r++) if (time[r] < SECONDS_FROM || time[r] > SECONDS_TO) return false;
        return true;
    }

    /** The arrays' current length (rows they can hold without growing). */
    int capacity() { return time.length; }
}
