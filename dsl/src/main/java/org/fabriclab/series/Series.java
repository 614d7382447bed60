package org.fabriclab.series;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collections;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.ConcurrentHashMap;

import org.fabriclab.capture.Telemetry;
import org.fabriclab.catalogue.Source;
import org.fabriclab.delta.Rules;
import org.fabriclab.snapshot.Snapshot;

import tech.tablesaw.api.DoubleColumn;
import tech.tablesaw.api.LongColumn;
import tech.tablesaw.api.StringColumn;
import tech.tablesaw.api.Table;

/**
 * A time series of counters and link measurements per port, in primitive columns: the one type that
 * telemetry tables, series of snapshots and history files become, and that the link-health rules,
 * the plots and the threshold sweeps loop over.
 * <ul>
 * <li>ports, each with a row range: port {@code p} owns rows {@link #start}{@code (p)} ..
 * {@link #end}{@code (p) - 1}, in time order (timestamps never decrease within a port);</li>
 * <li>{@link #timestamps()}: epoch milliseconds UTC, one per row;</li>
 * <li>counters: one {@code long[]} of cumulative raw values per canonical name, {@link Rules#ABSENT}
 * where there was no sample (absent is never 0), each with its {@link Columns} (the field it was read
 * from, so the delta rule {@link Rules#status(long, long, long)} can tell pegged from readable);</li>
 * <li>measurements: one {@code double[]} per name ({@code effective_ber}, {@code temperature_c}, ...),
 * NaN where absent;</li>
 * <li>per port its link attributes when known: the peer port and the link kind
 * ({@code host-switch} or {@code switch-switch}).</li>
 * </ul>
 * Arrays are shared, not copied: do not modify what the accessors return. Immutable otherwise:
 * {@link #withLinks} returns a new series.
 *
 * <p>A series built by {@link #of(String, List, long[], int[], int, Map, Map, long)} (a history loader
 * that sized its columns from an estimate) may hold arrays longer than {@link #rows()}: the slack is
 * not part of the series. The accessors ({@link #timestamps()}, {@link #counter}, {@link #rowPorts()})
 * always return arrays of exactly {@link #rows()} values, trimming a column the first time it is asked
 * for (one copy of that column, once). Loops over millions of rows that are bounded by {@link #rows()},
 * {@link #start} and {@link #end} read the arrays as they are, with no copy, through
 * {@link #timestampsUntrimmed()} and {@link #counterUntrimmed}.
 *
 * <pre>{@code
 * Series s = Series.of(capture("ufm.csv").measurements("telemetry").orElseThrow());   // a telemetry table
 * Series t = Series.ofSnapshots(List.of(t0, t1, t2), 0, 60_000, 120_000);             // snapshots over time
 * long[] sym = s.counter("SymbolErrorCounter");
 * long cap = s.column("SymbolErrorCounter").orElseThrow().cap();
 * for (int p = 0; p < s.portCount(); p++)
 *     for (int r = s.start(p) + 1; r < s.end(p); r++)
 *         if (Rules.status(sym[r - 1], sym[r], cap) == Status.READABLE) { ... sym[r] - sym[r - 1] ... }
 * }</pre>
 */
public final class Series {
    private final String name;
    private final List<String> ports;
    private final int[] start;
    private final int rows;
    /** At least {@link #rows} long; replaced by its trimmed copy once {@link #timestamps()} is asked for. */
    private volatile long[] ts;
    private final List<String> counterNames;
    /** Each at least {@link #rows} long; a column is replaced by its trimmed copy once {@link #counter} asks for it. */
    private final Map<String, long[]> counters;
    private final Map<String, Columns> columns;
    private final Map<String, double[]> measures;
    private final String[] peer;
    private final String[] linkKind;
    private final long stepMs;
    private final Map<String, Integer> index;
    private volatile int[] rowPorts;

