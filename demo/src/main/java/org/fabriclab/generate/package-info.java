/**
 * The dataset generator: deterministic (seeded {@link java.util.SplittableRandom}) scenarios with a
 * known right answer, written in the same text formats the readers read. IB incidents
 * ({@code perfquery}, {@code perfquery -x}, {@code ibstat}, sysfs {@code hw_counters}), RoCE
 * incidents ({@code ethtool -S}, {@code hw_counters}, {@code rdma link}, a one-second pause series),
 * perftest reconciliation cases, a degrading optic (UFM telemetry CSV, {@code mlxlink}) and the
 * history set for threshold tuning (gzip CSV plus labelled incidents). Each folder's
 * {@code scenario.json} states the expected verdict, case or tuning result. Demo and test machinery:
 * it lives in the demo module ({@code fabriclab-demo}), outside the DSL's library jar.
 *
 * <pre>{@code
 * Datasets.writeAll(Path.of("datasets"), Datasets.DEFAULT_SEED);   // ./fabriclab datasets
 * }</pre>
 */
package org.fabriclab.generate;
