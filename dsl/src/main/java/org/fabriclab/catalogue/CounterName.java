package org.fabriclab.catalogue;

/**
 * A concrete canonical counter (a family expanded to one priority): its name, its catalogue row and
 * the family member it is: the priority it covers ({@code "prio3"}, {@code "global"}), the histogram
 * bin ({@code "bin3"}, see {@link #bin()}), the lane ({@code "lane3"}, {@link #lane()}), the service
 * level ({@code "sl3"}, {@link #sl()}), or {@code ""} for a port- or queue-scoped counter.
 *
 * <pre>{@code
 * CounterName c = Catalogue.standard().counter("tx_prio3_pause_duration").orElseThrow();
 * c.priority();     // "prio3"
 * c.direction();    // TX
 * }</pre>
 */
public record CounterName(String name, CounterDef def, String priority) {
    public Direction direction() { return def.direction(); }
    public Layer layer() { return def.layer(); }
    public boolean has(Role r) { return def.has(r); }

    /**
     * The histogram bin of a {@code {b}} family member ({@code fec_hist3} -> 3), -1 for any other counter.
     *
     * <pre>{@code
     * Catalogue.standard().counter("fec_hist3").orElseThrow().bin();   // 3
     * }</pre>
     */
    public int bin() {
        return def.scope() == Scope.BIN && priority.startsWith(Priorities.BIN_LABEL)
                ? Integer.parseInt(priority.substring(Priorities.BIN_LABEL.length())) : -1;
    }

    /**
     * The priority of a per-priority family member ({@code rx_prio3_pause} -> 3), -1 for {@code global}
     * and any other counter.
     *
     * <pre>{@code
     * Catalogue.standard().counter("rx_prio3_pause").orElseThrow().priorityIndex();   // 3
     * }</pre>
     */
    public int priorityIndex() {
        return priority.startsWith(Priorities.PRIO_LABEL)
                ? Integer.parseInt(priority.substring(Priorities.PRIO_LABEL.length())) : -1;
    }

    /**
     * The physical lane of a {@code {l}} family member ({@code phy_raw_errors_lane2} -> 2, lanes from 0),
     * -1 for any other counter.
     *
     * <pre>{@code
     * Catalogue.standard().counter("phy_raw_errors_lane2").orElseThrow().lane();   // 2
     * }</pre>
     */
    public int lane() {
        return def.scope() == Scope.LANE ? Priorities.index(priority, Priorities.LANE_LABEL) : -1;
    }

    /**
     * The InfiniBand service level of a {@code {sl}} family member ({@code PortXmitDataSL5} -> 5, 0..15),
     * -1 for any other counter.
     *
     * <pre>{@code
     * Catalogue.standard().counter("PortXmitDataSL5").orElseThrow().sl();   // 5
     * }</pre>
     */
    public int sl() {
        return def.scope() == Scope.SL ? Priorities.index(priority, Priorities.SL_LABEL) : -1;
    }
}
