/**
 * Deltas between two snapshots, per port and counter, with an honest status: {@code readable},
 * {@code pegged} (at the saturation value of the width of the source it was read from),
 * {@code reset} (negative), {@code missing} (absent on either side) or {@code gauge} (no delta).
 * Deltas are computed in {@code long} arithmetic; nothing here goes through a double except the
 * per-GB rate.
 *
 * <pre>{@code
 * Delta d = Delta.between(before, after).moved(1_000_000_000_000L);
 * d.table();                       // port, counter, before, after, delta, status, per_gb, reason
 * d.classify(Profiles.ROCE);      // one verdict per port
 * }</pre>
 */
package org.fabriclab.delta;
