package org.fabriclab.check.health.fec;

import java.util.Locale;

/**
 * The failure-prediction features, computed per port at the end of each hour from the FEC histogram
 * trajectory (see {@link Features}). {@code W} is the recent window (default 6 h), {@code T} the trend
 * window (default 24 h, as 24 hourly points); {@code E_k} is the number of blocks in bin {@code k} over
 * the window, {@code N} all blocks, {@code tail} the upper half of the bins (k &gt;= bins/2). Logs are
 * base 10 with a pseudo-count of one block, so a clean link has finite values.
 * <ul>
 * <li>{@link #ERRORED_FRACTION}: log10((sum_{k>=1} E_k + 1) / (N + 1)) over W: how many blocks needed any correction.</li>
 * <li>{@link #TAIL_FRACTION}: log10((sum_{k>=tail} E_k + 1) / (N + 1)) over W: the tail mass, blocks near the correction limit.</li>
 * <li>{@link #MEAN_BIN}: sum k*E_k / sum_{k>=1} E_k over W (0 when no errored block): where the errored blocks sit.</li>
 * <li>{@link #TAIL_SLOPE}: least-squares slope, per hour, of the hourly TAIL_FRACTION over T: is the tail growing?</li>
 * <li>{@link #BIN_SHIFT_SLOPE}: least-squares slope, per hour, of the highest non-empty bin of each hour over T: is the histogram shifting right?</li>
 * <li>{@link #UNCORRECTED}: log10(1 + post-FEC uncorrected errors over W) (catalogue role fec-uncorrected-bits or fec-uncorrected; 0 when the series has none).</li>
 * <li>{@link #EFFECTIVE_BER}: log10(uncorrected bits / (N * 5440) + 1e-18) over W, the effective (post-FEC) BER; from the
 * {@code effective_ber} measurement (its largest value in W) when the series has no uncorrected-error counter.</li>
 * </ul>
 */
public enum Feature {
    ERRORED_FRACTION("log10 fraction of blocks with >= 1 symbol error, last W"),
    TAIL_FRACTION("log10 fraction of blocks in the upper half of the bins (tail mass), last W"),
    MEAN_BIN("mean symbol errors per errored block, last W"),
    TAIL_SLOPE("slope of the hourly tail fraction over T, decades per hour"),
    BIN_SHIFT_SLOPE("slope of the highest non-empty bin over T, bins per hour"),
    UNCORRECTED("log10(1 + uncorrected errors), last W"),
    EFFECTIVE_BER("log10 effective (post-FEC) BER, last W");

    private final String help;

    Feature(String help) { this.help = help; }

    /** One line: what the feature measures and its unit. */
    public String help() { return help; }

    /** The name used in model files: {@code tail_fraction}. */
    public String key() { return name().toLowerCase(Locale.ROOT); }

    public static Feature of(String key) {
        for (Feature f : values()) if (f.key().equals(key)) return f;
        throw new IllegalArgumentException("unknown feature '" + key + "'");
    }

    @Override public String toString() { return key(); }
}
