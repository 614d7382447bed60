package org.fabriclab.history;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

import org.fabriclab.catalogue.Source;
import org.fabriclab.delta.Rules;

import tech.tablesaw.api.LongColumn;
import tech.tablesaw.api.Table;

/**
 * A telemetry history in primitive columns: rows ordered by port, then time; {@code time[r]} epoch
 * ms, {@code port[r]} an index into {@link #ports()}, one {@code long[]} of cumulative raw values
 * per counter ({@link Rules#ABSENT} where the sample is missing). An interval is the pair of
 * consecutive rows {@code r-1, r} of one port; its deltas follow the {@link Rules delta rules}.
 *
 * <pre>{@code
 * History h = History.load(Path.of("datasets/history/history.csv.gz"), Progress.terminal(System.err));
 * SweepResult s = h.sweep(RateRule.congestion(), Thresholds.log(100, 100_000, 50), Labels.load(labelsCsv));
 * s.choose(Choose.maxRecallWithin(5));
 * }</pre>
 */
public final class History {
    private final List<String> ports;
    private final int[] start;
    private final long[] time;
    private final int[] port;
    private final Map<String, long[]> values;
    private final Map<String, Columns> columns;
    private final long stepMs;
    private final String name;

    private History(String name, List<String> ports, long[] time, int[] port, Map<String, long[]> values,
                    Map<String, Columns> columns, long stepMs) {
        this.name = name;
        this.ports = List.copyOf(ports);
        this.time = time;
        this.port = port;
        this.values = Collections.unmodifiableMap(new LinkedHashMap<>(values));
        this.columns = Collections.unmodifiableMap(new LinkedHashMap<>(columns));
        int n = time.length;
        for (long[] v : values.values()) {
            if (v.length != n) throw new IllegalArgumentException("every counter column needs " + n + " rows");
        }
        if (port.length != n) throw new IllegalArgumentException("port index needs " + n + " rows");
        this.start = new int[ports.size() + 1];
        int expect = 0;
        for (int r = 0; r < n; r++) {
            int p = port[r];
            if (p < 0 || p >= ports.size()) throw new IllegalArgumentException("row " + r + ": port index " + p + " out of range");
            if (r == 0 || p != port[r - 1]) {
                if (p != expect) {
                    throw new IllegalArgumentException("row " + r + ": rows must be ordered by port, ports numbered in order of "
                            + "first appearance (port '" + ports.get(p) + "' is out of order)");
                }
                start[p] = r;
                expect++;
            } else if (time[r] <= time[r - 1]) {
                throw new IllegalArgumentException("row " + r + ": timestamps of port '" + ports.get(p)
                        + "' must increase (" + time[r - 1] + " then " + time[r] + ")");
            }
        }
        for (int p = expect; p <= ports.size(); p++) start[p] = n;
        this.stepMs = stepMs > 0 ? stepMs : inferStep(time, port);
    }

    /**
     * A history from primitive columns (the benchmark and the generator build these in memory).
     * {@code ports} in row order; {@code counters} canonical name to values; sources as in
     * {@link Columns#DEFAULT_SOURCES} unless {@code sources} names one for a counter.
     */
    public static History of(String name, List<String> ports, long[] time, int[] port, Map<String, long[]> counters,
                             Map<String, Source> sources, long stepMs) {
        Map<String, Columns> cols = new LinkedHashMap<>();
        for (String c : counters.keySet()) {
            Source s = sources.get(c);
            cols.put(c, Columns.of(c, s == null ? Columns.DEFAULT_SOURCES : List.of(s)));
        }
        return new History(name, ports, time, port, counters, cols, stepMs);
    }

    /** Loads a history file: gzip (or plain) CSV ({@link HistoryCsv}) or Parquet; see {@link HistoryFormats}. */
    public static History load(Path file) { return HistoryFormats.read(file, Map.of(), Progress.NONE); }

    public static History load(Path file, Progress progress) { return HistoryFormats.read(file, Map.of(), progress); }

    /** Loads a history whose counters were read from the named sources (others use the defaults). */
    public static History load(Path file, Map<String, Source> sources, Progress progress) {
        return HistoryFormats.read(file, sources, progress);
    }

    /**
     * A history from a telemetry table ({@link org.fabriclab.capture.Telemetry}): every LONG column
     * other than the timestamp is a counter read from {@code source} (UFM telemetry: 64-bit fields).
     */
    public static History of(Table telemetry, Source source) {
        org.fabriclab.capture.Telemetry.validate(telemetry, telemetry.name());
        int n = telemetry.rowCount();
        LongColumn ts = telemetry.longColumn(org.fabriclab.capture.Telemetry.TIMESTAMP);
        var portCol = telemetry.stringColumn(org.fabriclab.capture.Telemetry.PORT);
        List<String> ports = new ArrayList<>();
        Map<String, Integer> index = new LinkedHashMap<>();
        int[] port = new int[n];
        long[] time = new long[n];
        for (int r = 0; r < n; r++) {
            String p = portCol.get(r);
            Integer i = index.get(p);
            if (i == null) { i = ports.size(); index.put(p, i); ports.add(p); }
            port[r] = i;
            time[r] = ts.getLong(r);
        }
        Map<String, long[]> counters = new LinkedHashMap<>();
        Map<String, Source> sources = new LinkedHashMap<>();
        for (var c : telemetry.columns()) {
            if (c.name().equals(org.fabriclab.capture.Telemetry.TIMESTAMP) || !(c instanceof LongColumn lc)) continue;
            long[] v = new long[n];
            for (int r = 0; r < n; r++) v[r] = lc.isMissing(r) ? Rules.ABSENT : lc.getLong(r);
            counters.put(c.name(), v);
            sources.put(c.name(), source);
        }
        return of(telemetry.name(), ports, time, port, counters, sources, 0);
    }

