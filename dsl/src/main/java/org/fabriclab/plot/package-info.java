/**
 * XChart builders for the BER trend per port (log y, threshold line,
 * alerts marked) and the reconciliation chart (perftest BW, counter BW and link rate, coloured by
 * case); the pause charts are {@link org.fabriclab.pause.PauseCharts}, reached as
 * {@code plot.pauseDurations(...)}. Every chart has a title, axis titles with units and a legend, and stays readable with 500
 * ports: trends fall back to percentile bands plus the worst
 * ports, reconciliation to a normalised scatter. {@link org.fabriclab.plot.Charts} writes PNG or SVG
 * atomically. No kernel dependency.
 *
 * <pre>{@code
 * Charts.write(plot.pauseDurations(series).charts(), Path.of("pause.png"));
 * Charts.write(List.of(BerTrend.of(series).chart()), Path.of("ber.svg"));
 * }</pre>
 */
package org.fabriclab.plot;
