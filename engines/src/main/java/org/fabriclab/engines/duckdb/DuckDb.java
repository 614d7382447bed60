package org.fabriclab.engines.duckdb;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;

import org.fabriclab.capture.Telemetry;
import org.fabriclab.engines.sql.SweepSql;
import org.fabriclab.history.HistoryFile;

/**
 * An embedded DuckDB for one operation: an in-memory database whose operators spill to a private
 * temporary folder (deleted on close), so a sweep over a file larger than memory runs out of core.
 * Options: {@code memory_limit} (DuckDB syntax, e.g. {@code 4GB}; default {@link #defaultMemoryLimit}:
 * half of the RAM the JVM's own heap leaves, so DuckDB and the heap together stay inside the machine),
 * {@code threads}, {@code temp_directory} (where the private folder is made).
 *
 * <pre>{@code
 * try (DuckDb db = DuckDb.open(Map.of("memory_limit", "2GB"))) { db.execute("SELECT 1"); }
 * }</pre>
 */
final class DuckDb implements AutoCloseable {
    final Connection conn;
    private final Path temp;

    static {
        // DriverManager finds drivers through the system class loader's service files; in the kernel the engines
        // module has a class loader of its own (EngineLoader), so the driver registers itself only once loaded here
        try {
            Class.forName("org.duckdb.DuckDBDriver", true, DuckDb.class.getClassLoader());
        } catch (ClassNotFoundException e) {
            throw new ExceptionInInitializerError(e);
        }
    }

    private DuckDb(Connection conn, Path temp) {
        this.conn = conn;
        this.temp = temp;
    }

    static DuckDb open(Map<String, String> options) throws SQLException {
        Path temp;
        try {
            String base = options.get("temp_directory");
            temp = base == null ? Files.createTempDirectory("fabriclab-duckdb-") : Files.createTempDirectory(Path.of(base), "fabriclab-duckdb-");
        } catch (IOException e) {
            throw new UncheckedIOException("cannot make DuckDB's spill folder: " + e.getMessage(), e);
        }
        Connection c = DriverManager.getConnection("jdbc:duckdb:");
        DuckDb db = new DuckDb(c, temp);
        try {
            db.execute("SET temp_directory = " + SweepSql.string(temp.toString()));
            db.execute("SET preserve_insertion_order = false");
            String limit = options.get("memory_limit");
            if (limit == null) limit = defaultMemoryLimit(physicalMemory(), Runtime.getRuntime().maxMemory()) + "B";
            if (!limit.equals(OWN_DEFAULT)) db.execute("SET memory_limit = " + SweepSql.string(limit));
            if (options.containsKey("threads")) db.execute("SET threads = " + Integer.parseInt(options.get("threads")));
        } catch (SQLException | RuntimeException e) {
            db.close();
            throw e;
        }
        return db;
    }

    /**
     * The {@code memory_limit} option that leaves DuckDB's own default (80% of RAM): for the Parquet
     * writer, whose in-order COPY of a staged history does not fit half of what the heap leaves (the
     * 51.8M-row history failed with DuckDB's out-of-memory error at 5.7 GB).
     */
    static final String OWN_DEFAULT = "duckdb-default";

    /**
     * DuckDB's memory limit in bytes when none is given: half of what RAM ({@code ramBytes}) leaves
     * beside the JVM's maximum heap ({@code maxHeapBytes}), at least 1 GiB. DuckDB's own default is
     * 80% of RAM whatever the JVM holds, so a sweep in the kernel (heap up to 70% of RAM) could ask
     * for 150% of the machine; above the limit DuckDB spills to its folder.
     */
    static long defaultMemoryLimit(long ramBytes, long maxHeapBytes) {
        long gib = 1L << 30;
        if (ramBytes <= 0) return 4 * gib;                        // RAM unknown: a limit that fits any analysis host
        return Math.max(gib, (ramBytes - Math.min(maxHeapBytes, ramBytes)) / 2);
    }

    /** The machine's RAM in bytes, or 0 when the JVM cannot tell. */
    static long physicalMemory() {
        var os = java.lang.management.ManagementFactory.getOperatingSystemMXBean();
        return os instanceof com.sun.management.OperatingSystemMXBean x ? x.getTotalMemorySize() : 0;
    }

    void execute(String sql) throws SQLException {
        try (Statement s = conn.createStatement()) { s.execute(sql); }
    }

    /** The relation that reads {@code f} where it lies, every counter typed BIGINT, measurements DOUBLE (never guessed). */
    static String source(HistoryFile f, List<String> counters) {
        String p = SweepSql.string(f.path().toAbsolutePath().toString());
        if (f.format() == HistoryFile.Format.PARQUET) return "read_parquet(" + p + ")";
        StringBuilder types = new StringBuilder("{'timestamp': 'BIGINT', 'port': 'VARCHAR'");
        for (String c : counters) {
            types.append(", ").append(SweepSql.string(c)).append(Telemetry.MEASUREMENTS.contains(c) ? ": 'DOUBLE'" : ": 'BIGINT'");
        }
        types.append('}');
        return "read_csv(" + p + ", header = true, delim = ',', quote = '\"', escape = '\"', types = " + types + ")";
    }

    /** The column names of a relation. */
    List<String> columns(String relation) throws SQLException { return new ArrayList<>(columnTypes(relation).keySet()); }

    /** A relation's columns, in order, each with its DuckDB type ({@code BIGINT}, {@code DOUBLE}, ...). */
    Map<String, String> columnTypes(String relation) throws SQLException {
        Map<String, String> out = new LinkedHashMap<>();
        try (Statement s = conn.createStatement(); ResultSet r = s.executeQuery("DESCRIBE SELECT * FROM " + relation)) {
            while (r.next()) out.put(r.getString("column_name"), r.getString("column_type"));
        }
        return out;
    }

    /** Cancels the running statement when {@code owner} is interrupted (a notebook cell's interrupt). */
    static Thread watch(Thread owner, Statement s) {
        Thread w = new Thread(() -> {
            try {
                while (!Thread.currentThread().isInterrupted()) {
                    if (owner.isInterrupted()) { s.cancel(); return; }
                    Thread.sleep(100);
                }
            } catch (InterruptedException | SQLException e) {
                // the statement finished or cannot be cancelled any more
            }
        }, "duckdb-cancel");
        w.setDaemon(true);
        w.start();
        return w;
    }

    @Override public void close() {
        try {
            conn.close();
        } catch (SQLException e) {
            // nothing left to release
        } finally {
            try (Stream<Path> s = Files.walk(temp)) {
                s.sorted(Comparator.reverseOrder()).forEach(p -> p.toFile().delete());
            } catch (IOException e) {
                // best effort: the folder is under the temporary directory
            }
        }
    }
}
