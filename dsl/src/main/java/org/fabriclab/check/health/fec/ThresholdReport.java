package org.fabriclab.check.health.fec;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.TreeSet;

import org.fabriclab.result.Html;
import org.fabriclab.result.Renderable;
import org.fabriclab.series.Series;
import org.knowm.xchart.XYChart;
import org.knowm.xchart.XYChartBuilder;
import org.knowm.xchart.XYSeries;
import org.knowm.xchart.internal.chartpart.Chart;
import org.knowm.xchart.style.markers.SeriesMarkers;

import tech.tablesaw.api.DoubleColumn;
import tech.tablesaw.api.IntColumn;
import tech.tablesaw.api.StringColumn;
import tech.tablesaw.api.Table;

/**
 * Precision, recall and lead time of a {@link FailureModel} against labelled failures, for decision
 * thresholds 0.50 to 0.95 in steps of 0.05 (which hold the recommended 0.65 and the default 0.8), and
 * the threshold it chooses: the best F1 (the harmonic mean of precision and recall), ties to the higher
 * threshold (fewer needless isolations). Points after a port's first failure are not scored (see
 * {@link Failures}). Rows and their definitions: {@link ThresholdRow}. Renders as a table and a chart
 * (precision and recall against the threshold, median lead time on the right axis, the marks as
 * vertical lines).
 *
 * <pre>{@code
 * ThresholdReport r = ThresholdReport.of(model, series, failures);
 * r.chosen();   r.table();   r.chart();
 * }</pre>
 */
public final class ThresholdReport implements Renderable {
    /** The recommended range's lower end and the plugin's default decision threshold. */
    public static final double RECOMMENDED_LOW = 0.65, DEFAULT_THRESHOLD = 0.8;

    private final List<ThresholdRow> rows;
    private final double chosen;
    private final long horizonMs;
    private final int points;

    private ThresholdReport(List<ThresholdRow> rows, double chosen, long horizonMs, int points) {
        this.rows = List.copyOf(rows);
        this.chosen = chosen;
        this.horizonMs = horizonMs;
        this.points = points;
    }

    /** The standard grid: 0.50, 0.55, ..., 0.95. */
    public static double[] grid() {
        double[] g = new double[10];
        for (int i = 0; i < g.length; i++) g[i] = Math.round((0.5 + 0.05 * i) * 100) / 100.0;
        return g;
    }

    /** Scores {@code s} with {@code model} and grades the standard grid against {@code failures}. */
    public static ThresholdReport of(FailureModel model, Series s, Failures failures) {
        List<FeaturePoint> pts = model.features().points(s);
        double[] scores = new double[pts.size()];
        for (int i = 0; i < pts.size(); i++) scores[i] = model.score(pts.get(i).x());
        return of(pts, scores, failures, model.horizonMs(), grid());
    }

    /** Grades scored points (in port, then time order) at {@code thresholds}. */
    public static ThresholdReport of(List<FeaturePoint> pts, double[] scores, Failures failures, long horizonMs, double[] thresholds) {
        TreeSet<Double> ts = new TreeSet<>();
        for (double t : thresholds) ts.add(t);
        List<ThresholdRow> raw = new ArrayList<>();
        for (double t : ts) raw.add(grade(pts, scores, failures, horizonMs, t, ""));
        double chosen = raw.get(0).threshold();
        double best = -1;
        for (ThresholdRow r : raw) if (r.f1() >= best) { best = r.f1(); chosen = r.threshold(); }
        List<ThresholdRow> rows = new ArrayList<>();
        for (ThresholdRow r : raw) {
            List<String> marks = new ArrayList<>();
            if (Math.abs(r.threshold() - RECOMMENDED_LOW) < 1e-9) marks.add("0.65 recommended low");
            if (Math.abs(r.threshold() - DEFAULT_THRESHOLD) < 1e-9) marks.add("0.8 default");
            if (r.threshold() == chosen) marks.add("chosen");
            rows.add(new ThresholdRow(r.threshold(), r.alerts(), r.trueAlerts(), r.failures(), r.caught(), r.precision(), r.recall(),
                    r.medianLeadHours(), r.minLeadHours(), String.join(", ", marks)));
        }
        int used = 0;
        for (FeaturePoint p : pts) if (failures.usable(p.portName(), p.timeMs())) used++;
        return new ThresholdReport(rows, chosen, horizonMs, used);
    }

