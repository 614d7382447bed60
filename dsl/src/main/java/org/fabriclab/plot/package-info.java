/**
 * XChart builders for the three chart kinds: the pause-duration distribution per priority
 * (histogram and CDF, pause-storm intervals marked), the BER trend per port (log y, threshold line,
 * alerts marked) and the reconciliation chart (perftest BW, counter BW and link rate, coloured by
 * case). Every chart has a title, axis titles with units and a legend, and stays readable with 500
 * ports: distributions aggregate across ports, trends fall back to percentile bands plus the worst
 * ports, reconciliation to a normalised scatter. {@link org.fabriclab.plot.Charts} writes PNG or SVG
 * atomically. No kernel dependency.
 *
 * <pre>{@code
 * PausePlot p = PausePlot.of(series);
 * Charts.write(p.charts(), Path.of("pause.png"));
 * }</pre>
 */
package org.fabriclab.plot;
