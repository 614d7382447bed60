package org.fabriclab.plot;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

import org.fabriclab.catalogue.Catalogue;
import org.fabriclab.catalogue.CounterName;
import org.fabriclab.catalogue.Direction;
import org.fabriclab.catalogue.Role;
import org.fabriclab.delta.Rules;
import org.fabriclab.delta.Status;
import org.fabriclab.series.Columns;
import org.fabriclab.series.Series;
import org.fabriclab.result.Html;
import org.fabriclab.result.Renderable;
import org.knowm.xchart.CategoryChart;
import org.knowm.xchart.CategoryChartBuilder;
import org.knowm.xchart.XYChart;
import org.knowm.xchart.XYChartBuilder;
import org.knowm.xchart.XYSeries;
import org.knowm.xchart.internal.chartpart.Chart;
import org.knowm.xchart.style.markers.SeriesMarkers;

import tech.tablesaw.api.BooleanColumn;
import tech.tablesaw.api.DoubleColumn;
import tech.tablesaw.api.LongColumn;
import tech.tablesaw.api.StringColumn;
import tech.tablesaw.api.Table;

/**
 * The pause-duration distribution. For every port, sample interval and PFC priority (receive and
 * transmit, priorities 0..7 and global) the mean pause duration per pause event is
 * {@code delta *_pause_duration (us) / delta *_pause}; intervals with no pause, or where the delta rule
 * finds either counter missing, reset or pegged, are left out. The distribution across ports and intervals is drawn per
 * priority as a histogram (log-spaced 1-2-5 bins) and as a CDF (log x); intervals in which a counter
 * of the port with catalogue role {@code storm-event} or {@code storm-warning} rose are marked as
 * pause-storm intervals. The pairs are the catalogue's {@code pause} and {@code pause-duration}
 * counters of one direction and priority, whatever vendor named them. A storm shows as a mass at long durations, which a yes/no count hides.
 *
 * <pre>{@code
 * PausePlot p = PausePlot.of(Series.ofSnapshots(snapshots, timesMs));
 * p.histogram(); p.cdf(); p.table();
 * }</pre>
 */
public final class PausePlot implements Renderable {
    public static final String STORM_SERIES = "pause-storm intervals";
    public static final String X_TITLE = "mean pause duration per pause event (µs)";
    /** The one series of a histogram over intervals that never paused. */
    public static final String NO_PAUSE_SERIES = "no interval paused";
    /** Fewest port-intervals of one priority for the CDF to say more than the histogram. */
    public static final int MIN_CDF_POINTS = 3;

    private final List<Point> points;
    private final int ports;

    record Point(String port, long time, String series, long pauses, long durationUs, double meanUs, boolean storm) {}

    private PausePlot(List<Point> points, int ports) {
        this.points = points;
        this.ports = ports;
    }

    /** Computes the per-interval means from a series carrying {@code rx_prioN_pause} and {@code rx_prioN_pause_duration} pairs. */
    public static PausePlot of(Series s) {
        long[] ts = s.timestamps();
        boolean[] storm = new boolean[s.rows()];
        Catalogue cat = Catalogue.standard();
        List<String> stormCounters = new ArrayList<>(cat.counters(Role.STORM_EVENT));
        stormCounters.addAll(cat.counters(Role.STORM_WARNING));
        for (String sc : stormCounters) {
            long[] c = s.counter(sc);
            if (c == null) continue;
            long cap = cap(s, sc);
            for (int p = 0; p < s.portCount(); p++) {
                for (int i = s.start(p) + 1; i < s.end(p); i++) {
                    if (Rules.status(c[i - 1], c[i], cap) == Status.READABLE && c[i] > c[i - 1]) storm[i] = true;
                }
            }
        }
        List<Point> pts = new ArrayList<>();
        int pairs = 0;
        for (Direction dir : List.of(Direction.RX, Direction.TX)) {
            for (CounterName pause : cat.counterNames(Role.PAUSE, dir)) {
                String prio = pause.priority();
                if (prio.isEmpty()) continue;
                long[] n = s.counter(pause.name());
                String durationName = cat.forPriority(Role.PAUSE_DURATION, dir, prio).orElse(null);
                long[] d = durationName == null ? null : s.counter(durationName);
                if (n == null || d == null) continue;
                long capN = cap(s, pause.name()), capD = cap(s, durationName);
                pairs++;
                String label = dir + " " + prio;
                for (int p = 0; p < s.portCount(); p++) {
                    for (int i = s.start(p) + 1; i < s.end(p); i++) {
                        if (Rules.status(n[i - 1], n[i], capN) != Status.READABLE || Rules.status(d[i - 1], d[i], capD) != Status.READABLE) continue;
                        long dn = n[i] - n[i - 1], dd = d[i] - d[i - 1];
                        if (dn == 0) continue;
                        pts.add(new Point(s.port(p), ts[i], label, dn, dd, (double) dd / dn, storm[i]));
                    }
                }
            }
        }
        if (pairs == 0) {
            throw new IllegalArgumentException("no *_pause / *_pause_duration counter pairs in the series: capture ethtool -S "
                    + "(rx_prioN_pause and rx_prioN_pause_duration exist only for PFC-enabled priorities)");
        }
        return new PausePlot(pts, s.portCount());
    }

