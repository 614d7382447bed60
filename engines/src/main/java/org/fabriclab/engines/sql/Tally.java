package org.fabriclab.engines.sql;

import java.util.ArrayList;
import java.util.List;

import org.fabriclab.capture.CaptureException;
import org.fabriclab.history.RateRule;
import org.fabriclab.history.Scores;
import org.fabriclab.history.Steps;
import org.fabriclab.history.SweepResult;

/**
 * Turns the grouped rows of {@link SweepSql} into the score table: the step is the mode of the
 * interval lengths, intervals longer than 1.5 steps have no value (samples are missing between
 * them), the rest land in their bins; days run from the first sample to one step after the last.
 * The same arithmetic as {@code PrimitiveSweepEngine}, so every engine returns the same table.
 *
 * <pre>{@code
 * Tally t = new Tally(file.toString(), th.length);
 * t.add("all", 300_000L, 12, 40, t0, t1);  ...
 * SweepResult r = t.result(rule, "duckdb", th, elapsedMs);
 * }</pre>
 */
public final class Tally {
    private record Group(boolean pos, Long dt, Integer bin, long n) { }

    private final String name;
    private final int nThresholds;
    private final List<Group> groups = new ArrayList<>();
    private long tmin = Long.MAX_VALUE, tmax = Long.MIN_VALUE;

    public Tally(String name, int nThresholds) {
        this.name = name;
        this.nThresholds = nThresholds;
    }

    /** One result row; {@code dt}, {@code bin}, {@code tmin}, {@code tmax} may be null. */
    public void add(String kind, Long dt, Integer bin, long n, Long tmin, Long tmax) {
        boolean pos = kind.equals("pos");
        if (dt != null && dt <= 0) {
            throw new CaptureException(name, 0, "timestamps of a port must increase; found " + n + " intervals of " + dt + " ms");
        }
        if (bin != null && (bin < 0 || bin > nThresholds)) throw new IllegalStateException("bin " + bin + " out of range");
        groups.add(new Group(pos, dt, bin, n));
        if (!pos) {
            if (tmin != null) this.tmin = Math.min(this.tmin, tmin);
            if (tmax != null) this.tmax = Math.max(this.tmax, tmax);
        }
    }

    public SweepResult result(RateRule rule, String engine, double[] th, long elapsedMs) {
        Steps steps = new Steps();
        for (Group g : groups) if (!g.pos && g.dt != null) steps.add(g.dt, g.n);
        long step = steps.mode();
        if (step <= 0) step = 1;
        long gap = step + step / 2;
        long[] all = new long[nThresholds + 1], pos = new long[nThresholds + 1];
        long intervals = 0, measured = 0, posUnmeasured = 0;
        for (Group g : groups) {
            if (g.dt == null) continue;                       // a port's first sample: no interval
            boolean valued = g.bin != null && g.dt <= gap;
            if (g.pos) {
                if (valued) pos[g.bin] += g.n; else posUnmeasured += g.n;
            } else {
                intervals += g.n;
                if (valued) { all[g.bin] += g.n; measured += g.n; }
            }
        }
        long[] neg = new long[nThresholds + 1];
        for (int i = 0; i <= nThresholds; i++) neg[i] = all[i] - pos[i];
        double days = tmin == Long.MAX_VALUE ? 0 : (tmax - tmin + step) / 86_400_000.0;
        return Scores.result(rule, engine, th, pos, neg, days, intervals, measured, posUnmeasured, elapsedMs);
    }
}
