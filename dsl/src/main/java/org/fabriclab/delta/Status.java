package org.fabriclab.delta;

/** What a counter delta can be used for. Only {@link #READABLE} deltas are measurements. */
public enum Status {
    READABLE, PEGGED, RESET, MISSING, GAUGE;

    @Override public String toString() { return name().toLowerCase(java.util.Locale.ROOT); }
}
