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
        List<org.knowm.xchart.internal.chartpart.Chart<?, ?>> two = List.of(BerTrend.of(ber(2)).chart(), BerTrend.of(ber(3)).chart());
        Path png = dir.resolve("out/pause.png");
        Charts.write(two, png);
        byte[] b = Files.readAllBytes(png);
        assertArrayEquals(new byte[] {(byte) 0x89, 'P', 'N', 'G'}, Arrays.copyOf(b, 4));
        Path svg = dir.resolve("ber.svg");
        Charts.write(List.of(BerTrend.of(ber(2)).chart()), svg);
        assertTrue(Files.readString(svg).contains("<svg"));
        try (var files = Files.list(dir.resolve("out"))) {
            assertEquals(List.of("pause.png"), files.map(f -> f.getFileName().toString()).toList(), "no temporary file left behind");
        }
        assertThrows(IllegalArgumentException.class, () -> Charts.write(two, dir.resolve("two.svg")));
        assertThrows(IllegalArgumentException.class, () -> Charts.write(two, dir.resolve("x.jpg")));
        assertFalse(Files.exists(dir.resolve("two.svg")));
    }
}
