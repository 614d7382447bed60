package org.fabriclab.catalogue;

/**
 * A concrete canonical counter (a family expanded to one priority): its name, its catalogue row and
 * the family member it is: the priority it covers ({@code "prio3"}, {@code "global"}), the histogram
 * bin ({@code "bin3"}, see {@link #bin()}), or {@code ""} for a port- or queue-scoped counter.
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
}
