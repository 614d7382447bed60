/**
 * The history formats fleets keep, read into the one {@link org.fabriclab.history.History}: UFM CSV
 * export folders, the UFM fluentd stream, Prometheus scrapes and query_range JSON of node_exporter and the
 * InfiniBand exporters, Telegraf's infiniband and ethtool points in InfluxDB line protocol or annotated CSV,
 * {@code fabriclab collect} series, and the project's CSV and Parquet. One reader per
 * format behind {@link org.fabriclab.history.formats.HistoryReader}; one entry,
 * {@link org.fabriclab.history.formats.HistoryReaders} (what {@code Fabric.history(path)} calls). What the
 * values mean (counter, width, overflow, unit) comes from the catalogue; the readers list no counter names.
 *
 * <pre>{@code
 * History h = history("ufm-exports/");
 * h.sweep(RateRule.congestion(), Thresholds.log(100, 1e5, 50), labels);
 * }</pre>
 */
package org.fabriclab.history.formats;
