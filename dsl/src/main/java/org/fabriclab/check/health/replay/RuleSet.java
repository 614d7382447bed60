package org.fabriclab.check.health.replay;

/** Which plugin's rules and checkpoints a replay applies. */
public enum RuleSet {
    /** The IB Link Resiliency plugin: its four alert engines, isolation and de-isolation checkpoints. */
    IBLR("iblr"),
    /** The PDR deterministic plugin: its rules, MAX_NUM_ISOLATE, access-link switch, retest before return to service. */
    PDR("pdr");

    private final String label;

    RuleSet(String label) { this.label = label; }

    public String label() { return label; }

    @Override public String toString() { return label; }
}
