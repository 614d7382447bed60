package org.fabriclab.catalogue;

import java.util.OptionalInt;

/**
 * The answer to "what is this raw name in this source": the catalogue row, the concrete canonical
 * name (a family expanded: {@code rx_prio3_pause}), the field the value came from (width, overflow),
 * the vendor whose driver prints that name ({@code ""} when every vendor shares it; a comma list such as
 * {@code "mellanox,broadcom"} when the drivers of several vendors, but not all, print it with the same
 * meaning: bnxt_re prints mlx5's {@code packet_seq_err}) and, for a
 * per-queue counter, the queue index read from the raw name ({@link #NO_QUEUE} otherwise).
 *
 * <pre>{@code
 * Binding b = Catalogue.standard().lookup(Source.ETHTOOL, "[3]: rx_ucast_bytes").orElseThrow();
 * b.canonical();   // "rx_queue_ucast_bytes"
 * b.queue();       // 3
 * b.vendor();      // "bnxt"
 * }</pre>
 */
public record Binding(CounterDef def, String canonical, Source source, Field field, String vendor, int queue) {
    /** {@link #queue()} of a counter that is not per-queue. */
    public static final int NO_QUEUE = -1;

    /** A binding of a port-wide counter shared by every vendor. */
    public Binding(CounterDef def, String canonical, Source source, Field field) {
        this(def, canonical, source, field, "", NO_QUEUE);
    }

    /**
     * The vendors whose drivers print this name, in the order the catalogue lists them: one for most
     * names, several for a name more than one vendor's driver prints, none when every vendor shares it.
     */
    public java.util.List<String> vendors() {
        return vendor.isEmpty() ? java.util.List.of() : java.util.List.of(vendor.split(","));
    }

    public Layer layer() { return def.layer(); }
    public Kind kind() { return def.kind(); }

    /** The queue index, when the raw name carried one. */
    public OptionalInt queueIndex() { return queue == NO_QUEUE ? OptionalInt.empty() : OptionalInt.of(queue); }

    Binding withQueue(int q) { return new Binding(def, canonical, source, field, vendor, q); }
}
