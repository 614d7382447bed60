package org.fabriclab.catalogue;

import java.util.Locale;

/**
 * A place a counter value is read from. Each source is a column of the catalogue, because the same
 * counter has a different name and width in each (classic {@code perfquery}'s 8-bit
 * {@code LinkDownedCounter} versus the 64-bit {@code perfquery -x} copy).
 */
public enum Source {
    PERFQUERY("perfquery"),
    PERFQUERY_X("perfquery_x"),
    SYSFS("sysfs"),
    HW_COUNTERS("hw_counters"),
    RDMA("rdma"),
    ETHTOOL("ethtool"),
    IBDIAGNET_PM("ibdiagnet_pm"),
    IBDIAGNET_CSV("ibdiagnet_csv"),
    UFM("ufm"),
    MLXLINK("mlxlink"),
    PERFTEST("perftest"),
    IBSTAT("ibstat"),
    /** Values given directly (JSON lines, a cell, a test): typed by the profile, not by a capture. */
    GIVEN("given");

    private final String key;

    Source(String key) { this.key = key; }

    /** The catalogue column name and the value of the tidy table's {@code source} column. */
    public String key() { return key; }

    public static Source of(String key) {
        for (Source s : values()) if (s.key.equals(key)) return s;
        throw new IllegalArgumentException("unknown source '" + key + "'");
    }

    @Override public String toString() { return key; }

    static Source ofColumn(String column) { return of(column.toLowerCase(Locale.ROOT)); }
}