    private Series(String name, List<String> ports, int[] start, long[] ts, int rows, boolean exact, int[] rowPorts, Map<String, long[]> counters,
                   Map<String, Columns> columns, Map<String, double[]> measures, String[] peer, String[] linkKind, long stepMs) {
        this.name = name;
        this.ports = List.copyOf(ports);
        this.start = start;
        this.rows = rows;
        this.ts = ts;
        this.rowPorts = rowPorts;
        this.counterNames = List.copyOf(counters.keySet());
        this.counters = new ConcurrentHashMap<>(counters);
        this.columns = Collections.unmodifiableMap(new LinkedHashMap<>(columns));
        this.measures = Collections.unmodifiableMap(new LinkedHashMap<>(measures));
        this.peer = peer == null ? new String[ports.size()] : peer;
        this.linkKind = linkKind == null ? new String[ports.size()] : linkKind;
        if (this.peer.length != ports.size() || this.linkKind.length != ports.size()) {
            throw new IllegalArgumentException("peer and link kind need one entry per port (" + ports.size() + ")");
        }
        int n = rows;
        if (ts.length < n || exact && ts.length != n) throw new IllegalArgumentException("timestamps have " + ts.length + " rows, expected " + n);
        if (rowPorts != null && (rowPorts.length < n || exact && rowPorts.length != n)) {
            throw new IllegalArgumentException("port index has " + rowPorts.length + " rows, expected " + n);
        }
        for (var e : counters.entrySet()) {
            int len = e.getValue().length;
            if (len < n || exact && len != n) throw new IllegalArgumentException("counter " + e.getKey() + " has " + len + " rows, expected " + n);
            if (!columns.containsKey(e.getKey())) throw new IllegalArgumentException("counter " + e.getKey() + " has no column description");
        }
        for (var e : measures.entrySet()) {
            if (e.getValue().length != n) throw new IllegalArgumentException("measurement " + e.getKey() + " has " + e.getValue().length + " rows, expected " + n);
        }
        Map<String, Integer> idx = new HashMap<>();
        for (int p = 0; p < this.ports.size(); p++) idx.putIfAbsent(this.ports.get(p), p);
        this.index = idx;
        this.stepMs = stepMs > 0 ? stepMs : inferStep();
    }

    /**
     * A series from primitive columns with one port index per row (what history loaders and the
     * dataset generator build). Rows are ordered by port, ports numbered in order of first appearance
     * ({@code ports} may end with ports that have no rows); timestamps never decrease within a port.
     * {@code counters} maps canonical names to raw values ({@link Rules#ABSENT} where missing); each
     * counter was read from the source {@code sources} names for it, else from the first of
     * {@link Columns#DEFAULT_SOURCES} that exposes it. {@code stepMs} is the nominal sampling interval,
     * 0 to infer it (the most common step between samples of a port). Arrays are not copied.
     *
     * @throws IllegalArgumentException when a column has the wrong length or rows are out of order
     */
    public static Series of(String name, List<String> ports, long[] time, int[] port, Map<String, long[]> counters,
                            Map<String, Source> sources, long stepMs) {
        if (port.length != time.length) throw new IllegalArgumentException("port index needs " + time.length + " rows");
        return build(name, ports, time, port, time.length, true, counters, sources, stepMs);
    }

    /**
     * The same, from columns that may be longer than the series: only rows {@code 0 .. rows - 1} of
     * {@code time}, {@code port} and every counter are the series (a loader that sized its arrays from
     * an estimate hands them over as they are, without a trimming copy of every column). The series'
     * accessors return exactly {@code rows} values (see the class comment). Arrays are not copied.
     *
     * <pre>{@code
     * long[] t = new long[capacity]; int[] p = new int[capacity]; ...   // filled up to rows
     * Series s = Series.of("h.csv", ports, t, p, rows, Map.of("tx_bytes", tx), Map.of(), 0);
     * }</pre>
     *
     * @throws IllegalArgumentException when a column holds fewer than {@code rows} values or rows are out of order
     */
    public static Series of(String name, List<String> ports, long[] time, int[] port, int rows, Map<String, long[]> counters,
                            Map<String, Source> sources, long stepMs) {
        return build(name, ports, time, port, rows, false, counters, sources, stepMs);
    }

