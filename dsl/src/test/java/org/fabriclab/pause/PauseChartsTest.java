package org.fabriclab.pause;

import static org.fabriclab.Fabric.plot;
import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import org.fabriclab.catalogue.Direction;
import org.fabriclab.delta.Delta;
import org.fabriclab.plot.Charts;
import org.fabriclab.series.Series;
import org.fabriclab.snapshot.Snapshot;
import org.junit.jupiter.api.Test;
import org.knowm.xchart.CategoryChart;
import org.knowm.xchart.XYChart;

/** What the former plot.PausePlot drew, now from the one pause analysis; charts asserted by series and titles, not pixels. */
class PauseChartsTest {
    static final long MIN = 60_000L;

    /** {@code ports} ports, 4 samples 5 minutes apart, rx_prio3 pause pairs; the last port storms (watchdog +1, 80% paused) in its last interval. */
    static Series pauses(int ports) {
        int m = 4, n = ports * m;
        long[] ts = new long[n], pause = new long[n], dur = new long[n], storm = new long[n];
        String[] names = new String[ports];
        int[] start = new int[ports + 1];
        for (int p = 0; p < ports; p++) {
            names[p] = "netdev eth" + p;
            start[p] = p * m;
            for (int j = 0; j < m; j++) {
                int i = p * m + j;
                ts[i] = j * 5 * MIN;
                pause[i] = j * 100L;                       // 100 pauses per interval
                dur[i] = j * 3_000_000L * (1 + p % 3);     // 1, 2 or 3% of each 300 s interval
                if (p == ports - 1 && j == m - 1) dur[i] = dur[i - 1] + 240_000_000L;   // 240 s of 300 s: 80%, a storm
                storm[i] = p == ports - 1 && j == m - 1 ? 1 : 0;
            }
        }
        start[ports] = n;
        Map<String, long[]> c = new LinkedHashMap<>();
        c.put("rx_prio3_pause", pause);
        c.put("rx_prio3_pause_duration", dur);
        c.put("tx_pause_storm_error_events", storm);
        return Series.of(names, start, ts, c, Map.of(), null, null);
    }

    @Test void plotPauseDurationsOfADeltaIsThePauseAnalysis() {
        Path ds = Path.of("..", "datasets", "roce-pause-storm");
        Delta d = Delta.between(Snapshot.of(ds.resolve("before")), Snapshot.of(ds.resolve("after")));
        PauseAnalysis withTime = plot.pauseDurations(d, 60.0);
        PauseRow tx = withTime.window().stream().filter(r -> r.direction() == Direction.TX && r.priority().equals("prio3")).findFirst().orElseThrow();
        assertEquals(21.5 / 60, tx.dutyCycle(), 1e-12);
        assertEquals(withTime.table().toString(), org.fabriclab.Fabric.pause(d, 60.0).table().toString(), "the same analysis as pause(delta, s)");
        PauseAnalysis noTime = plot.pauseDurations(d);
        assertTrue(noTime.findings().get(0).contains("elapsed time unknown"));
        assertTrue(((CategoryChart) noTime.charts().get(0)).getSeriesMap().containsKey(PauseCharts.WATCHDOG));
    }

    @Test void perIntervalMeanPerFrameAndStormFromASeries() {
        PauseAnalysis p = plot.pauseDurations(pauses(3));
        var t = p.intervalsTable();
        assertEquals(9, t.rowCount());
        assertEquals(30_000.0, t.doubleColumn("mean_us_per_frame").get(0));    // 3 s over 100 frames
        assertEquals(0.01, t.doubleColumn("duty_cycle").get(0), 1e-12);
        assertEquals(2_400_000.0, t.doubleColumn("mean_us_per_frame").get(8));
        assertTrue(t.booleanColumn("storm").get(8));
        assertEquals(1, p.intervals().stream().filter(PauseRow::storm).count());
        assertTrue(p.stormFired());
    }

    @Test void histogramAndCdfMarkThePauseStormIntervals() {
        PauseAnalysis p = plot.pauseDurations(pauses(500));
        assertTrue(p.hasDistribution());
        CategoryChart h = p.histogram();
        assertEquals(List.of("rx prio3", PauseCharts.STORM_SERIES), new ArrayList<>(h.getSeriesMap().keySet()));
        assertTrue(h.getTitle().contains("1500 port-intervals"), h.getTitle());
        assertEquals("port-intervals (count)", h.getYAxisTitle());
        assertTrue(h.getStyler().isLegendVisible());
        int storms = 0;
        for (Number n : h.getSeriesMap().get(PauseCharts.STORM_SERIES).getYData()) storms += n.intValue();
        assertEquals(1, storms);
        XYChart c = p.cdf();
        assertTrue(c.getSeriesMap().containsKey(PauseCharts.STORM_SERIES), c.getSeriesMap().keySet().toString());
        assertEquals("fraction of port-intervals ≤ x", c.getYAxisTitle());
        assertArrayEquals(new double[] {80.0}, c.getSeriesMap().get(PauseCharts.STORM_SERIES).getXData(), 1e-9);
        assertEquals(4, p.charts().size(), "window bars, timeline, histogram, CDF");
    }

