package org.fabriclab.check.health.replay;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

import org.fabriclab.check.health.Alert;
import org.fabriclab.check.health.Engine;
import org.fabriclab.check.health.fec.Failures;
import org.fabriclab.result.Html;
import org.fabriclab.result.Renderable;

import tech.tablesaw.api.DoubleColumn;
import tech.tablesaw.api.IntColumn;
import tech.tablesaw.api.StringColumn;
import tech.tablesaw.api.Table;

/**
 * Precision and recall of each alert engine against labelled failures, by link: an alert (on either end
 * of a link) is true when it overlaps the horizon before that link's failure ({@code [failure - horizon,
 * failure)}); alerts that begin at or after a link's failure are detections of a failed link, not
 * predictions, and are not counted. Recall = failures with a true alert / failures; precision = true
 * alerts / counted alerts; lead = failure minus the first true alert's start (median, hours).
 *
 * <pre>{@code
 * EngineScores.of(result, failures, 24 * 3_600_000L).table();
 * }</pre>
 */
public final class EngineScores implements Renderable {
    private final Table table;
    private final String title;

    private EngineScores(Table table, String title) { this.table = table; this.title = title; }

    public static EngineScores of(ReplayResult r, Failures failures, long horizonMs) {
        FabricView v = viewOf(r);
        Map<Integer, Long> failureOfLink = new LinkedHashMap<>();
        for (String p : failures.ports()) {
            int l = v.link(p);
            if (l >= 0) failureOfLink.merge(l, failures.first(p), Math::min);
        }
        Map<Engine, List<Alert>> byEngine = new LinkedHashMap<>();
        for (Alert a : r.alerts()) byEngine.computeIfAbsent(a.engine(), k -> new ArrayList<>()).add(a);
        StringColumn eng = StringColumn.create("engine");
        IntColumn alerts = IntColumn.create("alerts"), tp = IntColumn.create("true alerts"), nf = IntColumn.create("failures"),
                caught = IntColumn.create("failures alerted");
        DoubleColumn prec = DoubleColumn.create("precision"), rec = DoubleColumn.create("recall"), lead = DoubleColumn.create("median lead h");
        for (Map.Entry<Engine, List<Alert>> e : byEngine.entrySet()) {
            int n = 0, t = 0;
            Map<Integer, Long> firstTrue = new LinkedHashMap<>();
            for (Alert a : e.getValue()) {
                int l = v.link(a.port());
                Long f = failureOfLink.get(l);
                if (f != null && a.time() >= f) continue;
                n++;
                if (f != null && a.until() >= f - horizonMs) {
                    t++;
                    firstTrue.merge(l, a.time(), Math::min);
                }
            }
            double[] leads = firstTrue.entrySet().stream().mapToDouble(x -> (failureOfLink.get(x.getKey()) - x.getValue()) / 3.6e6).sorted().toArray();
            eng.append(e.getKey().label()); alerts.append(n); tp.append(t); nf.append(failureOfLink.size()); caught.append(firstTrue.size());
            prec.append(n == 0 ? Double.NaN : round((double) t / n));
            rec.append(failureOfLink.isEmpty() ? Double.NaN : round((double) firstTrue.size() / failureOfLink.size()));
            lead.append(leads.length == 0 ? Double.NaN : round(leads.length % 2 == 1 ? leads[leads.length / 2]
                    : (leads[leads.length / 2 - 1] + leads[leads.length / 2]) / 2));
        }
        String title = String.format(Locale.ROOT, "%s: precision and recall per engine (horizon %.0f h)", r.ruleSet().label(), horizonMs / 3.6e6);
        return new EngineScores(Table.create(title, eng, alerts, tp, nf, caught, prec, rec, lead), title);
    }

    private static double round(double x) { return Math.round(x * 1000) / 1000.0; }

    static FabricView viewOf(ReplayResult r) { return r.view(); }

    @Override public Table table() { return table; }
    @Override public String toHtml() { return Html.section(title, List.of(), table); }

    @Override public Map<String, Object> toMap() {
        Map<String, Object> m = new LinkedHashMap<>();
        m.put("title", title);
        m.put("rows", Html.rows(table));
        return m;
    }

    @Override public String toString() { return table.print(); }

}
