package org.fabriclab;

import java.nio.file.Path;
import java.util.Arrays;
import java.util.List;

import org.fabriclab.capture.Capture;
import org.fabriclab.capture.Readers;
import org.fabriclab.catalogue.Catalogue;
import org.fabriclab.check.Check;
import org.fabriclab.check.Policy;
import org.fabriclab.capture.topology.Topology;
import org.fabriclab.check.health.HealthRules;
import org.fabriclab.check.health.fec.FailureModel;
import org.fabriclab.check.health.fec.FailureTrainer;
import org.fabriclab.check.health.fec.Failures;
import org.fabriclab.check.health.replay.LinkResiliencySetup;
import org.fabriclab.check.health.replay.Replay;
import org.fabriclab.delta.Delta;
import org.fabriclab.plot.Plots;
import org.fabriclab.reconcile.Reconcile;
import org.fabriclab.series.Series;
import org.fabriclab.history.History;
import org.fabriclab.history.formats.HistoryReaders;
import org.fabriclab.history.Labels;
import org.fabriclab.history.Progress;
import org.fabriclab.incident.Incident;
import org.fabriclab.incident.LinkFolder;
import org.fabriclab.incident.NotebookFolder;
import org.fabriclab.pause.PauseAnalysis;
import org.fabriclab.snapshot.Snapshot;
import org.fabriclab.verdict.Profile;
import org.fabriclab.verdict.Profiles;

import tech.tablesaw.api.Table;

/**
 * The one entry point of the DSL: {@code import static org.fabriclab.Fabric.*;}. Factories only;
 * the logic lives in the packages the factories return into.
 *
 * <pre>{@code
 * import static org.fabriclab.Fabric.*;
 *
 * var before = snapshot("datasets/roce-pause-storm/before");
 * var after  = snapshot("datasets/roce-pause-storm/after");
 * var v = delta(before, after).moved(TB).classify(ROCE);
 * v.table();
 *
 * check(delta(before, after)).limits("all=0").grade(ZERO_TOLERANCE);          // fleet gate
 * check(delta(before, after)).elapsed(10).grade(BER);                          // replace hardware?
 * reconcile(capture("ib_write_bw.log")).counters(before, after).duration(10);   // case A/B1/B2/C
 * healthRules().run(series(capture("ufm.csv").measurements("telemetry").get()));
 * plot.pauseDurations(series(List.of(t0, t1, t2), 0, 60_000, 120_000)).charts();   // = pause(series(...)): window bars, timeline
 * }</pre>
 */
public final class Fabric {
    /** The runbook's InfiniBand profile. */
    public static final Profile IB = Profiles.IB;
    /** The runbook's RoCE profile. */
    public static final Profile ROCE = Profiles.ROCE;
    /** Every classic PMA error counter plus q-counters. */
    public static final Profile IB_FULL = Profiles.IB_FULL;
    /** Every PFC-enabled priority found, discards on all priorities, stall events. */
    public static final Profile ROCE_FULL = Profiles.ROCE_FULL;

    public static final double KB = 1e3, MB = 1e6, GB = 1e9, TB = 1e12;

    /** Check grading for a fleet gate: every error counter at zero. */
    public static final Policy ZERO_TOLERANCE = Policy.ZERO_TOLERANCE;
    /** Check grading for a hardware-replacement decision: the physical layer against a BER threshold. */
    public static final Policy BER = Policy.BER;
    /** The chart builders: {@code plot.pauseDurations(delta[, elapsedS])} and {@code plot.pauseDurations(series)} (the pause analysis, as {@code pause(...)}), {@code plot.berTrend(series)}, {@code plot.reconcile(r)}. */
    public static final Plots plot = Plots.INSTANCE;

    private Fabric() {}

    /** Reads one capture file (format chosen by content). */
    public static Capture capture(String path) { return Readers.standard().read(Path.of(path)); }

    /** Joins files and folders taken at one instant into a per-port snapshot. */
    public static Snapshot snapshot(String... paths) {
        return Snapshot.of(Arrays.stream(paths).map(Path::of).toList());
    }

