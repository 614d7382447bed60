package org.fabriclab.history;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

import org.fabriclab.catalogue.Catalogue;
import org.fabriclab.catalogue.Direction;
import org.fabriclab.catalogue.Layer;
import org.fabriclab.catalogue.Role;

/**
 * What is swept: per interval, counter deltas per GB moved, compared with a threshold. With
 * {@link Combine#MAX} an interval alerts when ANY counter's delta per GB exceeds the threshold,
 * exactly the classifier's congestion bar ({@code delta.classify(ROCE, bar)}), so a chosen
 * threshold can be used as that bar unchanged. {@code bytes} lists byte counters in preference
 * order (the first the history holds is used; its catalogue scale converts words to bytes).
 * An interval where any involved counter is reset, pegged or missing, or where no bytes moved,
 * has no value.
 *
 * <pre>{@code
 * RateRule.congestion();                                          // max of pause, CNP per GB
 * RateRule.perGb("symbol errors", Layer.PHYSICAL, Combine.SUM, "SymbolErrorCounter");
 * }</pre>
 */
public record RateRule(String name, Layer layer, Combine combine, List<String> counters, List<String> bytes) {

    public enum Combine {
        /** Alert when any counter's rate exceeds the threshold (the classifier's rule). */
        MAX,
        /** Alert when the sum of the counters' rates exceeds the threshold. */
        SUM;

        @Override public String toString() { return name().toLowerCase(Locale.ROOT); }
    }

    /**
     * Byte counters tried in order: the catalogue's port counters with role {@code bytes}, transmit
     * before receive, in catalogue order (PMA data words, then the netdev's port and software bytes).
     */
    public static final List<String> BYTES = bytesCounters();

    /** The priority the runbook's lossless RoCE traffic uses (its {@code roce} profile grades pause on it). */
    public static final String LOSSLESS_PRIORITY = "prio3";

    private static List<String> bytesCounters() {
        Catalogue cat = Catalogue.standard();
        List<String> out = new ArrayList<>(cat.portCounters(Role.BYTES, Direction.TX));
        out.addAll(cat.portCounters(Role.BYTES, Direction.RX));
        return List.copyOf(out);
    }

    public RateRule {
        counters = List.copyOf(counters);
        bytes = List.copyOf(bytes);
        if (counters.isEmpty()) throw new IllegalArgumentException("a rate rule needs at least one counter");
    }

    /**
     * The congestion bar: received PFC pause on the lossless priority and CNPs (handled and sent), each
     * per GB moved; MAX as the classifier. The counters are the catalogue's roles {@code pause} (rx, on
     * {@link #LOSSLESS_PRIORITY}), {@code cnp-handled} and {@code cnp-sent}.
     */
    public static RateRule congestion() {
        Catalogue cat = Catalogue.standard();
        List<String> c = new ArrayList<>();
        c.add(cat.forPriority(Role.PAUSE, Direction.RX, LOSSLESS_PRIORITY).orElseThrow());
        c.addAll(cat.counters(Role.CNP_HANDLED));
        c.addAll(cat.counters(Role.CNP_SENT));
        return new RateRule("congestion per GB", Layer.CONGESTION, Combine.MAX, c, BYTES);
    }

    public static RateRule perGb(String name, Layer layer, Combine combine, String... counters) {
        return new RateRule(name, layer, combine, List.of(counters), BYTES);
    }

    /** The same rule reading other counters. */
    public RateRule withCounters(List<String> others) { return new RateRule(name, layer, combine, others, bytes); }

    /** The same rule with another combination. */
    public RateRule withCombine(Combine c) { return new RateRule(name, layer, c, counters, bytes); }

    /** The byte counter this rule uses on {@code h}. */
    public String bytesCounter(History h) {
        for (String b : bytes) if (h.has(b)) return b;
        throw new IllegalArgumentException("history '" + h.name() + "' has none of the byte counters " + bytes
                + "; a rate per GB needs one");
    }

    @Override public String toString() {
        return name + " (" + combine + " of " + String.join(", ", counters) + " per GB, layer " + layer.label() + ")";
    }
}
