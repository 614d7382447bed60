/**
 * Embedded DuckDB: the out-of-core sweep engine ({@link org.fabriclab.engines.duckdb.DuckDbSweepEngine})
 * and the Parquet history format ({@link org.fabriclab.engines.duckdb.DuckDbParquet}), both on
 * DuckDB's own Parquet and CSV readers.
 *
 * <pre>{@code
 * SweepEngines.duckdb().sweep(HistoryFile.of(Path.of("history.parquet")), RateRule.congestion(), th, labels, Progress.NONE);
 * }</pre>
 */
package org.fabriclab.engines.duckdb;