    /**
     * Three samples (t0 t1 t2) are two intervals: each is drawn over its own span, so the first starts the line at 0 s
     * (it was a point at its end, 10 s, and the chart looked empty before it); and a second priority's line is not
     * the orange of the 80% bar.
     */
    @Test void theTimelineDrawsEachIntervalOverItsSpanInColoursApartFromTheBars() {
        long[] ts = {0, 10_000, 20_000};
        Series s = Series.of(new String[] {"mlx5_1/1"}, new int[] {0, 3}, ts, Map.of(
                "rx_prio3_pause", new long[] {0, 10, 20}, "rx_prio3_pause_duration", new long[] {0, 7_000_000, 14_000_000},
                "tx_prio3_pause", new long[] {0, 10, 20}, "tx_prio3_pause_duration", new long[] {0, 90_000, 180_000}), Map.of(), null, null);
        XYChart t = (XYChart) plot.pauseDurations(s).charts().get(1);
        var rx = t.getSeriesMap().get("mlx5_1/1 rx prio3");
        assertArrayEquals(new double[] {0, 10, 10, 20}, rx.getXData(), 1e-9);
        assertArrayEquals(new double[] {70, 70, 70, 70}, rx.getYData(), 1e-9);
        assertTrue(Charts.png(List.of(t)).length > 1000);   // XChart gives unset series their palette colours when it draws
        java.util.Set<java.awt.Color> bars = java.util.Set.of(t.getSeriesMap().get(PauseCharts.OLD_BAR).getLineColor(),
                t.getSeriesMap().get(PauseCharts.NEW_BAR).getLineColor());
        for (String k : List.of("mlx5_1/1 rx prio3", "mlx5_1/1 tx prio3")) {
            assertTrue(!bars.contains(t.getSeriesMap().get(k).getLineColor()), k + " drawn in a reference bar's colour");
        }
    }

    @Test void noStormSeriesWithoutAStormAndNoDistributionFromFewIntervals() {
        long[] ts = {0, 1000, 2000, 3000};
        Series calm = Series.of(new String[] {"a"}, new int[] {0, 4}, ts, Map.of("rx_prio3_pause", new long[] {0, 10, 20, 30},
                "rx_prio3_pause_duration", new long[] {0, 100, 200, 300}), Map.of(), null, null);
        PauseAnalysis p = plot.pauseDurations(calm);
        assertEquals(List.of("rx prio3"), new ArrayList<>(p.histogram().getSeriesMap().keySet()), "no row of zero storm bars");
        Series two = Series.of(new String[] {"a"}, new int[] {0, 2}, new long[] {0, 1000}, Map.of("rx_prio3_pause", new long[] {1, 9},
                "rx_prio3_pause_duration", new long[] {10, 90}), Map.of(), null, null);
        PauseAnalysis q = plot.pauseDurations(two);
        assertEquals(1, q.charts().size(), "one interval: the window bars alone, no one-point timeline or one-dot CDF");
        assertThrows(IllegalStateException.class, q::cdf);
        assertTrue(Charts.png(q.charts()).length > 1000);
    }

    @Test void aCleanSeriesShowsItsZerosNeverAnException() {
        long[] ts = {0, 1000, 2000, 3000};
        Series clean = Series.of(new String[] {"a"}, new int[] {0, 4}, ts, Map.of("rx_prio3_pause", new long[] {1, 1, 1, 1},
                "rx_prio3_pause_duration", new long[] {10, 10, 10, 10}), Map.of(), null, null);
        PauseAnalysis p = plot.pauseDurations(clean);
        assertTrue(!p.paused());
        var charts = p.charts();
        assertEquals(4, charts.size());
        CategoryChart bars = (CategoryChart) charts.get(0);
        assertEquals(0.0, bars.getSeriesMap().get("duty cycle").getYData().iterator().next().doubleValue());
        assertTrue(Charts.png(charts).length > 1000);
    }

    @Test void aSeriesWithoutPauseCountersIsAClearErrorWhenCharted() {
        Series s = Series.of(new String[] {"a"}, new int[] {0, 2}, new long[] {0, 1000}, Map.of("port_rcv_errors", new long[] {1, 2}), Map.of(), null, null);
        PauseAnalysis p = plot.pauseDurations(s);
        assertTrue(p.charts().isEmpty());
        var e = assertThrows(IllegalArgumentException.class, p::requirePauseCounters);
        assertTrue(e.getMessage().contains("pause_duration") && e.getMessage().contains("ethtool -S"), e.getMessage());
        // a pause counter without its duration is not an error: the frames count, the row says what is missing
        Series half = Series.of(new String[] {"a"}, new int[] {0, 2}, new long[] {0, 1000}, Map.of("rx_prio3_pause", new long[] {1, 5}), Map.of(), null, null);
        PauseAnalysis h = plot.pauseDurations(half);
        assertSame(h, h.requirePauseCounters());
        assertEquals(4L, h.intervals().get(0).frames());
        assertTrue(h.intervals().get(0).problem().contains("rx_prio3_pause_duration is not captured"), h.intervals().get(0).problem());
        assertTrue(Charts.png(h.charts()).length > 1000);
    }

