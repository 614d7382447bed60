package org.fabriclab.generate;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

import org.fabriclab.capture.Input;
import org.fabriclab.capture.Readers;
import org.fabriclab.capture.topology.Topology;
import org.fabriclab.check.health.Engine;
import org.fabriclab.check.health.HealthRules;
import org.fabriclab.check.health.Mode;
import org.fabriclab.check.health.pdr.PdrConfig;
import org.fabriclab.check.health.replay.Replay;
import org.fabriclab.check.health.replay.ReplayResult;
import org.fabriclab.check.health.fec.FailureModel;
import org.fabriclab.check.health.fec.FailureTrainer;
import org.fabriclab.check.health.fec.Failures;
import org.fabriclab.check.health.fec.ThresholdReport;
import org.fabriclab.check.health.fec.ThresholdRow;
import org.fabriclab.history.Labels;
import org.fabriclab.series.Series;

import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;

/**
 * The link-resiliency set (issue 13): a small NDR fat tree (2 spines, 3 leaves, 2 links per leaf-spine
 * pair, 2 hosts per leaf: 18 links, 36 ports) over {@value #DAYS} days of 10-minute UFM secondary
 * telemetry with FEC histograms, whose failing ports degrade towards a failure with data loss and whose
 * noisy ports stay healthy; the true failure times as labels; the fabric as an {@code ibdiagnet2.lst};
 * and a failure-prediction model trained on a separate, larger simulated fleet (4 spines, 6 leaves,
 * {@value #TRAIN_DAYS} days, another seed), so the model is judged on data it never saw. The manifest
 * records the model's precision, recall and lead time per decision threshold on this set (read back
 * through the readers, as a user would), which a test reproduces.
 */
final class LinkResiliencySet {
    static final String NAME = "link-resiliency";
    static final int DAYS = 4, TRAIN_DAYS = 6;
    static final long STEP_MS = 600_000L;

    private LinkResiliencySet() {}

