package org.fabriclab.check.health;

import java.util.List;
import java.util.Locale;

import org.fabriclab.check.health.fec.FailureModel;
import org.fabriclab.check.health.fec.FeaturePoint;
import org.fabriclab.check.health.fec.FecHistogram;
import org.fabriclab.series.Series;
import org.fabriclab.work.Cancellation;

/**
 * Failure prediction: the model's probability that the port fails (with data loss) within its horizon,
 * from the FEC histogram features of each hour ({@link org.fabriclab.check.health.fec.Features}); an
 * alert while the probability exceeds the decision threshold (default 0.8). Consecutive hourly points
 * above the threshold are one alert; its value is the highest probability. A series without
 * {@code fec-hist} counters gives a note and no alert.
 */
final class FailurePredictionRule {
    static final String RULE = "failure-prediction";

    private FailurePredictionRule() {}

    static void run(Series s, HealthConfig c, List<Alert> out, List<String> notes) {
        FailureModel m = c.predictionModel();
        var hist = FecHistogram.of(s);
        if (hist.isEmpty()) {
            notes.add(RULE + ": skipped, the series has no FEC histogram (fec-hist counters)");
            return;
        }
        double thr = c.predictionThreshold();
        Cancellation cancel = Cancellation.ofCurrentThread();
        for (int p = 0; p < s.portCount(); p++) {
            cancel.check();
            Mode mode = c.modeOf(Engine.FAILURE_PREDICTION, s.port(p));
            Episode ep = new Episode(Engine.FAILURE_PREDICTION, RULE, true);
            for (FeaturePoint pt : m.features().points(hist.get(), p)) {
                double prob = m.score(pt.x());
                if (prob > thr) {
                    ep.hit(pt.timeMs(), prob, thr, () -> String.format(Locale.ROOT, "P(failure within %.0f h) = %.3f", m.horizonMs() / 3.6e6, prob));
                } else {
                    ep.clear(s.port(p), mode, out);
                }
            }
            ep.clear(s.port(p), mode, out);
        }
    }
}
