/**
 * Prometheus exporters' series of InfiniBand and RoCE ports: the exposition line grammar
 * ({@link org.fabriclab.capture.exporter.Exposition}), what each exporter's metric is in the catalogue
 * ({@link org.fabriclab.capture.exporter.ExporterMetrics}: counter, field width, unit, port labels), and one
 * scrape read as a snapshot ({@link org.fabriclab.capture.exporter.PrometheusScrapeReader}). The history readers
 * of scrapes, range queries, VictoriaMetrics and Telegraf ({@code org.fabriclab.history.formats}) use the same two.
 *
 * <pre>{@code
 * Capture before = Readers.standard().read(Path.of("before/metrics.prom"));
 * }</pre>
 */
package org.fabriclab.capture.exporter;