    private static Series build(String name, List<String> ports, long[] time, int[] port, int rows, boolean exact,
                                Map<String, long[]> counters, Map<String, Source> sources, long stepMs) {
        int n = rows;
        if (n < 0 || time.length < n) throw new IllegalArgumentException("timestamps hold " + time.length + " values, need " + n + " rows");
        if (port.length < n) throw new IllegalArgumentException("port index needs " + n + " rows");
        int[] start = new int[ports.size() + 1];
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
            } else if (time[r] < time[r - 1]) {
                throw new IllegalArgumentException("row " + r + ": timestamps of port '" + ports.get(p)
                        + "' must not decrease (" + time[r - 1] + " then " + time[r] + ")");
            }
        }
        for (int p = expect; p <= ports.size(); p++) start[p] = n;
        return new Series(name, ports, start, time, n, exact, port, counters, columnsOf(counters.keySet(), sources), Map.of(), null, null,
                stepMs);
    }

    /**
     * A series from primitive columns with row offsets per port (what benchmarks and tests build):
     * {@code start} has {@code ports.length + 1} offsets from 0 to the row count; each port's
     * timestamps never decrease. Counters are read from the first of {@link Columns#DEFAULT_SOURCES}
     * that exposes them. {@code peer} and {@code linkKind} may be null (unknown). Arrays are not copied.
     *
     * @throws IllegalArgumentException when the offsets, a column's length or a timestamp is wrong
     */
    public static Series of(String[] ports, int[] start, long[] ts, Map<String, long[]> counters, Map<String, double[]> measures,
                            String[] peer, String[] linkKind) {
        checkOffsets(ports, start, ts);
        return new Series("series", Arrays.asList(ports), start, ts, ts.length, true, null, counters, columnsOf(counters.keySet(), Map.of()),
                measures, peer, linkKind, 0);
    }

    /**
     * A {@link Telemetry} table (UFM telemetry, {@link #table()}): rows grouped by port (first-seen
     * order) and sorted by time; every LONG or INTEGER column other than the timestamp is a counter
     * (read from the first of {@link Columns#DEFAULT_SOURCES} that exposes it), every DOUBLE column a
     * measurement, {@code peer} and {@code link_kind} the link attributes.
     *
     * @throws org.fabriclab.capture.CaptureException naming the table when it breaks the contract
     */
    public static Series of(Table telemetry) { return FromTelemetry.read(telemetry, telemetry.name(), Map.of()); }

    /** The same; {@code name} is what errors name (the file the table came from). */
    public static Series of(Table telemetry, String name) { return FromTelemetry.read(telemetry, name, Map.of()); }

    /** The same, the counters {@code sources} names read from that source (its width and overflow). */
    public static Series of(Table telemetry, Map<String, Source> sources) {
        return FromTelemetry.read(telemetry, telemetry.name(), sources);
    }

    /**
     * Snapshots taken at {@code timesMs} (one per snapshot, epoch ms, increasing): every counter read
     * on a port becomes a column, read from the field of its readings (the narrowest, when ports read
     * it from different fields); a port missing from a snapshot has absent values there.
     *
     * @throws IllegalArgumentException when the times do not increase or do not match the snapshots
     */
    public static Series ofSnapshots(List<Snapshot> snaps, long... timesMs) { return FromSnapshots.of(snaps, timesMs); }

    /** Used by the conversions of this package: every argument already checked and described. */
    static Series of(String name, List<String> ports, int[] start, long[] ts, Map<String, long[]> counters,
                     Map<String, Columns> columns, Map<String, double[]> measures, String[] peer, String[] linkKind) {
        checkOffsets(ports.toArray(new String[0]), start, ts);
        return new Series(name, ports, start, ts, ts.length, true, null, counters, columns, measures, peer, linkKind, 0);
    }

    /**
     * The same series with the link topology the captures themselves do not carry: {@code peers} maps a
     * port to the port at the other end of its link (either direction is enough), {@code kinds} maps a port
     * to {@code host-switch} or {@code switch-switch}. Ports not named keep what they had.
     *
     * <pre>{@code
     * series(snaps, t0, t1, t2).withLinks(Map.of("mlx5_0/1", "lid 2052/7"), Map.of("mlx5_0/1", "host-switch"));
     * }</pre>
     */
    public Series withLinks(Map<String, String> peers, Map<String, String> kinds) {
        String[] peer2 = peer.clone(), kind2 = linkKind.clone();
        for (int p = 0; p < ports.size(); p++) {
            String other = peers.get(ports.get(p));
            if (other == null) {
                for (Map.Entry<String, String> e : peers.entrySet()) if (e.getValue().equals(ports.get(p))) other = e.getKey();
            }
            if (other != null) peer2[p] = other;
            String k = kinds.get(ports.get(p));
            if (k == null && other != null) k = kinds.get(other);
            if (k != null) kind2[p] = k;
        }
        return new Series(name, ports, start, ts, rows, false, rowPorts, orderedCounters(), columns, measures, peer2, kind2, stepMs);
    }

    /**
     * The same series with these measurements added ({@code name -> value per row}, {@code NaN} where a
     * row has no sample), replacing any of the same name: what a file format that keeps the
     * measurements beside the counters (the Parquet history) reads back. Arrays are not copied.
     *
     * <pre>{@code
     * series.withMeasurements(Map.of("effective_ber", ber));
     * }</pre>
     *
     * @throws IllegalArgumentException when an array does not have one value per row
     */
    public Series withMeasurements(Map<String, double[]> more) {
        Map<String, double[]> m = new LinkedHashMap<>(measures);
        m.putAll(more);
        return new Series(name, ports, start, ts, rows, false, rowPorts, orderedCounters(), columns, m, peer, linkKind, stepMs);
    }

    /**
     * The same series with link pairs and kinds from a topology ({@code Snapshot.topology()}, or
     * {@code Topology.of(captures)} of an {@code ibnetdiscover -p} / {@code ibdiagnet2.lst}).
     */
    public Series withTopology(org.fabriclab.capture.topology.Topology t) {
        return withLinks(t.peers(), t.kinds());
    }

    /** What the series was read from (a file name, a table name). */
    public String name() { return name; }
    public List<String> ports() { return ports; }
    public int portCount() { return ports.size(); }
    public String port(int p) { return ports.get(p); }
    /** The index of a port, or -1. */
    public int indexOf(String port) { return index.getOrDefault(port, -1); }
    public int rows() { return rows; }
    /** First row of port {@code p}; {@code start(p + 1)} is one past its last row. */
    public int start(int p) { return start[p]; }
    /** One past the last row of port {@code p}. */
    public int end(int p) { return start[p + 1]; }
    /** Sample times, epoch ms, exactly one per row; shared, do not modify. */
    public long[] timestamps() {
        long[] t = ts;
        if (t.length == rows) return t;
        synchronized (this) {
            if (ts.length != rows) ts = Arrays.copyOf(ts, rows);
            return ts;
        }
    }

    /**
     * Sample times without trimming: at least {@link #rows()} long, only indices below {@link #rows()}
     * are the series'. For loops bounded by the row count or by {@link #start}/{@link #end}; shared, do not modify.
     */
    public long[] timestampsUntrimmed() { return ts; }

    /** The port index of each row, exactly one per row (computed once when the series was built from row offsets); shared, do not modify. */
    public int[] rowPorts() {
        int[] rp = rowPorts;
        if (rp != null && rp.length == rows) return rp;
        synchronized (this) {
            rp = rowPorts;
            if (rp == null) {
                rp = new int[rows];
                for (int p = 0; p < ports.size(); p++) Arrays.fill(rp, start[p], start[p + 1], p);
            } else if (rp.length != rows) {
                rp = Arrays.copyOf(rp, rows);
            }
            rowPorts = rp;
            return rp;
        }
    }

    /** The peer port of port {@code p}, null when unknown. */
    public String peer(int p) { return peer[p]; }
    /** The link kind of port {@code p} ({@code host-switch}, {@code switch-switch}), null when unknown. */
    public String linkKind(int p) { return linkKind[p]; }

    /** Counter names, in column order. */
    public List<String> counters() { return new ArrayList<>(counterNames); }
    public boolean has(String counter) { return counters.containsKey(counter); }

    /** The counter column, exactly one value per row ({@link Rules#ABSENT} where missing), or null when the series does not carry it; shared. */
    public long[] counter(String name) {
        long[] v = counters.get(name);
        if (v == null || v.length == rows) return v;
        return counters.computeIfPresent(name, (k, a) -> a.length == rows ? a : Arrays.copyOf(a, rows));
    }

    /**
     * The counter column without trimming (null when absent): at least {@link #rows()} long, only
     * indices below {@link #rows()} are the series'. For loops bounded by the row count or by
     * {@link #start}/{@link #end}; shared, do not modify.
     */
    public long[] counterUntrimmed(String name) { return counters.get(name); }
    /** What a counter column is (its field, kind, scale), when the series carries it. */
    public Optional<Columns> column(String counter) { return Optional.ofNullable(columns.get(counter)); }

    /** Measurement names, in column order. */
    public List<String> measurements() { return new ArrayList<>(measures.keySet()); }
    /** The measurement column (NaN where missing), or null when the series does not carry it; shared. */
    public double[] measure(String name) { return measures.get(name); }

    /**
     * The sampling step as a reader says it: {@code step 60 s}, {@code step 500 ms}, or {@code no step (one sample a
     * port)} when no port has two samples ({@link #stepMs()} is then a placeholder, not a measured interval).
     */
    public String stepText() {
        boolean pair = false;
        for (int p = 0; p < ports.size() && !pair; p++) pair = end(p) - start(p) >= 2;
        if (!pair) return "no step (one sample a port)";
        return stepMs % 1000 == 0 ? "step " + stepMs / 1000 + " s" : "step " + stepMs + " ms";
    }

    /** The nominal sampling interval in ms (given, or the most common step between samples of a port). */
    public long stepMs() { return stepMs; }

    /** True when rows {@code r-1} and {@code r} are further apart than 1.5 steps: samples are missing between them. */
    public boolean gapBefore(int r) {
        long[] t = ts;
        return t[r] - t[r - 1] > stepMs + stepMs / 2;
    }

    /** Days covered: from the first sample to one step after the last. */
    public double days() {
        long[] ts = this.ts;
        if (rows == 0) return 0;
        long lo = Long.MAX_VALUE, hi = Long.MIN_VALUE;
        for (int p = 0; p < ports.size(); p++) {
            if (start[p] == start[p + 1]) continue;
            lo = Math.min(lo, ts[start[p]]);
            hi = Math.max(hi, ts[start[p + 1] - 1]);
        }
        return (hi - lo + stepMs) / 86_400_000.0;
    }

    /**
     * The series as a {@link Telemetry} table: timestamp, port, {@code peer} and {@code link_kind} when
     * any port has one, one exact {@code LongColumn} per counter (missing where absent), one
     * {@code DoubleColumn} per measurement.
     */
    public Table table() {
        int n = rows;
        String[] names = new String[n];
        for (int p = 0; p < ports.size(); p++) Arrays.fill(names, start[p], start[p + 1], ports.get(p));
        Table t = Table.create(name, LongColumn.create(Telemetry.TIMESTAMP, Arrays.copyOf(ts, n)), StringColumn.create(Telemetry.PORT, names));
        if (Arrays.stream(peer).anyMatch(x -> x != null) || Arrays.stream(linkKind).anyMatch(x -> x != null)) {
            String[] pe = new String[n], lk = new String[n];
            for (int p = 0; p < ports.size(); p++) {
                Arrays.fill(pe, start[p], start[p + 1], peer[p] == null ? "" : peer[p]);
                Arrays.fill(lk, start[p], start[p + 1], linkKind[p] == null ? "" : linkKind[p]);
            }
            t.addColumns(StringColumn.create(Telemetry.PEER, pe), StringColumn.create(Telemetry.LINK_KIND, lk));
        }
        for (String counter : counterNames) {
            long[] v = counters.get(counter);
            LongColumn c = LongColumn.create(counter, n);
            for (int r = 0; r < n; r++) {
                if (v[r] == Rules.ABSENT) c.setMissing(r); else c.set(r, v[r]);
            }
            t.addColumns(c);
        }
        for (Map.Entry<String, double[]> e : measures.entrySet()) t.addColumns(DoubleColumn.create(e.getKey(), e.getValue().clone()));
        return t;
    }

    @Override public String toString() {
        return "Series[" + name + ": " + ports.size() + " ports, " + rows + " rows, " + stepText() + ", "
                + String.format(Locale.ROOT, "%.1f", days()) + " days, counters " + counterNames
                + (measures.isEmpty() ? "" : ", measurements " + measures.keySet()) + "]";
    }

    /** The counters as they are now (trimmed or not), in column order. */
    private Map<String, long[]> orderedCounters() {
        Map<String, long[]> out = new LinkedHashMap<>();
        for (String c : counterNames) out.put(c, counters.get(c));
        return out;
    }

    private static Map<String, Columns> columnsOf(Iterable<String> names, Map<String, Source> sources) {
        Map<String, Columns> out = new LinkedHashMap<>();
        for (String c : names) {
            Source s = sources.get(c);
            out.put(c, Columns.of(c, s == null ? Columns.DEFAULT_SOURCES : List.of(s)));
        }
        return out;
    }

    private static void checkOffsets(String[] ports, int[] start, long[] ts) {
        if (start.length != ports.length + 1 || start[0] != 0 || start[ports.length] != ts.length) {
            throw new IllegalArgumentException("start must have ports+1 offsets from 0 to the row count");
        }
        for (int p = 0; p < ports.length; p++) {
            if (start[p + 1] < start[p]) throw new IllegalArgumentException("start offsets must not decrease (port " + ports[p] + ")");
            for (int i = start[p] + 1; i < start[p + 1]; i++) {
                if (ts[i] < ts[i - 1]) throw new IllegalArgumentException("port " + ports[p] + ": timestamps go backwards at row " + i);
            }
        }
    }

    private long inferStep() {
        int n = rows;
        if (n < 2) return 1;
        long[] sample = new long[Math.min(n - 1, 10_001)];
        int k = 0;
        int stride = Math.max(1, (n - 1) / sample.length);
        int[] rp = rowPorts;
        for (int r = 1; r < n && k < sample.length; r += stride) {
            boolean samePort = rp != null ? rp[r] == rp[r - 1] : samePort(r);
            if (samePort) sample[k++] = ts[r] - ts[r - 1];
        }
        if (k == 0) return 1;
        long[] s = Arrays.copyOf(sample, k);
        Arrays.sort(s);
        return s[k / 2];
    }

    /** True when rows {@code r-1} and {@code r} belong to one port: no port's rows start at {@code r}. */
    private boolean samePort(int r) { return Arrays.binarySearch(start, r) < 0; }
}
