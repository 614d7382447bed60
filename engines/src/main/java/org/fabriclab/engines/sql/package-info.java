/**
 * The sweep's rules as SQL, shared by the DuckDB and Spark engines
 * ({@link org.fabriclab.engines.sql.SweepSql}), and the arithmetic that turns the grouped counts into
 * the score table every engine returns ({@link org.fabriclab.engines.sql.Tally}).
 *
 * <pre>{@code
 * String sql = SweepSql.query(file, rule, "tx_bytes_phy", th, "h", "labels", SweepSql.SPARK);
 * }</pre>
 */
package org.fabriclab.engines.sql;
