package org.fabriclab.history;

import java.time.Instant;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;

import org.fabriclab.result.Html;
import org.fabriclab.result.Renderable;

import tech.tablesaw.api.DoubleColumn;
import tech.tablesaw.api.IntColumn;
import tech.tablesaw.api.LongColumn;
import tech.tablesaw.api.StringColumn;
import tech.tablesaw.api.Table;

/**
 * A replay of a chosen threshold over a history: which ports would have alerted when, against the
 * labels. Consecutive alerting intervals of a port make one alert (an interval below the bar or with no
 * value ends it); each alert is {@code true} when at least one of its intervals lies in a labelled
 * incident of the rule's layer, else {@code false}; every labelled incident none of whose intervals
 * alerted is listed as {@code missed}, with why (below the bar, or no value in any of its
 * intervals). The interval counts ({@link #tp()}, {@link #fp()}, {@link #fn()}) are the sweep's at
 * the same threshold: the replay uses the same per-interval values ({@link RuleColumns}).
 *
 * <p>Times are epoch ms: an alert runs from the start of its first interval ({@code start_ms}) to the
 * end of its last ({@code end_ms}); {@code peak} is the largest value, in the rule's unit.
 *
 * <pre>{@code
 * AlertReplay r = AlertReplay.of(history, RateRule.congestion(), choice.threshold(), labels);
 * r.table();                        // outcome, port, class, start_ms, end_ms, start_utc, intervals, labelled, peak, incident
 * AlertReplay.of(history, rule, classChoice, PortClasses.of(topology), labels);   // a bar per port class
 * }</pre>
 */
public final class AlertReplay implements Renderable {
    public static final String TRUE = "true", FALSE = "false", MISSED = "missed";

    /** One row of the replay: an alert ({@code true}/{@code false}) or a missed incident. */
    public record Row(String outcome, String port, String portClass, double threshold, long startMs, long endMs, int intervals,
                      int labelled, double peak, String incident) { }

    private final RateRule rule;
    private final String historyName;
    private final double days;
    private final List<Row> rows;
    private final long tp, fp, fn, unmeasuredLabelled;
    private final Map<String, Double> thresholds;

    private AlertReplay(RateRule rule, String historyName, double days, List<Row> rows, long tp, long fp, long fn, long unmeasuredLabelled,
                        Map<String, Double> thresholds) {
        this.rule = rule;
        this.historyName = historyName;
        this.days = days;
        this.rows = List.copyOf(rows);
        this.tp = tp;
        this.fp = fp;
        this.fn = fn;
        this.unmeasuredLabelled = unmeasuredLabelled;
        this.thresholds = java.util.Collections.unmodifiableMap(new LinkedHashMap<>(thresholds));
    }

    /**
     * One threshold for every port.
     *
     * @throws IllegalArgumentException when the history lacks a counter the rule reads
     */
    public static AlertReplay of(History h, RateRule rule, double threshold, Labels labels) {
        return of(h, rule, PortClasses.none(), Map.of(PortClasses.ALL, threshold), labels);
    }

    /** The per-class thresholds of a {@link ClassChoice} ({@link ClassChoice#threshold(String)}). */
    public static AlertReplay of(History h, RateRule rule, ClassChoice choice, PortClasses classes, Labels labels) {
        Map<String, Double> th = new LinkedHashMap<>();
        for (String c : classes.names()) th.put(c, choice.threshold(c));
        return of(h, rule, classes, th, labels);
    }

