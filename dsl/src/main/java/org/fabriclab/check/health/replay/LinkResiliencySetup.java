package org.fabriclab.check.health.replay;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;

import org.fabriclab.capture.CaptureException;
import org.fabriclab.capture.Readers;
import org.fabriclab.capture.topology.Topology;
import org.fabriclab.check.health.Engine;
import org.fabriclab.check.health.HealthConfig;
import org.fabriclab.check.health.HealthRules;
import org.fabriclab.check.health.Mode;
import org.fabriclab.check.health.fec.FailureModel;
import org.fabriclab.check.health.fec.FailureTrainer;
import org.fabriclab.check.health.fec.Failures;
import org.fabriclab.check.health.fec.FecHistogram;
import org.fabriclab.check.health.fec.ThresholdReport;
import org.fabriclab.history.Labels;
import org.fabriclab.result.Html;
import org.fabriclab.result.Notice;
import org.fabriclab.result.Renderable;
import org.fabriclab.series.Series;

import tech.tablesaw.api.StringColumn;
import tech.tablesaw.api.Table;

/**
 * What a Link Resiliency replay of one history runs with, each input found as the parameters say and
 * every absence stated: the UFM telemetry as a series, the topology, the labelled failures (given, else
 * {@code labels.csv} beside the history, else none: the replay runs and nothing is graded), the
 * failure-prediction model (a file given, {@code "train"} on this history and its labels, else
 * {@code failure-model.json} beside the history, else none: prediction is off, since a model fitted to
 * another fleet or to generated data must not be applied to this telemetry silently; telemetry without
 * FEC histograms also leaves it off), the decision threshold (given, else the best F1 against the
 * labels, else the plugin's 0.8), and the links the operator isolated (given, else
 * {@code operator-isolations.csv} beside the history, else none).
 *
 * <pre>{@code
 * var lr = linkResiliency("ufm-telemetry.csv", "ibdiagnet2.lst", "", "", "", Double.NaN);
 * ReplayResult iblr = lr.replay().run();   // every IBLR engine active, prediction if it can run
 * lr.scores(iblr);                         // precision and recall per engine, or why there are none
 * }</pre>
 */
public final class LinkResiliencySetup implements Renderable {
    /** Files looked for beside the history when the parameter is empty. */
    public static final String LABELS_FILE = "labels.csv", MODEL_FILE = "failure-model.json", ISOLATIONS_FILE = "operator-isolations.csv";
    /** The model parameter that trains on the history and its labels. */
    public static final String TRAIN = "train";

    private final Path history;
    private final Series series;
    private final Topology topology;
    private final Failures failures;
    private final FailureModel model;
    private final boolean histograms;
    private final ThresholdReport sweep;
    private final double threshold;
    private final OperatorIsolations isolations;
    /** What the model input came to (loaded, trained, or why prediction is off). */
    private final String modelState;
    private final List<String[]> inputs;

    private LinkResiliencySetup(Path history, Series series, Topology topology, Failures failures, FailureModel model, boolean histograms,
                                ThresholdReport sweep, double threshold, OperatorIsolations isolations, String modelState, List<String[]> inputs) {
        this.history = history;
        this.series = series;
        this.topology = topology;
        this.failures = failures;
        this.model = model;
        this.histograms = histograms;
        this.sweep = sweep;
        this.threshold = threshold;
        this.isolations = isolations;
        this.modelState = modelState;
        this.inputs = List.copyOf(inputs);
    }

