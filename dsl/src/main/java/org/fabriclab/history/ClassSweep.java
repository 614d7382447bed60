package org.fabriclab.history;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

import org.fabriclab.result.Html;
import org.fabriclab.result.Renderable;

import tech.tablesaw.api.StringColumn;
import tech.tablesaw.api.Table;

/**
 * A sweep reported per port class (switch-switch, host-switch, unclassified; see {@link PortClasses}):
 * one score table per class over the same thresholds and days, and the total, which is the plain
 * sweep's table. Choose one threshold per class with {@link #maxRecallWithin(double)} (one alert
 * budget for the whole fabric) or class by class with {@link #choose(ChoiceRule)}.
 *
 * <pre>{@code
 * ClassSweep s = engine.sweep(h, RateRule.congestion(), Thresholds.log(100, 1e5, 50), labels, PortClasses.of(topology), Progress.NONE);
 * s.byClass().get("switch-switch").table();
 * ClassChoice c = s.maxRecallWithin(50);          // a bar per class, 50 alerts per day in all
 * }</pre>
 */
public record ClassSweep(RateRule rule, String engine, PortClasses classes, SweepResult total, Map<String, SweepResult> byClass)
        implements Renderable {

    public ClassSweep {
        byClass = java.util.Collections.unmodifiableMap(new LinkedHashMap<>(byClass));
    }

    /** Every class's table stacked, a {@code class} column first, classes in {@link PortClasses#names()} order. */
    @Override public Table table() {
        Table out = null;
        for (var e : byClass.entrySet()) {
            Table t = e.getValue().table().copy();
            StringColumn c = StringColumn.create("class");
            for (int i = 0; i < t.rowCount(); i++) c.append(e.getKey());
            t.insertColumn(0, c);
            if (out == null) out = t.setName("sweep " + rule.name() + " by port class");
            else out.append(t);
        }
        return out;
    }

    /** The classes holding at least one interval, with their counts. */
    public List<String> summary() {
        List<String> l = new ArrayList<>();
        for (var e : byClass.entrySet()) {
            SweepResult r = e.getValue();
            if (r.intervals() == 0) continue;
            l.add(String.format(Locale.ROOT, "%s: %d intervals, %d measured, %d labelled measured, %d labelled with no value",
                    e.getKey(), r.intervals(), r.measured(), r.positives(), r.positivesUnmeasured()));
        }
        return l;
    }

    /**
     * Each class's threshold chosen by {@code rule} on its own table; a class with no labelled interval
     * with a value (nothing to catch) takes the highest threshold, as in {@link #maxRecallWithin}.
     *
     * @throws IllegalStateException when the rule finds no threshold for a class that has labelled intervals
     */
    public ClassChoice choose(ChoiceRule choiceRule) {
        Map<String, Integer> rows = new LinkedHashMap<>();
        for (var e : byClass.entrySet()) {
            SweepResult r = e.getValue();
            if (r.positives() == 0) { rows.put(e.getKey(), r.table().rowCount() - 1); continue; }
            rows.put(e.getKey(), rowOf(r, choiceRule.choose(r).threshold()));
        }
        return ClassChoice.of(this, choiceRule.describe() + ", class by class", rows);
    }

    /**
     * One threshold per class such that the whole fabric's recall is highest while all classes
     * together raise at most {@code alertsPerDay} alerts per day. Ties: fewer alerts, then the higher
     * thresholds (class by class in class order). Classes without intervals take the highest threshold.
     *
     * @throws IllegalStateException when no combination stays within the budget or nothing is labelled
     */
    public ClassChoice maxRecallWithin(double alertsPerDay) {
        if (!(alertsPerDay >= 0)) throw new IllegalArgumentException("the alert budget must be >= 0 per day");
        int n = total.table().rowCount();
        double days = total.days();
        if (total.positives() == 0) throw new IllegalStateException("no labelled interval with a value: recall is undefined");
        // Pareto states (alerts, tp) over the classes so far; each keeps the row chosen per class
        List<long[]> states = new ArrayList<>();
        List<int[]> picks = new ArrayList<>();
        states.add(new long[] {0, 0});
        picks.add(new int[0]);
        List<String> names = new ArrayList<>(byClass.keySet());
        for (int c = 0; c < names.size(); c++) {
            Table t = byClass.get(names.get(c)).table();
            List<long[]> ns = new ArrayList<>();
            List<int[]> np = new ArrayList<>();
            for (int s = 0; s < states.size(); s++) {
                for (int i = n - 1; i >= 0; i--) {                      // higher thresholds first: they win ties
                    long a = states.get(s)[0] + t.longColumn("alerts").getLong(i);
                    if (days > 0 && a / days > alertsPerDay) continue;
                    if (days <= 0 && a > 0) continue;
                    long tp = states.get(s)[1] + t.longColumn("tp").getLong(i);
                    int[] p = java.util.Arrays.copyOf(picks.get(s), c + 1);
                    p[c] = i;
                    ns.add(new long[] {a, tp});
                    np.add(p);
                }
            }
            prune(ns, np);
            states = ns;
            picks = np;
        }
        int best = -1;
        for (int s = 0; s < states.size(); s++) {
            if (best < 0 || better(states.get(s), picks.get(s), states.get(best), picks.get(best))) best = s;
        }
        if (best < 0) throw new IllegalStateException("no thresholds keep alerts within " + Choose.num(alertsPerDay)
                + " per day; widen the grid upwards or raise the budget");
        Map<String, Integer> rows = new LinkedHashMap<>();
        for (int c = 0; c < names.size(); c++) rows.put(names.get(c), picks.get(best)[c]);
        return ClassChoice.of(this, String.format(Locale.ROOT, "max recall with at most %s alerts per day in all, one bar per class",
                Choose.num(alertsPerDay)), rows);
    }

    /** Keeps, for each alert count, the state with the most tp; then drops states with more alerts and no more tp. */
    private static void prune(List<long[]> states, List<int[]> picks) {
        Integer[] idx = new Integer[states.size()];
        for (int i = 0; i < idx.length; i++) idx[i] = i;
        java.util.Arrays.sort(idx, (x, y) -> {
            long[] a = states.get(x), b = states.get(y);
            if (a[0] != b[0]) return Long.compare(a[0], b[0]);
            if (a[1] != b[1]) return Long.compare(b[1], a[1]);
            return comparePicks(picks.get(y), picks.get(x));          // higher thresholds first
        });
        List<long[]> ks = new ArrayList<>();
        List<int[]> kp = new ArrayList<>();
        long bestTp = -1;
        for (int i : idx) {
            long[] s = states.get(i);
            if (s[1] <= bestTp) continue;
            bestTp = s[1];
            ks.add(s);
            kp.add(picks.get(i));
        }
        states.clear(); states.addAll(ks);
        picks.clear(); picks.addAll(kp);
    }

    private static boolean better(long[] a, int[] pa, long[] b, int[] pb) {
        if (a[1] != b[1]) return a[1] > b[1];
        if (a[0] != b[0]) return a[0] < b[0];
        return comparePicks(pa, pb) > 0;
    }

    private static int comparePicks(int[] a, int[] b) {
        for (int i = 0; i < Math.min(a.length, b.length); i++) if (a[i] != b[i]) return Integer.compare(a[i], b[i]);
        return Integer.compare(a.length, b.length);
    }

    static int rowOf(SweepResult r, double threshold) {
        var col = r.table().doubleColumn("threshold");
        for (int i = 0; i < col.size(); i++) if (col.getDouble(i) == threshold) return i;
        throw new IllegalStateException("threshold " + threshold + " not in the sweep");
    }

    @Override public String toHtml() {
        List<String> lines = new ArrayList<>();
        lines.add(rule.toString());
        lines.addAll(summary());
        return Html.section("sweep by port class, engine " + engine, lines, table());
    }

    @Override public Map<String, Object> toMap() {
        Map<String, Object> m = new LinkedHashMap<>();
        m.put("rule", rule.name());
        m.put("engine", engine);
        Map<String, Object> by = new LinkedHashMap<>();
        byClass.forEach((k, v) -> by.put(k, v.toMap()));
        m.put("classes", by);
        m.put("total", total.toMap());
        return m;
    }

    @Override public String toString() {
        return "ClassSweep[" + rule.name() + ", engine " + engine + ": " + String.join("; ", summary()) + "]";
    }
}