    /**
     * A NIC without a pause-duration counter (Intel ice: rx_priority_3_xoff.nic only): a series of its snapshots sums the
     * frames over the window and charts pause frames per second, per interval and as a distribution, never a row of
     * "unusable" bars or a chart with no usable interval; no duty-cycle bar is drawn beside frame rates.
     */
    @Test void framesWithoutDurationChartTheFrameRate() {
        // one port, 6 samples 10 s apart: 0, 300k, 1.2M, 2.7M, 4.8M, 7.5M frames (30k to 270k a second)
        long[] ts = new long[6], pause = new long[6];
        for (int i = 0; i < 6; i++) { ts[i] = i * 10_000L; pause[i] = (long) i * i * 300_000L; }
        Series s = Series.of(new String[] {"netdev ens1f0"}, new int[] {0, 6}, ts, Map.of("rx_prio3_pause", pause), Map.of(), null, null);
        PauseAnalysis p = plot.pauseDurations(s);
        PauseRow w = p.window().get(0);
        assertEquals(7_500_000L, w.frames(), "the frames are summed although no interval has a time paused");
        assertEquals(50.0, w.elapsedS(), 1e-9);
        assertEquals(150_000.0, w.framesPerSecond(), 1e-9);
        assertEquals(null, w.pauseUs());
        assertTrue(Double.isNaN(w.dutyCycle()));
        assertTrue(w.problem().contains("rx_prio3_pause_duration is not captured"), w.problem());
        var charts = p.charts();
        assertEquals(4, charts.size(), "window bars, timeline, histogram and CDF");
        CategoryChart bars = (CategoryChart) charts.get(0);
        assertTrue(bars.getTitle().startsWith("Pause frames per second over the window (50.00 s"), bars.getTitle());
        assertEquals(150_000.0, bars.getSeriesMap().get("pause frames per second").getYData().iterator().next().doubleValue(), 1e-9);
        assertTrue(bars.getSeriesMap().keySet().stream().noneMatch(k -> k.contains("SONiC") || k.contains("watchdog")), bars.getSeriesMap().keySet().toString());
        XYChart line = (XYChart) charts.get(1);
        assertTrue(line.getTitle().startsWith("Pause frames per second per interval"), line.getTitle());
        assertTrue(!line.getSeriesMap().containsKey("no usable interval"));
        assertTrue(line.getSeriesMap().keySet().stream().noneMatch(k -> k.contains("SONiC")));
        CategoryChart hist = (CategoryChart) charts.get(2);
        // 30k, 90k (10k-100k) and 150k, 210k, 270k (100k-1M) a second
        assertEquals(List.of(0, 0, 0, 0, 0, 0, 2, 3, 0), ints(hist.getSeriesMap().get("rx prio3").getYData()));
        assertTrue(((XYChart) charts.get(3)).getTitle().startsWith("Pause frame rate: CDF"));
        assertTrue(p.findings().stream().anyMatch(l -> l.contains("pause frames per second median 150000.0")), p.findings().toString());
        assertTrue(Charts.png(charts).length > 1000);
    }

    @Test void rateBinsByDecade() {
        assertEquals(0, PauseCharts.rateBin(0));
        assertEquals(1, PauseCharts.rateBin(0.5));
        assertEquals(2, PauseCharts.rateBin(1));
        assertEquals(4, PauseCharts.rateBin(999.9));
        assertEquals(5, PauseCharts.rateBin(1000));
        assertEquals(8, PauseCharts.rateBin(3e9));
        assertEquals(PauseCharts.RATE_BINS.length - 1, PauseCharts.rateBin(1e6));
    }

    /** A two-snapshot window without durations and without a known length charts the frames, with no reference line. */
    @Test void aWindowWithFramesOnlyChartsTheFrames() {
        PauseRow r = new PauseRow("netdev ens1f0", Direction.RX, "prio3", Long.MIN_VALUE, Long.MIN_VALUE, Double.NaN, 4_500_000L, null, null,
                false, "rx_prio3_pause_duration is not captured");
        CategoryChart c = PauseCharts.window(List.of(r));
        assertTrue(c.getTitle().startsWith("Pause frames over the window"), c.getTitle());
        assertEquals(List.of("rx prio3"), new ArrayList<>(c.getSeriesMap().get("pause frames").getXData()).stream().map(Object::toString).toList());
        assertEquals(1, c.getSeriesMap().size());
    }

    private static List<Integer> ints(java.util.Collection<? extends Number> ys) {
        List<Integer> out = new ArrayList<>();
        for (Number y : ys) out.add(y.intValue());
        return out;
    }
}