    /**
     * Resolves the inputs; an empty string is "not given" (each is then looked for beside the history).
     *
     * @param history UFM telemetry (CSV export or fluentd JSON); FEC histograms (hist0..hist15) for prediction
     * @param topology the fabric's links (ibdiagnet2.lst, ibdiagnet2.net_dump): required
     * @param labels labelled failures ({@code port,layer,start_ms,end_ms}; failures are the physical ones)
     * @param model a model file, {@link #TRAIN}, or empty
     * @param isolations links isolated outside the plugin ({@code port,from_ms,until_ms})
     * @param threshold prediction's decision threshold in (0, 1); NaN: best F1 against the labels, else 0.8
     * @throws CaptureException a file that is missing or malformed, naming it (and its line), or telemetry
     *         that is no telemetry table
     * @throws IllegalArgumentException no topology given, or {@link #TRAIN} without labelled failures or FEC histograms
     */
    public static LinkResiliencySetup of(Path history, Path topology, Path labels, String model, Path isolations, double threshold) {
        if (topology == null) {
            throw new IllegalArgumentException("topology: expected the fabric's links (ibdiagnet2.lst or ibdiagnet2.net_dump): the replay's "
                    + "checkpoints count isolations per link and switch pair");
        }
        List<String[]> in = new ArrayList<>();
        // relative as given: what the report prints names the files as the user named them
        Path dir = history.getParent() != null ? history.getParent() : Path.of("");
        Series s = Series.of(Readers.standard().read(history).measurements("telemetry")
                .orElseThrow(() -> new CaptureException(history.toString(), 0, "expected UFM telemetry (a telemetry table: CSV export or fluentd JSON)")));
        boolean hist = FecHistogram.of(s).isPresent();
        in.add(row("telemetry", history.toString(), String.format(Locale.ROOT, "%d ports, %d samples, %.1f days; FEC histograms: %s",
                s.portCount(), s.rows(), s.days(), hist ? "yes" : "no (failure prediction cannot run)")));
        Topology topo = Topology.of(List.of(Readers.standard().read(topology)));
        in.add(row("topology", topology.toString(), topo.links().size() + " links"));

        Path lp = labels != null ? labels : dir.resolve(LABELS_FILE);
        Labels lab = labels != null || Files.isRegularFile(lp) ? Labels.load(lp) : null;
        Failures f = lab == null ? Failures.none() : Failures.of(lab);
        in.add(row("labels", lab == null ? "none" : lp.toString(), lab == null
                ? "no labelled failures (none given, no " + LABELS_FILE + " beside the history): the replay runs, nothing is graded"
                : f.count() + " ports with a labelled failure"));

        FailureModel m;
        String how, from;
        if (TRAIN.equals(model)) {
            if (f.isEmpty()) throw new IllegalArgumentException("model = \"train\" needs labelled failures: give labels (port,layer=physical,start_ms,end_ms)");
            if (!hist) throw new IllegalArgumentException("model = \"train\" needs FEC histograms (hist0..hist15) in the telemetry; " + history + " has none");
            m = FailureTrainer.defaults().train(s, f);
            how = "trained on this history and its labels";
            from = TRAIN;
        } else {
            boolean given = model != null && !model.isBlank();
            Path mp = given ? Path.of(model) : dir.resolve(MODEL_FILE);
            m = given || Files.isRegularFile(mp) ? FailureModel.load(mp) : null;
            how = m == null ? "none (none given, no " + MODEL_FILE + " beside the history): failure prediction is off; a model fitted to another "
                    + "fleet or to generated data is not applied to this telemetry unasked" : "loaded";
            from = m == null ? "none" : mp.toString();
        }
        if (m != null && !hist) how += "; off: the telemetry has no FEC histograms";
        in.add(row("model", from, how));

        boolean predicts = m != null && hist;
        ThresholdReport sw = predicts && !f.isEmpty() ? ThresholdReport.of(m, s, f) : null;
        double t;
        String basis;
        if (!Double.isNaN(threshold)) {
            t = threshold;
            basis = "given";
        } else if (sw != null) {
            t = sw.chosen();
            basis = "best F1 against the labels";
        } else {
            t = HealthConfig.DEFAULT_PREDICTION_THRESHOLD;
            basis = "the plugin's default" + (predicts ? " (no labels to choose by)" : "");
        }
        in.add(row("threshold", basis, predicts ? String.format(Locale.ROOT, "%.2f (%s)", t, basis) : "unused: prediction is off"));

        Path ip = isolations != null ? isolations : dir.resolve(ISOLATIONS_FILE);
        OperatorIsolations iso = isolations != null || Files.isRegularFile(ip) ? OperatorIsolations.load(ip) : OperatorIsolations.none();
        in.add(row("operator isolations", iso.source(), iso.isolations().size() + (iso.isolations().size() == 1 ? " link" : " links") + " isolated outside the plugin"));
        return new LinkResiliencySetup(history, s, topo, f, predicts ? m : null, hist, sw, t, iso, how, in);
    }

