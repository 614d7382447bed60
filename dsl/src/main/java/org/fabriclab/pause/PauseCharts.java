package org.fabriclab.pause;

import java.awt.Color;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

import org.fabriclab.catalogue.Direction;
import org.knowm.xchart.CategoryChart;
import org.knowm.xchart.CategoryChartBuilder;
import org.knowm.xchart.CategorySeries;
import org.knowm.xchart.XYChart;
import org.knowm.xchart.XYChartBuilder;
import org.knowm.xchart.XYSeries;
import org.knowm.xchart.style.lines.SeriesLines;
import org.knowm.xchart.style.markers.SeriesMarkers;

/**
 * The pause charts. Each shows what its data can show and never fails on little data: a window (two
 * snapshots) gets one bar per port, direction and priority (duty cycle with SONiC's 80% and 99% bars,
 * or, when the elapsed time is unknown, time paused with the NIC watchdog's 100 ms), zero bars
 * included, so a clean port shows "nothing paused" against the references. A series gets the duty
 * cycle over time and, from {@value #MIN_INTERVALS} intervals on, its distribution (histogram and
 * CDF) per direction and priority, the intervals in which a pause-storm watchdog fired marked as
 * {@value #STORM_SERIES} (only when there are some). A NIC without a pause-duration counter (Intel ice and i40e, mlx4)
 * gives no time paused: its charts plot pause frames per second instead ({@link Measure#FRAME_RATE}), or pause frames
 * when the elapsed time is unknown too, with no duty-cycle bar beside them.
 *
 * <pre>{@code
 * CategoryChart c = PauseCharts.window(analysis.window());
 * }</pre>
 */
public final class PauseCharts {
    /** Fewest intervals of one priority for a histogram and a CDF to say more than the window bars. */
    public static final int MIN_INTERVALS = 3;
    /** The histogram's and the CDF's series of the intervals in which a storm-event counter of the port rose. */
    public static final String STORM_SERIES = "pause-storm intervals";
    /** Most bars in one window chart; beyond it the rows with the most pause are kept. */
    static final int MAX_BARS = 40;
    /**
     * The data series' colours: none is the orange or red of the reference bars (drawn dashed besides), which XChart's
     * default palette gives its second and fifth series, so a second priority's line looked like the 80% bar.
     */
    static final Color[] DATA_COLOURS = {new Color(0x1f77b4), new Color(0x2ca02c), new Color(0x9467bd), new Color(0x17becf),
            new Color(0x8c564b), new Color(0x7f7f7f), new Color(0xbcbd22), new Color(0x0b3d91)};
    static final String OLD_BAR = "SONiC former bar 80%", NEW_BAR = "SONiC bar 99%", WATCHDOG = "NIC watchdog 100 ms";
    static final String[] DUTY_BINS = {"0–1%", "1–10%", "10–20%", "20–30%", "30–40%", "40–50%", "50–60%", "60–70%", "70–80%",
            "80–90%", "90–99%", "≥ 99%"};
    static final double[] DUTY_EDGES = {0, 1, 10, 20, 30, 40, 50, 60, 70, 80, 90, 99};

    private PauseCharts() {}

    /** What a chart of pause rows plots: the duty cycle (%) where some row has one, else pause frames per second. */
    enum Measure {
        DUTY, FRAME_RATE;

        /** The row's value in this measure (duty cycle in %, or frames per second); NaN when the row does not have it. */
        double of(PauseRow r) { return this == DUTY ? r.dutyCycle() * 100 : r.framesPerSecond(); }

        /** The histogram's bins: {@link #DUTY_BINS}, or {@link #RATE_BINS} by decade. */
        String[] bins() { return this == DUTY ? DUTY_BINS : RATE_BINS; }

        /** The index in {@link #bins()} of the row's value. */
        int binOf(PauseRow r) { return this == DUTY ? bin(of(r)) : rateBin(of(r)); }
    }

