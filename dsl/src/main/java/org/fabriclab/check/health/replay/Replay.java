package org.fabriclab.check.health.replay;

import java.util.ArrayList;
import java.util.List;

import org.fabriclab.capture.topology.Topology;
import org.fabriclab.check.health.Engine;
import org.fabriclab.check.health.EngineMode;
import org.fabriclab.check.health.HealthRules;
import org.fabriclab.check.health.pdr.PdrConfig;
import org.fabriclab.series.Series;

/**
 * The action-execution half of the IB Link Resiliency plugin, replayed over a history: what would the
 * plugin have isolated, when and why, and which checkpoints held it back. Immutable step: choose the
 * rule set, the checkpoints, the operator's own isolations and mode changes, then {@link #run()}.
 * <p>Each telemetry time of the series is one iteration of the plugin. The alert engines are causal
 * (every rule looks back only), so they run once over the history and an iteration sees exactly the
 * alerts open at its time, as the live plugin would. Per iteration: the operator's changes; then the
 * de-isolation process (links clean for the minimum clean period qualify; shadow mode, the hourly
 * de-isolation limit and the PDR consider time can hold them; a link isolated longer than the maximum
 * recovery period is declared unrecoverable); then the isolation process (alerting healthy links, in
 * the order their alerts began, through the checkpoints: alerts per iteration, access link, shadow
 * mode, PDR's cap on isolated ports, isolations per hour/day/week/month, healthy links between the two
 * switches, active ports of both switches). Each "action not taken" is reported once per link and
 * reason until the link stops alerting or its state changes. The states: {@link PortState}.
 *
 * <pre>{@code
 * ReplayResult r = Replay.of(healthRules().mode(Engine.FAILURE_DETECTION, Mode.ACTIVE), series, topology)
 *         .config(ReplayConfig.defaults().withMinHealthyLinks(2))
 *         .run();
 * r.table();  r.perDay();  r.chart("guid 0x0c42a10300a00201/1");
 * }</pre>
 */
public final class Replay {
    /** An isolation outside the plugin: {@code port}'s link is isolated from {@code fromMs} until {@code untilMs} (or for good, -1). */
    public record ExternalIsolation(String port, long fromMs, long untilMs) {}

    /** From {@code atMs} on, {@code engine} runs in {@code mode} (the default and its exception list). */
    public record ModeChange(long atMs, Engine engine, EngineMode mode) {}

    final HealthRules rules;
    final Series series;
    final Topology topology;
    final RuleSet ruleSet;
    final ReplayConfig config;
    final PdrConfig pdr;
    final List<ExternalIsolation> external;
    final List<ModeChange> modeChanges;

    private Replay(HealthRules rules, Series series, Topology topology, RuleSet ruleSet, ReplayConfig config, PdrConfig pdr,
                   List<ExternalIsolation> external, List<ModeChange> modeChanges) {
        this.rules = rules;
        this.series = series;
        this.topology = topology;
        this.ruleSet = ruleSet;
        this.config = config;
        this.pdr = pdr;
        this.external = List.copyOf(external);
        this.modeChanges = List.copyOf(modeChanges);
    }

    /** A replay of the IBLR rules with their modes (shadow unless set active) and {@link ReplayConfig#defaults()}. */
    public static Replay of(HealthRules rules, Series series, Topology topology) {
        return new Replay(rules, series, topology, RuleSet.IBLR, ReplayConfig.defaults(), PdrConfig.defaults(), List.of(), List.of());
    }

    /** The IBLR rule set and its checkpoints (the default). */
    public Replay iblr() { return new Replay(rules, series, topology, RuleSet.IBLR, config, pdr, external, modeChanges); }

    /** The PDR plugin's rules and action rules ({@link ReplayConfig#pdr}); DRY_RUN is shadow mode. */
    public Replay pdr(PdrConfig c) { return new Replay(rules, series, topology, RuleSet.PDR, ReplayConfig.pdr(c), c, external, modeChanges); }

    public Replay config(ReplayConfig c) { return new Replay(rules, series, topology, ruleSet, c, pdr, external, modeChanges); }

    /** Adds an isolation made outside the plugin (the plugin leaves that link alone until it is de-isolated outside). */
    public Replay externalIsolation(String port, long fromMs, long untilMs) {
        List<ExternalIsolation> e = new ArrayList<>(external);
        e.add(new ExternalIsolation(port, fromMs, untilMs));
        return new Replay(rules, series, topology, ruleSet, config, pdr, e, modeChanges);
    }

    /** Every link of {@code isolations} isolated outside the plugin over its interval ({@link #externalIsolation}). */
    public Replay externalIsolations(OperatorIsolations isolations) {
        Replay r = this;
        for (ExternalIsolation x : isolations.isolations()) r = r.externalIsolation(x.port(), x.fromMs(), x.untilMs());
        return r;
    }

    /** The operator's de-isolation of an unrecoverable link at {@code atMs} (after maintenance). */
    public Replay operatorDeisolation(String port, long atMs) {
        List<ExternalIsolation> e = new ArrayList<>(external);
        e.add(new ExternalIsolation(port, -1, atMs));
        return new Replay(rules, series, topology, ruleSet, config, pdr, e, modeChanges);
    }

    /** Changes an engine's mode from {@code atMs} on (an engine switched from active to shadow while a link is isolated). */
    public Replay modeChange(long atMs, Engine engine, EngineMode mode) {
        List<ModeChange> m = new ArrayList<>(modeChanges);
        m.add(new ModeChange(atMs, engine, mode));
        return new Replay(rules, series, topology, ruleSet, config, pdr, external, m);
    }

    public RuleSet ruleSet() { return ruleSet; }
    public ReplayConfig config() { return config; }

    /** Runs the engines and replays the action execution iteration by iteration. */
    public ReplayResult run() { return new ReplayEngine(this).run(); }

    @Override public String toString() { return "Replay[" + ruleSet + ", " + series.portCount() + " ports; finish with .run()]"; }
}
