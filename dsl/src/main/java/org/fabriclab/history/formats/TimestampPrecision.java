package org.fabriclab.history.formats;

import org.fabriclab.capture.exporter.ExporterMetrics;
import org.fabriclab.capture.CaptureException;

/**
 * The unit of a line-protocol file's timestamps. Line protocol carries no unit: the writer chooses it (InfluxDB's
 * {@code precision} write parameter; Telegraf's file output always writes ns), and the file does not say it. It is told
 * from the file's first timestamp, as the one unit in which that time lies in 2001-2286: the four ranges (s: 10 digits,
 * ms: 13, us: 16, ns: 19) do not overlap, so no time of this century is read in the wrong unit. Every later timestamp of
 * the file must lie in the same range (a file has one precision); one that does not is refused rather than read as a
 * time centuries away. Times become epoch milliseconds, rounded down (as {@link java.time.Instant#toEpochMilli} does).
 *
 * <pre>{@code
 * TimestampPrecision p = TimestampPrecision.of("1764547200000000000", "telegraf.out", 3);   // NS
 * p.toMillis("1764547500000000000", "telegraf.out", 9);                                     // 1764547500000
 * }</pre>
 */
enum TimestampPrecision {
    S(1), MS(1_000), US(1_000_000), NS(1_000_000_000);

    /** 2001-01-01T00:00:00Z and 2286-11-20T17:46:39Z in epoch seconds: the times the ranges cover. */
    private static final long FROM = 978_307_200L, TO = 9_999_999_999L;
    private final long perSecond;

    TimestampPrecision(long perSecond) { this.perSecond = perSecond; }

    /**
     * The precision in which {@code ts} is a time in 2001-2286.
     *
     * @throws CaptureException at {@code file:line} when it is in none
     */
    static TimestampPrecision of(String ts, String file, int line) {
        long v = parse(ts, file, line);
        for (TimestampPrecision p : values()) if (p.holds(v)) return p;
        throw new CaptureException(file, line, "timestamp " + ts + " is no time in 2001-2286 in ns, us, ms or s since the epoch");
    }

    private boolean holds(long v) {
        long low = FROM * perSecond;
        long high = this == NS ? Long.MAX_VALUE : TO * perSecond + (perSecond - 1);   // ns: 2262, where a long ends
        return v >= low && v <= high;
    }

    /**
     * {@code ts} in epoch milliseconds.
     *
     * @throws CaptureException at {@code file:line} when it is no time of this precision (the file's first one set it)
     */
    long toMillis(String ts, String file, int line) {
        long v = parse(ts, file, line);
        if (!holds(v)) {
            throw new CaptureException(file, line, "timestamp " + ts + " is not in " + this + " like the file's first one; expected "
                    + "one precision throughout the file (" + this + " since the epoch, 2001-2286)");
        }
        return this == S ? v * 1_000 : Math.floorDiv(v, perSecond / 1_000);
    }

    private static long parse(String ts, String file, int line) {
        try {
            return Long.parseLong(ts);
        } catch (NumberFormatException e) {
            throw new CaptureException(file, line, "expected a timestamp (an integer, ns since the epoch), found '" + ExporterMetrics.abbreviate(ts) + "'");
        }
    }

    @Override public String toString() { return name().toLowerCase(java.util.Locale.ROOT); }
}
