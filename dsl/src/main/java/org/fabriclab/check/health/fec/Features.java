package org.fabriclab.check.health.fec;

import java.util.ArrayList;
import java.util.List;

import org.fabriclab.capture.Telemetry;
import org.fabriclab.catalogue.Catalogue;
import org.fabriclab.catalogue.Direction;
import org.fabriclab.catalogue.Role;
import org.fabriclab.delta.Rules;
import org.fabriclab.delta.Status;
import org.fabriclab.series.Columns;
import org.fabriclab.series.Series;
import org.fabriclab.work.Cancellation;

/**
 * Computes the {@link Feature}s of every port from its FEC histogram trajectory, once per clock hour
 * (epoch-aligned), at the last sample of the hour, once the port has half a trend window of hours with
 * data (a slope over a few hours is noise: no point before that). Each interval is judged by the delta rule
 * ({@link FecHistogram#interval}): an interval where a bin is missing, reset or pegged adds nothing;
 * an hour without a usable interval gives no point. Immutable.
 *
 * <pre>{@code
 * List<FeaturePoint> pts = Features.defaults().points(series);
 * pts.get(0).get(Feature.TAIL_FRACTION);
 * }</pre>
 */
public final class Features {
    public static final long HOUR_MS = 3_600_000L;
    /** Default recent window W: 6 hours. */
    public static final long DEFAULT_WINDOW_MS = 6 * HOUR_MS;
    /** Default trend window T: 24 hours. */
    public static final long DEFAULT_TREND_MS = 24 * HOUR_MS;
    private static final double BER_FLOOR = 1e-18;

    private final long windowMs, trendMs;

    private Features(long windowMs, long trendMs) {
        if (windowMs < HOUR_MS || trendMs < HOUR_MS) throw new IllegalArgumentException("windows must be at least one hour");
        this.windowMs = windowMs;
        this.trendMs = trendMs;
    }

    public static Features defaults() { return new Features(DEFAULT_WINDOW_MS, DEFAULT_TREND_MS); }

    /** Windows in whole hours: {@code windowMs} (W) and {@code trendMs} (T). */
    public static Features of(long windowMs, long trendMs) { return new Features(windowMs, trendMs); }

    public long windowMs() { return windowMs; }
    public long trendMs() { return trendMs; }

    /** Every port's points, port by port, in time order; empty when the series has no FEC histogram. */
    public List<FeaturePoint> points(Series s) {
        List<FeaturePoint> out = new ArrayList<>();
        var h = FecHistogram.of(s);
        if (h.isEmpty()) return out;
        Cancellation cancel = Cancellation.ofCurrentThread();
        for (int p = 0; p < s.portCount(); p++) {
            cancel.check();
            out.addAll(points(h.get(), p));
        }
        return out;
    }

