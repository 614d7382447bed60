package org.fabriclab.plot;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.Date;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

import org.fabriclab.capture.Telemetry;
import org.fabriclab.check.Policy;
import org.fabriclab.check.health.Alert;
import org.fabriclab.series.Series;
import org.knowm.xchart.XYChart;
import org.knowm.xchart.XYChartBuilder;
import org.knowm.xchart.XYSeries;
import org.knowm.xchart.style.markers.SeriesMarkers;

/**
 * The BER trend: one BER measurement ({@code symbol_ber} by default) per port over time on a
 * logarithmic y axis, a threshold line (default 1e-12), and alerts marked: every sample above the
 * threshold plus the alerts given (for example a link-health report's), placed at the port's BER at
 * that time. Up to {@code maxPorts} ports (default 8) are drawn one series each; beyond that the
 * chart shows the median, p99 and max across ports per timestamp plus the {@code worst} ports
 * (default 5, by peak BER), so 500 ports never become 500 series. Zero and missing BER cannot sit on
 * a log axis and are left out.
 *
 * <pre>{@code
 * XYChart c = BerTrend.of(series).threshold(1e-12).alerts(report.alerts()).chart();
 * }</pre>
 */
public final class BerTrend {
    public static final String THRESHOLD_SERIES = "threshold";
    public static final String ALERT_SERIES = "alerts";

    private final Series series;
    private final String kind;
    private final double threshold;
    private final List<Alert> alerts;
    private final int maxPorts;
    private final int worst;

    private BerTrend(Series series, String kind, double threshold, List<Alert> alerts, int maxPorts, int worst) {
        this.series = series;
        this.kind = kind;
        this.threshold = threshold;
        this.alerts = alerts;
        this.maxPorts = maxPorts;
        this.worst = worst;
    }

    public static BerTrend of(Series s) {
        return new BerTrend(s, Telemetry.SYMBOL_BER, Policy.DEFAULT_BER_THRESHOLD, List.of(), 8, 5);
    }

    /** {@code raw_ber}, {@code effective_ber} or {@code symbol_ber}. */
    public BerTrend kind(String k) {
        if (!Telemetry.MEASUREMENTS.subList(0, 3).contains(k)) throw new IllegalArgumentException("BER kind must be raw_ber, effective_ber or symbol_ber, found " + k);
        return new BerTrend(series, k, threshold, alerts, maxPorts, worst);
    }

    public BerTrend threshold(double t) {
        if (!(t > 0 && t < 1)) throw new IllegalArgumentException("BER threshold must be in (0, 1), found " + t);
        return new BerTrend(series, kind, t, alerts, maxPorts, worst);
    }

    public BerTrend alerts(List<Alert> a) { return new BerTrend(series, kind, threshold, List.copyOf(a), maxPorts, worst); }

    /** Draw each port while there are at most {@code max}; otherwise bands plus the {@code worst} ports. */
    public BerTrend facet(int max, int worstPorts) {
        if (max < 1 || worstPorts < 0) throw new IllegalArgumentException("max >= 1 and worst >= 0 required");
        return new BerTrend(series, kind, threshold, alerts, max, worstPorts);
    }

