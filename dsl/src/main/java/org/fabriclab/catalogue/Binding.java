package org.fabriclab.catalogue;

/**
 * The answer to "what is this raw name in this source": the catalogue row, the concrete canonical
 * name (a family expanded: {@code rx_prio3_pause}) and the field the value came from.
 */
public record Binding(CounterDef def, String canonical, Source source, Field field) {
    public Layer layer() { return def.layer(); }
    public Kind kind() { return def.kind(); }
}
