package org.fabriclab.plot;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

import org.fabriclab.history.ClassSweep;
import org.fabriclab.history.SweepResult;
import org.fabriclab.result.Html;
import org.fabriclab.result.Renderable;
import org.knowm.xchart.XYChart;
import org.knowm.xchart.XYChartBuilder;
import org.knowm.xchart.internal.chartpart.Chart;
import org.knowm.xchart.style.markers.SeriesMarkers;

import tech.tablesaw.api.Table;

/**
 * The charts of a threshold sweep: precision and recall against the threshold, and alerts per day
 * against the threshold, with the chosen bar as a vertical line and the alert budget as a horizontal
 * one when given. A sweep by port class draws one curve per class that holds intervals (and the
 * whole fabric's). The x axis is logarithmic when every threshold is above 0. Points where a score is
 * undefined (precision with no alert) are left out of the curve.
 *
 * <pre>{@code
 * SweepPlot p = plot.sweep(result).chosen(choice.threshold()).budget(50);
 * p.precisionRecall();  p.alertsPerDay();  p.charts();
 * plot.sweep(classSweep);                 // one curve per port class
 * }</pre>
 */
public final class SweepPlot implements Renderable {
    public static final String CHOSEN = "chosen", BUDGET = "budget";

    private final String title, unit;
    private final Map<String, SweepResult> curves;
    private final Table table;
    private final double chosen, budget;
    private final Map<String, Double> chosenByClass;

    private SweepPlot(String title, String unit, Map<String, SweepResult> curves, Table table, double chosen, double budget,
                      Map<String, Double> chosenByClass) {
        this.title = title;
        this.unit = unit;
        this.curves = curves;
        this.table = table;
        this.chosen = chosen;
        this.budget = budget;
        this.chosenByClass = chosenByClass;
    }

    public static SweepPlot of(SweepResult r) {
        Map<String, SweepResult> m = new LinkedHashMap<>();
        m.put("", r);
        return new SweepPlot(r.rule().name(), r.rule().unit(), m, r.table(), Double.NaN, Double.NaN, Map.of());
    }

    /** One curve per class with intervals, then the whole fabric ({@code all classes}). */
    public static SweepPlot of(ClassSweep s) {
        Map<String, SweepResult> m = new LinkedHashMap<>();
        s.byClass().forEach((k, v) -> { if (v.intervals() > 0) m.put(k, v); });
        if (m.size() != 1) m.put("all classes", s.total());
        return new SweepPlot(s.rule().name() + " by port class", s.rule().unit(), m, s.table(), Double.NaN, Double.NaN, Map.of());
    }

    /** The chosen threshold, drawn as a vertical line. */
    public SweepPlot chosen(double threshold) {
        return new SweepPlot(title, unit, curves, table, threshold, budget, chosenByClass);
    }

    /** The chosen threshold of each class (a {@code ClassChoice.thresholds()}), one vertical line each. */
    public SweepPlot chosen(Map<String, Double> byClass) {
        return new SweepPlot(title, unit, curves, table, Double.NaN, budget, new LinkedHashMap<>(byClass));
    }

    /** The alert budget per day, drawn as a horizontal line on the alerts-per-day chart. */
    public SweepPlot budget(double alertsPerDay) {
        return new SweepPlot(title, unit, curves, table, chosen, alertsPerDay, chosenByClass);
    }

    private String xTitle() { return "threshold" + (unit.isEmpty() ? "" : " (" + unit + ")") + (logX() ? ", log" : ""); }

    private boolean logX() {
        for (SweepResult r : curves.values()) for (double t : r.table().doubleColumn("threshold").asDoubleArray()) if (!(t > 0)) return false;
        return true;
    }

    private static String prefix(String cls) { return cls.isEmpty() ? "" : cls + ": "; }

    /** Precision and recall against the threshold. */
    public XYChart precisionRecall() {
        XYChart c = new XYChartBuilder().width(900).height(420).title("Precision and recall vs threshold: " + title)
                .xAxisTitle(xTitle()).yAxisTitle("fraction").build();
        c.getStyler().setXAxisLogarithmic(logX());
        c.getStyler().setYAxisMin(0.0);
        c.getStyler().setYAxisMax(1.0);
        c.getStyler().setYAxisDecimalPattern("0.00");
        for (var e : curves.entrySet()) {
            add(c, prefix(e.getKey()) + "precision", e.getValue().table(), "precision");
            add(c, prefix(e.getKey()) + "recall", e.getValue().table(), "recall");
        }
        verticals(c, 0, 1);
        return c;
    }