    public XYChart chart() {
        double[] v = series.measure(kind);
        if (v == null) throw new IllegalArgumentException("the series has no " + kind + " measurement to plot");
        long[] ts = series.timestamps();
        boolean aggregate = series.portCount() > maxPorts;
        XYChart c = new XYChartBuilder().width(1000).height(500)
                .title(kind.replace('_', ' ') + " trend, " + series.portCount() + " ports" + (aggregate ? " (median, p99, max across ports; " + worst + " worst ports drawn)" : ""))
                .xAxisTitle("time (UTC)").yAxisTitle(kind.replace('_', ' ') + " (errors per bit, log scale)").build();
        c.getStyler().setYAxisLogarithmic(true);
        c.getStyler().setLegendVisible(true);
        c.getStyler().setDatePattern("MM-dd HH:mm");
        long tMin = Long.MAX_VALUE, tMax = Long.MIN_VALUE;
        for (long t : ts) { tMin = Math.min(tMin, t); tMax = Math.max(tMax, t); }
        List<Integer> drawn = new ArrayList<>();
        if (!aggregate) {
            for (int p = 0; p < series.portCount(); p++) drawn.add(p);
        } else {
            bands(c, v, ts);
            Integer[] idx = new Integer[series.portCount()];
            double[] peak = new double[series.portCount()];
            for (int p = 0; p < idx.length; p++) {
                idx[p] = p;
                for (int i = series.start(p); i < series.end(p); i++) if (v[i] > peak[p]) peak[p] = v[i];
            }
            Arrays.sort(idx, (a, b) -> Double.compare(peak[b], peak[a]));
            for (int k = 0; k < Math.min(worst, idx.length); k++) if (peak[idx[k]] > 0) drawn.add(idx[k]);
        }
        for (int p : drawn) {
            List<Date> xs = new ArrayList<>();
            List<Double> ys = new ArrayList<>();
            for (int i = series.start(p); i < series.end(p); i++) if (v[i] > 0) { xs.add(new Date(ts[i])); ys.add(v[i]); }
            if (xs.isEmpty()) continue;
            c.addSeries(series.port(p), xs, ys).setMarker(SeriesMarkers.NONE);
        }
        if (tMin <= tMax) {
            XYSeries th = c.addSeries(THRESHOLD_SERIES + " " + threshold, List.of(new Date(tMin), new Date(tMax)), List.of(threshold, threshold));
            th.setMarker(SeriesMarkers.NONE);
            th.setLineColor(java.awt.Color.RED);
        }
        List<Date> ax = new ArrayList<>();
        List<Double> ay = new ArrayList<>();
        for (int i = 0; i < v.length; i++) if (v[i] > threshold) { ax.add(new Date(ts[i])); ay.add(v[i]); }
        for (Alert a : alerts) {
            int p = series.indexOf(a.port());
            if (p < 0) continue;
            int at = -1;
            for (int i = series.start(p); i < series.end(p); i++) if (ts[i] <= a.time()) at = i;
            if (at >= 0 && v[at] > 0) { ax.add(new Date(ts[at])); ay.add(v[at]); }
        }
        if (!ax.isEmpty()) {
            XYSeries al = c.addSeries(ALERT_SERIES + " (" + ax.size() + ")", ax, ay);
            al.setXYSeriesRenderStyle(XYSeries.XYSeriesRenderStyle.Scatter);
            al.setMarker(SeriesMarkers.DIAMOND);
            al.setMarkerColor(java.awt.Color.RED);
        }
        return c;
    }

    private void bands(XYChart c, double[] v, long[] ts) {
        TreeMap<Long, List<Double>> at = new TreeMap<>();
        for (int i = 0; i < v.length; i++) if (v[i] > 0) at.computeIfAbsent(ts[i], k -> new ArrayList<>()).add(v[i]);
        if (at.isEmpty()) return;
        Map<String, List<Double>> ys = new LinkedHashMap<>();
        for (String n : List.of("median across ports", "p99 across ports", "max across ports")) ys.put(n, new ArrayList<>());
        List<Date> xs = new ArrayList<>();
        for (var e : at.entrySet()) {
            double[] s = e.getValue().stream().mapToDouble(Double::doubleValue).sorted().toArray();
            xs.add(new Date(e.getKey()));
            ys.get("median across ports").add(s[s.length / 2]);
            ys.get("p99 across ports").add(s[Math.min(s.length - 1, (int) Math.floor(s.length * 0.99))]);
            ys.get("max across ports").add(s[s.length - 1]);
        }
        ys.forEach((n, y) -> c.addSeries(n, xs, y).setMarker(SeriesMarkers.NONE));
    }
}
