package org.fabriclab.check.health;

/**
 * The alert engines: the IB Link Resiliency plugin's four (failure prediction, failure detection, link
 * flaps, operating conditions) and, as a second rule set, the PDR deterministic plugin's rules
 * ({@link #PDR}, see {@code check.health.pdr}).
 */
public enum Engine {
    /** A binary classifier over the FEC error histogram (see {@code check.health.fec}); ML-based. */
    FAILURE_PREDICTION("failure-prediction"),
    /** Packet drop rate and symbol errors (post-FEC); one engine, two rules. */
    FAILURE_DETECTION("failure-detection"),
    /** Link-down events on both ends of a link. */
    LINK_FLAPS("link-flaps"),
    /** Module temperature and voltage outside their nominal range. */
    OPERATING_CONDITIONS("operating-conditions"),
    /** The PDR deterministic plugin's rules: packet drop rate, BER windows by speed, temperature, link down on both ends. */
    PDR("pdr-deterministic");

    private final String label;

    Engine(String label) { this.label = label; }

    public String label() { return label; }

    /** True for the IB Link Resiliency plugin's engines, false for the PDR rule set. */
    public boolean isIblr() { return this != PDR; }

    @Override public String toString() { return label; }
}
