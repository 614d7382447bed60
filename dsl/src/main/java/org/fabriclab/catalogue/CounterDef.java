package org.fabriclab.catalogue;

import java.util.List;
import java.util.Map;

/**
 * One row of the catalogue. {@code pattern} is the canonical name, possibly with a placeholder:
 * {@code {n}} for priorities 0..7 ({@code rx_prio{n}_buf_discard}) or {@code {p}} for
 * {@code prio0..prio7} and {@code global} ({@code rx_{p}_pause}).
 */
public record CounterDef(String pattern, Layer layer, String namespace, Kind kind, String unit, long scale,
                         Map<Source, List<Field>> fields, String help, String provenance) {

    /** True when the row stands for a family of counters (one per priority). */
    public boolean isFamily() { return pattern.contains("{"); }
}
