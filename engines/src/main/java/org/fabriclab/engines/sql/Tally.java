package org.fabriclab.engines.sql;

import java.util.ArrayList;
import java.util.List;

import org.fabriclab.capture.CaptureException;
import org.fabriclab.history.RateRule;
import org.fabriclab.history.Scores;
import org.fabriclab.history.Steps;
import org.fabriclab.history.ClassSweep;
import org.fabriclab.history.PortClasses;

/**
 * Turns the grouped rows of {@link SweepSql} into the score tables: the step is the mode of the
 * interval lengths over every port, intervals longer than 1.5 steps have no value (samples are
 * missing between them), the rest land in their bins, per port class; days run from the first
 * sample to one step after the last. The same arithmetic as {@code PrimitiveSweepEngine}, so every
 * engine returns the same tables.
 *
 * <pre>{@code
 * Tally t = new Tally(file.toString(), th.length, classes);
 * t.add(0, "all", 300_000L, 12, 40, t0, t1);  ...
 * ClassSweep r = t.result(rule, "duckdb", th, elapsedMs);
 * }</pre>
 */
public final class Tally {
    private record Group(int cls, boolean pos, Long dt, Integer bin, long n) { }

    private final String name;
    private final int nThresholds;
    private final PortClasses classes;
    private final List<Group> groups = new ArrayList<>();
    private long tmin = Long.MAX_VALUE, tmax = Long.MIN_VALUE;

    public Tally(String name, int nThresholds, PortClasses classes) {
        this.name = name;
        this.nThresholds = nThresholds;
        this.classes = classes;
    }

    /** One result row; {@code dt}, {@code bin}, {@code tmin}, {@code tmax} may be null. */
    public void add(int cls, String kind, Long dt, Integer bin, long n, Long tmin, Long tmax) {
        boolean pos = kind.equals("pos");
        if (dt != null && dt <= 0) {
            throw new CaptureException(name, 0, "timestamps of a port must increase; found " + n + " intervals of " + dt + " ms");
        }
        if (bin != null && (bin < 0 || bin > nThresholds)) throw new IllegalStateException("bin " + bin + " out of range");
        if (cls < 0 || cls >= classes.count()) throw new IllegalStateException("class " + cls + " out of range");
        groups.add(new Group(cls, pos, dt, bin, n));
        if (!pos) {
            if (tmin != null) this.tmin = Math.min(this.tmin, tmin);
            if (tmax != null) this.tmax = Math.max(this.tmax, tmax);
        }
    }

    public ClassSweep result(RateRule rule, String engine, double[] th, long elapsedMs) {
        Steps steps = new Steps();
        for (Group g : groups) if (!g.pos && g.dt != null) steps.add(g.dt, g.n);
        long step = steps.mode();
        if (step <= 0) step = 1;
        long gap = step + step / 2;
        int k = classes.count();
        long[][] all = new long[k][nThresholds + 1], pos = new long[k][nThresholds + 1], neg = new long[k][nThresholds + 1];
        long[] intervals = new long[k], measured = new long[k], posUnmeasured = new long[k];
        for (Group g : groups) {
            if (g.dt == null) continue;                       // a port's first sample: no interval
            boolean valued = g.bin != null && g.dt <= gap;
            if (g.pos) {
                if (valued) pos[g.cls][g.bin] += g.n; else posUnmeasured[g.cls] += g.n;
            } else {
                intervals[g.cls] += g.n;
                if (valued) { all[g.cls][g.bin] += g.n; measured[g.cls] += g.n; }
            }
        }
        for (int c = 0; c < k; c++) for (int i = 0; i <= nThresholds; i++) neg[c][i] = all[c][i] - pos[c][i];
        double days = tmin == Long.MAX_VALUE ? 0 : (tmax - tmin + step) / 86_400_000.0;
        return Scores.classes(rule, engine, th, classes, pos, neg, days, intervals, measured, posUnmeasured, elapsedMs);
    }
}
