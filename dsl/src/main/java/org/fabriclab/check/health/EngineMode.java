package org.fabriclab.check.health;

import java.util.Set;

/**
 * An engine's default mode and its exception list: ports listed run in the opposite mode (the
 * plugin's per-engine operation mode and exception list; default shadow, empty list).
 *
 * <pre>{@code
 * new EngineMode(Mode.SHADOW, Set.of("guid 0x0c42a103007ab890/1")).of("guid 0x0c42a103007ab890/1"); // ACTIVE
 * }</pre>
 */
public record EngineMode(Mode mode, Set<String> exceptions) {
    public static final EngineMode DEFAULT = new EngineMode(Mode.SHADOW, Set.of());

    public EngineMode {
        exceptions = Set.copyOf(exceptions);
    }

    /** The mode {@code port} runs in. */
    public Mode of(String port) { return exceptions.contains(port) ? mode.opposite() : mode; }
}
