/**
 * mlnx-tools' {@code mlnx_perf -i X}: per-second rates of the {@code ethtool -S} counters over each sampling
 * interval. Rates are not counter values, so the reader gives no readings a snapshot could take for
 * cumulative ones: a {@code rates} table (one row per printed line) and a {@code change} table (the rates
 * summed over the capture times the interval, an estimate with its basis), each row naming its counter,
 * unit and meaning through the catalogue's {@code ethtool} bindings.
 *
 * <pre>{@code
 * Capture c = capture("mlnx_perf.txt");
 * c.measurements("change").get();   // rx_prio3_pause: 1,225 over the capture, from 2 printed rates x -t 2
 * }</pre>
 */
package org.fabriclab.capture.mlnxperf;
