package org.fabriclab.catalogue;

/** A counter only grows (a delta is meaningful); a gauge is a level (no delta is taken). */
public enum Kind {
    COUNTER, GAUGE;

    /**
     * Parses {@code counter} or {@code gauge}, any case, blanks around ignored.
     *
     * @throws IllegalArgumentException on any other text
     */
    public static Kind of(String s) {
        // the file's spellings first: Enum.valueOf builds its name table by reflection on first use, cold
        if (s.equals("counter")) return COUNTER;
        if (s.equals("gauge")) return GAUGE;
        return valueOf(s.trim().toUpperCase(java.util.Locale.ROOT));
    }

    @Override public String toString() { return name().toLowerCase(java.util.Locale.ROOT); }
}
