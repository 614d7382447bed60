package org.fabriclab.catalogue;

import java.util.Set;

/**
 * One row of {@code counters.tsv}: what a counter means, whoever names it. {@code pattern} is the
 * canonical name, possibly with a priority placeholder: {@code {n}} for priorities 0..7
 * ({@code rx_prio{n}_buf_discard}) or {@code {p}} for {@code prio0..prio7} and {@code global}
 * ({@code rx_{p}_pause}); {@code {b}} for FEC histogram bins, {@code {l}} for physical lanes
 * 0..11 ({@code phy_raw_errors_lane{l}}), {@code {sl}} for InfiniBand service levels 0..15
 * ({@code PortXmitDataSL{sl}}). {@code scale} converts the raw value to the unit's base ({@code PortXmitData}
 * counts 4-octet words: scale 4 gives bytes). {@code error} is true for counters a fleet gate's
 * {@code all=N} covers.
 *
 * <pre>{@code
 * CounterDef d = Catalogue.standard().definition("rx_prio3_pause_duration").orElseThrow();
 * d.unit();                       // "us"
 * d.roles();                      // [pause-duration]
 * }</pre>
 */
public record CounterDef(String pattern, Layer layer, Kind kind, String unit, long scale, boolean error,
                         Direction direction, Scope scope, Set<Role> roles, String namespace, String help) {

    public CounterDef {
        roles = Set.copyOf(roles);
    }

    /** True when the row stands for a family of counters (one per priority, bin, lane or service level). */
    public boolean isFamily() { return pattern.contains("{"); }

    public boolean has(Role r) { return roles.contains(r); }
}
