package org.fabriclab.check.health.fec;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;

import org.fabriclab.capture.Readers;
import org.fabriclab.capture.topology.Topology;
import org.fabriclab.check.health.Engine;
import org.fabriclab.check.health.HealthRules;
import org.fabriclab.check.health.Mode;
import org.fabriclab.check.health.pdr.PdrConfig;
import org.fabriclab.check.health.replay.EventKind;
import org.fabriclab.check.health.replay.Replay;
import org.fabriclab.check.health.replay.ReplayResult;
import org.fabriclab.history.Labels;
import org.fabriclab.series.Series;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;

/**
 * The committed link-resiliency set, read as a user reads it (UFM CSV, ibdiagnet2.lst, labels, the
 * model file): the model's precision, recall and lead time per decision threshold, and both replays'
 * event counts and caught failures, are what {@code scenario.json} states.
 */
class LinkResiliencyDatasetTest {
    static final Path DIR = Path.of("..", "datasets", "link-resiliency");
    static JsonNode manifest;
    static Series series;
    static Failures failures;
    static FailureModel model;
    static ThresholdReport report;

    @BeforeAll static void load() throws Exception {
        manifest = new ObjectMapper().readTree(Files.readString(DIR.resolve("scenario.json")));
        series = Series.of(Readers.standard().read(DIR.resolve("ufm-telemetry.csv")).measurements("telemetry").orElseThrow());
        failures = Failures.of(Labels.load(DIR.resolve("labels.csv")));
        model = FailureModel.load(DIR.resolve("failure-model.json"));
        report = ThresholdReport.of(model, series, failures);
    }

    @Test void thePredictionTableIsTheManifests() {
        JsonNode p = manifest.get("prediction");
        assertEquals(p.get("chosen_threshold").asDouble(), report.chosen());
        assertEquals(p.get("rows").size(), report.rows().size());
        for (int i = 0; i < report.rows().size(); i++) {
            JsonNode e = p.get("rows").get(i);
            ThresholdRow r = report.rows().get(i);
            assertEquals(e.get("threshold").asDouble(), r.threshold());
            assertEquals(e.get("alerts").asInt(), r.alerts(), "alerts at " + r.threshold());
            assertEquals(e.get("true_alerts").asInt(), r.trueAlerts(), "true alerts at " + r.threshold());
            assertEquals(e.get("caught").asInt(), r.caught(), "caught at " + r.threshold());
            assertEquals(e.get("precision").asDouble(), r.precision(), 1e-12);
            assertEquals(e.get("recall").asDouble(), r.recall(), 1e-12);
            if (e.has("median_lead_hours")) assertEquals(e.get("median_lead_hours").asDouble(), r.medianLeadHours(), 1e-9);
            assertEquals(e.get("mark").asText(), r.mark());
        }
        assertTrue(report.row(0.65).mark().contains("0.65") && report.row(0.8).mark().contains("0.8"));
    }

    @Test void theModelCatchesMostFailuresAheadOfTimeOnDataItNeverSaw() {
        ThresholdRow chosen = report.row(report.chosen());
        assertTrue(chosen.recall() >= 0.8, report.toString());
        assertTrue(chosen.medianLeadHours() >= 6, report.toString());
        // a higher threshold never raises recall
        for (int i = 1; i < report.rows().size(); i++) assertTrue(report.rows().get(i).recall() <= report.rows().get(i - 1).recall() + 1e-12);
    }

    /**
     * The replay runs the engines once over the whole history; that equals running them interval by
     * interval only because every rule looks back. Cut the history at day 2.5: every event before the
     * cut is the same, at the same time, as in the full replay.
     */
    @Test void aReplayOfTheHistoryCutShortAgreesUpToTheCut() {
        Topology topo = Topology.of(Readers.standard().read(DIR.resolve("ibdiagnet2.lst")));
        HealthRules rules = HealthRules.defaults().prediction(model, report.chosen());
        for (Engine e : Engine.values()) if (e.isIblr()) rules = rules.mode(e, Mode.ACTIVE);
        long cut = manifest.get("start_ms").asLong() + 60 * 3_600_000L;
        var t = series.table();
        Series shorter = Series.of(t.where(t.longColumn("timestamp").isLessThan(cut)), "cut");
        for (boolean pdr : new boolean[] {false, true}) {
            Replay full = Replay.of(rules, series, topo), part = Replay.of(rules, shorter, topo);
            if (pdr) { full = full.pdr(PdrConfig.defaults().withDryRun(false)); part = part.pdr(PdrConfig.defaults().withDryRun(false)); }
            var a = full.run().events().stream().filter(e -> e.time() < cut).map(e -> e.time() + " " + e.kind() + " " + e.port()).toList();
            var b = part.run().events().stream().map(e -> e.time() + " " + e.kind() + " " + e.port()).toList();
            assertEquals(a, b, pdr ? "pdr" : "iblr");
            assertTrue(a.size() >= 3, a.toString());
        }
    }

    @Test void bothReplaysGiveTheManifestsEvents() {
        Topology topo = Topology.of(Readers.standard().read(DIR.resolve("ibdiagnet2.lst")));
        HealthRules rules = HealthRules.defaults().prediction(model, report.chosen());
        for (Engine e : Engine.values()) if (e.isIblr()) rules = rules.mode(e, Mode.ACTIVE);
        JsonNode x = manifest.get("external_isolations").get(0);
        Replay base = Replay.of(rules, series, topo).externalIsolation(x.get("port").asText(), x.get("from_ms").asLong(), x.get("until_ms").asLong());
        for (ReplayResult r : java.util.List.of(base.run(), base.pdr(PdrConfig.defaults().withDryRun(false)).run())) {
            JsonNode want = manifest.get("replay").get(r.ruleSet().label());
            for (EventKind k : EventKind.values()) {
                assertEquals(want.path(k.name().toLowerCase(java.util.Locale.ROOT)).asInt(0), r.counts().getOrDefault(k, 0).intValue(),
                        r.ruleSet() + " " + k);
            }
            assertEquals(want.get("failures_caught").asInt(), r.caughtCount(failures));
        }
    }
}
