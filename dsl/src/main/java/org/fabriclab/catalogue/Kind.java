package org.fabriclab.catalogue;

/** A counter only grows (a delta is meaningful); a gauge is a level (no delta is taken). */
public enum Kind {
    COUNTER, GAUGE;

    public static Kind of(String s) { return valueOf(s.trim().toUpperCase(java.util.Locale.ROOT)); }

    @Override public String toString() { return name().toLowerCase(java.util.Locale.ROOT); }
}
