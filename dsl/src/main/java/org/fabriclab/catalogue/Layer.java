package org.fabriclab.catalogue;

/**
 * The layer a counter implicates, in precedence order: a lower ordinal is read first because it
 * causes the layers after it (a marginal optic manufactures retries). {@link #INFORMATIVE} counters
 * never produce a verdict.
 */
public enum Layer {
    PHYSICAL("physical"),
    PAUSE_STORM("pause-storm"),
    LOSSLESS_BROKEN("lossless-broken"),
    TRANSPORT_RETRY("transport-retry"),
    /** Remote access / invalid request errors: the application or its keys, not the fabric. */
    REMOTE_ACCESS("remote-access"),
    CONGESTION("congestion"),
    INFORMATIVE("informative");

    private final String label;

    Layer(String label) { this.label = label; }

    /** The runbook's name for the layer, as used in verdicts ("physical", "pause-storm", ...). */
    public String label() { return label; }

    /** Parses a runbook label. */
    public static Layer of(String label) {
        for (Layer l : values()) if (l.label.equals(label)) return l;
        throw new IllegalArgumentException("unknown layer '" + label + "'; expected one of physical, pause-storm, "
                + "lossless-broken, transport-retry, remote-access, congestion, informative");
    }

    @Override public String toString() { return label; }
}
