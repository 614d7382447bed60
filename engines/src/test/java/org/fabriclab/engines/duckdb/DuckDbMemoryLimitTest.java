package org.fabriclab.engines.duckdb;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.Map;

import org.junit.jupiter.api.Test;

/** An embedded DuckDB never takes its own default of 80% of RAM beside the JVM's heap. */
class DuckDbMemoryLimitTest {
    static final long GIB = 1L << 30;

    @Test void theDefaultIsHalfOfWhatTheHeapLeaves() {
        assertEquals(6 * GIB, DuckDb.defaultMemoryLimit(24 * GIB, 12 * GIB));
        assertEquals(GIB, DuckDb.defaultMemoryLimit(24 * GIB, 23 * GIB), "at least 1 GiB");
        assertEquals(GIB, DuckDb.defaultMemoryLimit(8 * GIB, 16 * GIB), "a heap larger than RAM leaves nothing: 1 GiB");
        assertEquals(4 * GIB, DuckDb.defaultMemoryLimit(0, GIB), "RAM unknown");
    }

    @Test void openAppliesTheDefaultAndAGivenLimitWins() throws SQLException {
        long expected = DuckDb.defaultMemoryLimit(DuckDb.physicalMemory(), Runtime.getRuntime().maxMemory());
        try (DuckDb byDefault = DuckDb.open(Map.of()); DuckDb explicit = DuckDb.open(Map.of("memory_limit", expected + "B"));
             DuckDb given = DuckDb.open(Map.of("memory_limit", "2GB")); DuckDb two = DuckDb.open(Map.of("memory_limit", "2GB"))) {
            assertEquals(setting(explicit), setting(byDefault));
            assertEquals(setting(two), setting(given));
            two.execute("SET memory_limit = '3GB'");
            assertEquals(false, setting(two).equals(setting(given)), "the setting read back tells limits apart");
        }
        try (DuckDb own = DuckDb.open(Map.of("memory_limit", DuckDb.OWN_DEFAULT));
             java.sql.Connection bare = java.sql.DriverManager.getConnection("jdbc:duckdb:");
             Statement s = bare.createStatement(); ResultSet r = s.executeQuery("SELECT current_setting('memory_limit')")) {
            r.next();
            assertEquals(r.getString(1), setting(own), "DuckDB's own default, as a bare connection has it");
        }
    }

    private static String setting(DuckDb db) throws SQLException {
        try (Statement s = db.conn.createStatement(); ResultSet r = s.executeQuery("SELECT current_setting('memory_limit')")) {
            r.next();
            return r.getString(1);
        }
    }
}
