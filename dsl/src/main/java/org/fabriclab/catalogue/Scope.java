package org.fabriclab.catalogue;

import java.util.Locale;

/**
 * What one value of a counter covers: the whole {@link #PORT}, one {@link #PRIORITY} (the canonical
 * name carries it: {@code rx_prio3_pause}), or one {@link #QUEUE} (ring) of the port, where the
 * canonical name is the same for every queue and the queue index travels with the binding; queues
 * sum to the port; or one {@link #BIN} of a histogram ({@code fec_hist3}: FEC blocks with 3 symbol errors),
 * a family written with the {@code {b}} placeholder.
 */
public enum Scope {
    PORT, PRIORITY, QUEUE, BIN;

    public static Scope of(String s) {
        for (Scope v : values()) if (v.name().equalsIgnoreCase(s.trim())) return v;
        throw new IllegalArgumentException("unknown scope '" + s + "'; expected port, priority, queue or bin");
    }

    @Override public String toString() { return name().toLowerCase(Locale.ROOT); }
}
