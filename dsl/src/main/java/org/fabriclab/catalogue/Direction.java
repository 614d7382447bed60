package org.fabriclab.catalogue;

import java.util.Locale;

/**
 * Which way the counted traffic flows, seen from the port that counts: {@link #RX} received,
 * {@link #TX} transmitted, {@link #NONE} where direction does not apply (link-down events).
 * A received pause ({@code rx}) means the peer throttles us; a transmitted one means our receive
 * path is behind.
 */
public enum Direction {
    RX, TX, NONE;

    /** Parses {@code rx}, {@code tx} or {@code -}. */
    public static Direction of(String s) {
        return switch (s.trim().toLowerCase(Locale.ROOT)) {
            case "rx" -> RX;
            case "tx" -> TX;
            case "-", "", "none" -> NONE;
            default -> throw new IllegalArgumentException("unknown direction '" + s + "'; expected rx, tx or -");
        };
    }

    @Override public String toString() { return this == NONE ? "-" : name().toLowerCase(Locale.ROOT); }
}
