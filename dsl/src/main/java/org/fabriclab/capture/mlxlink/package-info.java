/**
 * {@code mlxlink} / {@code mstlink} text output: {@link org.fabriclab.capture.mlxlink.MlxlinkReader}
 * produces the {@code ber}, {@code ber_lanes}, {@code module} and {@code operational} tables (physical
 * layer facts that are not PMA counters) and readings of the error counts;
 * {@link org.fabriclab.capture.mlxlink.MlxlinkJsonReader} reads {@code mlxlink --json} into the same
 * tables ({@link org.fabriclab.capture.mlxlink.MlxlinkTables} builds them for both).
 *
 * <pre>{@code
 * Capture c = Readers.standard().read(Path.of("mlxlink_mlx5_0.txt"));
 * c.measurements("ber").get();
 * }</pre>
 */
package org.fabriclab.capture.mlxlink;
