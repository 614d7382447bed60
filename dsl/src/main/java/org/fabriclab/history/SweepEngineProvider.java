package org.fabriclab.history;

import java.util.Map;

/**
 * Makes a {@link SweepEngine} by name; engines outside the DSL jar (DuckDB, Spark) register one
 * through {@link java.util.ServiceLoader} and are found by {@link SweepEngines}.
 *
 * <pre>{@code
 * SweepEngines.named("spark", Map.of("master", "local[2]"));
 * }</pre>
 */
public interface SweepEngineProvider {
    /** The engine's name ("duckdb", "spark"). */
    String name();

    /** A new engine; {@code options} are engine-specific (memory limit, master URL, ...). */
    SweepEngine create(Map<String, String> options);
}
