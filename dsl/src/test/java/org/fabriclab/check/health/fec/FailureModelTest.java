package org.fabriclab.check.health.fec;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;

import org.fabriclab.capture.CaptureException;
import org.fabriclab.series.Series;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.tribuo.classification.Label;
import org.tribuo.impl.ArrayExample;

/** Training with Tribuo, the model as data, and its agreement with Tribuo's own predictions. */
class FailureModelTest {
    /** Ten ports: the odd ones degrade from hour 24 and fail at hour 72; the even ones stay healthy (some noisy). */
    static Series fleet() {
        return FecSeries.of(10, 6 * 96, (p, t) -> {
            double h = t / 6.0;
            if (p % 2 == 0) return new double[] {p % 4 == 0 ? 1e-6 : 3e-5 * (1 + 0.5 * Math.sin(h)), p % 4 == 0 ? 0.06 : 0.18};
            double x = Math.max(0, Math.min(1, (h - 24) / 48));
            return new double[] {1e-6 * Math.pow(10, 2.5 * x), 0.06 + 0.5 * Math.pow(x, 1.5)};
        });
    }

    static Failures failures() {
        Map<String, long[]> m = new java.util.LinkedHashMap<>();
        for (int p = 1; p < 10; p += 2) m.put("port" + p, new long[] {FecSeries.T0 + 72 * 3_600_000L});
        return Failures.of(m);
    }

    @Test void trainedModelScoresFailingPortsHighBeforeTheyFailAndHealthyOnesLow() {
        FailureModel m = FailureTrainer.defaults().train(fleet(), failures());
        ThresholdReport r = ThresholdReport.of(m, fleet(), failures());
        ThresholdRow at = r.row(0.8);
        assertEquals(5, at.failures());
        assertEquals(5, at.caught());
        assertEquals(1.0, at.precision(), 1e-9, r.toString());
        assertTrue(at.medianLeadHours() > 6, r.toString());
        assertTrue(m.coefficient(Feature.TAIL_SLOPE) > 0, m.toJson());
    }

    @Test void theStoredCoefficientsGiveTribuosOwnProbabilities() {
        FailureTrainer.Trained t = FailureTrainer.defaults().trained(fleet(), failures());
        String[] names = new String[Feature.values().length];
        for (Feature f : Feature.values()) names[f.ordinal()] = f.key();
        int checked = 0;
        for (FeaturePoint p : Features.defaults().points(fleet())) {
            if (checked++ % 37 != 0) continue;
            double[] z = new double[names.length];
            for (Feature f : Feature.values()) z[f.ordinal()] = (p.x()[f.ordinal()] - t.model().mean(f)) / t.model().std(f);
            var pred = t.tribuo().predict(new ArrayExample<>(new Label(FailureTrainer.OK), names, z));
            double tribuo = pred.getOutputScores().get(FailureTrainer.FAIL).getScore();
            assertEquals(tribuo, t.model().score(p.x()), 1e-9);
        }
        assertTrue(checked > 10);
    }

    @Test void theModelFileRoundTripsAndIsDeterministic(@TempDir Path tmp) throws Exception {
        FailureModel m = FailureTrainer.defaults().train(fleet(), failures());
        Path f = tmp.resolve("m.json");
        m.write(f);
        FailureModel back = FailureModel.load(f);
        assertEquals(m.toJson(), back.toJson());
        assertEquals(m.toJson(), FailureTrainer.defaults().train(fleet(), failures()).toJson());
        double[] x = Features.defaults().points(fleet()).get(40).x();
        assertEquals(m.score(x), back.score(x), 1e-15);
        assertTrue(Files.readString(f).contains("\"coefficient\""));
        try (var s = Files.list(tmp)) { assertEquals(List.of(f), s.toList()); }      // no temporary file left behind
    }

    @Test void aBadModelFileIsACaptureExceptionNamingTheFile(@TempDir Path tmp) throws Exception {
        Path f = tmp.resolve("bad.json");
        Files.writeString(f, "{\"format\": \"something-else\"}");
        CaptureException e = assertThrows(CaptureException.class, () -> FailureModel.load(f));
        assertTrue(e.getMessage().contains("bad.json") && e.getMessage().contains("fabriclab-failure-model/1"), e.getMessage());
        Files.writeString(f, "{ not json");
        assertThrows(CaptureException.class, () -> FailureModel.load(f));
        String good = FailureTrainer.defaults().train(fleet(), failures()).toJson();
        CaptureException std = assertThrows(CaptureException.class, () -> FailureModel.parse(good.replaceFirst("\"std\" : [0-9.eE-]+", "\"std\" : 0"), "m.json"));
        assertTrue(std.getMessage().contains("std must be > 0"), std.getMessage());
    }

    @Test void trainingWithoutPositivesSaysWhy() {
        var e = assertThrows(IllegalArgumentException.class, () -> FailureTrainer.defaults().train(fleet(), Failures.of(Map.of())));
        assertTrue(e.getMessage().contains("positive and negative"), e.getMessage());
    }

    @Test void thresholdRowsCountAlertsAsRunsAndLeadFromTheFirstTrueOne() {
        long h = 3_600_000L, f = 100 * h;
        List<FeaturePoint> pts = new java.util.ArrayList<>();
        for (int i = 0; i < 10; i++) pts.add(new FeaturePoint(0, "a", 90 * h + i * h, new double[7]));   // port a fails at 100 h
        for (int i = 0; i < 10; i++) pts.add(new FeaturePoint(1, "b", i * h, new double[7]));            // port b never fails
        double[] s = {0.1, 0.9, 0.9, 0.2, 0.95, 0.95, 0.95, 0.1, 0.1, 0.1, 0.9, 0.1, 0.1, 0.1, 0.1, 0.1, 0.1, 0.1, 0.1, 0.1};
        ThresholdReport r = ThresholdReport.of(pts, s, Failures.of(Map.of("a", new long[] {f})), 24 * h, new double[] {0.5, 0.92});
        ThresholdRow low = r.row(0.5), high = r.row(0.92);
        assertEquals(3, low.alerts());            // a: 91-92 h and 94-96 h; b: 0 h
        assertEquals(2, low.trueAlerts());
        assertEquals(9.0, low.medianLeadHours(), 1e-9);
        assertEquals(2.0 / 3, low.precision(), 1e-9);
        assertEquals(1, high.alerts());
        assertEquals(6.0, high.medianLeadHours(), 1e-9);
        assertEquals(0.92, r.chosen());           // F1 1.0 beats 0.8
        assertTrue(r.row(0.92).mark().contains("chosen"));
    }
}
