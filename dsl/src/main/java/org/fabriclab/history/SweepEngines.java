package org.fabriclab.history;

import java.io.IOException;
import java.nio.file.Files;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * Chooses a sweep engine. The in-memory {@link PrimitiveSweepEngine} is the default whenever the
 * history fits in the heap; {@code duckdb} sweeps files larger than memory out of core, {@code spark}
 * runs the same SQL on a Spark cluster (or {@code local[*]}). The last two live in the engines
 * module, loaded on first use ({@link EngineLoader}).
 *
 * <pre>{@code
 * SweepEngine e = SweepEngines.forFile(file);                  // primitive if it fits, else duckdb
 * SweepEngine d = SweepEngines.duckdb();
 * SweepEngine s = SweepEngines.spark("local[2]");              // or "spark://host:7077", "sc://host:15002"
 * SweepEngine n = SweepEngines.named("duckdb", Map.of("memory_limit", "4GB", "temp_directory", "/scratch"));
 * }</pre>
 */
public final class SweepEngines {
    /** Bytes a row takes in memory per counter column (a long), plus time and port index. */
    static final int BYTES_PER_COUNTER = 8, BYTES_PER_ROW = 12;

    private SweepEngines() {}

    public static SweepEngine primitive() { return new PrimitiveSweepEngine(); }

    /** DuckDB, embedded, with its defaults (memory limit 80% of RAM, spilling to a temporary folder). */
    public static SweepEngine duckdb() { return named("duckdb", Map.of()); }

    /** Spark on {@code master}: {@code local[N]}, {@code spark://host:port}, {@code yarn}, or {@code sc://host:port} (Spark Connect). */
    public static SweepEngine spark(String master) { return named("spark", Map.of("master", master)); }

    /** The engine called {@code name} ("primitive", "duckdb", "spark") with engine-specific options. */
    public static SweepEngine named(String name, Map<String, String> options) {
        if (name.equals("primitive")) {
            String p = options.get("parallelism");
            return p == null ? new PrimitiveSweepEngine() : new PrimitiveSweepEngine(Integer.parseInt(p));
        }
        List<String> known = new ArrayList<>(List.of("primitive"));
        for (SweepEngineProvider e : EngineLoader.services(SweepEngineProvider.class)) {
            if (e.name().equals(name)) return e.create(options);
            known.add(e.name());
        }
        throw new IllegalArgumentException("no sweep engine '" + name + "'; found " + known + " (looked in " + EngineLoader.whereLooked() + ")");
    }

    /**
     * The in-memory engine when the file's columns fit in half the free heap (estimated from the file
     * size: CSV text about 12 bytes per value, Parquet about 3), else DuckDB out of core.
     */
    public static SweepEngine forFile(HistoryFile file) {
        long size;
        try { size = Files.size(file.path()); } catch (IOException e) { size = Long.MAX_VALUE / 4; }
        double expansion = switch (file.format()) {
            case CSV -> 0.8;
            case CSV_GZ -> 6.0;
            case PARQUET -> 3.0;
        };
        Runtime rt = Runtime.getRuntime();
        long free = rt.maxMemory() - (rt.totalMemory() - rt.freeMemory());
        return size * expansion < free / 2.0 ? primitive() : duckdb();
    }
}
