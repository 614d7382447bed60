package org.fabriclab.history;

/**
 * Threshold grids for a sweep, ascending.
 *
 * <pre>{@code
 * Thresholds.log(100, 100_000, 50);    // 50 values, equal ratios, 100 .. 100000
 * }</pre>
 */
public final class Thresholds {
    private Thresholds() {}

    /**
     * A default grid for {@code rule}, by its unit, wide enough for the fleets we have seen: per GB 1 to
     * 1e6, per hour 1 to 1e6, per bit 1e-15 to 1e-3, per packet 1e-9 to 1e-1 (log, 50 values); a count
     * per interval 0 to 1000 (0, 1, 2, 5, 10, ...); a measurement 1e-15 to 1e-3 (BER). Narrow it with
     * {@link #log} once the first sweep shows where the trade-off lies.
     */
    public static double[] forRule(RateRule rule) {
        RateRule.Per p = rule.per();
        return switch (p.kind()) {
            case INTERVAL -> new double[] {0, 1, 2, 5, 10, 20, 50, 100, 200, 500, 1000};
            case SAMPLE -> log(1e-15, 1e-3, 50);
            case TIME -> log(1, 1e6, 50);
            case COUNTER -> p.factor() == 8 ? log(1e-15, 1e-3, 50) : p.unit() >= 1e9 ? log(1, 1e6, 50) : log(1e-9, 1e-1, 50);
        };
    }

    /**
     * {@code n} values from {@code lo} to {@code hi} with equal ratios (both ends included), each
     * rounded to 3 significant digits so a chosen value reads as a setting ({@code 1150}, not
     * {@code 1149.757...}).
     */
    public static double[] log(double lo, double hi, int n) {
        check(lo, hi, n);
        if (!(lo > 0)) throw new IllegalArgumentException("a log grid needs lo > 0, found " + lo);
        double[] t = new double[n];
        double ratio = Math.log(hi / lo);
        for (int i = 0; i < n; i++) t[i] = n == 1 ? lo : round3(lo * Math.exp(ratio * i / (n - 1)));
        t[0] = lo;
        t[n - 1] = hi;
        for (int i = 1; i < n; i++) {
            if (!(t[i] > t[i - 1])) throw new IllegalArgumentException("grid too fine for 3 significant digits: " + n + " values in [" + lo + ", " + hi + "]");
        }
        return t;
    }

    /** {@code n} evenly spaced values from {@code lo} to {@code hi}. */
    public static double[] linear(double lo, double hi, int n) {
        check(lo, hi, n);
        double[] t = new double[n];
        for (int i = 0; i < n; i++) t[i] = n == 1 ? lo : lo + (hi - lo) * i / (n - 1);
        return t;
    }

    static double round3(double x) {
        return new java.math.BigDecimal(x).round(new java.math.MathContext(3)).doubleValue();
    }

    private static void check(double lo, double hi, int n) {
        if (n < 1) throw new IllegalArgumentException("need at least one threshold");
        if (!(hi >= lo)) throw new IllegalArgumentException("need lo <= hi, found " + lo + " > " + hi);
    }
}
