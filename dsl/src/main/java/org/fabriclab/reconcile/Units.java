package org.fabriclab.reconcile;

import java.util.Locale;

/**
 * perftest bandwidth units to bytes per second. perftest prints {@code MB/sec} but computes it with
 * 2^20 bytes (newer builds print {@code MiB/sec} for the same number); {@code Gb/sec}
 * ({@code --report_gbits}) is 10^9 bits.
 *
 * <pre>{@code
 * Units.bytesPerSecond(11_000, "MB/sec");   // 1.1534336E10
 * }</pre>
 */
public final class Units {
    public static final double MIB = 1024.0 * 1024.0;

    private Units() {}

    /** Bytes per second of {@code value} in {@code unit}; NaN when the unit is unknown. */
    public static double bytesPerSecond(double value, String unit) {
        return switch (norm(unit)) {
            case "mb/sec", "mib/sec" -> value * MIB;
            case "gb/sec" -> value * 1e9 / 8;
            default -> Double.NaN;
        };
    }

    /** What the conversion assumed, for the warning the result carries. */
    public static String explain(String unit) {
        return switch (norm(unit)) {
            case "mb/sec" -> "perftest printed MB/sec, which it computes with 2^20 bytes (MiB/s), not 10^6: converted at 1,048,576 bytes per MB";
            case "mib/sec" -> "perftest printed MiB/sec: converted at 1,048,576 bytes per MiB (not 10^6)";
            case "gb/sec" -> "perftest printed Gb/sec (--report_gbits): 10^9 bits/s, converted at 1.25e8 bytes per Gb";
            default -> "unknown perftest unit '" + unit + "': the reader's bytes-per-second figure was used as is";
        };
    }

    private static String norm(String unit) { return unit == null ? "" : unit.trim().toLowerCase(Locale.ROOT); }
}