    public static Snapshot snapshot(List<Path> paths) { return Snapshot.of(paths); }

    /** The delta between two snapshots; follow with {@code .moved(bytes)} to classify. */
    public static Delta delta(Snapshot before, Snapshot after) { return Delta.between(before, after); }

    /** A profile by name: ib, roce, ib-full, roce-full. */
    public static Profile profile(String name) { return Profiles.named(name); }

    /** ibdiagnet-style checks on the delta between two samples: {@code check(d).limits("all=0").grade(BER)}. */
    public static Check check(Delta d) { return Check.of(d); }

    /** ibdiagnet-style checks on one sample ({@code --pm_pause_time 0}). */
    public static Check check(Snapshot sample) { return Check.of(sample); }

    /** Reconciles perftest output with port counters: {@code reconcile(p).counters(before, after).duration(10)}. */
    public static Reconcile.Counters reconcile(Capture... perftest) { return Reconcile.of(perftest); }

    /** Reconciles the perftest output in {@code path}. */
    public static Reconcile.Counters reconcile(String perftestPath) { return Reconcile.of(capture(perftestPath)); }

    /** The link-health rule engines with the IB Link Resiliency plugin's defaults: {@code healthRules().run(series)}. */
    public static HealthRules healthRules() { return HealthRules.defaults(); }

    /** A telemetry table as the primitive series the rule engines and plots use. */
    public static Series series(Table telemetry) { return Series.of(telemetry); }

    /** Snapshots taken at {@code timesMs} (epoch ms, increasing) as a series. */
    public static Series series(List<Snapshot> snapshots, long... timesMs) { return Series.ofSnapshots(snapshots, timesMs); }

    /**
     * A telemetry history in primitive columns, for threshold sweeps, in whichever format {@code path} holds
     * ({@link HistoryReaders}): the project's CSV (gzip) or Parquet, a folder of UFM CSV exports, a UFM fluentd
     * stream, Prometheus scrapes or query_range JSON (node_exporter, InfiniBand exporters), a collect series,
     * Telegraf's infiniband/ethtool points as InfluxDB line protocol or annotated CSV.
     */
    public static History history(String path) { return HistoryReaders.standard().read(Path.of(path), Progress.NONE); }

    /** The same, reporting load progress (e.g. {@code Progress.terminal(System.err)}). */
    public static History history(String path, Progress progress) { return HistoryReaders.standard().read(Path.of(path), progress); }

    /**
     * The same, reading times that file names give without a zone ({@code metrics-20251201-120000.prom}) as
     * wall-clock times in {@code zone} (UTC otherwise): {@code history("scrapes", ZoneId.of("Europe/Paris"))}.
     */
    public static History history(String path, java.time.ZoneId zone) {
        return HistoryReaders.standard().withZone(zone).read(Path.of(path), Progress.NONE);
    }

    /** Labelled incidents ({@code port,layer,start_ms,end_ms}) to score a sweep against. */
    public static Labels labels(String path) { return Labels.load(Path.of(path)); }

    /**
     * The one-call analysis of an incident folder ({@code before/} + {@code after/}, or {@code t0/ t1/ ...} as
     * {@code fabriclab collect} writes it), or one capture file holding the tool's output two or more times
     * (appended before and after the test, or a sampling loop's dated log): verdicts per port, checks, reconciliation,
     * pause analysis, the report. {@code incident(dir).bytesMoved(1e12).fabric("roce")} overrides what the captures say. A relative
     * {@code dir} is taken from the notebook's folder when a notebook runs ({@link NotebookFolder}).
     */
    public static Incident incident(String dir) { return Incident.of(NotebookFolder.resolve(dir)); }

    /** The same with the templates' parameters in one call: NaN bytes and a blank fabric mean "from the captures". */
    public static Incident incident(String dir, double bytesMoved, String fabric) {
        return incident(dir).bytesMoved(bytesMoved).fabric(fabric);
    }

