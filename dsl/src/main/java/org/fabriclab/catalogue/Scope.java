package org.fabriclab.catalogue;

import java.util.Locale;

/**
 * What one value of a counter covers: the whole {@link #PORT}, one {@link #PRIORITY} (the canonical
 * name carries it: {@code rx_prio3_pause}), or one {@link #QUEUE} (ring) of the port, where the
 * canonical name is the same for every queue and the queue index travels with the binding; queues
 * sum to the port; or one {@link #BIN} of a histogram ({@code fec_hist3}: FEC blocks with 3 symbol errors),
 * a family written with the {@code {b}} placeholder; or one physical {@link #LANE} of the port
 * ({@code phy_raw_errors_lane2}, placeholder {@code {l}}, lanes 0..11), or one InfiniBand service level
 * ({@link #SL}: {@code PortXmitDataSL5}, placeholder {@code {sl}}, SLs 0..15). Like priorities, lanes and
 * SLs travel in the canonical name ({@link CounterName#lane()}, {@link CounterName#sl()}), so each member is
 * a counter of its own in the tidy table; they are not summed to the port by the readers.
 */
public enum Scope {
    PORT, PRIORITY, QUEUE, BIN, LANE, SL;

    public static Scope of(String s) {
        for (Scope v : values()) if (v.name().equalsIgnoreCase(s.trim())) return v;
        throw new IllegalArgumentException("unknown scope '" + s + "'; expected port, priority, queue, bin, lane or sl");
    }

    @Override public String toString() { return name().toLowerCase(Locale.ROOT); }
}
