/**
 * The one delta rule and deltas with status. {@link org.fabriclab.delta.Rules} holds the rule, once:
 * {@code readable}, {@code pegged} (at the saturation value of the width of the field it was read
 * from), {@code reset} (negative), {@code missing} (absent on either side) or {@code gauge} (no delta),
 * on objects ({@link org.fabriclab.delta.Delta}) and, allocation-free, on primitive values
 * ({@link org.fabriclab.delta.Rules#status(long, long, long)}, with the one absent sentinel
 * {@link org.fabriclab.delta.Rules#ABSENT}) for the series, health rules, plots, sweeps and the fleet
 * classifier. Deltas are computed in {@code long} arithmetic; nothing here goes through a double except
 * the per-GB rate. A {@link org.fabriclab.delta.Delta} has no classify: {@code moved(bytes)} gives the
 * {@link org.fabriclab.delta.MovedDelta} that does, against a {@link org.fabriclab.delta.DeltaProfile}
 * (a verdict profile). This package knows nothing of {@code org.fabriclab.verdict}; verdict depends on it.
 *
 * <pre>{@code
 * Delta d = Delta.between(before, after);
 * d.table();                              // port, counter, before, after, delta, status, per_gb, reason
 * d.moved(1e12).classify(Profiles.ROCE);  // one verdict per port
 * Rules.status(3, 255, 255);              // PEGGED: the 8-bit field's cap
 * }</pre>
 */
package org.fabriclab.delta;