    private static long cap(Series s, String counter) { return s.column(counter).map(Columns::cap).orElse(0L); }

    /** Priority series names present, in order (rx before tx, priority order). */
    public List<String> seriesNames() {
        List<String> out = new ArrayList<>();
        for (Point p : points) if (!out.contains(p.series())) out.add(p.series());
        return out;
    }

    public long stormIntervals() { return points.stream().filter(Point::storm).count(); }

    static final double[] STEPS = {1, 2, 5};

    /** Bin edges 0.1, 0.2, 0.5, 1, ... covering the data. */
    static double[] edges(double min, double max) {
        List<Double> e = new ArrayList<>();
        for (int dec = -2; dec <= 8; dec++) for (double st : STEPS) e.add(st * Math.pow(10, dec));
        int lo = 0, hi = e.size() - 1;
        while (lo + 1 < e.size() && e.get(lo + 1) <= min) lo++;
        while (hi - 1 > lo && e.get(hi - 1) > max) hi--;
        if (hi <= lo) hi = lo + 1;
        double[] out = new double[hi - lo + 1];
        for (int i = 0; i < out.length; i++) out[i] = e.get(lo + i);
        return out;
    }

    static String label(double a, double b) { return num(a) + "–" + num(b); }

    static String num(double v) {
        if (v >= 1e6) return String.format(Locale.ROOT, "%.0fs", v / 1e6);
        if (v >= 1e3) return String.format(Locale.ROOT, "%.0fms", v / 1e3);
        return v >= 1 ? String.format(Locale.ROOT, "%.0f", v) : String.format(Locale.ROOT, "%.1f", v);
    }

    /** Histogram: one series per priority plus the pause-storm intervals. */
    public CategoryChart histogram() {
        double min = points.stream().mapToDouble(Point::meanUs).min().orElse(1), max = points.stream().mapToDouble(Point::meanUs).max().orElse(10);
        double[] e = edges(Math.max(min, 0.01), Math.max(max, 0.01));
        List<String> cats = new ArrayList<>();
        for (int i = 0; i + 1 < e.length; i++) cats.add(label(e[i], e[i + 1]));
        CategoryChart c = new CategoryChartBuilder().width(900).height(500)
                .title("Pause duration per pause event, by priority (" + ports + " ports, " + points.size() + " port-intervals)")
                .xAxisTitle(X_TITLE + ", log bins").yAxisTitle("port-intervals (count)").build();
        c.getStyler().setLegendVisible(true);
        c.getStyler().setXAxisLabelRotation(45);
        for (String name : seriesNames()) c.addSeries(name, cats, counts(e, p -> p.series().equals(name)));
        // the storm intervals only when there are some: otherwise the series duplicates nothing but zeros
        if (stormIntervals() > 0) c.addSeries(STORM_SERIES, cats, counts(e, Point::storm));
        if (points.isEmpty()) {
            // no interval paused: one empty series, so the chart says so instead of failing on no data
            c.addSeries(NO_PAUSE_SERIES, cats, counts(e, p -> false));
            c.getStyler().setYAxisMax(1.0);
        }
        return c;
    }

    private List<Integer> counts(double[] e, java.util.function.Predicate<Point> f) {
        int[] n = new int[e.length - 1];
        for (Point p : points) {
            if (!f.test(p)) continue;
            int b = Arrays.binarySearch(e, p.meanUs());
            int idx = b >= 0 ? b : -b - 2;
            n[Math.max(0, Math.min(n.length - 1, idx))]++;
        }
        List<Integer> out = new ArrayList<>();
        for (int x : n) out.add(x);
        return out;
    }

