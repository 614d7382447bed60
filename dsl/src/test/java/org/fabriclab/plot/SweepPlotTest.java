package org.fabriclab.plot;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import org.fabriclab.catalogue.Layer;
import org.fabriclab.history.History;
import org.fabriclab.history.Labels;
import org.fabriclab.history.PortClasses;
import org.fabriclab.history.RateRule;
import org.fabriclab.history.SweepResult;
import org.fabriclab.series.Series;
import org.junit.jupiter.api.Test;
import org.knowm.xchart.XYChart;

class SweepPlotTest {
    static final long T0 = 1_700_000_000_000L, S = 300_000L;

    /** Two ports, host and switch, symbol errors per hour 0, 120, 1200 on each. */
    static History history() {
        long[] ts = new long[8];
        for (int i = 0; i < 8; i++) ts[i] = T0 + (i % 4) * S;
        Map<String, long[]> c = new LinkedHashMap<>();
        c.put("tx_bytes_phy", new long[] {0, 1, 2, 3, 0, 1, 2, 3});
        c.put("SymbolErrorCounter", new long[] {0, 0, 10, 110, 0, 0, 10, 110});
        return History.of(Series.of(new String[] {"h", "s"}, new int[] {0, 4, 8}, ts, c, Map.of(), null,
                new String[] {"host-switch", "switch-switch"}));
    }

    static final Labels LABELS = Labels.of(List.of(new Labels.Incident("h", Layer.PHYSICAL, T0 + 3 * S, T0 + 3 * S, "burst")));

    static List<Double> y(XYChart c, String series) {
        return new ArrayList<>(c.getSeriesMap().get(series).getYData().length == 0 ? List.of()
                : java.util.Arrays.stream(c.getSeriesMap().get(series).getYData()).boxed().toList());
    }

    @Test void precisionRecallAndAlertsPerDayAreTheSweepsColumns() {
        History h = history();
        SweepResult r = h.sweep(RateRule.symbolErrorsPerHour(), new double[] {50, 500, 5000}, LABELS);
        SweepPlot p = Plots.INSTANCE.sweep(r).chosen(500).budget(48);
        assertEquals(2, p.charts().size());
        XYChart pr = p.precisionRecall(), al = p.alertsPerDay();
        assertEquals(List.of(0.25, 0.5), y(pr, "precision"));         // no alert at 5000: precision undefined, left out
        assertEquals(List.of(1.0, 1.0, 0.0), y(pr, "recall"));
        assertEquals(r.table().doubleColumn("alerts_per_day").asList(), y(al, "alerts per day"));
        assertTrue(pr.getSeriesMap().containsKey("chosen 500"));
        assertTrue(al.getSeriesMap().containsKey("budget 48/day"));
        assertTrue(pr.getStyler().isXAxisLogarithmic());
        assertTrue(pr.getXAxisTitle().contains("per hour"));
        assertEquals(r.table(), p.table());
    }

    @Test void oneCurvePerPortClassWithIntervals() {
        History h = history();
        var s = h.sweep(RateRule.symbolErrorsPerHour(), new double[] {0, 500}, LABELS, PortClasses.of(h));
        SweepPlot p = Plots.INSTANCE.sweep(s).chosen(Map.of("host-switch", 500.0));
        XYChart al = p.alertsPerDay();
        assertTrue(al.getSeriesMap().containsKey("host-switch: alerts per day"));
        assertTrue(al.getSeriesMap().containsKey("switch-switch: alerts per day"));
        assertTrue(al.getSeriesMap().containsKey("all classes: alerts per day"));
        assertFalse(al.getSeriesMap().containsKey("unclassified: alerts per day"));
        assertTrue(al.getSeriesMap().containsKey("chosen host-switch 500"));
        assertFalse(al.getStyler().isXAxisLogarithmic());                 // a bar of 0 cannot sit on a log axis
        assertTrue(p.toHtml().contains("sweep charts"));
    }
}
