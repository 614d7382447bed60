package org.fabriclab.catalogue;

/**
 * A concrete canonical counter (a family expanded to one priority): its name, its catalogue row and
 * the priority it covers ({@code "prio3"}, {@code "global"}, or {@code ""} for a port- or
 * queue-scoped counter).
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
}
