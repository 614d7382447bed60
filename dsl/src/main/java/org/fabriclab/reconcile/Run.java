package org.fabriclab.reconcile;

import java.util.ArrayList;
import java.util.List;

import org.fabriclab.capture.Capture;
import org.fabriclab.capture.CaptureException;

import tech.tablesaw.api.Table;
import tech.tablesaw.columns.Column;

/**
 * One perftest run read from a capture's {@code perftest_run} table, with the headline bandwidth
 * row from its {@code bandwidth} table (same file, role and run ordinal where the tables have one; the largest message size, as
 * {@code -a} prints sizes in increasing order and the largest is the line-rate figure).
 * {@code localLid}: the {@code local address:} LID (0 when unknown); {@code reportedSeconds}: the time
 * the run's own rows account for, the sum over its rows of message bytes x iterations / average
 * bytes per second (NaN when a row cannot say), in seconds.
 */
record Run(String file, String role, String test, String device, int ibPort, double durationS, String unit, boolean bidirectional,
           double bwAverage, double bwBytesPerSec, int localLid, double reportedSeconds) {

    static List<Run> read(Capture c) {
        Table runs = c.measurements("perftest_run").orElseThrow();
        Table bw = c.measurements("bandwidth").orElseThrow();
        List<Run> out = new ArrayList<>();
        for (int i = 0; i < runs.rowCount(); i++) {
            String file = str(runs, "file", i, c.file());
            String role = str(runs, "role", i, "unknown");
            long best = -1;
            double avg = Double.NaN, bps = Double.NaN, seconds = 0;
            String unit = str(runs, "unit", i, "");
            Number ordinal = num(runs, "run", i);
            for (int j = 0; j < bw.rowCount(); j++) {
                if (!str(bw, "file", j, file).equals(file) || !str(bw, "role", j, role).equals(role)) continue;
                Number rowRun = num(bw, "run", j);
                if (ordinal != null && rowRun != null && rowRun.intValue() != ordinal.intValue()) continue;
                long size = num(bw, "msg_bytes", j) == null ? 0 : num(bw, "msg_bytes", j).longValue();
                Number iters = num(bw, "iterations", j);
                double rowBps = dbl(bw, "bw_average_bytes_per_sec", j);
                // the time this row's transfers took at its own average bandwidth; NaN once any row cannot say
                seconds += iters != null && iters.longValue() > 0 && size > 0 && rowBps > 0 ? (double) size * iters.longValue() / rowBps : Double.NaN;
                if (size > best) {
                    best = size;
                    avg = dbl(bw, "bw_average", j);
                    bps = dbl(bw, "bw_average_bytes_per_sec", j);
                    if (unit.isEmpty()) unit = str(bw, "unit", j, "");
                }
            }
            if (best < 0) throw new CaptureException(file, 0, "perftest run (" + role + ") has no bandwidth rows: expected a BW table (#bytes ... BW average)");
            Number port = num(runs, "ib_port", i), lid = num(runs, "local_lid", i);
            Object b = runs.containsColumn("bidirectional") && !runs.column("bidirectional").isMissing(i) ? runs.column("bidirectional").get(i) : Boolean.FALSE;
            out.add(new Run(file, role, str(runs, "test", i, "?"), str(runs, "device", i, null), port == null ? 0 : port.intValue(),
                    dbl(runs, "duration_s", i), unit, Boolean.TRUE.equals(b), avg, bps, lid == null ? 0 : lid.intValue(),
                    seconds > 0 ? seconds : Double.NaN));
        }
        return out;
    }

    private static String str(Table t, String col, int i, String dflt) {
        if (!t.containsColumn(col) || t.column(col).isMissing(i)) return dflt;
        String s = t.column(col).getString(i);
        return s == null || s.isBlank() ? dflt : s.trim();
    }

    private static Number num(Table t, String col, int i) {
        if (!t.containsColumn(col)) return null;
        Column<?> c = t.column(col);
        return c.isMissing(i) || !(c.get(i) instanceof Number n) ? null : n;
    }

    private static double dbl(Table t, String col, int i) {
        Number n = num(t, col, i);
        return n == null ? Double.NaN : n.doubleValue();
    }
}
