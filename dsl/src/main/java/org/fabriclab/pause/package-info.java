/**
 * Pause analysis from what captures hold: per port, direction and priority, pause frames, time
 * paused, mean pause per frame and the pause duty cycle (time paused / elapsed time), the pause-storm
 * watchdog counters, and from a series the per-interval duty cycle with its distribution. Compared
 * with published references ({@link org.fabriclab.pause.References}: the NIC watchdog's 100 ms of
 * Guo et al., SIGCOMM 2016; SONiC's 80% and 99% duty-cycle bars, sonic-swss PR 3036). Counters come
 * from the catalogue by role; every delta is judged by the one delta rule. The charts
 * ({@link org.fabriclab.pause.PauseCharts}) show what the data can show, never failing on a clean
 * port or two snapshots.
 *
 * <pre>{@code
 * PauseAnalysis p = PauseAnalysis.of(delta(before, after), 60.0);
 * p.findings();   p.table();   p.charts();
 * }</pre>
 */
package org.fabriclab.pause;