    static ThresholdRow grade(List<FeaturePoint> pts, double[] scores, Failures failures, long horizonMs, double thr, String mark) {
        int alerts = 0, trueAlerts = 0;
        Map<String, Long> firstTrue = new LinkedHashMap<>();
        int i = 0;
        while (i < pts.size()) {
            FeaturePoint p = pts.get(i);
            if (!failures.usable(p.portName(), p.timeMs()) || scores[i] <= thr) { i++; continue; }
            long start = p.timeMs(), end = start;
            int j = i + 1;
            while (j < pts.size() && pts.get(j).port() == p.port() && failures.usable(p.portName(), pts.get(j).timeMs()) && scores[j] > thr) {
                end = pts.get(j).timeMs();
                j++;
            }
            alerts++;
            long f = failures.next(p.portName(), start);
            boolean hit = f > 0 && end >= f - horizonMs;
            if (hit) {
                trueAlerts++;
                firstTrue.putIfAbsent(p.portName(), f - start);
            }
            i = j;
        }
        int nf = failures.count();
        double[] leads = firstTrue.values().stream().mapToDouble(v -> v / 3_600_000.0).sorted().toArray();
        double median = leads.length == 0 ? Double.NaN
                : leads.length % 2 == 1 ? leads[leads.length / 2] : (leads[leads.length / 2 - 1] + leads[leads.length / 2]) / 2;
        return new ThresholdRow(thr, alerts, trueAlerts, nf, firstTrue.size(), alerts == 0 ? 0 : (double) trueAlerts / alerts,
                nf == 0 ? 0 : (double) firstTrue.size() / nf, median, leads.length == 0 ? Double.NaN : leads[0], mark);
    }

    public List<ThresholdRow> rows() { return rows; }

    /** The chosen threshold (best F1, ties to the higher threshold). */
    public double chosen() { return chosen; }

    /** The row of {@code threshold}, if graded. */
    public ThresholdRow row(double threshold) {
        for (ThresholdRow r : rows) if (Math.abs(r.threshold() - threshold) < 1e-9) return r;
        throw new IllegalArgumentException("threshold " + threshold + " not graded; graded: " + rows.stream().map(ThresholdRow::threshold).toList());
    }

    @Override public Table table() {
        DoubleColumn thr = DoubleColumn.create("threshold"), prec = DoubleColumn.create("precision"), rec = DoubleColumn.create("recall"),
                lead = DoubleColumn.create("median lead h"), minLead = DoubleColumn.create("min lead h");
        IntColumn alerts = IntColumn.create("alerts"), tp = IntColumn.create("true alerts"), fails = IntColumn.create("failures"),
                caught = IntColumn.create("caught");
        StringColumn mark = StringColumn.create("mark");
        for (ThresholdRow r : rows) {
            thr.append(r.threshold()); alerts.append(r.alerts()); tp.append(r.trueAlerts()); fails.append(r.failures()); caught.append(r.caught());
            prec.append(round(r.precision())); rec.append(round(r.recall())); lead.append(round(r.medianLeadHours()));
            minLead.append(round(r.minLeadHours())); mark.append(r.mark());
        }
        return Table.create("failure prediction against the decision threshold (horizon " + horizonMs / 3_600_000 + " h)",
                thr, alerts, tp, fails, caught, prec, rec, lead, minLead, mark);
    }

