package org.fabriclab.check.health;

/**
 * Shadow: the plugin does not act on a port because of this engine's alerts. Active: it may isolate
 * the port. The alert is raised either way; the mode says what would happen.
 */
public enum Mode {
    SHADOW, ACTIVE;

    public Mode opposite() { return this == SHADOW ? ACTIVE : SHADOW; }

    public static Mode of(String s) {
        return switch (s.trim().toLowerCase(java.util.Locale.ROOT)) {
            case "shadow" -> SHADOW;
            case "active" -> ACTIVE;
            default -> throw new IllegalArgumentException("unknown mode '" + s + "'; expected shadow or active");
        };
    }

    @Override public String toString() { return name().toLowerCase(java.util.Locale.ROOT); }
}
