package org.fabriclab.check;

import java.util.Locale;

/**
 * The two grading policies of the runbook, always chosen explicitly.
 * <ul>
 * <li>{@link #ZERO_TOLERANCE}: the fleet gate. With no limits given every error counter is held to
 * {@code all=0}; an effective or symbol BER above zero fails.</li>
 * <li>{@link #BER}: the hardware-replacement decision, as ibdiagnet grades the physical layer.
 * Effective and symbol BER fail above the threshold (default {@value #DEFAULT_BER_THRESHOLD},
 * ibdiagnet's {@code --ber_test} default); counter limits apply only as given.</li>
 * </ul>
 */
public enum Policy {
    ZERO_TOLERANCE("zero-tolerance", "fleet gate: every error counter graded at zero, any post-FEC bit error fails"),
    BER("ber", "hardware-replacement decision: the physical layer graded against a bit-error-rate threshold, counter limits only as given");

    /** ibdiagnet's default BER threshold for {@code --ber_test}. */
    public static final double DEFAULT_BER_THRESHOLD = 1e-12;

    private final String label;
    private final String meaning;

    Policy(String label, String meaning) {
        this.label = label;
        this.meaning = meaning;
    }

    public String label() { return label; }

    /** One sentence saying what this policy is for. */
    public String meaning() { return meaning; }

    /** {@code zero-tolerance} or {@code ber} (also accepts {@code zero_tolerance}). */
    public static Policy of(String s) {
        String k = s.trim().toLowerCase(Locale.ROOT).replace('_', '-');
        for (Policy p : values()) if (p.label.equals(k)) return p;
        throw new IllegalArgumentException("unknown policy '" + s + "'; expected zero-tolerance or ber");
    }

    @Override public String toString() { return label; }
}