    /**
     * A threshold per class of {@code classes}: {@code thresholds} maps every class name to its bar.
     *
     * @throws IllegalArgumentException when a class has no threshold or the history lacks a counter the rule reads
     */
    public static AlertReplay of(History h, RateRule rule, PortClasses classes, Map<String, Double> thresholds, Labels labels) {
        double[] bar = new double[classes.count()];
        for (int c = 0; c < bar.length; c++) {
            Double t = thresholds.get(classes.names().get(c));
            if (t == null || Double.isNaN(t)) {
                throw new IllegalArgumentException("no threshold for port class '" + classes.names().get(c) + "'; given " + thresholds.keySet());
            }
            bar[c] = t;
        }
        RuleColumns rc = RuleColumns.of(h, rule, labels);
        long[] time = h.timeUntrimmed();
        List<Row> alerts = new ArrayList<>();
        long tp = 0, fp = 0, fn = 0, unmeasured = 0;
        // which rows alerted, to find the missed incidents
        boolean[] alerted = new boolean[h.rows()], valued = new boolean[h.rows()];
        for (int p = 0; p < h.ports().size(); p++) {
            String port = h.ports().get(p);
            int cls = classes.indexOf(port);
            double th = bar[cls];
            int lo = h.firstRow(p), hi = h.firstRow(p + 1);
            int runStart = -1, runLabelled = 0;
            double peak = 0;
            for (int r = lo + 1; r <= hi; r++) {
                boolean alert = false;
                if (r < hi) {
                    double v = rc.value(r);
                    if (Double.isNaN(v)) {
                        if (rc.positive.get(r)) unmeasured++;
                    } else {
                        valued[r] = true;
                        alert = v > th;
                        if (alert) { if (rc.positive.get(r)) tp++; else fp++; } else if (rc.positive.get(r)) fn++;
                        if (alert) {
                            alerted[r] = true;
                            if (runStart < 0) { runStart = r; runLabelled = 0; peak = v; }
                            peak = Math.max(peak, v);
                            if (rc.positive.get(r)) runLabelled++;
                        }
                    }
                }
                if (!alert && runStart >= 0) {
                    alerts.add(new Row(runLabelled > 0 ? TRUE : FALSE, port, classes.names().get(cls), th, time[runStart - 1], time[r - 1],
                            r - runStart, runLabelled, peak, ""));
                    runStart = -1;
                }
            }
        }
        List<Row> out = new ArrayList<>();
        Map<String, Integer> index = new HashMap<>();
        for (int p = 0; p < h.ports().size(); p++) index.put(h.ports().get(p), p);
        // name the incidents the true alerts fall in; list the missed ones
        Map<Row, Set<String>> names = new LinkedHashMap<>();
        for (Row a : alerts) names.put(a, new LinkedHashSet<>());
        for (Labels.Incident i : labels.of(rule.layer())) {
            Integer p = index.get(i.port());
            if (p == null) continue;
            int lo = h.firstRow(p), hi = h.firstRow(p + 1);
            int n = 0, nValued = 0;
            boolean caught = false;
            for (int r = lo + 1; r < hi; r++) {
                if (time[r] < i.startMs() || time[r] > i.endMs()) continue;
                n++;
                if (valued[r]) nValued++;
                if (alerted[r]) caught = true;
            }
            if (n == 0) continue;
            if (caught) {
                for (Row a : alerts) {
                    if (a.port().equals(i.port()) && a.endMs() >= i.startMs() && a.startMs() < i.endMs() && a.labelled() > 0) {
                        names.get(a).add(i.description());
                    }
                }
                continue;
            }
            int cls = classes.indexOf(i.port());
            out.add(new Row(MISSED, i.port(), classes.names().get(cls), bar[cls], i.startMs(), i.endMs(), n, nValued, Double.NaN,
                    i.description() + (nValued == 0 ? " (no value in any interval)" : " (below the bar)")));
        }
        for (Row a : alerts) out.add(new Row(a.outcome(), a.port(), a.portClass(), a.threshold(), a.startMs(), a.endMs(), a.intervals(),
                a.labelled(), a.peak(), String.join("; ", names.get(a))));
        out.sort((x, y) -> x.startMs() != y.startMs() ? Long.compare(x.startMs(), y.startMs()) : x.port().compareTo(y.port()));
        Map<String, Double> th = new LinkedHashMap<>();
        for (int c = 0; c < bar.length; c++) th.put(classes.names().get(c), bar[c]);
        return new AlertReplay(rule, h.name(), h.days(), out, tp, fp, fn, unmeasured, th);
    }