    /** {@link Measure#DUTY} when some row has a duty cycle, else {@link Measure#FRAME_RATE}. */
    static Measure measure(List<PauseRow> rows) {
        return rows.stream().anyMatch(r -> !Double.isNaN(r.dutyCycle())) ? Measure.DUTY : Measure.FRAME_RATE;
    }

    /** Bins of the frame-rate histogram (pause frames per second), by decade. */
    static final String[] RATE_BINS = {"0", "0–1", "1–10", "10–100", "100–1k", "1k–10k", "10k–100k", "100k–1M", "≥ 1M"};

    /** The {@link #RATE_BINS} index of a rate: 0 for none, 1 below one a second, then one per decade up to "≥ 1M". */
    static int rateBin(double perSecond) {
        if (!(perSecond > 0)) return 0;
        if (perSecond < 1) return 1;
        return Math.min(RATE_BINS.length - 1, 2 + (int) Math.floor(Math.log10(perSecond)));
    }

    /**
     * One bar per row of a window: the duty cycle (%) when the window's length and the time paused are known; the time
     * paused (ms) when only the length is unknown; pause frames per second when no time paused was captured (a NIC
     * without a pause-duration counter); pause frames when neither is known.
     */
    public static CategoryChart window(List<PauseRow> rows) {
        if (rows.isEmpty()) throw new IllegalArgumentException("no pause counters: nothing to chart");
        boolean duty = measure(rows) == Measure.DUTY;
        boolean time = !duty && rows.stream().anyMatch(r -> r.pauseUs() != null);
        boolean rate = !duty && !time && rows.stream().anyMatch(r -> !Double.isNaN(r.framesPerSecond()));
        java.util.function.ToDoubleFunction<PauseRow> value = duty ? r -> r.dutyCycle() * 100
                : time ? r -> r.pauseUs() == null ? Double.NaN : r.pauseUs() / 1e3
                : rate ? PauseRow::framesPerSecond
                : r -> r.frames() == null ? Double.NaN : r.frames();
        List<PauseRow> shown = new ArrayList<>(rows);
        boolean cut = shown.size() > MAX_BARS;
        if (cut) {
            shown.sort(Comparator.comparingDouble((PauseRow r) -> Double.isNaN(value.applyAsDouble(r)) ? -1 : value.applyAsDouble(r)).reversed());
            shown = new ArrayList<>(shown.subList(0, MAX_BARS));
        }
        boolean manyPorts = shown.stream().map(PauseRow::port).distinct().count() > 1;
        List<String> cats = new ArrayList<>();
        List<Double> values = new ArrayList<>();
        double max = 0;
        for (PauseRow r : shown) {
            double v = value.applyAsDouble(r);
            cats.add((manyPorts ? r.port() + " " : "") + r.label() + (Double.isNaN(v) ? " (unusable)" : ""));
            if (Double.isNaN(v)) v = 0;
            values.add(v);
            max = Math.max(max, v);
        }
        double elapsed = shown.get(0).elapsedS();
        String title = duty ? "Pause duty cycle per priority over the window (" + References.seconds(elapsed) + ")"
                : time ? "Time paused per priority over the window (elapsed time unknown: no duty cycle)"
                : rate ? "Pause frames per second over the window (" + References.seconds(elapsed) + "; no duration counter: no duty cycle)"
                : "Pause frames over the window (no duration counter, elapsed time unknown)";
        if (cut) title += ", the " + MAX_BARS + " most paused of " + rows.size();
        CategoryChart c = new CategoryChartBuilder().width(900).height(460).title(title)
                .xAxisTitle("direction and priority (rx: the peer paused us; tx: we paused the peer)")
                .yAxisTitle(duty ? "time paused / elapsed time (%)" : time ? "time paused (ms)" : rate ? "pause frames per second" : "pause frames")
                .build();
        c.getStyler().setLegendVisible(true);
        c.getStyler().setXAxisLabelRotation(cats.size() > 6 ? 45 : 0);
        c.getStyler().setYAxisMin(0.0);
        c.getStyler().setYAxisMax(duty ? Math.max(105, max * 1.05) : time ? Math.max(110, max * 1.1) : Math.max(1, max * 1.1));
        c.getStyler().setOverlapped(true);
        c.addSeries(duty ? "duty cycle" : time ? "time paused" : rate ? "pause frames per second" : "pause frames", cats, values);
        if (duty) {
            line(c, OLD_BAR, cats, References.SONIC_OLD_DUTY * 100, Color.ORANGE);
            line(c, NEW_BAR, cats, References.SONIC_DUTY * 100, Color.RED);
        } else if (time) {
            line(c, WATCHDOG, cats, References.NIC_WATCHDOG_MS, Color.RED);
        }
        return c;
    }

