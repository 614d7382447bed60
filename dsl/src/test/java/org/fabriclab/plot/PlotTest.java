package org.fabriclab.plot;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import org.fabriclab.check.health.Alert;
import org.fabriclab.check.health.Engine;
import org.fabriclab.check.health.Mode;
import org.fabriclab.reconcile.Case;
import org.fabriclab.reconcile.PortReconciliation;
import org.fabriclab.reconcile.Reconciliation;
import org.fabriclab.series.Series;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.knowm.xchart.CategoryChart;
import org.knowm.xchart.XYChart;

/** Charts are asserted by their series, titles, axis titles and scales, not by pixels. */
class PlotTest {
    static final long MIN = 60_000L;

    /** {@code ports} ports, 4 samples 5 minutes apart, rx_prio3 pause pairs; the last port storms in its last interval. */
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
                pause[i] = j * 100L;              // 100 pauses per interval
                dur[i] = j * 100L * (5 + p % 3);  // 5, 6 or 7 us per pause
                if (p == ports - 1 && j == m - 1) { dur[i] = dur[i - 1] + 100L * 40_000; } // 40 ms per pause: a storm
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

    @Test void pauseDurationPerEventIsDurationDeltaOverPauseDelta() {
        PausePlot p = PausePlot.of(pauses(3));
        var t = p.table();
        assertEquals(9, t.rowCount());
        assertEquals(5.0, t.doubleColumn("mean_us").get(0));
        assertEquals(40_000.0, t.doubleColumn("mean_us").get(8));
        assertTrue(t.booleanColumn("storm").get(8));
        assertEquals(1, p.stormIntervals());
    }

    @Test void pauseHistogramAndCdfHaveSeriesAxesTitlesAndLogX() {
        PausePlot p = PausePlot.of(pauses(500));
        CategoryChart h = p.histogram();
        assertEquals(List.of("rx prio3", PausePlot.STORM_SERIES), new ArrayList<>(h.getSeriesMap().keySet()));
        assertTrue(h.getTitle().startsWith("Pause duration per pause event, by priority (500 ports"), h.getTitle());
        assertTrue(h.getXAxisTitle().contains("(µs)"));
        assertEquals("port-intervals (count)", h.getYAxisTitle());
        assertTrue(h.getStyler().isLegendVisible());
        XYChart c = p.cdf();
        assertEquals(List.of("rx prio3", PausePlot.STORM_SERIES), new ArrayList<>(c.getSeriesMap().keySet()));
        assertTrue(c.getStyler().isXAxisLogarithmic());
        assertEquals("fraction of port-intervals ≤ x", c.getYAxisTitle());
        assertArrayEquals(new double[] {40_000.0}, c.getSeriesMap().get(PausePlot.STORM_SERIES).getXData());
    }

    @Test void twoSnapshotsOrACleanPortGiveAHistogramThatSaysSoNotADegenerateCdf() {
        PausePlot one = PausePlot.of(pauses(3));
        assertEquals(2, one.charts().size());
        long[] ts = {0, 1000};
        Series two = Series.of(new String[] {"a"}, new int[] {0, 2}, ts, Map.of("rx_prio3_pause", new long[] {1, 9},
                "rx_prio3_pause_duration", new long[] {10, 90}), Map.of(), null, null);
        PausePlot p = PausePlot.of(two);
        assertEquals(1, p.charts().size(), "one interval: no one-dot CDF");
        assertEquals(List.of("rx prio3"), new ArrayList<>(((CategoryChart) p.charts().get(0)).getSeriesMap().keySet()), "no duplicate storm bar");
        assertTrue(org.fabriclab.plot.Charts.png(p.charts()).length > 1000);
        Series clean = Series.of(new String[] {"a"}, new int[] {0, 2}, ts, Map.of("rx_prio3_pause", new long[] {1, 1},
                "rx_prio3_pause_duration", new long[] {10, 10}), Map.of(), null, null);
        PausePlot q = PausePlot.of(clean);
        assertEquals(List.of(PausePlot.NO_PAUSE_SERIES), new ArrayList<>(((CategoryChart) q.charts().get(0)).getSeriesMap().keySet()));
        assertTrue(org.fabriclab.plot.Charts.png(q.charts()).length > 1000);
    }

    @Test void noPausePairsIsAClearError() {
        Series s = Series.of(new String[] {"a"}, new int[] {0, 1}, new long[] {0}, Map.of("rx_prio3_pause", new long[] {1}), Map.of(), null, null);
        var e = assertThrows(IllegalArgumentException.class, () -> PausePlot.of(s));
        assertTrue(e.getMessage().contains("pause_duration"));
    }

    static Series ber(int ports) {
        int m = 6, n = ports * m;
        long[] ts = new long[n];
        double[] v = new double[n];
        String[] names = new String[ports];
        int[] start = new int[ports + 1];
        for (int p = 0; p < ports; p++) {
            names[p] = "guid 0x" + String.format("%016x", p) + "/1";
            start[p] = p * m;
            for (int j = 0; j < m; j++) {
                ts[p * m + j] = 1_700_000_000_000L + j * 5 * MIN;
                v[p * m + j] = p == 0 && j == 5 ? 5e-12 : 1e-15 * (1 + p % 7);
            }
        }
        start[ports] = n;
        return Series.of(names, start, ts, Map.of(), Map.of("symbol_ber", v), null, null);
    }