    /** The points of port {@code p}. */
    public List<FeaturePoint> points(FecHistogram h, int p) {
        Series s = h.series();
        long[] ts = s.timestamps();
        List<FeaturePoint> out = new ArrayList<>();
        int from = s.start(p), to = s.end(p);
        if (to - from < 2) return out;
        String unc = uncorrectedCounter(s);
        long[] u = unc == null ? null : s.counter(unc);
        long capU = unc == null ? 0 : s.column(unc).map(Columns::cap).orElse(0L);
        double[] effBer = s.measure(Telemetry.EFFECTIVE_BER);
        long firstHour = Math.floorDiv(ts[from], HOUR_MS);
        int hours = (int) (Math.floorDiv(ts[to - 1], HOUR_MS) - firstHour + 1);
        int bins = h.bins();
        long[][] e = new long[hours][bins];
        long[] n = new long[hours], unCount = new long[hours], endTime = new long[hours];
        int[] usable = new int[hours];
        double[] maxBer = new double[hours];
        java.util.Arrays.fill(maxBer, Double.NaN);
        long[] d = new long[bins];
        for (int r = from + 1; r < to; r++) {
            if (!h.interval(r, d)) continue;
            int b = (int) (Math.floorDiv(ts[r], HOUR_MS) - firstHour);
            long sum = 0;
            for (int k = 0; k < bins; k++) { e[b][k] += d[k]; sum += d[k]; }
            if (sum == 0) continue;
            n[b] += sum;
            usable[b]++;
            endTime[b] = ts[r];
            if (u != null && Rules.status(u[r - 1], u[r], capU) == Status.READABLE) unCount[b] += u[r] - u[r - 1];
            if (effBer != null && !Double.isNaN(effBer[r]) && !(effBer[r] <= maxBer[b])) maxBer[b] = effBer[r];
        }
        int w = (int) (windowMs / HOUR_MS), t = (int) (trendMs / HOUR_MS), tail = bins / 2;
        int warmUp = Math.max(1, t / 2), seen = 0;
        for (int b = 0; b < hours; b++) {
            if (usable[b] == 0) continue;
            if (++seen < warmUp) continue;
            long nw = 0, errored = 0, tailW = 0, weighted = 0, unW = 0;
            double berW = Double.NaN;
            for (int j = Math.max(0, b - w + 1); j <= b; j++) {
                nw += n[j];
                for (int k = 1; k < bins; k++) { errored += e[j][k]; weighted += (long) k * e[j][k]; }
                for (int k = tail; k < bins; k++) tailW += e[j][k];
                unW += unCount[j];
                if (!Double.isNaN(maxBer[j]) && !(maxBer[j] <= berW)) berW = maxBer[j];
            }
            double[] x = new double[Feature.values().length];
            x[Feature.ERRORED_FRACTION.ordinal()] = Math.log10((errored + 1.0) / (nw + 1.0));
            x[Feature.TAIL_FRACTION.ordinal()] = Math.log10((tailW + 1.0) / (nw + 1.0));
            x[Feature.MEAN_BIN.ordinal()] = errored == 0 ? 0 : (double) weighted / errored;
            x[Feature.TAIL_SLOPE.ordinal()] = slope(e, n, b, t, tail, bins, false);
            x[Feature.BIN_SHIFT_SLOPE.ordinal()] = slope(e, n, b, t, tail, bins, true);
            x[Feature.UNCORRECTED.ordinal()] = Math.log10(1.0 + unW);
            double ber = u != null ? unW / ((double) nw * FecHistogram.BITS_PER_BLOCK) : Double.isNaN(berW) ? 0 : berW;
            x[Feature.EFFECTIVE_BER.ordinal()] = Math.log10(ber + BER_FLOOR);
            out.add(new FeaturePoint(p, s.port(p), endTime[b], x));
        }
        return out;
    }

    /** Least-squares slope per hour over the hourly points of the trend window ending at hour {@code b}; 0 with fewer than 3 points. */
    private static double slope(long[][] e, long[] n, int b, int t, int tail, int bins, boolean highestBin) {
        double sx = 0, sy = 0, sxx = 0, sxy = 0;
        int m = 0;
        for (int j = Math.max(0, b - t + 1); j <= b; j++) {
            if (n[j] == 0) continue;
            double y;
            if (highestBin) {
                int hi = 0;
                for (int k = bins - 1; k > 0; k--) if (e[j][k] > 0) { hi = k; break; }
                y = hi;
            } else {
                long tl = 0;
                for (int k = tail; k < bins; k++) tl += e[j][k];
                y = Math.log10((tl + 1.0) / (n[j] + 1.0));
            }
            double x = j - b;
            sx += x; sy += y; sxx += x * x; sxy += x * y;
            m++;
        }
        if (m < 3) return 0;
        double den = m * sxx - sx * sx;
        return den == 0 ? 0 : (m * sxy - sx * sy) / den;
    }

    /** The series' post-FEC uncorrected-error counter: role fec-uncorrected-bits, else fec-uncorrected; null when none. */
    static String uncorrectedCounter(Series s) {
        Catalogue cat = Catalogue.standard();
        for (Role r : new Role[] {Role.FEC_UNCORRECTED_BITS, Role.FEC_UNCORRECTED}) {
            for (String c : cat.portCounters(r, Direction.RX)) if (s.has(c)) return c;
        }
        return null;
    }

    @Override public String toString() { return "Features[W " + windowMs / HOUR_MS + " h, T " + trendMs / HOUR_MS + " h]"; }
}
