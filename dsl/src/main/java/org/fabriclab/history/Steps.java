package org.fabriclab.history;

import java.util.HashMap;
import java.util.Map;

/**
 * The nominal sampling step of a history: the most common interval between consecutive samples
 * of one port (ties: the shorter), counted exactly over every interval. Every engine uses this
 * definition (the SQL engines as a {@code GROUP BY} on the interval length), so the gap rule
 * ("more than 1.5 steps apart: samples are missing") and the days covered agree everywhere.
 *
 * <pre>{@code
 * Steps s = new Steps();
 * s.add(300_000, 287); s.add(3_900_000, 1);
 * s.mode();   // 300000
 * }</pre>
 */
public final class Steps {
    private final Map<Long, long[]> counts = new HashMap<>();

    /** Counts {@code n} intervals of {@code stepMs}. */
    public void add(long stepMs, long n) {
        counts.computeIfAbsent(stepMs, k -> new long[1])[0] += n;
    }

    /** The most common step in ms (ties: the shorter); 0 when no interval was counted. */
    public long mode() {
        long best = 0, bestN = 0;
        for (Map.Entry<Long, long[]> e : counts.entrySet()) {
            long s = e.getKey(), n = e.getValue()[0];
            if (n > bestN || (n == bestN && s < best)) { best = s; bestN = n; }
        }
        return best;
    }

    /** The mode of the intervals of a history in primitive columns (rows ordered by port, then time). */
    public static long of(long[] time, int[] port) {
        Steps s = new Steps();
        s.addIntervals(time, port, 0, time.length);
        return s.mode();
    }

    /**
     * Counts the intervals between consecutive samples of one port among rows {@code [lo, hi)} (row
     * {@code lo} against the row before it), one {@link #add} per run of equal intervals; returns the
     * first of those rows whose timestamp does not increase over its port's previous one, or -1. A
     * caller that refuses such a history throws there; every interval is counted either way.
     */
    public int addIntervals(long[] time, int[] port, int lo, int hi) {
        int bad = -1;
        long last = 0, run = 0;
        for (int r = Math.max(1, lo); r < hi; r++) {
            if (port[r] != port[r - 1]) continue;
            long d = time[r] - time[r - 1];
            if (d <= 0 && bad < 0) bad = r;
            if (d == last) { run++; continue; }
            if (run > 0) add(last, run);
            last = d;
            run = 1;
        }
        if (run > 0) add(last, run);
        return bad;
    }

    /** Adds every interval {@code other} counted. */
    public void addAll(Steps other) {
        other.counts.forEach((d, n) -> add(d, n[0]));
    }
}
