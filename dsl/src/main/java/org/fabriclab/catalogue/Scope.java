package org.fabriclab.catalogue;

import java.util.Locale;

/**
 * What one value of a counter covers: the whole {@link #PORT}, one {@link #PRIORITY} (the canonical
 * name carries it: {@code rx_prio3_pause}), or one {@link #QUEUE} (ring) of the port, where the
 * canonical name is the same for every queue and the queue index travels with the binding; queues
 * sum to the port.
 */
public enum Scope {
    PORT, PRIORITY, QUEUE;

    public static Scope of(String s) {
        for (Scope v : values()) if (v.name().equalsIgnoreCase(s.trim())) return v;
        throw new IllegalArgumentException("unknown scope '" + s + "'; expected port, priority or queue");
    }

    @Override public String toString() { return name().toLowerCase(Locale.ROOT); }
}
