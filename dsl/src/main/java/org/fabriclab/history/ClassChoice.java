package org.fabriclab.history;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

import org.fabriclab.result.Html;
import org.fabriclab.result.Renderable;

import tech.tablesaw.api.DoubleColumn;
import tech.tablesaw.api.LongColumn;
import tech.tablesaw.api.StringColumn;
import tech.tablesaw.api.Table;

/**
 * One threshold per port class and what they give together: the whole fabric's alerts, tp, fp, fn,
 * precision and recall, beside the best single threshold for every class under the same budget
 * when there is one ({@link #single()}). Use {@link #thresholds()} in a {@link AlertReplay} or as
 * per-class bars.
 *
 * <pre>{@code
 * ClassChoice c = sweep.maxRecallWithin(50);
 * c.thresholds();        // {switch-switch=2950.0, host-switch=1460.0, unclassified=100000.0}
 * c.explanation();
 * }</pre>
 */
public record ClassChoice(String rule, Map<String, Double> thresholds, Table table, long alerts, double alertsPerDay, long tp, long fp,
                          long fn, double precision, double recall, Choice single, String explanation) implements Renderable {

    static ClassChoice of(ClassSweep s, String rule, Map<String, Integer> rows) {
        StringColumn cls = StringColumn.create("class");
        DoubleColumn th = DoubleColumn.create("threshold"), perDay = DoubleColumn.create("alerts_per_day"),
                prec = DoubleColumn.create("precision"), rec = DoubleColumn.create("recall");
        LongColumn al = LongColumn.create("alerts"), tpc = LongColumn.create("tp"), fpc = LongColumn.create("fp"), fnc = LongColumn.create("fn");
        Map<String, Double> thresholds = new LinkedHashMap<>();
        long a = 0, tp = 0, fp = 0, fn = 0;
        for (var e : rows.entrySet()) {
            Table t = s.byClass().get(e.getKey()).table();
            int i = e.getValue();
            thresholds.put(e.getKey(), t.doubleColumn("threshold").getDouble(i));
            cls.append(e.getKey()); th.append(t.doubleColumn("threshold").getDouble(i));
            al.append(t.longColumn("alerts").getLong(i)); perDay.append(t.doubleColumn("alerts_per_day").getDouble(i));
            tpc.append(t.longColumn("tp").getLong(i)); fpc.append(t.longColumn("fp").getLong(i)); fnc.append(t.longColumn("fn").getLong(i));
            prec.append(t.doubleColumn("precision").getDouble(i)); rec.append(t.doubleColumn("recall").getDouble(i));
            a += t.longColumn("alerts").getLong(i); tp += t.longColumn("tp").getLong(i);
            fp += t.longColumn("fp").getLong(i); fn += t.longColumn("fn").getLong(i);
        }
        double days = s.total().days();
        double p = a == 0 ? Double.NaN : (double) tp / a, r = tp + fn == 0 ? Double.NaN : (double) tp / (tp + fn);
        cls.append("all classes"); th.appendMissing(); al.append(a); perDay.append(days > 0 ? a / days : Double.NaN);
        tpc.append(tp); fpc.append(fp); fnc.append(fn); prec.append(p); rec.append(r);
        Table table = Table.create("bars per port class", cls, th, al, perDay, tpc, fpc, fnc, prec, rec);
        Choice single = null;
        double budget = days > 0 ? a / days : 0;
        try {
            single = Choose.maxRecallWithin(budget).choose(s.total());
        } catch (IllegalStateException e) {
            // no single bar within the same budget
        }
        StringBuilder why = new StringBuilder(String.format(Locale.ROOT, "Rule: %s. Bars for %s:", rule, s.rule().name()));
        List<String> parts = new ArrayList<>();
        thresholds.forEach((k, v) -> parts.add(" " + k + " above " + Choose.num(v) + (s.rule().unit().isEmpty() ? "" : " " + s.rule().unit())));
        why.append(String.join(",", parts));
        why.append(String.format(Locale.ROOT, "; together recall %.3f, precision %.3f, %.2f alerts/day (tp %d, fp %d, fn %d over %.1f days).",
                r, p, days > 0 ? a / days : Double.NaN, tp, fp, fn, days));
        if (single != null) {
            why.append(String.format(Locale.ROOT, " One bar for every class within the same %.2f alerts/day: %s, recall %.3f (%+.3f), "
                    + "precision %.3f.", budget, Choose.num(single.threshold()), single.recall(), r - single.recall(), single.precision()));
        }
        return new ClassChoice(rule, thresholds, table, a, days > 0 ? a / days : Double.NaN, tp, fp, fn, p, r, single, why.toString());
    }

    /** The threshold of {@code cls}; the unclassified class's when {@code cls} has none. */
    public double threshold(String cls) {
        Double t = thresholds.get(cls);
        if (t == null) t = thresholds.get(PortClasses.UNCLASSIFIED);
        if (t == null) throw new IllegalArgumentException("no threshold for class '" + cls + "'; chosen for " + thresholds.keySet());
        return t;
    }

    @Override public String toHtml() { return Html.section("thresholds per port class", List.of(explanation), table); }

    @Override public Map<String, Object> toMap() {
        Map<String, Object> m = new LinkedHashMap<>();
        m.put("rule", rule);
        m.put("thresholds", thresholds);
        m.put("classes", Html.rows(table));
        m.put("explanation", explanation);
        return m;
    }

    @Override public String toString() { return explanation; }
}
