package org.fabriclab.check;

/**
 * One row of a check: a port, the kind of check ({@code limit}, {@code ber} or {@code optics}), what was checked
 * (a counter, or {@code raw_ber}/{@code effective_ber}/{@code symbol_ber}), where the value came from
 * ({@code sample}, {@code delta}, {@code mlxlink}, {@code telemetry}, {@code counters}), the exact
 * count when the value is a counter or the source counted the bit errors behind a BER (null otherwise), the value, the limit, the margin
 * ({@code limit - value}; negative when over) and the outcome with its reason.
 */
public record CheckRow(String port, String check, String name, String basis, Long count, double value,
                       double limit, double margin, Outcome outcome, String reason) {

    public static final String LIMIT = "limit";
    public static final String BER = "ber";
    /** A transceiver's diagnostics against its own thresholds ({@link OpticsChecks}). */
    public static final String OPTICS = "optics";
}
