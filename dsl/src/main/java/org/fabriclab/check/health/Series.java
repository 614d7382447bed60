package org.fabriclab.check.health;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import org.fabriclab.capture.Reading;
import org.fabriclab.capture.Telemetry;
import org.fabriclab.snapshot.Snapshot;

import tech.tablesaw.api.ColumnType;
import tech.tablesaw.api.DoubleColumn;
import tech.tablesaw.api.LongColumn;
import tech.tablesaw.api.StringColumn;
import tech.tablesaw.api.Table;
import tech.tablesaw.columns.Column;

/**
 * A telemetry series in primitive arrays, the form the rule engines loop over: ports, and for port
 * {@code p} the rows {@code start[p] .. start[p+1]-1} in time order; timestamps (epoch ms); one
 * {@code long[]} per counter ({@link #MISSING} where absent) and one {@code double[]} per measurement
 * (NaN where absent); per port its peer and link kind when known.
 *
 * <pre>{@code
 * Series s = Series.of(telemetryTable, "ufm.csv");          // from the Telemetry contract
 * Series g = Series.of(ports, start, ts, Map.of("SymbolErrorCounter", sym), Map.of(), peers, kinds);
 * }</pre>
 */
public final class Series {
    /** A missing counter value (Tablesaw's missing long). */
    public static final long MISSING = Long.MIN_VALUE;

    private final String[] ports;
    private final int[] start;
    private final long[] ts;
    private final Map<String, long[]> counters;
    private final Map<String, double[]> measures;
    private final String[] peer;
    private final String[] linkKind;
    private final Map<String, Integer> index = new LinkedHashMap<>();

    private Series(String[] ports, int[] start, long[] ts, Map<String, long[]> counters, Map<String, double[]> measures,
                   String[] peer, String[] linkKind) {
        this.ports = ports;
        this.start = start;
        this.ts = ts;
        this.counters = counters;
        this.measures = measures;
        this.peer = peer;
        this.linkKind = linkKind;
        for (int p = 0; p < ports.length; p++) index.put(ports[p], p);
    }

    /**
     * Wraps arrays built elsewhere (a generator, a benchmark). {@code start} has {@code ports.length + 1}
     * entries; each port's timestamps must be non-decreasing. Arrays are not copied.
     */
    public static Series of(String[] ports, int[] start, long[] ts, Map<String, long[]> counters, Map<String, double[]> measures,
                            String[] peer, String[] linkKind) {
        if (start.length != ports.length + 1 || start[0] != 0 || start[ports.length] != ts.length) {
            throw new IllegalArgumentException("start must have ports+1 offsets from 0 to the row count");
        }
        for (var e : counters.entrySet()) if (e.getValue().length != ts.length) throw new IllegalArgumentException("counter " + e.getKey() + " has " + e.getValue().length + " rows, expected " + ts.length);
        for (var e : measures.entrySet()) if (e.getValue().length != ts.length) throw new IllegalArgumentException("measurement " + e.getKey() + " has " + e.getValue().length + " rows, expected " + ts.length);
        for (int p = 0; p < ports.length; p++) {
            for (int i = start[p] + 1; i < start[p + 1]; i++) {
                if (ts[i] < ts[i - 1]) throw new IllegalArgumentException("port " + ports[p] + ": timestamps go backwards at row " + i);
            }
        }
        return new Series(ports, start, ts, counters, measures, peer == null ? new String[ports.length] : peer,
                linkKind == null ? new String[ports.length] : linkKind);
    }

    /** Reads a {@link Telemetry} table: rows are grouped by port (first-seen order) and sorted by time. */
    public static Series of(Table t, String name) {
        Telemetry.validate(t, name);
        long[] tsCol = t.longColumn(Telemetry.TIMESTAMP).asLongArray();
        String[] portCol = t.stringColumn(Telemetry.PORT).asObjectArray();
        Map<String, List<Integer>> rowsOf = new LinkedHashMap<>();
        for (int i = 0; i < portCol.length; i++) {
            if (tsCol[i] == MISSING) throw new org.fabriclab.capture.CaptureException(name, i + 1, "telemetry row without a timestamp");
            rowsOf.computeIfAbsent(portCol[i], k -> new ArrayList<>()).add(i);
        }
        int n = portCol.length;
        int[] order = new int[n];
        String[] ports = rowsOf.keySet().toArray(new String[0]);
        int[] start = new int[ports.length + 1];
        int k = 0;
        for (int p = 0; p < ports.length; p++) {
            start[p] = k;
            List<Integer> rows = rowsOf.get(ports[p]);
            Integer[] boxed = rows.toArray(new Integer[0]);
            Arrays.sort(boxed, (a, b) -> Long.compare(tsCol[a], tsCol[b]));
            for (Integer r : boxed) order[k++] = r;
        }
        start[ports.length] = n;
        long[] ts = new long[n];
        for (int i = 0; i < n; i++) ts[i] = tsCol[order[i]];
        Map<String, long[]> counters = new LinkedHashMap<>();
        Map<String, double[]> measures = new LinkedHashMap<>();
        for (Column<?> c : t.columns()) {
            if (c.name().equals(Telemetry.TIMESTAMP)) continue;
            if (c.type() == ColumnType.LONG) {
                long[] src = ((LongColumn) c).asLongArray(), dst = new long[n];
                for (int i = 0; i < n; i++) dst[i] = src[order[i]];
                counters.put(c.name(), dst);
            } else if (c.type() == ColumnType.INTEGER) {
                int[] src = t.intColumn(c.name()).asIntArray();
                long[] dst = new long[n];
                for (int i = 0; i < n; i++) dst[i] = c.isMissing(order[i]) ? MISSING : src[order[i]];
                counters.put(c.name(), dst);
            } else if (c.type() == ColumnType.DOUBLE) {
                double[] src = ((DoubleColumn) c).asDoubleArray(), dst = new double[n];
                for (int i = 0; i < n; i++) dst[i] = src[order[i]];
                measures.put(c.name(), dst);
            }
        }
        String[] peer = perPort(t, Telemetry.PEER, ports, start, order);
        String[] kind = perPort(t, Telemetry.LINK_KIND, ports, start, order);
        return new Series(ports, start, ts, counters, measures, peer, kind);
    }