    private static double round(double x) { return Double.isNaN(x) ? x : Math.round(x * 1000) / 1000.0; }

    /** Precision and recall against the threshold, median lead time (hours) on the right axis; 0.65, 0.8 and the chosen value marked. */
    public XYChart chart() {
        XYChart c = new XYChartBuilder().width(760).height(380).title("failure prediction: precision, recall, lead time")
                .xAxisTitle("decision threshold").yAxisTitle("precision / recall").build();
        double[] x = rows.stream().mapToDouble(ThresholdRow::threshold).toArray();
        c.addSeries("precision", x, rows.stream().mapToDouble(ThresholdRow::precision).toArray()).setMarker(SeriesMarkers.CIRCLE);
        c.addSeries("recall", x, rows.stream().mapToDouble(ThresholdRow::recall).toArray()).setMarker(SeriesMarkers.DIAMOND);
        double[] lead = rows.stream().mapToDouble(r -> Double.isNaN(r.medianLeadHours()) ? 0 : r.medianLeadHours()).toArray();
        XYSeries l = c.addSeries("median lead time (h)", x, lead);
        l.setYAxisGroup(1);
        l.setMarker(SeriesMarkers.SQUARE);
        c.setYAxisGroupTitle(1, "median lead time, hours");
        c.getStyler().setYAxisGroupPosition(1, org.knowm.xchart.style.Styler.YAxisPosition.Right);
        mark(c, RECOMMENDED_LOW, "0.65 recommended low");
        mark(c, DEFAULT_THRESHOLD, "0.8 default");
        if (chosen != RECOMMENDED_LOW && chosen != DEFAULT_THRESHOLD) mark(c, chosen, String.format(Locale.ROOT, "%.2f chosen", chosen));
        else c.setTitle(c.getTitle() + String.format(Locale.ROOT, " (chosen %.2f)", chosen));
        c.getStyler().setYAxisMin(0, 0.0);
        c.getStyler().setYAxisMax(0, 1.05);
        return c;
    }

    private static void mark(XYChart c, double x, String name) {
        XYSeries s = c.addSeries(name, new double[] {x, x}, new double[] {0, 1.05});
        s.setMarker(SeriesMarkers.NONE);
        s.setShowInLegend(true);
    }

    @Override public List<Chart<?, ?>> charts() { return List.of(chart()); }

    public List<String> summaryLines() {
        ThresholdRow c = row(chosen);
        List<String> out = new ArrayList<>();
        out.add(points + " hourly points scored, " + c.failures() + " labelled failures, horizon " + horizonMs / 3_600_000 + " h");
        out.add(String.format(Locale.ROOT, "chosen threshold %.2f: precision %.3f, recall %.3f, median lead %.1f h", chosen, c.precision(),
                c.recall(), c.medianLeadHours()));
        ThresholdRow d = rows.stream().filter(r -> Math.abs(r.threshold() - DEFAULT_THRESHOLD) < 1e-9).findFirst().orElse(null);
        if (d != null) out.add(String.format(Locale.ROOT, "default 0.80: precision %.3f, recall %.3f, median lead %.1f h", d.precision(), d.recall(),
                d.medianLeadHours()));
        return out;
    }

    @Override public String toHtml() { return Html.section("failure prediction: threshold sweep", summaryLines(), table()); }

    @Override public Map<String, Object> toMap() {
        Map<String, Object> m = new LinkedHashMap<>();
        m.put("chosen", chosen);
        m.put("horizon_hours", horizonMs / 3_600_000.0);
        m.put("summary", summaryLines());
        m.put("rows", Html.rows(table()));
        return m;
    }

    @Override public String toString() {
        StringBuilder b = new StringBuilder();
        for (String l : summaryLines()) b.append(l).append('\n');
        b.append(table().print());
        return b.toString();
    }

    static double[] sorted(double[] a) { double[] c = a.clone(); Arrays.sort(c); return c; }
}