    static List<String> write(Path dir, long seed) {
        LinkFleet fleet = new LinkFleet(2, 3, 2, 2, 0x0c42a10300a00000L);
        LinkTelemetry.Plan[] plans = LinkTelemetry.plan(fleet, DAYS, 5, 1, 5, 1, seed ^ 0x13);
        LinkTelemetry tel = new LinkTelemetry(fleet, plans, STEP_MS, DAYS, seed ^ 0x1313);
        Out.text(dir.resolve("ufm-telemetry.csv"), tel.csv());
        Out.text(dir.resolve("ibdiagnet2.lst"), fleet.lst("2026-01-01 00:00:00 UTC +0000"));
        StringBuilder labels = new StringBuilder("port,layer,start_ms,end_ms,start_utc,end_utc,description\n");
        List<Labels.Incident> incidents = new ArrayList<>();
        for (int p = 0; p < plans.length; p++) {
            LinkTelemetry.Plan pl = plans[p];
            if (pl.failureMs() < 0) continue;
            String desc = pl.role() == LinkTelemetry.Role.FAILING_REPAIRED ? "failure with data loss, repaired at " + LinkTelemetry.utc(pl.repairMs())
                    : "failure with data loss, not repaired";
            labels.append(tel.ports.get(p)).append(",physical,").append(pl.failureMs()).append(',').append(pl.failureMs()).append(',')
                    .append(LinkTelemetry.utc(pl.failureMs())).append(',').append(LinkTelemetry.utc(pl.failureMs())).append(",\"").append(desc).append("\"\n");
            incidents.add(new Labels.Incident(tel.ports.get(p), org.fabriclab.catalogue.Layer.PHYSICAL, pl.failureMs(), pl.failureMs(), desc));
        }
        Out.text(dir.resolve("labels.csv"), labels);

        // one noisy link isolated by the operator (outside the plugin) for a day from day 1, as the operator's own list
        String extPort = null;
        long extFrom = LinkTelemetry.T0_MS + 86_400_000L, extUntil = LinkTelemetry.T0_MS + 2 * 86_400_000L;
        for (int p = 0; p < plans.length; p++) {
            if (plans[p].role() != LinkTelemetry.Role.NOISY || !fleet.links.get(p / 2).trunk()) continue;
            extPort = tel.ports.get(p);
            break;
        }
        StringBuilder iso = new StringBuilder("port,from_ms,until_ms,reason\n");
        if (extPort != null) iso.append(extPort).append(',').append(extFrom).append(',').append(extUntil).append(",maintenance\n");
        Out.text(dir.resolve("operator-isolations.csv"), iso);

        FailureModel model = trainingModel(seed);
        model.write(dir.resolve("failure-model.json"));

        // the answer, computed on the files as written (read back through the readers)
        Series s = Series.of(Readers.standard().read(Input.ofBytes(dir.resolve("ufm-telemetry.csv").toString(),
                tel.csv().getBytes(java.nio.charset.StandardCharsets.UTF_8))).measurements("telemetry").orElseThrow());
        Failures failures = Failures.of(Labels.of(incidents));
        ThresholdReport report = ThresholdReport.of(model, s, failures);

        Manifest m = new Manifest(NAME, "link-resiliency", "Link resiliency: FEC-histogram failure prediction and a replay of isolation",
                "Over four days of telemetry, which links would the IB Link Resiliency plugin have isolated (and the PDR plugin), when, "
                        + "what did the checkpoints stop, and how many of the labelled failures were caught ahead of time?");
        m.put("fabric", "ib").put("step_s", STEP_MS / 1000).put("days", DAYS).put("ports", tel.ports.size()).put("links", fleet.links.size());
        m.put("start_ms", LinkTelemetry.T0_MS);
        m.files("telemetry", List.of("ufm-telemetry.csv"));
        m.files("topology", List.of("ibdiagnet2.lst"));
        m.files("labels", List.of("labels.csv"));
        m.files("model", List.of("failure-model.json"));
        m.files("isolations", List.of("operator-isolations.csv"));
        m.put("columns", "UFM secondary telemetry names: hist0..hist15 (fec_hist0..15), Effective_Errors (effective_errors), "
                + "SymbolErrorCounterExtended, PortRcvPktsExtended, PortRcvErrorsExtended, PortRcvRemotePhysicalErrorsExtended, "
                + "LinkDownedCounterExtended, Module_Temperature (temperature_c), Module_Voltage (voltage_mv); timestamps epoch ms");
        ArrayNode roles = m.root.putArray("port_roles");
        for (int p = 0; p < plans.length; p++) {
            if (plans[p].role() == LinkTelemetry.Role.HEALTHY) continue;
            ObjectNode o = roles.addObject();
            o.put("port", tel.ports.get(p)).put("role", plans[p].role().name().toLowerCase(Locale.ROOT));
            o.put("trunk", fleet.links.get(p / 2).trunk());
            if (plans[p].onsetMs() > 0) o.put("onset_ms", plans[p].onsetMs());
            if (plans[p].failureMs() > 0) o.put("failure_ms", plans[p].failureMs());
            if (plans[p].repairMs() > 0) o.put("repair_ms", plans[p].repairMs());
        }
        if (extPort != null) {
            ObjectNode x = m.root.putArray("external_isolations").addObject();
            x.put("port", extPort).put("from_ms", extFrom).put("until_ms", extUntil);
        }
        ObjectNode pred = m.root.putObject("prediction");
        pred.put("model_trained_on", "simulated fleet 4 spines x 6 leaves, " + TRAIN_DAYS + " days, seed " + (seed ^ 0x7777));
        pred.put("chosen_threshold", report.chosen());
        pred.put("horizon_hours", model.horizonMs() / 3_600_000.0);
        ArrayNode rows = pred.putArray("rows");
        for (ThresholdRow r : report.rows()) {
            ObjectNode o = rows.addObject();
            o.put("threshold", r.threshold()).put("alerts", r.alerts()).put("true_alerts", r.trueAlerts()).put("failures", r.failures())
                    .put("caught", r.caught()).put("precision", r.precision()).put("recall", r.recall());
            if (!Double.isNaN(r.medianLeadHours())) o.put("median_lead_hours", r.medianLeadHours());
            o.put("mark", r.mark());
        }
        // the replays the notebook shows: every IBLR engine active (prediction at the chosen threshold), and the PDR rules without DRY_RUN
        Topology topo = Topology.of(Readers.standard().read(dir.resolve("ibdiagnet2.lst")));
        HealthRules rules = HealthRules.defaults().prediction(model, report.chosen());
        for (Engine e : Engine.values()) if (e.isIblr()) rules = rules.mode(e, Mode.ACTIVE);
        Replay base = Replay.of(rules, s, topo);
        if (extPort != null) base = base.externalIsolation(extPort, extFrom, extUntil);
        ObjectNode rep = m.root.putObject("replay");
        rep.put("setup", "every IBLR engine active, failure prediction at the chosen threshold, ReplayConfig.defaults(); "
                + "PDR: PdrConfig.defaults().withDryRun(false); the external isolation above");
        for (ReplayResult r : List.of(base.run(), base.pdr(PdrConfig.defaults().withDryRun(false)).run())) {
            ObjectNode o = rep.putObject(r.ruleSet().label());
            r.counts().forEach((k, n) -> o.put(k.name().toLowerCase(Locale.ROOT), n));
            o.put("failures_caught", r.caughtCount(failures));
        }
        m.write(dir);
        return List.of(NAME);
    }

    /** The shipped model: trained on a larger simulated fleet with another seed than the set it is judged on. */
    static FailureModel trainingModel(long seed) {
        LinkFleet fleet = new LinkFleet(4, 6, 2, 2, 0x0c42a10300b00000L);
        LinkTelemetry.Plan[] plans = LinkTelemetry.plan(fleet, TRAIN_DAYS, 16, 2, 16, 2, seed ^ 0x7777);
        LinkTelemetry tel = new LinkTelemetry(fleet, plans, STEP_MS, TRAIN_DAYS, seed ^ 0x7778);
        List<Labels.Incident> incidents = new ArrayList<>();
        for (int p = 0; p < plans.length; p++) {
            if (plans[p].failureMs() > 0) {
                incidents.add(new Labels.Incident(tel.ports.get(p), org.fabriclab.catalogue.Layer.PHYSICAL, plans[p].failureMs(), plans[p].failureMs(), ""));
            }
        }
        return FailureTrainer.defaults().train(tel.series("training fleet (simulated, seed " + (seed ^ 0x7777) + ")"), Failures.of(Labels.of(incidents)));
    }
}
