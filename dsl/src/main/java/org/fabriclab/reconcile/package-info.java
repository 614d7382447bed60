/**
 * Bandwidth-vs-counter reconciliation (seed 003, section 13.3): per port, perftest's BW average,
 * the counter-derived bytes per second ({@code PortXmitData}/{@code PortRcvData} words x 4 /
 * duration), the link rate, their ratios, {@code PortXmitWait} per second, and the case: A at line
 * rate, B1 far below with xmit_wait near zero (sender or receiver side), B2 far below with xmit_wait
 * high (credits, VL arbitration, credit loop), C above the link rate (an aggregate path).
 *
 * <pre>{@code
 * Reconciliation r = Reconcile.of(perftestCapture).counters(before, after).duration(10).rateGbps(100).result();
 * }</pre>
 */
package org.fabriclab.reconcile;
