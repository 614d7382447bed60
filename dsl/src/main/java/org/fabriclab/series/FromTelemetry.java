package org.fabriclab.series;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import org.fabriclab.capture.CaptureException;
import org.fabriclab.capture.Telemetry;
import org.fabriclab.catalogue.Source;
import org.fabriclab.delta.Rules;

import tech.tablesaw.api.DoubleColumn;
import tech.tablesaw.api.IntColumn;
import tech.tablesaw.api.LongColumn;
import tech.tablesaw.api.StringColumn;
import tech.tablesaw.api.Table;
import tech.tablesaw.columns.Column;

/**
 * The one conversion of a {@link Telemetry} table (what the UFM readers and {@link Series#table()}
 * produce) into a {@link Series}: rows grouped by port in first-seen order, sorted by time within a
 * port (stable); LONG and INTEGER columns are counters (Tablesaw's missing value becomes
 * {@link Rules#ABSENT}), DOUBLE columns measurements, {@code peer} and {@code link_kind} the first
 * non-blank value of each port.
 *
 * <pre>{@code
 * Series s = FromTelemetry.read(table, "ufm.csv", Map.of());
 * }</pre>
 */
final class FromTelemetry {
    private FromTelemetry() {}

    static Series read(Table t, String name, Map<String, Source> sources) {
        Telemetry.validate(t, name);
        long[] tsCol = t.longColumn(Telemetry.TIMESTAMP).asLongArray();
        String[] portCol = t.stringColumn(Telemetry.PORT).asObjectArray();
        int n = portCol.length;
        Map<String, List<Integer>> rowsOf = new LinkedHashMap<>();
        for (int i = 0; i < n; i++) {
            if (tsCol[i] == Rules.ABSENT) throw new CaptureException(name, i + 1, "telemetry row without a timestamp");
            rowsOf.computeIfAbsent(portCol[i], k -> new ArrayList<>()).add(i);
        }
        List<String> ports = new ArrayList<>(rowsOf.keySet());
        int[] start = new int[ports.size() + 1];
        int[] order = new int[n];
        int k = 0;
        for (int p = 0; p < ports.size(); p++) {
            start[p] = k;
            Integer[] rows = rowsOf.get(ports.get(p)).toArray(new Integer[0]);
            Arrays.sort(rows, (a, b) -> Long.compare(tsCol[a], tsCol[b]));
            for (Integer r : rows) order[k++] = r;
        }
        start[ports.size()] = n;
        long[] ts = new long[n];
        for (int i = 0; i < n; i++) ts[i] = tsCol[order[i]];
        Map<String, long[]> counters = new LinkedHashMap<>();
        Map<String, Columns> columns = new LinkedHashMap<>();
        Map<String, double[]> measures = new LinkedHashMap<>();
        for (Column<?> c : t.columns()) {
            if (c.name().equals(Telemetry.TIMESTAMP)) continue;
            if (c instanceof LongColumn) {
                long[] src = ((LongColumn) c).asLongArray(), dst = new long[n];
                for (int i = 0; i < n; i++) dst[i] = src[order[i]];      // Tablesaw's missing long is Rules.ABSENT
                counters.put(c.name(), dst);
            } else if (c instanceof IntColumn) {
                IntColumn ic = (IntColumn) c;
                long[] dst = new long[n];
                for (int i = 0; i < n; i++) dst[i] = ic.isMissing(order[i]) ? Rules.ABSENT : ic.getInt(order[i]);
                counters.put(c.name(), dst);
            } else if (c instanceof DoubleColumn) {
                double[] src = ((DoubleColumn) c).asDoubleArray(), dst = new double[n];
                for (int i = 0; i < n; i++) dst[i] = src[order[i]];
                measures.put(c.name(), dst);
            }
        }
        for (String c : counters.keySet()) {
            Source s = sources.get(c);
            columns.put(c, Columns.of(c, s == null ? Columns.DEFAULT_SOURCES : List.of(s)));
        }
        String[] peer = perPort(t, Telemetry.PEER, ports.size(), start, order);
        String[] kind = perPort(t, Telemetry.LINK_KIND, ports.size(), start, order);
        return Series.of(t.name(), ports, start, ts, counters, columns, measures, peer, kind);
    }

    private static String[] perPort(Table t, String col, int ports, int[] start, int[] order) {
        String[] out = new String[ports];
        if (!t.containsColumn(col) || !(t.column(col) instanceof StringColumn)) return out;
        StringColumn c = t.stringColumn(col);
        for (int p = 0; p < ports; p++) {
            for (int i = start[p]; i < start[p + 1]; i++) {
                String v = c.get(order[i]);
                if (v != null && !v.isBlank()) { out[p] = v.trim(); break; }
            }
        }
        return out;
    }
}