    private static void line(CategoryChart c, String name, List<String> cats, double y, Color colour) {
        List<Double> ys = new ArrayList<>();
        for (int i = 0; i < cats.size(); i++) ys.add(y);
        CategorySeries s = c.addSeries(name, cats, ys);
        s.setChartCategorySeriesRenderStyle(CategorySeries.CategorySeriesRenderStyle.Line);
        s.setMarker(SeriesMarkers.NONE);
        s.setLineColor(colour);
    }

    /**
     * Duty cycle per interval over time (pause frames per second where no time paused was captured), one line per priority
     * (the maximum over ports when there are more than 4), watchdog events marked on the tx lines.
     */
    public static XYChart timeline(List<PauseRow> intervals) {
        if (intervals.isEmpty()) throw new IllegalArgumentException("no pause intervals: nothing to chart");
        Measure m = measure(intervals);
        boolean duty = m == Measure.DUTY;
        long t0 = intervals.stream().mapToLong(PauseRow::startMs).min().getAsLong();
        boolean perPort = intervals.stream().map(PauseRow::port).distinct().count() <= 4;
        Map<String, Map<Long, double[]>> lines = new LinkedHashMap<>();
        List<Double> sx = new ArrayList<>(), sy = new ArrayList<>();
        double max = 0;
        for (PauseRow r : shownLabels(intervals)) {
            double d = m.of(r);
            if (Double.isNaN(d)) continue;
            String key = (perPort ? r.port() + " " : "") + r.label() + (perPort ? "" : " (max over ports)");
            // keyed by the interval's start: drawn as a step over [start, end], not as a point at its end
            lines.computeIfAbsent(key, k -> new java.util.TreeMap<>()).merge(r.startMs(), new double[] {r.endMs(), d},
                    (a, b) -> new double[] {Math.max(a[0], b[0]), Math.max(a[1], b[1])});
            max = Math.max(max, d);
            if (r.storm() && r.direction() == Direction.TX) { sx.add((r.endMs() - t0) / 1e3); sy.add(d); }
        }
        XYChart c = new XYChartBuilder().width(900).height(420)
                .title(duty ? "Pause duty cycle per interval" : "Pause frames per second per interval (no pause-duration counter captured: no duty cycle)")
                .xAxisTitle("time since the first sample (s)").yAxisTitle(duty ? "time paused / interval (%)" : "pause frames per second").build();
        c.getStyler().setLegendVisible(true);
        c.getStyler().setYAxisMin(0.0);
        c.getStyler().setYAxisMax(duty ? Math.max(105, max * 1.05) : Math.max(1, max * 1.05));
        double tMax = 0;
        int colour = 0;
        for (var e : lines.entrySet()) {
            List<Double> xs = new ArrayList<>(), ys = new ArrayList<>();
            e.getValue().forEach((t, v) -> {
                xs.add((t - t0) / 1e3); ys.add(v[1]);
                xs.add((v[0] - t0) / 1e3); ys.add(v[1]);
            });
            tMax = Math.max(tMax, xs.get(xs.size() - 1));
            XYSeries s = c.addSeries(e.getKey(), xs, ys);
            s.setMarker(SeriesMarkers.NONE);
            s.setLineColor(DATA_COLOURS[colour++ % DATA_COLOURS.length]);
        }
        if (lines.isEmpty()) c.addSeries("no usable interval", List.of(0.0), List.of(0.0));
        if (duty) {
            hline(c, OLD_BAR, 0, Math.max(tMax, 1), References.SONIC_OLD_DUTY * 100, Color.ORANGE);
            hline(c, NEW_BAR, 0, Math.max(tMax, 1), References.SONIC_DUTY * 100, Color.RED);
        }
        if (!sx.isEmpty()) {
            XYSeries s = c.addSeries("pause-storm watchdog fired", sx, sy);
            s.setXYSeriesRenderStyle(XYSeries.XYSeriesRenderStyle.Scatter);
            s.setMarker(SeriesMarkers.DIAMOND);
            s.setMarkerColor(Color.RED);
        }
        return c;
    }

