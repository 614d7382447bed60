package org.fabriclab.engines.duckdb;

import java.util.Map;

import org.fabriclab.history.SweepEngine;
import org.fabriclab.history.SweepEngineProvider;

/** Registers {@link DuckDbSweepEngine} as {@code duckdb} (options: memory_limit, threads, temp_directory). */
public final class DuckDbProvider implements SweepEngineProvider {
    @Override public String name() { return "duckdb"; }

    @Override public SweepEngine create(Map<String, String> options) { return new DuckDbSweepEngine(options); }
}