    /** Alerts per day against the threshold. */
    public XYChart alertsPerDay() {
        XYChart c = new XYChartBuilder().width(900).height(420).title("Alerts per day vs threshold: " + title)
                .xAxisTitle(xTitle()).yAxisTitle("alerts per day").build();
        c.getStyler().setXAxisLogarithmic(logX());
        double top = 0, lo = Double.POSITIVE_INFINITY, hi = Double.NEGATIVE_INFINITY;
        for (var e : curves.entrySet()) {
            Table t = e.getValue().table();
            add(c, prefix(e.getKey()) + "alerts per day", t, "alerts_per_day");
            for (double v : t.doubleColumn("alerts_per_day").asDoubleArray()) if (!Double.isNaN(v)) top = Math.max(top, v);
            double[] th = t.doubleColumn("threshold").asDoubleArray();
            lo = Math.min(lo, th[0]);
            hi = Math.max(hi, th[th.length - 1]);
        }
        if (!Double.isNaN(budget)) {
            c.addSeries(BUDGET + " " + num(budget) + "/day", new double[] {lo, hi}, new double[] {budget, budget}).setMarker(SeriesMarkers.NONE);
            top = Math.max(top, budget);
        }
        verticals(c, 0, top > 0 ? top : 1);
        return c;
    }

    private static String num(double v) { return org.fabriclab.history.Choose.num(v); }

    private void verticals(XYChart c, double y0, double y1) {
        if (!Double.isNaN(chosen)) {
            c.addSeries(CHOSEN + " " + num(chosen), new double[] {chosen, chosen}, new double[] {y0, y1}).setMarker(SeriesMarkers.NONE);
        }
        for (var e : chosenByClass.entrySet()) {
            if (!curves.containsKey(e.getKey())) continue;
            double x = e.getValue();
            c.addSeries(CHOSEN + " " + e.getKey() + " " + num(x), new double[] {x, x}, new double[] {y0, y1}).setMarker(SeriesMarkers.NONE);
        }
    }

    /** The defined points of one score column; a curve with none is drawn as one point out of range. */
    private static void add(XYChart c, String name, Table t, String column) {
        double[] th = t.doubleColumn("threshold").asDoubleArray(), v = t.doubleColumn(column).asDoubleArray();
        List<Double> xs = new ArrayList<>(), ys = new ArrayList<>();
        for (int i = 0; i < th.length; i++) if (!Double.isNaN(v[i])) { xs.add(th[i]); ys.add(v[i]); }
        if (xs.isEmpty()) return;
        c.addSeries(name, xs, ys).setMarker(SeriesMarkers.CIRCLE);
    }

    @Override public List<Chart<?, ?>> charts() { return List.of(precisionRecall(), alertsPerDay()); }

    @Override public Table table() { return table; }

    private List<String> summary() {
        List<String> l = new ArrayList<>();
        for (var e : curves.entrySet()) {
            SweepResult r = e.getValue();
            l.add(String.format(Locale.ROOT, "%s%d thresholds, %d measured intervals, %d labelled", prefix(e.getKey()),
                    r.table().rowCount(), r.measured(), r.positives()));
        }
        if (!Double.isNaN(chosen)) l.add("chosen " + num(chosen));
        chosenByClass.forEach((k, v) -> { if (curves.containsKey(k)) l.add("chosen " + k + " " + num(v)); });
        if (!Double.isNaN(budget)) l.add("budget " + num(budget) + " alerts per day");
        return l;
    }

    @Override public String toHtml() { return Html.section("sweep charts: " + title, summary(), table); }

    @Override public Map<String, Object> toMap() {
        Map<String, Object> m = new LinkedHashMap<>();
        m.put("title", title);
        m.put("unit", unit);
        m.put("summary", summary());
        m.put("rows", Html.rows(table));
        return m;
    }

    @Override public String toString() { return "SweepPlot[" + title + ": " + String.join("; ", summary()) + "]"; }
}