    /** CDF per priority (log x), pause-storm intervals as markers on their priority's curve. */
    public XYChart cdf() {
        XYChart c = new XYChartBuilder().width(900).height(500)
                .title("Pause duration per pause event: CDF by priority (" + ports + " ports)")
                .xAxisTitle(X_TITLE).yAxisTitle("fraction of port-intervals ≤ x").build();
        c.getStyler().setXAxisLogarithmic(true);
        c.getStyler().setYAxisDecimalPattern("0.00");
        c.getStyler().setYAxisMin(0.0);
        c.getStyler().setYAxisMax(1.0);
        c.getStyler().setLegendVisible(true);
        List<Double> sx = new ArrayList<>(), sy = new ArrayList<>();
        for (String name : seriesNames()) {
            List<Point> ps = points.stream().filter(p -> p.series().equals(name)).sorted((a, b) -> Double.compare(a.meanUs(), b.meanUs())).toList();
            List<Double> xs = new ArrayList<>(), ys = new ArrayList<>();
            int n = ps.size(), step = Math.max(1, n / 2000);
            for (int i = 0; i < n; i++) {
                double x = Math.max(ps.get(i).meanUs(), 1e-3), y = (i + 1.0) / n;
                if (i % step == 0 || i == n - 1) { xs.add(x); ys.add(y); }
                if (ps.get(i).storm()) { sx.add(x); sy.add(y); }
            }
            XYSeries s = c.addSeries(name, xs, ys);
            s.setMarker(SeriesMarkers.NONE);
        }
        if (sx.isEmpty()) { sx.add(Double.NaN); sy.add(Double.NaN); }
        XYSeries storm = c.addSeries(STORM_SERIES, sx, sy);
        storm.setXYSeriesRenderStyle(org.knowm.xchart.XYSeries.XYSeriesRenderStyle.Scatter);
        storm.setMarker(SeriesMarkers.DIAMOND);
        storm.setMarkerColor(java.awt.Color.RED);
        return c;
    }

    /**
     * The histogram, and the CDF when some priority has at least {@value #MIN_CDF_POINTS} port-intervals
     * (two snapshots give one interval: a one-dot CDF says nothing the histogram does not).
     */
    @Override public List<Chart<?, ?>> charts() {
        boolean cdf = seriesNames().stream().anyMatch(n -> points.stream().filter(p -> p.series().equals(n)).count() >= MIN_CDF_POINTS);
        return cdf ? List.of(histogram(), cdf()) : List.of(histogram());
    }

    @Override public Table table() {
        StringColumn port = StringColumn.create("port"), series = StringColumn.create("priority");
        LongColumn time = LongColumn.create("time_ms"), n = LongColumn.create("pauses"), d = LongColumn.create("duration_us");
        DoubleColumn mean = DoubleColumn.create("mean_us");
        BooleanColumn storm = BooleanColumn.create("storm");
        for (Point p : points) {
            port.append(p.port()); time.append(p.time()); series.append(p.series()); n.append(p.pauses()); d.append(p.durationUs());
            mean.append(p.meanUs()); storm.append(p.storm());
        }
        return Table.create("pause duration per pause event", port, time, series, n, d, mean, storm);
    }

    public List<String> summaryLines() {
        List<String> out = new ArrayList<>();
        out.add(points.size() + " port-intervals with pauses over " + ports + " ports; " + stormIntervals() + " in pause-storm intervals");
        for (String name : seriesNames()) {
            double[] v = points.stream().filter(p -> p.series().equals(name)).mapToDouble(Point::meanUs).sorted().toArray();
            out.add(String.format(Locale.ROOT, "%s: median %.1f µs, p99 %.1f µs, max %.1f µs per pause event", name,
                    v[v.length / 2], v[Math.min(v.length - 1, (int) Math.floor(v.length * 0.99))], v[v.length - 1]));
        }
        return out;
    }

    @Override public String toString() { return String.join("\n", summaryLines()) + "\n"; }

    @Override public String toHtml() { return Html.section("pause durations", summaryLines(), table()); }

    @Override public Map<String, Object> toMap() {
        Map<String, Object> m = new LinkedHashMap<>();
        m.put("summary", summaryLines());
        m.put("rows", Html.rows(table()));
        return m;
    }
}
