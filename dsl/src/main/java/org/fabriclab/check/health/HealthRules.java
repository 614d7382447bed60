package org.fabriclab.check.health;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Set;

import org.fabriclab.check.health.fec.FailureModel;
import org.fabriclab.series.Series;

import tech.tablesaw.api.Table;

/**
 * Runs the rule engines over a series. Immutable; configure with the {@code with}-style steps, then
 * {@link #run}. Engines loop over primitive arrays ({@link Series}); a Tablesaw table is converted
 * once. The plugin applies the symbol-error rule to NDR links only (its thresholds are NDR error
 * counts, see {@code SymbolErrorRule}); for an HDR fabric switch it off with
 * {@code symbolErrors(false, 2.88, 3)}.
 *
 * <pre>{@code
 * HealthReport r = HealthRules.defaults()
 *         .mode(Engine.FAILURE_DETECTION, Mode.ACTIVE, Set.of("guid 0x0c42a103007ab890/1"))
 *         .run(telemetry);
 * }</pre>
 */
public final class HealthRules {
    private final HealthConfig config;

    private HealthRules(HealthConfig config) { this.config = config; }

    /** The plugin's defaults (see {@link HealthConfig#defaults()}). */
    public static HealthRules defaults() { return new HealthRules(HealthConfig.defaults()); }

    public static HealthRules with(HealthConfig config) { return new HealthRules(config); }

    public HealthConfig config() { return config; }

    /** An engine's default mode; ports in {@code exceptions} run in the opposite mode. */
    public HealthRules mode(Engine engine, Mode mode, Set<String> exceptions) {
        return new HealthRules(config.withMode(engine, new EngineMode(mode, exceptions)));
    }

    public HealthRules mode(Engine engine, Mode mode) { return mode(engine, mode, Set.of()); }

    public HealthRules linkFlap(long switchSwitch, long hostSwitch) { return new HealthRules(config.withLinkFlap(switchSwitch, hostSwitch)); }

    public HealthRules packetDrop(boolean enabled, double threshold) { return new HealthRules(config.withPacketDrop(enabled, threshold)); }

    public HealthRules symbolErrors(boolean enabled, double threshold12Min, double threshold125Min) {
        return new HealthRules(config.withSymbolErrors(enabled, threshold12Min, threshold125Min));
    }

    public HealthRules operatingRange(double tempLowC, double tempHighC, double voltLowMv, double voltHighMv) {
        return new HealthRules(config.withOperatingRange(tempLowC, tempHighC, voltLowMv, voltHighMv));
    }

    /**
     * Switches the failure-prediction engine on with {@code model} and the decision threshold (in (0, 1);
     * default 0.8, recommended 0.65-0.8).
     */
    public HealthRules prediction(FailureModel model, double threshold) { return new HealthRules(config.withPrediction(model, threshold)); }

    /** The same with the default decision threshold 0.8. */
    public HealthRules prediction(FailureModel model) { return prediction(model, HealthConfig.DEFAULT_PREDICTION_THRESHOLD); }

    /** Runs every enabled engine over a {@link org.fabriclab.capture.Telemetry} table. */
    public HealthReport run(Table telemetry) { return run(Series.of(telemetry, telemetry.name())); }

    /** Runs every enabled engine over a series. */
    public HealthReport run(Series s) {
        List<Alert> alerts = new ArrayList<>();
        List<String> notes = new ArrayList<>();
        if (config.predictionModel() != null) FailurePredictionRule.run(s, config, alerts, notes);
        else notes.add(FailurePredictionRule.RULE + ": off (no model; healthRules().prediction(model))");
        if (config.packetDropEnabled()) PacketDropRateRule.run(s, config, alerts, notes);
        else notes.add(PacketDropRateRule.RULE + ": disabled");
        if (config.symbolErrorsEnabled()) SymbolErrorRule.run(s, config, alerts, notes);
        else notes.add("symbol-errors: disabled");
        LinkFlapRule.run(s, config, alerts, notes);
        OperatingConditionsRule.run(s, config, alerts, notes);
        alerts.sort(Comparator.comparingLong(Alert::time).thenComparing(Alert::port).thenComparing(Alert::rule));
        return new HealthReport(config, alerts, notes, s.portCount(), s.rows());
    }

    @Override public String toString() { return "HealthRules[" + config + "]; finish with .run(series)"; }
}
