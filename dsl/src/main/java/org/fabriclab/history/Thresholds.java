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