    private static void hline(XYChart c, String name, double x0, double x1, double y, Color colour) {
        XYSeries s = c.addSeries(name, new double[] {x0, x1}, new double[] {y, y});
        s.setMarker(SeriesMarkers.NONE);
        s.setLineColor(colour);
        s.setLineStyle(SeriesLines.DASH_DASH);
    }

    /**
     * Histogram of the per-interval duty cycle, one series per direction and priority, in bins that put 80% and 99% on
     * edges; of the pause frames per second by decade where no time paused was captured.
     */
    public static CategoryChart histogram(List<PauseRow> intervals) {
        Measure m = measure(intervals);
        boolean duty = m == Measure.DUTY;
        List<String> bins = List.of(m.bins());
        CategoryChart c = new CategoryChartBuilder().width(900).height(420)
                .title("Distribution of the " + (duty ? "pause duty cycle" : "pause frame rate") + " over " + countIntervals(intervals) + " port-intervals")
                .xAxisTitle(duty ? "time paused / interval (SONiC's bars: 80%, 99%)" : "pause frames per second (no pause-duration counter captured)")
                .yAxisTitle("port-intervals (count)").build();
        c.getStyler().setLegendVisible(true);
        c.getStyler().setXAxisLabelRotation(45);
        Map<String, List<PauseRow>> by = byLabel(intervals);
        int colour = 0;
        for (var e : by.entrySet()) {
            c.addSeries(e.getKey(), bins, counts(e.getValue(), m, false)).setFillColor(DATA_COLOURS[colour++ % DATA_COLOURS.length]);
        }
        List<PauseRow> all = by.values().stream().flatMap(List::stream).toList();
        // the storm intervals only when there are some: otherwise the series would be a row of zeros
        if (all.stream().anyMatch(PauseRow::storm)) c.addSeries(STORM_SERIES, bins, counts(all, m, true));
        return c;
    }

    private static List<Integer> counts(List<PauseRow> rows, Measure m, boolean stormOnly) {
        int[] n = new int[m.bins().length];
        for (PauseRow r : rows) if (!stormOnly || r.storm()) n[m.binOf(r)]++;
        List<Integer> ys = new ArrayList<>();
        for (int x : n) ys.add(x);
        return ys;
    }

    static int bin(double dutyPct) {
        int b = 0;
        for (int i = 0; i < DUTY_EDGES.length; i++) if (dutyPct >= DUTY_EDGES[i]) b = i;
        return b;
    }

