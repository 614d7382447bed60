package org.fabriclab.history;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.BitSet;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

import org.fabriclab.capture.CaptureException;
import org.fabriclab.catalogue.Layer;

import de.siegmar.fastcsv.reader.CsvParseException;
import de.siegmar.fastcsv.reader.CsvReader;
import de.siegmar.fastcsv.reader.CsvRecord;

import tech.tablesaw.api.LongColumn;
import tech.tablesaw.api.StringColumn;
import tech.tablesaw.api.Table;

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
    /** The file's columns as read (header order, cells as written), or null for {@link #of}: the table is built from them when asked. */
    private final List<String> columns;
    private final List<String[]> cells;
    private Table table;

    private Labels(List<Incident> incidents, List<String> columns, List<String[]> cells) {
        this.incidents = List.copyOf(incidents);
        this.columns = columns;
        this.cells = cells;
    }

    public static Labels of(List<Incident> incidents) {
        return new Labels(incidents, null, null);
    }

    /**
     * Reads a labels CSV (FastCSV; no Tablesaw on the history path: its class initialisation scans the
     * class path, which cost a history notebook's first load about a second of CPU and tens of MB).
     *
     * @throws CaptureException naming the file and line: no such file, a missing column, a row with
     *         another number of fields, an unknown layer, start/end not epoch ms or end before start
     */
    public static Labels load(Path csv) {
        String name = csv.toString();
        List<String> header = null;
        List<String[]> rows = new ArrayList<>();
        List<Incident> out = new ArrayList<>();
        int port = -1, layerAt = -1, start = -1, end = -1, desc = -1;
        try (CsvReader<CsvRecord> r = CsvReader.builder().skipEmptyLines(true).detectBomHeader(true).allowExtraFields(true).allowMissingFields(true).ofCsvRecord(csv)) {
            for (CsvRecord rec : r) {
                int line = (int) rec.getStartingLineNumber();
                String[] f = new String[rec.getFieldCount()];
                for (int i = 0; i < f.length; i++) f[i] = rec.getField(i).strip();
                if (header == null) {
                    header = List.of(f);
                    for (String c : List.of("port", "layer", "start_ms", "end_ms")) {
                        if (!header.contains(c)) throw new CaptureException(name, line, "expected a column '" + c + "' in the header, found " + header);
                    }
                    port = header.indexOf("port");
                    layerAt = header.indexOf("layer");
                    start = header.indexOf("start_ms");
                    end = header.indexOf("end_ms");
                    desc = header.indexOf("description");
                    continue;
                }
                if (f.length != header.size()) {
                    throw new CaptureException(name, line, "expected " + header.size() + " fields (" + String.join(",", header) + "), found " + f.length);
                }
                Layer layer;
                try { layer = Layer.of(f[layerAt]); } catch (IllegalArgumentException e) {
                    throw new CaptureException(name, line, e.getMessage());
                }
                long s = epochMs(name, line, f[start]), e = epochMs(name, line, f[end]);
                if (e < s) throw new CaptureException(name, line, "expected start_ms <= end_ms, both epoch ms");
                out.add(new Incident(f[port], layer, s, e, desc >= 0 ? f[desc] : ""));
                rows.add(f);
            }
        } catch (IOException | UncheckedIOException e) {
            throw new CaptureException(name, 0, "cannot read the labels CSV: " + e.getMessage());
        } catch (CsvParseException e) {
            throw new CaptureException(name, 0, "expected a labels CSV with columns port,layer,start_ms,end_ms: " + e.getMessage());
        }
        if (header == null) throw new CaptureException(name, 1, "expected a labels CSV with columns port,layer,start_ms,end_ms, found an empty file");
        return new Labels(out, header, rows);
    }

    private static long epochMs(String name, int line, String v) {
        try {
            return Long.parseLong(v);
        } catch (NumberFormatException e) {
            throw new CaptureException(name, line, "expected start_ms <= end_ms, both epoch ms, found '" + v + "'");
        }
    }

    public List<Incident> incidents() { return incidents; }

    public List<Incident> of(Layer layer) { return incidents.stream().filter(i -> i.layer() == layer).toList(); }

    /**
     * The labels as a table, for display: the file's columns in its order ({@code *_ms} as longs, the
     * others as text), or {@code port, layer, start_ms, end_ms, description} for {@link #of}.
     */
    public synchronized Table table() {
        if (table == null) table = columns == null ? fromIncidents(incidents) : fromCells(columns, cells);
        return table;
    }

    private static Table fromIncidents(List<Incident> incidents) {
        StringColumn port = StringColumn.create("port"), layer = StringColumn.create("layer"), d = StringColumn.create("description");
        LongColumn s = LongColumn.create("start_ms"), e = LongColumn.create("end_ms");
        for (Incident i : incidents) {
            port.append(i.port()); layer.append(i.layer().label()); s.append(i.startMs()); e.append(i.endMs()); d.append(i.description());
        }
        return Table.create("labels", port, layer, s, e, d);
    }

    private static Table fromCells(List<String> columns, List<String[]> cells) {
        Table t = Table.create("labels");
        for (int c = 0; c < columns.size(); c++) {
            String n = columns.get(c);
            if (n.endsWith("_ms")) {
                LongColumn col = LongColumn.create(n);
                for (String[] row : cells) {
                    if (row[c].isEmpty()) col.appendMissing(); else col.append(Long.parseLong(row[c]));
                }
                t.addColumns(col);
            } else {
                StringColumn col = StringColumn.create(n);
                for (String[] row : cells) col.append(row[c]);
                t.addColumns(col);
            }
        }
        return t;
    }

    /**
     * One flag per history row: true when the interval ending at that row is labelled with
     * {@code layer}. Labels on ports the history does not hold are ignored.
     */
    public boolean[] mask(History h, Layer layer) {
        BitSet b = labelled(h, layer);
        boolean[] m = new boolean[h.rows()];
        for (int r = b.nextSetBit(0); r >= 0; r = b.nextSetBit(r + 1)) m[r] = true;
        return m;
    }

    /**
     * {@link #mask} as a bit set: the rows whose interval is labelled with {@code layer} (a sweep's
     * view: 1 bit a row, where a {@code boolean[]} of a 17.3M-row history was 17 MB of the load's peak memory).
     */
    public BitSet labelled(History h, Layer layer) {
        BitSet m = new BitSet(h.rows());
        Map<String, Integer> index = new HashMap<>();
        for (int p = 0; p < h.ports().size(); p++) index.put(h.ports().get(p), p);
        long[] time = h.timeUntrimmed();
        for (Incident i : incidents) {
            if (i.layer() != layer) continue;
            Integer p = index.get(i.port());
            if (p == null) continue;
            int lo = h.firstRow(p), hi = h.firstRow(p + 1);
            int r = lowerBound(time, lo, hi, i.startMs());
            int end = r;
            while (end < hi && time[end] <= i.endMs()) end++;
            m.set(r, end);
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
