package org.fabriclab.history;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

import org.fabriclab.result.Html;
import org.fabriclab.result.Renderable;

import tech.tablesaw.api.Table;

/**
 * The outcome of a sweep: the per-threshold table and what stood behind it. {@code intervals} is
 * every interval (consecutive sample pair of a port); {@code measured} those with a value;
 * {@code positives} the labelled measured intervals; {@code positivesUnmeasured} labelled
 * intervals with no value (a reset, a missing sample, no traffic): no threshold can catch them.
 * Its charts are {@code plot.sweep(result)}.
 *
 * <pre>{@code
 * SweepResult r = history.sweep(RateRule.congestion(), Thresholds.log(100, 100_000, 50), labels);
 * r.table();                               // threshold, alerts, alerts_per_day, tp, fp, fn, precision, recall, f1
 * r.choose(Choose.maxRecallWithin(5));     // the threshold and why
 * }</pre>
 */
public record SweepResult(RateRule rule, String engine, Table table, double days, long intervals, long measured,
                          long positives, long positivesUnmeasured, long elapsedMs) implements Renderable {

    public Choice choose(ChoiceRule rule) { return rule.choose(this); }

    @Override public String toHtml() {
        return Html.section("sweep " + rule.name() + ", engine " + engine, List.of(rule.toString(), summary()), table);
    }

    @Override public Map<String, Object> toMap() {
        Map<String, Object> m = new LinkedHashMap<>();
        m.put("rule", rule.name());
        m.put("unit", rule.unit());
        m.put("layer", rule.layer().label());
        m.put("engine", engine);
        m.put("days", days);
        m.put("intervals", intervals);
        m.put("measured", measured);
        m.put("positives", positives);
        m.put("positives_unmeasured", positivesUnmeasured);
        m.put("rows", Html.rows(table));
        return m;
    }

    private String summary() {
        return String.format(Locale.ROOT, "%d thresholds over %.1f days; %d intervals, %d measured, %d labelled measured, "
                + "%d labelled with no value", table.rowCount(), days, intervals, measured, positives, positivesUnmeasured);
    }

    @Override public String toString() {
        return String.format(Locale.ROOT, "Sweep[%s, engine %s: %s; %d ms]", rule.name(), engine, summary(), elapsedMs);
    }
}
