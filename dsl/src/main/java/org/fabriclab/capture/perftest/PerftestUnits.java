package org.fabriclab.capture.perftest;

/**
 * What perftest's bandwidth units mean, checked against linux-rdma/perftest
 * ({@code src/perftest_parameters.c}, {@code print_report_bw}):
 * {@code format_factor = (report_fmt == MBS) ? 0x100000 : 125000000}, and the bandwidth printed is
 * bytes per second divided by that factor. So
 * <ul>
 * <li>{@code MB/sec} (the header up to perftest 24.01) and {@code MiB/sec} (from commit 1d202bb,
 * 2024-03-19, "Display proper unit for MiB/sec results": same number, honest label) are both
 * 2^20 = 1,048,576 bytes per second;</li>
 * <li>{@code Gb/sec} ({@code --report_gbits}) is 10^9 bits = 125,000,000 bytes per second.</li>
 * </ul>
 *
 * <pre>{@code
 * PerftestUnits.bytesPerSecond(24056.72, "MB/sec");   // 2.5225e10
 * }</pre>
 */
public final class PerftestUnits {
    public static final double MIB = 1_048_576d;
    public static final double GBIT_BYTES = 125_000_000d;

    private PerftestUnits() {}

    /** Bytes per unit, or NaN for an unknown unit. */
    public static double bytesPerUnit(String unit) {
        return switch (unit) {
            case "MB/sec", "MiB/sec" -> MIB;
            case "Gb/sec" -> GBIT_BYTES;
            default -> Double.NaN;
        };
    }

    public static double bytesPerSecond(double value, String unit) { return value * bytesPerUnit(unit); }
}
