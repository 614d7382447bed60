/**
 * ibdiagnet-style checks: counter limits in the {@code -P name=limit} sense ({@code all=N} for every
 * error counter) on one sample or on the delta between two samples, and bit-error-rate checks from
 * mlxlink/mstlink {@code ber} tables, UFM telemetry and counters (errors / (link rate x elapsed)).
 * Results are graded under one of two explicit {@link org.fabriclab.check.Policy policies}; the
 * summary names it. Link-health rule engines over time series live in {@code check.health}.
 *
 * <pre>{@code
 * CheckResult r = Check.of(delta).limits("all=0", "SymbolErrorCounter=10").grade(Policy.BER);
 * r.table(); r.exitCode();
 * }</pre>
 */
package org.fabriclab.check;
