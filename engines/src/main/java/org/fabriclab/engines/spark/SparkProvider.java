package org.fabriclab.engines.spark;

import java.util.Map;

import org.fabriclab.history.SweepEngine;
import org.fabriclab.history.SweepEngineProvider;

/** Registers {@link SparkSweepEngine} as {@code spark} (options: master, spark.*). */
public final class SparkProvider implements SweepEngineProvider {
    @Override public String name() { return "spark"; }

    @Override public SweepEngine create(Map<String, String> options) { return new SparkSweepEngine(options); }
}