    /**
     * What a folder holds for the link-health template, found by content: UFM telemetry ({@code telemetry} names the
     * file; blank: the first top-level file that reads as telemetry), the {@code mlxlink/} readouts, and the incident
     * over its snapshots when it has them. A relative {@code dir} is taken as {@link #incident(String)} takes it.
     */
    public static LinkFolder linkFolder(String dir, String telemetry) { return LinkFolder.of(NotebookFolder.resolve(dir), telemetry); }

    /**
     * A path a notebook was given, taken from the notebook's folder (Jupyter, {@code fabriclab run}) or,
     * when it exists only there, from the working directory: {@code path(captures).resolve("labels.csv")}.
     */
    public static Path path(String path) { return NotebookFolder.resolve(path); }

    /** Pause analysis over the window of {@code d}: frames, time paused, mean per frame; no duty cycle without the elapsed time. */
    public static PauseAnalysis pause(Delta d) { return PauseAnalysis.of(d, Double.NaN); }

    /** The same with the seconds between the two snapshots (duty cycle = time paused / elapsed). */
    public static PauseAnalysis pause(Delta d, double elapsedSeconds) { return PauseAnalysis.of(d, elapsedSeconds); }

    /** Pause per interval of a series (snapshots over time, a pause-series CSV, telemetry) with its distribution. */
    public static PauseAnalysis pause(Series s) { return PauseAnalysis.of(s); }

    /** The counter catalogue. */
    public static Catalogue catalogue() { return Catalogue.standard(); }

    /** The links of topology captures (ibdiagnet2.lst, ibdiagnet2.net_dump, ...): {@code topology("ibdiagnet2.lst")}. */
    public static Topology topology(String... paths) {
        return Topology.of(Arrays.stream(paths).map(Fabric::capture).toList());
    }

    /**
     * A replay of the plugin's action execution over {@code history} and {@code topology}, with the
     * engines and modes of {@code rules}: {@code replay(healthRules().mode(Engine.LINK_FLAPS, Mode.ACTIVE), s, t).run()}.
     */
    public static Replay replay(HealthRules rules, Series history, Topology topology) { return Replay.of(rules, history, topology); }

    /** A failure-prediction model file (JSON, {@code FailureModel.FORMAT}). */
    public static FailureModel failureModel(String path) { return FailureModel.load(Path.of(path)); }

    /**
     * Trains a failure-prediction model on {@code history} labelled by {@code labels} (failures = incidents of layer physical).
     *
     * @throws IllegalArgumentException the labels hold no physical failure: there is nothing to learn from
     */
    public static FailureModel trainFailureModel(Series history, Labels labels) {
        Failures f = Failures.of(labels);
        if (f.isEmpty()) throw new IllegalArgumentException("expected labelled failures (layer physical) to train on, found none");
        return FailureTrainer.defaults().train(history, f);
    }

    /**
     * The inputs of a Link Resiliency replay, as notebook 06 takes them: every parameter but {@code history}
     * and {@code topology} may be empty (then looked for beside the history, else absent, which is stated),
     * {@code model} may be {@code "train"}, and {@code threshold} NaN (best F1 against the labels, else
     * the plugin's 0.8). Relative paths are taken as {@link #path(String)} takes them:
     * {@code linkResiliency("ufm-telemetry.csv", "ibdiagnet2.lst", "", "", "", Double.NaN).replay().run()}.
     *
     * @throws org.fabriclab.capture.CaptureException a given file missing or malformed, naming it
     * @throws IllegalArgumentException no topology, or {@code "train"} without labels or FEC histograms
     */
    public static LinkResiliencySetup linkResiliency(String history, String topology, String labels, String model, String isolations,
                                                     double threshold) {
        String m = model == null || model.isBlank() || model.strip().equals(LinkResiliencySetup.TRAIN) ? model : path(model).toString();
        return LinkResiliencySetup.of(path(history), blank(topology) ? null : path(topology), blank(labels) ? null : path(labels), m,
                blank(isolations) ? null : path(isolations), threshold);
    }

    private static boolean blank(String s) { return s == null || s.isBlank(); }
}
