package org.fabriclab.check.health;

/** The rule-based alert engines of the IB Link Resiliency plugin. */
public enum Engine {
    /** Packet drop rate and symbol errors (post-FEC); one engine, two rules. */
    FAILURE_DETECTION("failure-detection"),
    /** Link-down events on both ends of a link. */
    LINK_FLAPS("link-flaps"),
    /** Module temperature and voltage outside their nominal range. */
    OPERATING_CONDITIONS("operating-conditions");

    private final String label;

    Engine(String label) { this.label = label; }

    public String label() { return label; }

    @Override public String toString() { return label; }
}
