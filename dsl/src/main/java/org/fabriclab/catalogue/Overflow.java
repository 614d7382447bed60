package org.fabriclab.catalogue;

/**
 * What a counter field does at its maximum. Classic InfiniBand PMA counters saturate (stick at the
 * maximum, as the IB specification requires); mlx5 q-counters wrap. {@code UNKNOWN} means the width
 * was not verified from source: a cap must never be guessed, because a wrong cap invents saturation.
 */
public enum Overflow {
    SATURATING, WRAPPING, UNKNOWN;

    @Override public String toString() { return name().toLowerCase(java.util.Locale.ROOT); }
}