    private static String[] row(String input, String from, String state) { return new String[] {input, from, state}; }

    public Series series() { return series; }

    public Topology topology() { return topology; }

    public Failures failures() { return failures; }

    /** The model prediction runs with; empty when prediction is off. */
    public Optional<FailureModel> model() { return Optional.ofNullable(model); }

    /** The decision threshold (in (0, 1)). */
    public double threshold() { return threshold; }

    /** The failure horizon (ms) alerts are graded with: the model's, else the trainer's default 24 h. */
    public long horizonMs() { return model != null ? model.horizonMs() : FailureTrainer.DEFAULT_HORIZON_MS; }

    /** The threshold sweep against the labels; empty without a model or labels. */
    public Optional<ThresholdReport> sweep() { return Optional.ofNullable(sweep); }

    /** The model, or why prediction is off. */
    public Renderable modelView() {
        return model != null ? model : Notice.of("failure-prediction model", modelState);
    }

    /** The sweep, or why there is none. */
    public Renderable sweepView() {
        if (sweep != null) return sweep;
        return Notice.of("failure prediction: threshold sweep", model == null ? "no sweep: failure prediction is off (see the model above)"
                : "no sweep: no labelled failures to grade against; the threshold is " + String.format(Locale.ROOT, "%.2f", threshold));
    }

    /** Every IBLR engine active, failure prediction at {@link #threshold()} when it can run. */
    public HealthRules rules() {
        HealthRules r = HealthRules.defaults();
        if (model != null) r = r.prediction(model, threshold);
        for (Engine e : Engine.values()) if (e.isIblr()) r = r.mode(e, Mode.ACTIVE);
        return r;
    }

    /** The replay of {@link #rules()} over the history and topology, with the operator's isolations. */
    public Replay replay() { return Replay.of(rules(), series, topology).externalIsolations(isolations); }

    /** The labelled failures {@code r} caught, or why none are graded. */
    public Renderable caught(ReplayResult r) {
        if (failures.isEmpty()) return Notice.of(r.ruleSet().label() + " replay: labelled failures", noLabels());
        Table t = r.caught(failures);
        return Notice.of(t.name(), ReplayResult.caughtIn(t) + " of " + t.rowCount() + " labelled failures caught").withTable(t);
    }

    /** Precision and recall per engine of {@code r}, or why none are graded. */
    public Renderable scores(ReplayResult r) {
        if (failures.isEmpty()) return Notice.of(r.ruleSet().label() + ": precision and recall per engine", noLabels());
        return EngineScores.of(r, failures, horizonMs());
    }

    /** The replays side by side (isolations, de-isolations, ...; failures caught only with labels). */
    public PolicyComparison compare(ReplayResult... results) { return PolicyComparison.of(failures, horizonMs(), results); }

    private static String noLabels() {
        return "no labelled failures to grade against: give labels (port,layer=physical,start_ms,end_ms) or put " + LABELS_FILE + " beside the history";
    }

    public List<String> summaryLines() {
        List<String> out = new ArrayList<>();
        for (String[] r : inputs) out.add(r[0] + ": " + r[2] + (r[1].equals("none") || r[0].equals("threshold") ? "" : " (" + r[1] + ")"));
        return out;
    }

    @Override public Table table() {
        StringColumn a = StringColumn.create("input"), b = StringColumn.create("from"), c = StringColumn.create("what it holds");
        for (String[] r : inputs) {
            a.append(r[0]);
            b.append(r[1]);
            c.append(r[2]);
        }
        return Table.create("link resiliency replay: inputs", a, b, c);
    }

    @Override public String toHtml() { return Html.section("link resiliency replay of " + history.getFileName(), List.of(), table()); }

    @Override public Map<String, Object> toMap() {
        Map<String, Object> m = new LinkedHashMap<>();
        m.put("history", history.toString());
        m.put("prediction", model != null);
        m.put("histograms", histograms);
        m.put("threshold", threshold);
        m.put("labelled_failures", failures.count());
        m.put("inputs", Html.rows(table()));
        return m;
    }

    @Override public String toString() { return String.join("\n", summaryLines()); }
}
