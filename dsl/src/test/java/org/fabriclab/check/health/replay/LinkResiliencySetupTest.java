package org.fabriclab.check.health.replay;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

import org.fabriclab.capture.CaptureException;
import org.fabriclab.capture.PublicCaptureFiles;
import org.fabriclab.check.health.fec.ThresholdReport;
import org.fabriclab.result.Notice;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;

/**
 * The inputs notebook 06 replays with, found as the parameters say: the bundled set (everything beside the
 * history: its stated answers), the same history without labels or model (the replay runs, nothing is
 * graded, prediction is off), telemetry without FEC histograms, and the refusals.
 */
class LinkResiliencySetupTest {
    static final Path SET = Path.of("..", "datasets", "link-resiliency");

    static LinkResiliencySetup of(Path dir, Path labels, String model, double threshold) {
        return LinkResiliencySetup.of(dir.resolve("ufm-telemetry.csv"), dir.resolve("ibdiagnet2.lst"), labels, model, null, threshold);
    }

    @Test void theBundledSetFindsEverythingBesideTheHistoryAndGivesItsStatedAnswers() throws IOException {
        JsonNode s = new ObjectMapper().readTree(SET.resolve("scenario.json").toFile());
        LinkResiliencySetup lr = of(SET, null, "", Double.NaN);
        assertTrue(lr.model().isPresent());
        assertEquals(s.get("prediction").get("chosen_threshold").asDouble(), lr.threshold(), 1e-12);
        assertEquals(lr.sweep().orElseThrow().chosen(), lr.threshold(), 1e-12);
        ReplayResult iblr = lr.replay().run();
        ReplayResult pdr = lr.replay().pdr(org.fabriclab.check.health.pdr.PdrConfig.defaults().withDryRun(false)).run();
        for (ReplayResult r : List.of(iblr, pdr)) {
            JsonNode want = s.get("replay").get(r.ruleSet().label());
            for (EventKind k : EventKind.values()) {
                assertEquals(want.path(k.name().toLowerCase(java.util.Locale.ROOT)).asInt(0), r.counts().getOrDefault(k, 0).intValue(), r.ruleSet() + " " + k);
            }
            assertEquals(want.get("failures_caught").asInt(), r.caughtCount(lr.failures()));
        }
        assertTrue(lr.toString().contains("1 link isolated outside the plugin (" + SET.resolve("operator-isolations.csv") + ")"), lr.toString());
        assertInstanceOf(ThresholdReport.class, lr.sweepView());
        assertInstanceOf(EngineScores.class, lr.scores(iblr));
        assertTrue(lr.caught(iblr).toString().startsWith("iblr replay: labelled failures: 4 of 6 labelled failures caught"), lr.caught(iblr).toString());
    }

