package org.fabriclab.scenario;

import java.nio.file.Path;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import org.fabriclab.capture.Readers;
import org.fabriclab.delta.Delta;
import org.fabriclab.delta.MovedDelta;
import org.fabriclab.history.Choice;
import org.fabriclab.history.Choose;
import org.fabriclab.history.History;
import org.fabriclab.history.Labels;
import org.fabriclab.history.Progress;
import org.fabriclab.history.RateRule;
import org.fabriclab.history.SweepResult;
import org.fabriclab.history.Thresholds;
import org.fabriclab.reconcile.PortReconciliation;
import org.fabriclab.reconcile.Reconcile;
import org.fabriclab.reconcile.Reconciliation;
import org.fabriclab.series.Series;
import org.fabriclab.verdict.Profiles;

import tech.tablesaw.api.Table;

/**
 * Answers every scenario of a datasets folder through the DSL and sets each answer against its
 * {@code scenario.json}: incident verdicts per stated profile, reconciliation cases, the degrading
 * optic's first BER crossing and clean neighbours, and the tuning choice on the history set. The
 * notebooks make the same calls step by step; {@code ./fabriclab demo} prints this as its summary.
 *
 * <pre>{@code
 * Expectations e = DatasetAnswers.all(Path.of("datasets"), Progress.NONE);
 * e.ok();
 * }</pre>
 */
public final class DatasetAnswers {
    private static final Pattern LOG_GRID = Pattern.compile("Thresholds\\.log\\(([\\d.]+), ([\\d.]+), (\\d+)\\)");

    private DatasetAnswers() {}

    /** Every scenario under {@code root} (the history sweep reports through {@code progress}). */
    public static Expectations all(Path root, Progress progress) {
        Expectations e = new Expectations();
        for (Scenario s : Scenario.find(root, null)) {
            if (!s.hasManifest()) continue;
            switch (s.kind()) {
                case "ib-incident", "roce-incident" -> incident(s, e);
                case "reconciliation" -> reconciliation(s, e);
                case "link-health" -> degradingOptic(s, e);
                case "history" -> tuning(s, e, progress);
                case "link-resiliency" -> LinkResiliencyAnswers.check(s, e);
                default -> { }
            }
        }
        return e;
    }

    /** Snapshot, delta, verdict for every profile the scenario states. */
    public static MovedDelta incident(Scenario s, Expectations e) {
        MovedDelta d = Delta.between(s.before(), s.after()).moved(s.bytesMoved());
        for (String p : s.expectedProfiles()) e.verdicts(s, p, d.classify(Profiles.named(p), s.congPerGb()));
        return d;
    }

    /** perftest against the counters and the link rate: the case of every port/test. */
    public static Reconciliation reconciliation(Scenario s, Expectations e) {
        Reconcile r = Reconcile.of(Readers.standard().read(s.file("perftest"))).counters(s.before(), s.after())
                .duration(s.get("duration_s").asDouble());
        Reconciliation res = r.result();
        for (PortReconciliation row : res.rows()) {
            e.equal(s, row.port() + " " + row.role(), "case", s.get("expected_case").asText(), row.verdict().label());
        }
        return res;
    }

    /**
     * The UFM telemetry of the degrading optic: when its effective BER and its module temperature first
     * cross their limits; the neighbours never do.
     */
    public static Table degradingOptic(Scenario s, Expectations e) {
        Table t = Readers.standard().read(s.file("telemetry")).measurements("telemetry")
                .orElseThrow(() -> new IllegalArgumentException(s.file("telemetry") + ": expected UFM telemetry with a telemetry table"));
        String bad = s.get("degrading_port").asText();
        Series series = Series.of(t, t.name());
        double berLimit = s.get("effective_ber_limit").asDouble();
        List<String> crossed = new java.util.ArrayList<>();
        long ber = firstAbove(series, "effective_ber", berLimit, bad, crossed);
        e.equal(s, bad, "first effective BER > " + berLimit, time(s.get("first_effective_ber_above_limit_ms").asLong()), time(ber));
        if (s.get("temperature_limit_c").isNumber()) {
            double tLimit = s.get("temperature_limit_c").asDouble();
            long temp = firstAbove(series, "temperature_c", tLimit, bad, crossed);
            e.equal(s, bad, "first temperature > " + tLimit + " C", time(s.get("first_temperature_above_limit_ms").asLong()), time(temp));
        }
        e.holds(s, "other ports", "no limit crossed", crossed.isEmpty(), crossed.isEmpty() ? "yes" : "crossed: " + crossed);
        return t;
    }

    /** An epoch-ms crossing time as an ISO instant, "never" for -1. */
    private static String time(long ms) { return ms < 0 ? "never" : java.time.Instant.ofEpochMilli(ms).toString(); }

    /** The first time {@code port}'s {@code measure} is above {@code limit} (-1: never); other ports that cross are added to {@code others}. */
    public static long firstAbove(Series series, String measure, double limit, String port, List<String> others) {
        double[] v = series.measure(measure);
        if (v == null) throw new IllegalArgumentException("the telemetry has no " + measure + " column");
        long[] ts = series.timestamps();
        long first = -1;
        for (int p = 0; p < series.portCount(); p++) {
            for (int i = series.start(p); i < series.end(p); i++) {
                if (!(v[i] > limit)) continue;
                if (series.port(p).equals(port)) {
                    if (first < 0) first = ts[i];
                } else if (!others.contains(series.port(p) + " " + measure)) {
                    others.add(series.port(p) + " " + measure);
                }
            }
        }
        return first;
    }

    /** The congestion sweep over the history set and the threshold its stated rule chooses. */
    public static Choice tuning(Scenario s, Expectations e, Progress progress) {
        var tuning = s.get("tuning");
        Matcher m = LOG_GRID.matcher(tuning.path("grid").asText());
        if (!m.matches()) {
            throw new IllegalArgumentException(s.dir().resolve(Scenario.FILE) + ": tuning.grid: expected 'Thresholds.log(lo, hi, n)', got '"
                    + tuning.path("grid").asText() + "'");
        }
        double[] grid = Thresholds.log(Double.parseDouble(m.group(1)), Double.parseDouble(m.group(2)), Integer.parseInt(m.group(3)));
        History h = History.load(s.file("history"), progress);
        SweepResult r = h.sweep(RateRule.congestion(), grid, Labels.load(s.file("labels")), progress);
        Choice c = r.choose(Choose.maxRecallWithin(tuning.path("budget_alerts_per_day").asDouble()));
        e.equal(s, "congestion per GB", "chosen threshold", tuning.path("expected_threshold").asDouble(), c.threshold());
        e.near(s, "congestion per GB", "precision", tuning.path("expected_precision").asDouble(), c.precision(), 1e-9);
        e.near(s, "congestion per GB", "recall", tuning.path("expected_recall").asDouble(), c.recall(), 1e-9);
        return c;
    }
}
