/**
 * perftest ({@code ib_*_bw}, {@code ib_*_lat}) output, interleaved server/client logs included:
 * {@link org.fabriclab.capture.perftest.PerftestReader} produces the {@code perftest_run},
 * {@code bandwidth} and {@code latency} tables read by reconciliation; units are documented in
 * {@link org.fabriclab.capture.perftest.PerftestUnits}. No counters.
 *
 * <pre>{@code
 * Capture c = Readers.standard().read(Path.of("ib_write_bw.log"));
 * c.measurements("bandwidth").get();
 * }</pre>
 */
package org.fabriclab.capture.perftest;
