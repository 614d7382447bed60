/**
 * Apache Spark: the cluster sweep engine ({@link org.fabriclab.engines.spark.SparkSweepEngine}) and
 * the {@code spark-submit} entry point ({@link org.fabriclab.engines.spark.SweepJob}).
 *
 * <pre>{@code
 * SweepEngines.spark("local[2]").sweep(HistoryFile.of(Path.of("history.parquet")), RateRule.congestion(), th, labels, Progress.NONE);
 * }</pre>
 */
package org.fabriclab.engines.spark;