    /** Sweeps {@code rule} over {@code thresholds} with the default {@link PrimitiveSweepEngine}. */
    public SweepResult sweep(RateRule rule, double[] thresholds, Labels labels) {
        return new PrimitiveSweepEngine().sweep(this, rule, thresholds, labels, Progress.NONE);
    }

    public SweepResult sweep(RateRule rule, double[] thresholds, Labels labels, Progress progress) {
        return new PrimitiveSweepEngine().sweep(this, rule, thresholds, labels, progress);
    }

    public String name() { return name; }

    /**
     * The history as a telemetry table ({@link org.fabriclab.capture.Telemetry}): timestamp, port,
     * one exact {@code LongColumn} per counter, missing where there was no sample; for the plots and
     * rule engines that read telemetry tables.
     */
    public Table table() {
        int n = time.length;
        LongColumn ts = LongColumn.create(org.fabriclab.capture.Telemetry.TIMESTAMP, time.clone());
        String[] names = new String[n];
        for (int r = 0; r < n; r++) names[r] = ports.get(port[r]);
        Table t = Table.create(name, ts, tech.tablesaw.api.StringColumn.create(org.fabriclab.capture.Telemetry.PORT, names));
        for (Map.Entry<String, long[]> e : values.entrySet()) {
            long[] v = e.getValue();
            LongColumn c = LongColumn.create(e.getKey(), n);
            for (int r = 0; r < n; r++) {
                if (v[r] == Rules.ABSENT) c.setMissing(r); else c.set(r, v[r]);
            }
            t.addColumns(c);
        }
        return t;
    }
    public List<String> ports() { return ports; }
    public int rows() { return time.length; }
    /** The nominal sampling interval in ms (given, or the most common step between samples of a port). */
    public long stepMs() { return stepMs; }
    public List<String> counters() { return new ArrayList<>(values.keySet()); }
    public boolean has(String counter) { return values.containsKey(counter); }
    public Optional<Columns> column(String counter) { return Optional.ofNullable(columns.get(counter)); }

    /** The raw cumulative values of {@code counter}; shared, do not modify. */
    public long[] values(String counter) {
        long[] v = values.get(counter);
        if (v == null) throw new IllegalArgumentException("history '" + name + "' has no counter '" + counter + "'; it has " + values.keySet());
        return v;
    }

    /** Sample times, epoch ms; shared, do not modify. */
    public long[] time() { return time; }
    /** Port index of each row; shared, do not modify. */
    public int[] port() { return port; }
    /** First row of port {@code p}; {@code firstRow(p + 1)} is one past its last row. */
    public int firstRow(int p) { return start[p]; }

    /** Days covered: from the first sample to one step after the last. */
    public double days() {
        if (time.length == 0) return 0;
        long lo = Long.MAX_VALUE, hi = Long.MIN_VALUE;
        for (int p = 0; p < ports.size(); p++) {
            if (start[p] == start[p + 1]) continue;
            lo = Math.min(lo, time[start[p]]);
            hi = Math.max(hi, time[start[p + 1] - 1]);
        }
        return (hi - lo + stepMs) / 86_400_000.0;
    }

    /** True when rows {@code r-1} and {@code r} are further apart than 1.5 steps: samples are missing between them. */
    public boolean gapBefore(int r) { return time[r] - time[r - 1] > stepMs + stepMs / 2; }

    @Override public String toString() {
        return "History[" + name + ": " + ports.size() + " ports, " + time.length + " rows, step " + stepMs / 1000 + " s, "
                + String.format(java.util.Locale.ROOT, "%.1f", days()) + " days, counters " + values.keySet() + "]";
    }

    private static long inferStep(long[] time, int[] port) {
        int n = time.length;
        if (n < 2) return 1;
        long[] sample = new long[Math.min(n - 1, 10_001)];
        int k = 0;
        int stride = Math.max(1, (n - 1) / sample.length);
        for (int r = 1; r < n && k < sample.length; r += stride) {
            if (port[r] == port[r - 1]) sample[k++] = time[r] - time[r - 1];
        }
        if (k == 0) return 1;
        long[] s = Arrays.copyOf(sample, k);
        Arrays.sort(s);
        return s[k / 2];
    }
}