    @Test void withoutLabelsOrModelTheReplayRunsAndNothingIsGraded(@TempDir Path tmp) throws IOException {
        for (String f : List.of("ufm-telemetry.csv", "ibdiagnet2.lst")) Files.copy(SET.resolve(f), tmp.resolve(f));
        LinkResiliencySetup lr = of(tmp, null, "", Double.NaN);
        assertTrue(lr.model().isEmpty());
        assertTrue(lr.sweep().isEmpty());
        assertTrue(lr.failures().isEmpty());
        assertEquals(0.8, lr.threshold(), 0);
        String text = lr.toString();
        assertTrue(text.contains("labels: no labelled failures"), text);
        assertTrue(text.contains("failure prediction is off"), text);
        assertTrue(text.contains("operator isolations: 0 links"), text);
        ReplayResult iblr = lr.replay().run();
        assertTrue(iblr.counts().getOrDefault(EventKind.ISOLATION, 0) > 0, "the other engines still isolate");
        assertTrue(iblr.alerts().stream().noneMatch(a -> a.engine() == org.fabriclab.check.health.Engine.FAILURE_PREDICTION));
        assertInstanceOf(Notice.class, lr.caught(iblr));
        assertInstanceOf(Notice.class, lr.scores(iblr));
        assertTrue(lr.scores(iblr).toString().contains("no labelled failures to grade against"));
        assertInstanceOf(Notice.class, lr.modelView());
        assertTrue(lr.compare(iblr).table().rowCount() == 1);
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> of(tmp, null, LinkResiliencySetup.TRAIN, Double.NaN));
        assertTrue(e.getMessage().contains("needs labelled failures"), e.getMessage());
    }

    @Test void aModelOnTelemetryWithoutFecHistogramsLeavesPredictionOff(@TempDir Path tmp) throws IOException {
        List<String> lines = Files.readAllLines(SET.resolve("ufm-telemetry.csv"));
        List<Integer> keep = new ArrayList<>();
        String[] head = lines.get(0).split(",", -1);
        for (int i = 0; i < head.length; i++) if (!head[i].startsWith("hist")) keep.add(i);
        List<String> out = new ArrayList<>();
        for (String l : lines) {
            String[] f = l.split(",", -1);
            List<String> k = new ArrayList<>();
            for (int i : keep) k.add(f[i]);
            out.add(String.join(",", k));
        }
        Files.write(tmp.resolve("ufm-telemetry.csv"), out);
        for (String f : List.of("ibdiagnet2.lst", "labels.csv", "failure-model.json")) Files.copy(SET.resolve(f), tmp.resolve(f));
        LinkResiliencySetup lr = of(tmp, null, "", Double.NaN);
        assertTrue(lr.model().isEmpty(), "a model with nothing to score");
        assertTrue(lr.toString().contains("FEC histograms: no"), lr.toString());
        assertTrue(lr.toString().contains("off: the telemetry has no FEC histograms"), lr.toString());
        assertFalse(lr.failures().isEmpty());
        assertInstanceOf(EngineScores.class, lr.scores(lr.replay().run()));
        assertThrows(IllegalArgumentException.class, () -> of(tmp, null, LinkResiliencySetup.TRAIN, Double.NaN));
    }

    @Test void givenFilesThatAreMissingOrBadAreNamed(@TempDir Path tmp) throws IOException {
        CaptureException missing = assertThrows(CaptureException.class, () -> of(SET, tmp.resolve("nope.csv"), "", Double.NaN));
        assertTrue(missing.getMessage().contains("nope.csv"), missing.getMessage());
        assertThrows(IllegalArgumentException.class, () -> LinkResiliencySetup.of(SET.resolve("ufm-telemetry.csv"), null, null, "", null, Double.NaN));
        Path iso = tmp.resolve("iso.csv");
        Files.writeString(iso, "port,from_ms,until_ms\nguid 0x1/1,200,100\n");
        CaptureException bad = assertThrows(CaptureException.class, () -> LinkResiliencySetup.of(SET.resolve("ufm-telemetry.csv"),
                SET.resolve("ibdiagnet2.lst"), null, "", iso, Double.NaN));
        assertTrue(bad.getMessage().contains("iso.csv") && bad.getMessage().contains(":2") && bad.getMessage().contains("from_ms < until_ms"), bad.getMessage());
    }

    @Test void theFluentdSampleAndSequoiasLinkListReplayWithNothingToGrade() {
        Path json = PublicCaptureFiles.file("ufm_telemetry_fluentd_small_sample.json"), lst = PublicCaptureFiles.file("ibdiagnet2_lst_sequoia.lst");
        LinkResiliencySetup lr = LinkResiliencySetup.of(json, lst, null, "", null, Double.NaN);
        assertTrue(lr.model().isEmpty());
        assertTrue(lr.toString().contains("topology: 271 links"), lr.toString());
        ReplayResult r = lr.replay().run();
        assertEquals(0, r.events().size(), "one sample per port: nothing to act on");
        assertTrue(lr.scores(r).toString().contains("no labelled failures"));
    }
}
