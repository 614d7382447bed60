package org.fabriclab.scenario;

import java.util.List;
import java.util.Locale;

import org.fabriclab.capture.Readers;
import org.fabriclab.capture.topology.Topology;
import org.fabriclab.check.health.Engine;
import org.fabriclab.check.health.HealthRules;
import org.fabriclab.check.health.Mode;
import org.fabriclab.check.health.fec.FailureModel;
import org.fabriclab.check.health.fec.Failures;
import org.fabriclab.check.health.fec.ThresholdReport;
import org.fabriclab.check.health.pdr.PdrConfig;
import org.fabriclab.check.health.replay.EventKind;
import org.fabriclab.check.health.replay.Replay;
import org.fabriclab.check.health.replay.ReplayResult;
import org.fabriclab.history.Labels;
import org.fabriclab.series.Series;

import com.fasterxml.jackson.databind.JsonNode;

/**
 * The answers of a link-resiliency scenario (the same as notebook 06 checks): the chosen decision
 * threshold with its precision and recall, and per policy the isolations, de-isolations, links declared
 * unrecoverable and labelled failures caught.
 *
 * <pre>{@code
 * LinkResiliencyAnswers.check(Scenario.load(Path.of("datasets/link-resiliency")), new Expectations());
 * }</pre>
 */
public final class LinkResiliencyAnswers {
    private LinkResiliencyAnswers() {}

    public static void check(Scenario s, Expectations e) {
        Series series = Series.of(Readers.standard().read(s.file("telemetry")).measurements("telemetry").orElseThrow());
        Topology topo = Topology.of(Readers.standard().read(s.file("topology")));
        Failures failures = Failures.of(Labels.load(s.file("labels")));
        FailureModel model = FailureModel.load(s.file("model"));
        ThresholdReport r = ThresholdReport.of(model, series, failures);
        JsonNode p = s.get("prediction");
        e.near(s, "failure prediction", "chosen threshold", p.path("chosen_threshold").asDouble(), r.chosen(), 1e-9);
        for (JsonNode row : p.path("rows")) {
            if (row.path("threshold").asDouble() != r.chosen()) continue;
            e.near(s, "failure prediction", "precision at the chosen threshold", row.path("precision").asDouble(), r.row(r.chosen()).precision(), 1e-9);
            e.near(s, "failure prediction", "recall at the chosen threshold", row.path("recall").asDouble(), r.row(r.chosen()).recall(), 1e-9);
        }
        HealthRules rules = HealthRules.defaults().prediction(model, r.chosen());
        for (Engine g : Engine.values()) if (g.isIblr()) rules = rules.mode(g, Mode.ACTIVE);
        Replay base = Replay.of(rules, series, topo);
        for (JsonNode x : s.get("external_isolations")) base = base.externalIsolation(x.path("port").asText(), x.path("from_ms").asLong(), x.path("until_ms").asLong());
        for (ReplayResult res : List.of(base.run(), base.pdr(PdrConfig.defaults().withDryRun(false)).run())) {
            JsonNode want = s.get("replay").path(res.ruleSet().label());
            for (EventKind k : List.of(EventKind.ISOLATION, EventKind.DE_ISOLATION, EventKind.DECLARED_UNRECOVERABLE)) {
                e.equal(s, res.ruleSet().label() + " replay", k.label(), want.path(k.name().toLowerCase(Locale.ROOT)).asInt(0),
                        res.counts().getOrDefault(k, 0));
            }
            e.equal(s, res.ruleSet().label() + " replay", "failures caught", want.path("failures_caught").asInt(), res.caughtCount(failures));
        }
    }
}
