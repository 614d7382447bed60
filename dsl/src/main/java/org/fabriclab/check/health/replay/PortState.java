package org.fabriclab.check.health.replay;

/**
 * The link states of the plugin's state machine. Traffic flows only in {@link #HEALTHY}; in every other
 * state the link is isolated (in the unhealthy-ports file) and traffic takes parallel links, while the
 * physical layer stays up so the alert engines keep watching it.
 * <ul>
 * <li>{@link #HEALTHY} -> {@link #ISOLATED}: an alert passed every isolation checkpoint (plugin);</li>
 * <li>{@link #ISOLATED} -> {@link #RECOVERED}: clean of alerts for the minimum clean period (plugin);
 * back to ISOLATED on a new alert;</li>
 * <li>{@link #RECOVERED} -> {@link #HEALTHY}: de-isolation passed its checkpoints (plugin);</li>
 * <li>{@link #ISOLATED} or {@link #RECOVERED} -> {@link #UNRECOVERABLE}: not de-isolated within the maximum
 * recovery period (plugin); the plugin never de-isolates it, the operator does (external);</li>
 * <li>{@link #HEALTHY} -> {@link #EXTERNALLY_ISOLATED}: isolated outside the plugin; only whoever isolated
 * it de-isolates it (external).</li>
 * </ul>
 */
public enum PortState {
    HEALTHY("healthy"),
    ISOLATED("isolated"),
    RECOVERED("recovered, awaiting de-isolation"),
    UNRECOVERABLE("unrecoverable"),
    EXTERNALLY_ISOLATED("isolated outside the plugin");

    private final String label;

    PortState(String label) { this.label = label; }

    public String label() { return label; }

    /** True in every state but HEALTHY. */
    public boolean isolated() { return this != HEALTHY; }

    /** True when the plugin itself isolated the link (ISOLATED, RECOVERED, UNRECOVERABLE). */
    public boolean byPlugin() { return this == ISOLATED || this == RECOVERED || this == UNRECOVERABLE; }

    @Override public String toString() { return label; }
}
