package org.fabriclab.check.health.replay;

/**
 * The events the plugin reports to the UFM events table, actions taken and actions not taken with the
 * checkpoint that held them back (the seed's "Event Messages" tables), plus the PDR plugin's cap on
 * isolated ports and the operator's own isolations (which the plugin only observes).
 */
public enum EventKind {
    ISOLATION("isolation", true, null),
    DE_ISOLATION("de-isolation", true, null),
    DECLARED_UNRECOVERABLE("declared unrecoverable", true, "max recovery period"),
    TOTAL_ALERTS_EXCEEDED("total alerts count exceeding alert threshold per iteration", false, "max alerts per iteration"),
    ACCESS_LINK_ALERT("access link alert", false, "access links (no access redundancy)"),
    SHADOW_PREVENTED_ISOLATION("shadow mode preventing isolation", false, "shadow mode"),
    SHADOW_PREVENTED_DEISOLATION("shadow mode preventing de-isolation", false, "shadow mode"),
    ISOLATION_RATE_EXCEEDED("exceeding isolation count per time", false, "max isolations per time frame"),
    DEISOLATION_RATE_EXCEEDED("exceeding de-isolation count per time", false, "max de-isolations per hour"),
    INSUFFICIENT_REDUNDANCY("insufficient redundancy in the connectivity between the switches", false, "min healthy links between switches"),
    INSUFFICIENT_ACTIVE_PORTS("insufficient number of active ports in the switch", false, "min active ports per switch"),
    MAX_ISOLATED_EXCEEDED("reached maximum allowed number of isolated ports (PDR MAX_NUM_ISOLATE)", false, "max isolated ports"),
    EXTERNAL_ISOLATION("isolated outside the plugin", true, null),
    EXTERNAL_DE_ISOLATION("de-isolated outside the plugin", true, null);

    private final String label;
    private final boolean taken;
    private final String checkpoint;

    EventKind(String label, boolean taken, String checkpoint) {
        this.label = label;
        this.taken = taken;
        this.checkpoint = checkpoint;
    }

    /** The event as the seed names it. */
    public String label() { return label; }

    /** True for an action (taken by the plugin or from outside), false for "action not taken". */
    public boolean actionTaken() { return taken; }

    /** The checkpoint that produced the event, null for plain actions. */
    public String checkpoint() { return checkpoint; }

    /** True for the operator's own isolation changes. */
    public boolean external() { return this == EXTERNAL_ISOLATION || this == EXTERNAL_DE_ISOLATION; }

    @Override public String toString() { return label; }
}
