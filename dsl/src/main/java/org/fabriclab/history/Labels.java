package org.fabriclab.history;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

import org.fabriclab.capture.CaptureException;
import org.fabriclab.catalogue.Layer;

import tech.tablesaw.api.ColumnType;
import tech.tablesaw.api.LongColumn;
import tech.tablesaw.api.StringColumn;
import tech.tablesaw.api.Table;
import tech.tablesaw.io.csv.CsvReadOptions;

/**
 * Labelled incidents: which port, which intervals, which layer. An incident covers every interval
 * of its port whose END sample time lies in {@code [start_ms, end_ms]} (inclusive). The file is a
 * CSV with at least the columns {@code port,layer,start_ms,end_ms}; other columns (human-readable
 * times, a description) are kept in {@link #table()}.
 *
 * <pre>{@code
 * Labels labels = Labels.load(Path.of("datasets/history/labels.csv"));
 * labels.of(Layer.CONGESTION).size();
 * }</pre>
 */
public final class Labels {
    /** One labelled incident. */
    public record Incident(String port, Layer layer, long startMs, long endMs, String description) { }

    private final List<Incident> incidents;
    private final Table table;

    private Labels(List<Incident> incidents, Table table) {
        this.incidents = List.copyOf(incidents);
        this.table = table;
    }

    public static Labels of(List<Incident> incidents) {
        StringColumn port = StringColumn.create("port"), layer = StringColumn.create("layer"), d = StringColumn.create("description");
        LongColumn s = LongColumn.create("start_ms"), e = LongColumn.create("end_ms");
        for (Incident i : incidents) {
            port.append(i.port()); layer.append(i.layer().label()); s.append(i.startMs()); e.append(i.endMs()); d.append(i.description());
        }
        return new Labels(incidents, Table.create("labels", port, layer, s, e, d));
    }

    public static Labels load(Path csv) {
        String name = csv.toString();
        Table t;
        try {
            t = Table.read().usingOptions(CsvReadOptions.builder(csv.toFile()).header(true)
                    .columnTypes(c -> c.endsWith("_ms") ? ColumnType.LONG : ColumnType.STRING).build());
        } catch (RuntimeException e) {
            throw new CaptureException(name, 0, "expected a labels CSV with columns port,layer,start_ms,end_ms: " + e.getMessage());
        }
        for (String c : List.of("port", "layer", "start_ms", "end_ms")) {
            if (!t.containsColumn(c)) throw new CaptureException(name, 1, "expected a column '" + c + "' in the header, found " + t.columnNames());
        }
        List<Incident> out = new ArrayList<>();
        boolean hasDesc = t.containsColumn("description");
        for (int r = 0; r < t.rowCount(); r++) {
            Layer layer;
            try { layer = Layer.of(t.stringColumn("layer").get(r)); } catch (IllegalArgumentException e) {
                throw new CaptureException(name, r + 2, e.getMessage());
            }
            LongColumn s = t.longColumn("start_ms"), e = t.longColumn("end_ms");
            if (s.isMissing(r) || e.isMissing(r) || e.getLong(r) < s.getLong(r)) {
                throw new CaptureException(name, r + 2, "expected start_ms <= end_ms, both epoch ms");
            }
            out.add(new Incident(t.stringColumn("port").get(r), layer, s.getLong(r), e.getLong(r),
                    hasDesc ? t.stringColumn("description").get(r) : ""));
        }
        return new Labels(out, t);
    }

    public List<Incident> incidents() { return incidents; }

    public List<Incident> of(Layer layer) { return incidents.stream().filter(i -> i.layer() == layer).toList(); }

    public Table table() { return table; }

    /**
     * One flag per history row: true when the interval ending at that row is labelled with
     * {@code layer}. Labels on ports the history does not hold are ignored.
     */
    public boolean[] mask(History h, Layer layer) {
        boolean[] m = new boolean[h.rows()];
        Map<String, Integer> index = new HashMap<>();
        for (int p = 0; p < h.ports().size(); p++) index.put(h.ports().get(p), p);
        long[] time = h.timeUntrimmed();
        for (Incident i : incidents) {
            if (i.layer() != layer) continue;
            Integer p = index.get(i.port());
            if (p == null) continue;
            int lo = h.firstRow(p), hi = h.firstRow(p + 1);
            int r = lowerBound(time, lo, hi, i.startMs());
            for (; r < hi && time[r] <= i.endMs(); r++) m[r] = true;
        }
        return m;
    }

    private static int lowerBound(long[] a, int lo, int hi, long key) {
        while (lo < hi) {
            int mid = (lo + hi) >>> 1;
            if (a[mid] < key) lo = mid + 1; else hi = mid;
        }
        return lo;
    }

    @Override public String toString() { return "Labels[" + incidents.size() + " incidents]"; }

}