    /** The rows, by start time: alerts and missed incidents. */
    public List<Row> rows() { return rows; }

    /** Alerts (runs of alerting intervals), true and false. */
    public long alerts() { return rows.stream().filter(r -> !r.outcome().equals(MISSED)).count(); }

    public long trueAlerts() { return rows.stream().filter(r -> r.outcome().equals(TRUE)).count(); }

    public long falseAlerts() { return rows.stream().filter(r -> r.outcome().equals(FALSE)).count(); }

    /** Labelled incidents with no alerting interval. */
    public long missedIncidents() { return rows.stream().filter(r -> r.outcome().equals(MISSED)).count(); }

    /** Alerting intervals inside a labelled incident (the sweep's tp at this threshold). */
    public long tp() { return tp; }

    /** Alerting intervals outside every labelled incident (the sweep's fp). */
    public long fp() { return fp; }

    /** Labelled intervals with a value that did not alert (the sweep's fn). */
    public long fn() { return fn; }

    /** Labelled intervals with no value: no bar could catch them. */
    public long labelledWithoutValue() { return unmeasuredLabelled; }

    /** The bar of each port class. */
    public Map<String, Double> thresholds() { return thresholds; }

    @Override public Table table() {
        StringColumn outcome = StringColumn.create("outcome"), port = StringColumn.create("port"), cls = StringColumn.create("class"),
                utc = StringColumn.create("start_utc"), incident = StringColumn.create("incident");
        DoubleColumn th = DoubleColumn.create("threshold"), peak = DoubleColumn.create("peak");
        LongColumn start = LongColumn.create("start_ms"), end = LongColumn.create("end_ms");
        IntColumn n = IntColumn.create("intervals"), lab = IntColumn.create("labelled");
        for (Row r : rows) {
            outcome.append(r.outcome()); port.append(r.port()); cls.append(r.portClass()); th.append(r.threshold());
            start.append(r.startMs()); end.append(r.endMs()); utc.append(Instant.ofEpochMilli(r.startMs()).toString());
            n.append(r.intervals()); lab.append(r.labelled()); peak.append(r.peak()); incident.append(r.incident());
        }
        return Table.create("alert replay " + rule.name(), outcome, port, cls, th, start, end, utc, n, lab, peak, incident);
    }

    /** The counts in words. */
    public List<String> summary() {
        List<String> l = new ArrayList<>();
        List<String> bars = new ArrayList<>();
        thresholds.forEach((k, v) -> bars.add((thresholds.size() == 1 ? "" : k + " ") + "above " + Choose.num(v)
                + (rule.unit().isEmpty() ? "" : " " + rule.unit())));
        l.add("Replay of " + rule.name() + " on " + historyName + ", alert " + String.join(", ", bars) + ".");
        l.add(String.format(Locale.ROOT, "%d alerts over %.1f days (%.2f per day): %d true, %d false; %d labelled incidents missed.",
                alerts(), days, days > 0 ? alerts() / days : Double.NaN, trueAlerts(), falseAlerts(), missedIncidents()));
        l.add(String.format(Locale.ROOT, "Alerting intervals (what the sweep counts as alerts): %d, %.2f per day; tp %d, fp %d, fn %d; "
                + "%d labelled intervals had no value.", tp + fp, days > 0 ? (tp + fp) / days : Double.NaN, tp, fp, fn, unmeasuredLabelled));
        return l;
    }

    @Override public String toHtml() { return Html.section("alert replay", summary(), table()); }

    @Override public Map<String, Object> toMap() {
        Map<String, Object> m = new LinkedHashMap<>();
        m.put("rule", rule.name());
        m.put("thresholds", new LinkedHashMap<>(thresholds));
        m.put("alerts", alerts());
        m.put("true_alerts", trueAlerts());
        m.put("false_alerts", falseAlerts());
        m.put("missed_incidents", missedIncidents());
        m.put("tp", tp);
        m.put("fp", fp);
        m.put("fn", fn);
        m.put("rows", Html.rows(table()));
        return m;
    }

    @Override public String toString() { return String.join("\n", summary()); }
}
