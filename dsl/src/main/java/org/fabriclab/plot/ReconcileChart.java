package org.fabriclab.plot;

import java.awt.Color;
import java.util.ArrayList;
import java.util.EnumMap;
import java.util.List;
import java.util.Map;

import org.fabriclab.reconcile.Case;
import org.fabriclab.reconcile.PortReconciliation;
import org.fabriclab.reconcile.Reconciliation;
import org.knowm.xchart.XYChart;
import org.knowm.xchart.XYChartBuilder;
import org.knowm.xchart.XYSeries;
import org.knowm.xchart.style.markers.Marker;
import org.knowm.xchart.style.markers.SeriesMarkers;

/**
 * The reconciliation chart. Up to {@code maxRows} port/tests (default 40): one row per port/test
 * (labels on the y axis, so long port names stay readable), with perftest BW (circle),
 * counter-derived BW (diamond) and the link rate (grey square) side by side on a Gb/s axis, coloured
 * by case. Beyond that, one point per port/test: perftest BW / link rate against counter BW
 * / link rate, coloured by case, with the line-rate reference at 1, so 500 ports stay readable.
 *
 * <pre>{@code
 * XYChart c = ReconcileChart.of(reconciliation).chart();
 * }</pre>
 */
public final class ReconcileChart {
    public static final Map<Case, Color> COLOURS = new EnumMap<>(Map.of(Case.A, new Color(0x2e7d32), Case.B1, new Color(0xef6c00),
            Case.B2, new Color(0xc62828), Case.C, new Color(0x6a1b9a), Case.NO_VERDICT, new Color(0x757575)));

    private final Reconciliation r;
    private final int maxRows;

    private ReconcileChart(Reconciliation r, int maxRows) {
        this.r = r;
        this.maxRows = maxRows;
    }

    public static ReconcileChart of(Reconciliation r) { return new ReconcileChart(r, 40); }

    public ReconcileChart maxRows(int n) {
        if (n < 1) throw new IllegalArgumentException("maxRows must be >= 1");
        return new ReconcileChart(r, n);
    }

    public XYChart chart() {
        List<PortReconciliation> rows = r.rows();
        if (rows.isEmpty()) throw new IllegalArgumentException("nothing to plot: the reconciliation has no rows");
        return rows.size() <= maxRows ? sideBySide(rows) : normalised(rows);
    }

    private XYChart sideBySide(List<PortReconciliation> rows) {
        int n = rows.size();
        XYChart c = new XYChartBuilder().width(1000).height(Math.max(400, 45 * n + 150))
                .title("perftest vs counters vs link rate (" + n + " port/tests, coloured by case)")
                .xAxisTitle("bandwidth (Gb/s)").yAxisTitle("port / test").build();
        c.getStyler().setLegendVisible(true);
        List<String> labels = new ArrayList<>();
        for (int i = 0; i < n; i++) {
            String l = rows.get(i).port() + " " + rows.get(i).role();
            labels.add(labels.contains(l) ? l + " (" + (i + 1) + ")" : l);
        }
        // one row per port/test, the first at the top; XChart drops every tick label unless all are
        // distinct, so ticks between rows get distinct blanks
        c.getStyler().setyAxisTickLabelsFormattingFunction(y -> {
            long k = Math.round(y);
            return Math.abs(y - k) < 1e-9 && k >= 0 && k < n ? labels.get((int) (n - 1 - k))
                    : " ".repeat((int) Math.min(400, Math.round(Math.abs(y) * 4) + 1));
        });
        c.getStyler().setYAxisMin(-0.5);
        c.getStyler().setYAxisMax(n - 0.5);
        c.getStyler().setXAxisMin(0.0);
        List<Double> lx = new ArrayList<>(), ly = new ArrayList<>();
        for (int i = 0; i < n; i++) {
            if (!Double.isNaN(rows.get(i).linkRateGbps())) { lx.add(rows.get(i).linkRateGbps()); ly.add(n - 1 - i - 0.25); }
        }
        for (Case k : Case.values()) {
            List<Double> px = new ArrayList<>(), py = new ArrayList<>(), cx = new ArrayList<>(), cy = new ArrayList<>();
            for (int i = 0; i < n; i++) {
                PortReconciliation p = rows.get(i);
                if (p.verdict() != k) continue;
                if (!Double.isNaN(p.perftestBytesPerSec())) { px.add(PortReconciliation.gbps(p.perftestBytesPerSec())); py.add(n - 1 - i + 0.25); }
                if (!Double.isNaN(p.counterBytesPerSec())) { cx.add(PortReconciliation.gbps(p.counterBytesPerSec())); cy.add((double) (n - 1 - i)); }
            }
            if (!px.isEmpty()) scatter(c, "perftest BW, case " + k.label(), px, py, SeriesMarkers.CIRCLE, COLOURS.get(k));
            if (!cx.isEmpty()) scatter(c, "counter BW, case " + k.label(), cx, cy, SeriesMarkers.DIAMOND, COLOURS.get(k));
        }
        if (!lx.isEmpty()) scatter(c, "link rate", lx, ly, SeriesMarkers.SQUARE, Color.GRAY);
        return c;
    }

    private XYChart normalised(List<PortReconciliation> rows) {
        XYChart c = new XYChartBuilder().width(800).height(600)
                .title("perftest and counters as a fraction of the link rate (" + rows.size() + " port/tests, coloured by case)")
                .xAxisTitle("perftest BW / link rate (fraction)").yAxisTitle("counter BW / link rate (fraction)").build();
        c.getStyler().setLegendVisible(true);
        for (Case k : Case.values()) {
            List<Double> x = new ArrayList<>(), y = new ArrayList<>();
            for (PortReconciliation p : rows) {
                if (p.verdict() != k || Double.isNaN(p.perftestToRate()) || Double.isNaN(p.counterToRate())) continue;
                x.add(p.perftestToRate()); y.add(p.counterToRate());
            }
            if (!x.isEmpty()) scatter(c, "case " + k.label() + " (" + x.size() + ")", x, y, SeriesMarkers.CIRCLE, COLOURS.get(k));
        }
        XYSeries ref = c.addSeries("line rate (1.0)", List.of(0.0, 1.0, 1.0), List.of(1.0, 1.0, 0.0));
        ref.setMarker(SeriesMarkers.NONE);
        ref.setLineColor(Color.GRAY);
        return c;
    }

    private static void scatter(XYChart c, String name, List<Double> x, List<Double> y, Marker m, Color col) {
        XYSeries s = c.addSeries(name, x, y);
        s.setXYSeriesRenderStyle(XYSeries.XYSeriesRenderStyle.Scatter);
        s.setMarker(m);
        s.setMarkerColor(col);
    }
}
