/**
 * The counter series CSV ({@code timestamp,port,<counter>...}, epoch ms, canonical counter names,
 * cumulative values), the format of the bundled {@code pause-series.csv}: read into the
 * {@code telemetry} table, the series the pause analysis and the rule engines take; and a sampling loop's log
 * ({@code date}, then a tool's output, repeated: {@link org.fabriclab.capture.pauseseries.TimedDumpsReader}), read
 * into the same table.
 *
 * <pre>{@code
 * Table t = capture("pause-series.csv").measurements("telemetry").get();
 * }</pre>
 */
package org.fabriclab.capture.pauseseries;
