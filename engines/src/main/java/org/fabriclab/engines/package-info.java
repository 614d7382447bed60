/**
 * Sweep engines past one heap, kept out of the DSL jar and the kernel's start-up: DuckDB (out of
 * core, one machine) and Spark (a cluster), found by {@code org.fabriclab.history.SweepEngines}
 * through {@link java.util.ServiceLoader}, with the Parquet history format.
 *
 * <pre>{@code
 * SweepEngine e = SweepEngines.named("duckdb", Map.of("memory_limit", "4GB"));
 * }</pre>
 */
package org.fabriclab.engines;