    /**
     * CDF of the per-interval duty cycle per direction and priority, with SONiC's bars as vertical lines; of the pause
     * frames per second where no time paused was captured.
     */
    public static XYChart cdf(List<PauseRow> intervals) {
        Measure m = measure(intervals);
        boolean duty = m == Measure.DUTY;
        XYChart c = new XYChartBuilder().width(900).height(420)
                .title(duty ? "Pause duty cycle: CDF per priority" : "Pause frame rate: CDF per priority (no pause-duration counter captured)")
                .xAxisTitle(duty ? "time paused / interval (%)" : "pause frames per second").yAxisTitle("fraction of port-intervals ≤ x").build();
        c.getStyler().setLegendVisible(true);
        c.getStyler().setYAxisMin(0.0);
        c.getStyler().setYAxisMax(1.0);
        c.getStyler().setYAxisDecimalPattern("0.0");
        c.getStyler().setYAxisTickMarkSpacingHint(60);
        double max = duty ? 100 : 1;
        List<Double> sx = new ArrayList<>(), sy = new ArrayList<>();
        int colour = 0;
        for (var e : byLabel(intervals).entrySet()) {
            List<PauseRow> v = e.getValue().stream().sorted(Comparator.comparingDouble(m::of)).toList();
            int n = v.size(), step = Math.max(1, n / 2000);
            List<Double> xs = new ArrayList<>(), ys = new ArrayList<>();
            for (int i = 0; i < n; i++) {
                double x = m.of(v.get(i)), y = (i + 1.0) / n;
                if (i % step == 0 || i == n - 1) { xs.add(x); ys.add(y); }
                if (v.get(i).storm()) { sx.add(x); sy.add(y); }
            }
            max = Math.max(max, m.of(v.get(n - 1)));
            XYSeries s = c.addSeries(e.getKey(), xs, ys);
            s.setMarker(SeriesMarkers.NONE);
            s.setLineColor(DATA_COLOURS[colour++ % DATA_COLOURS.length]);
        }
        if (duty) {
            vline(c, OLD_BAR, References.SONIC_OLD_DUTY * 100, Color.ORANGE);
            vline(c, NEW_BAR, References.SONIC_DUTY * 100, Color.RED);
        }
        if (!sx.isEmpty()) {
            XYSeries s = c.addSeries(STORM_SERIES, sx, sy);
            s.setXYSeriesRenderStyle(XYSeries.XYSeriesRenderStyle.Scatter);
            s.setMarker(SeriesMarkers.DIAMOND);
            s.setMarkerColor(Color.RED);
        }
        c.getStyler().setXAxisMin(0.0);
        c.getStyler().setXAxisMax(max * 1.02);
        return c;
    }

    private static void vline(XYChart c, String name, double x, Color colour) {
        XYSeries s = c.addSeries(name, new double[] {x, x}, new double[] {0, 1});
        s.setMarker(SeriesMarkers.NONE);
        s.setLineColor(colour);
        s.setLineStyle(SeriesLines.DASH_DASH);
    }

    /** True when some priority has at least {@value #MIN_INTERVALS} usable intervals. */
    public static boolean hasDistribution(List<PauseRow> intervals) {
        return byLabel(intervals).values().stream().anyMatch(l -> l.size() >= MIN_INTERVALS);
    }

    /**
     * The intervals with a usable value ({@link #measure}: the duty cycle, else the frame rate) per direction and priority,
     * labels with at least {@value #MIN_INTERVALS} intervals.
     */
    static Map<String, List<PauseRow>> byLabel(List<PauseRow> intervals) {
        Measure measure = measure(intervals);
        Map<String, List<PauseRow>> m = new LinkedHashMap<>();
        for (PauseRow r : shownLabels(intervals)) {
            if (!Double.isNaN(measure.of(r))) m.computeIfAbsent(r.label(), k -> new ArrayList<>()).add(r);
        }
        m.values().removeIf(l -> l.size() < MIN_INTERVALS);
        return m;
    }

    /** The rows of the priorities that paused at all (every row when none did, so a clean series still shows its zeros). */
    static List<PauseRow> shownLabels(List<PauseRow> rows) {
        Set<String> paused = new LinkedHashSet<>();
        for (PauseRow r : rows) if (r.paused()) paused.add(r.label());
        if (paused.isEmpty()) return rows;
        return rows.stream().filter(r -> paused.contains(r.label())).toList();
    }

    private static long countIntervals(List<PauseRow> rows) {
        return byLabel(rows).values().stream().mapToLong(List::size).sum();
    }
}