    @Test void berTrendPerPortWithLogYThresholdAndAlerts() {
        Alert a = new Alert(Engine.FAILURE_DETECTION, "symbol-errors-12min", "guid 0x0000000000000001/1", 1_700_000_000_000L + 10 * MIN,
                1_700_000_000_000L + 10 * MIN, 4, 2.88, Mode.SHADOW, "");
        XYChart c = BerTrend.of(ber(3)).alerts(List.of(a)).chart();
        assertTrue(c.getStyler().isYAxisLogarithmic());
        assertEquals(List.of("guid 0x0000000000000000/1", "guid 0x0000000000000001/1", "guid 0x0000000000000002/1", "threshold 1.0E-12", "alerts (2)"),
                new ArrayList<>(c.getSeriesMap().keySet()));
        assertEquals("time (UTC)", c.getXAxisTitle());
        assertEquals("symbol ber (errors per bit, log scale)", c.getYAxisTitle());
        assertTrue(c.getTitle().startsWith("symbol ber trend, 3 ports"));
    }

    @Test void berTrendWith500PortsAggregates() {
        XYChart c = BerTrend.of(ber(500)).chart();
        List<String> names = new ArrayList<>(c.getSeriesMap().keySet());
        assertTrue(names.size() <= 3 + 5 + 2, names.toString());
        assertEquals(List.of("median across ports", "p99 across ports", "max across ports"), names.subList(0, 3));
        assertTrue(names.contains("guid 0x0000000000000000/1"), "the worst port is drawn");
        assertTrue(c.getTitle().contains("500 ports (median, p99, max across ports; 5 worst ports drawn)"), c.getTitle());
    }

    static PortReconciliation row(String port, Case k, double perftestGbps, double counterGbps) {
        return new PortReconciliation(port, "client", "ib_write_bw", "f", false, "Gb/sec", 10, perftestGbps * 1e9 / 8, 0L, 0L,
                counterGbps * 1e9 / 8, Double.NaN, counterGbps * 1e9 / 8, 100, 0, k, "", List.of());
    }

    @Test void reconcileChartSideBySideColouredByCase() {
        Reconciliation r = new Reconciliation(List.of(row("mlx5_0/1", Case.A, 97, 98), row("mlx5_1/1", Case.B1, 30, 31)), List.of());
        XYChart c = ReconcileChart.of(r).chart();
        assertEquals(List.of("perftest BW, case A", "counter BW, case A", "perftest BW, case B1", "counter BW, case B1", "link rate"),
                new ArrayList<>(c.getSeriesMap().keySet()));
        assertEquals("bandwidth (Gb/s)", c.getXAxisTitle());
        assertEquals("port / test", c.getYAxisTitle());
        assertEquals(ReconcileChart.COLOURS.get(Case.A), c.getSeriesMap().get("counter BW, case A").getMarkerColor());
        assertEquals("mlx5_0/1 client", c.getStyler().getyAxisTickLabelsFormattingFunction().apply(1.0), "first row on top");
        assertEquals("mlx5_1/1 client", c.getStyler().getyAxisTickLabelsFormattingFunction().apply(0.0));
    }

    @Test void reconcileChartWith500RowsIsANormalisedScatter() {
        List<PortReconciliation> rows = new ArrayList<>();
        for (int i = 0; i < 500; i++) rows.add(row("p" + i, i % 2 == 0 ? Case.A : Case.B2, i % 2 == 0 ? 95 : 40, 96));
        XYChart c = ReconcileChart.of(new Reconciliation(rows, List.of())).chart();
        assertEquals(List.of("case A (250)", "case B2 (250)", "line rate (1.0)"), new ArrayList<>(c.getSeriesMap().keySet()));
        assertEquals("perftest BW / link rate (fraction)", c.getXAxisTitle());
    }

    @Test void writesPngAndSvgAtomically(@TempDir Path dir) throws Exception {
        PausePlot p = PausePlot.of(pauses(4));
        Path png = dir.resolve("out/pause.png");
        Charts.write(p.charts(), png);
        byte[] b = Files.readAllBytes(png);
        assertArrayEquals(new byte[] {(byte) 0x89, 'P', 'N', 'G'}, Arrays.copyOf(b, 4));
        Path svg = dir.resolve("ber.svg");
        Charts.write(List.of(BerTrend.of(ber(2)).chart()), svg);
        assertTrue(Files.readString(svg).contains("<svg"));
        try (var files = Files.list(dir.resolve("out"))) {
            assertEquals(List.of("pause.png"), files.map(f -> f.getFileName().toString()).toList(), "no temporary file left behind");
        }
        assertThrows(IllegalArgumentException.class, () -> Charts.write(p.charts(), dir.resolve("two.svg")));
        assertThrows(IllegalArgumentException.class, () -> Charts.write(p.charts(), dir.resolve("x.jpg")));
        assertFalse(Files.exists(dir.resolve("two.svg")));
    }
}