    private static String[] perPort(Table t, String col, String[] ports, int[] start, int[] order) {
        String[] out = new String[ports.length];
        if (!t.containsColumn(col) || t.column(col).type() != ColumnType.STRING) return out;
        StringColumn c = t.stringColumn(col);
        for (int p = 0; p < ports.length; p++) {
            for (int i = start[p]; i < start[p + 1]; i++) {
                String v = c.get(order[i]);
                if (v != null && !v.isBlank()) { out[p] = v.trim(); break; }
            }
        }
        return out;
    }

    /**
     * A series from snapshots taken at {@code timesMs} (one per snapshot, increasing): every counter read
     * on a port becomes a column; ports missing from a snapshot have missing values there.
     */
    public static Series ofSnapshots(List<Snapshot> snaps, long[] timesMs) {
        if (snaps.size() != timesMs.length) throw new IllegalArgumentException(snaps.size() + " snapshots but " + timesMs.length + " times");
        for (int i = 1; i < timesMs.length; i++) {
            if (timesMs[i] <= timesMs[i - 1]) throw new IllegalArgumentException("snapshot times must increase; #" + i + " is not after #" + (i - 1));
        }
        List<String> ports = new ArrayList<>();
        List<String> names = new ArrayList<>();
        for (Snapshot s : snaps) {
            for (String p : s.ports()) {
                if (!ports.contains(p)) ports.add(p);
                for (String c : s.readings(p).keySet()) if (!names.contains(c)) names.add(c);
            }
        }
        int m = snaps.size(), n = ports.size() * m;
        int[] start = new int[ports.size() + 1];
        long[] ts = new long[n];
        Map<String, long[]> counters = new LinkedHashMap<>();
        for (String c : names) { long[] a = new long[n]; Arrays.fill(a, MISSING); counters.put(c, a); }
        for (int p = 0; p < ports.size(); p++) {
            start[p] = p * m;
            for (int j = 0; j < m; j++) {
                int row = p * m + j;
                ts[row] = timesMs[j];
                for (Reading r : snaps.get(j).readings(ports.get(p)).values()) counters.get(r.counter())[row] = r.value();
            }
        }
        start[ports.size()] = n;
        Series s = new Series(ports.toArray(new String[0]), start, ts, counters, new LinkedHashMap<>(), new String[ports.size()],
                new String[ports.size()]);
        // link pairs from the snapshots' topology captures (ibnetdiscover, ibdiagnet2.lst, ...), when they hold one
        for (Snapshot snap : snaps) if (!snap.topology().isEmpty()) s = s.withTopology(snap.topology());
        return s;
    }

    /** The same series with link pairs and kinds from a topology ({@code Snapshot.topology()}). */
    public Series withTopology(org.fabriclab.capture.topology.Topology t) {
        return withLinks(t.peers(), t.kinds());
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
        for (int p = 0; p < ports.length; p++) {
            String other = peers.get(ports[p]);
            if (other == null) {
                for (Map.Entry<String, String> e : peers.entrySet()) if (e.getValue().equals(ports[p])) other = e.getKey();
            }
            if (other != null) peer2[p] = other;
            String k = kinds.get(ports[p]);
            if (k == null && other != null) k = kinds.get(other);
            if (k != null) kind2[p] = k;
        }
        return new Series(ports, start, ts, counters, measures, peer2, kind2);
    }

    public int portCount() { return ports.length; }
    public int rows() { return ts.length; }
    public String port(int p) { return ports[p]; }
    public int start(int p) { return start[p]; }
    public int end(int p) { return start[p + 1]; }
    public long[] timestamps() { return ts; }
    public String peer(int p) { return peer[p]; }
    public String linkKind(int p) { return linkKind[p]; }
    /** The index of a port, or -1. */
    public int indexOf(String port) { return index.getOrDefault(port, -1); }
    /** The counter column, or null when the series does not carry it. */
    public long[] counter(String name) { return counters.get(name); }
    /** The measurement column, or null when the series does not carry it. */
    public double[] measure(String name) { return measures.get(name); }
    public Map<String, long[]> counters() { return Collections.unmodifiableMap(counters); }
    public Map<String, double[]> measures() { return Collections.unmodifiableMap(measures); }

    @Override public String toString() {
        return "Series[" + ports.length + " ports, " + ts.length + " rows, counters " + counters.keySet() + ", measurements " + measures.keySet() + "]";
    }
}
