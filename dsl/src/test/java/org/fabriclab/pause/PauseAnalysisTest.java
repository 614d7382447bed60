package org.fabriclab.pause;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.util.List;
import java.util.Map;

import org.fabriclab.Fixtures;
import org.fabriclab.capture.Readers;
import org.fabriclab.capture.Telemetry;
import org.fabriclab.catalogue.Direction;
import org.fabriclab.catalogue.Source;
import org.fabriclab.delta.Delta;
import org.fabriclab.plot.Charts;
import org.fabriclab.series.Series;
import org.fabriclab.snapshot.Snapshot;
import org.junit.jupiter.api.Test;
import org.knowm.xchart.CategoryChart;
import org.knowm.xchart.XYChart;

class PauseAnalysisTest {
    static final Path DATASETS = Path.of("..", "datasets");

    static Delta delta(String scenario) {
        return Delta.between(Snapshot.of(DATASETS.resolve(scenario).resolve("before")), Snapshot.of(DATASETS.resolve(scenario).resolve("after")));
    }

    static PauseRow row(PauseAnalysis a, Direction d, String prio) {
        return a.window().stream().filter(r -> r.direction() == d && r.priority().equals(prio)).findFirst().orElseThrow();
    }

    @Test void twoSnapshotsGiveFramesTimeMeanAndDutyCyclePerDirectionAndPriority() {
        PauseAnalysis a = PauseAnalysis.of(delta("roce-pause-storm"), 60.0);
        PauseRow tx = row(a, Direction.TX, "prio3"), rx = row(a, Direction.RX, "prio3");
        assertEquals(150_000L, tx.frames());
        assertEquals(21_500_000L, tx.pauseUs());
        assertEquals(21_500_000.0 / 150_000, tx.meanUsPerFrame(), 1e-9);
        assertEquals(21.5 / 60, tx.dutyCycle(), 1e-12);
        assertEquals(450_000L, rx.pauseUs());
        assertEquals(70_000L, rx.transitions());
        assertTrue(tx.storm());
        assertTrue(a.stormFired());
        var storm = a.storms().stream().filter(s -> !s.warning()).findFirst().orElseThrow();
        assertEquals(2L, storm.delta());
        String text = String.join("\n", a.findings());
        assertTrue(text.contains("tx prio3: 150000 pause frames, 21.50 s paused (143.3 µs per frame)"), text);
        assertTrue(text.contains("our receive path is behind"), text);
        assertTrue(text.contains("the peer throttles us"), text);
        assertTrue(text.contains("duty cycle 35.8%: below SONiC's 80% and 99% bars"), text);
        assertTrue(text.contains("pause-storm watchdog fired 2 times (tx_pause_storm_error_events)"), text);
        assertTrue(String.join("\n", a.summaryLines()).contains("SIGCOMM 2016") && String.join("\n", a.summaryLines()).contains("3036"));
    }

    @Test void withoutTheElapsedTimeThereIsNoDutyCycleAndTheChartShowsTimePaused() {
        PauseAnalysis a = PauseAnalysis.of(delta("roce-pause-storm"), Double.NaN);
        assertTrue(Double.isNaN(row(a, Direction.TX, "prio3").dutyCycle()));
        assertTrue(a.findings().get(0).contains("elapsed time unknown"));
        List<?> charts = a.charts();
        assertEquals(1, charts.size());
        CategoryChart c = (CategoryChart) charts.get(0);
        assertTrue(c.getSeriesMap().containsKey(PauseCharts.WATCHDOG), c.getSeriesMap().keySet().toString());
        assertTrue(Charts.png(a.charts()).length > 1000);
    }

    @Test void twoSnapshotsGetOneBarPerPriorityWithTheReferenceLinesNotADistribution() {
        PauseAnalysis a = PauseAnalysis.of(delta("roce-congestion-10gb"), 10.0);
        assertEquals(1, a.charts().size());
        CategoryChart c = (CategoryChart) a.charts().get(0);
        assertEquals(List.of("duty cycle", PauseCharts.OLD_BAR, PauseCharts.NEW_BAR), List.copyOf(c.getSeriesMap().keySet()));
        assertEquals(a.window().size(), c.getSeriesMap().get("duty cycle").getXData().size());
        assertTrue(Charts.png(a.charts()).length > 1000);
    }

    @Test void aCleanPortShowsZeroBarsAgainstTheReferencesAndNeverFails() {
        Map<String, Long> c = Fixtures.counters("rx_prio3_pause", 10, "rx_prio3_pause_duration", 30, "tx_prio3_pause", 0, "tx_prio3_pause_duration", 0);
        var before = Fixtures.snapshot("b", Fixtures.capture("b/eth", Source.ETHTOOL, "netdev eth0", c, Map.of()));
        var after = Fixtures.snapshot("a", Fixtures.capture("a/eth", Source.ETHTOOL, "netdev eth0", c, Map.of()));
        PauseAnalysis a = PauseAnalysis.of(Delta.between(before, after), 5.0);
        assertFalse(a.paused());
        assertTrue(a.findings().stream().anyMatch(f -> f.contains("no pause on rx prio3, tx prio3")), a.findings().toString());
        assertEquals(0.0, row(a, Direction.RX, "prio3").dutyCycle());
        assertTrue(Charts.png(a.charts()).length > 1000);
    }

    @Test void noPauseCountersMeansNoChartAndASentence() {
        PauseAnalysis a = PauseAnalysis.of(delta("ib-clean-baseline"), Double.NaN);
        assertFalse(a.hasPauseCounters());
        assertTrue(a.charts().isEmpty());
        assertTrue(a.findings().get(0).startsWith("no pause counters"));
    }

    @Test void aResetDurationCounterIsUnusableNotZero() {
        var before = Fixtures.snapshot("b", Fixtures.capture("b/eth", Source.ETHTOOL, "netdev eth0",
                Fixtures.counters("rx_prio3_pause", 10, "rx_prio3_pause_duration", 900), Map.of()));
        var after = Fixtures.snapshot("a", Fixtures.capture("a/eth", Source.ETHTOOL, "netdev eth0",
                Fixtures.counters("rx_prio3_pause", 20, "rx_prio3_pause_duration", 30), Map.of()));
        PauseRow r = PauseAnalysis.of(Delta.between(before, after), 1.0).window().get(0);
        assertEquals(10L, r.frames());
        assertNull(r.pauseUs());
        assertFalse(r.usable());
        assertTrue(r.problem().contains("rx_prio3_pause_duration") && r.problem().contains("reset"), r.problem());
    }

    @Test void framesWithAStillDurationCounterAreSaid() {
        var before = Fixtures.snapshot("b", Fixtures.capture("b/eth", Source.ETHTOOL, "netdev eth0",
                Fixtures.counters("tx_prio3_pause", 10, "tx_prio3_pause_duration", 900), Map.of()));
        var after = Fixtures.snapshot("a", Fixtures.capture("a/eth", Source.ETHTOOL, "netdev eth0",
                Fixtures.counters("tx_prio3_pause", 2_000_010, "tx_prio3_pause_duration", 900), Map.of()));
        PauseAnalysis a = PauseAnalysis.of(Delta.between(before, after), 10.0);
        assertEquals(0L, row(a, Direction.TX, "prio3").pauseUs(), "a duration counter that did not move is 0, read as it is");
        assertTrue(a.findings().stream().anyMatch(l -> l.contains("2000000 pause frames but no time paused")), a.findings().toString());
        // frames and time that moved together say nothing of the kind
        assertTrue(PauseAnalysis.of(delta("roce-pause-storm"), 60.0).findings().stream().noneMatch(l -> l.contains("but no time paused")));
    }

    @Test void aSeriesGivesIntervalsTimelineHistogramAndCdf() {
        var t = Readers.standard().read(DATASETS.resolve("roce-pause-storm/pause-series.csv")).measurements(Telemetry.NAME).orElseThrow();
        PauseAnalysis a = PauseAnalysis.of(Series.of(t));
        long tx = a.intervals().stream().filter(r -> r.label().equals("tx prio3")).count();
        assertEquals(60, tx);
        // the storm intervals (seconds 20-45): python over the CSV counts 18 above 80% (13 above 99%, none above 100%)
        long over80 = a.intervals().stream().filter(r -> r.label().equals("tx prio3") && r.dutyCycle() > 0.8).count();
        assertEquals(18, over80);
        assertEquals(2, a.intervals().stream().filter(PauseRow::storm).map(PauseRow::endMs).distinct().count());
        var charts = a.charts();
        assertEquals(4, charts.size());
        XYChart timeline = (XYChart) charts.get(1);
        assertTrue(timeline.getSeriesMap().containsKey("pause-storm watchdog fired"));
        CategoryChart h = (CategoryChart) charts.get(2);
        int sum = 0;
        for (Number n : h.getSeriesMap().get("tx prio3").getYData()) sum += n.intValue();
        assertEquals(60, sum);
        PauseRow w = a.window().stream().filter(r -> r.label().equals("tx prio3")).findFirst().orElseThrow();
        assertEquals(60.0, w.elapsedS(), 1e-9);
        assertTrue(Charts.png(charts).length > 1000);
    }

    @Test void aSeriesOfTwoSamplesHasNoDistribution() {
        var csv = "timestamp,port,rx_prio3_pause,rx_prio3_pause_duration\n1767225600000,a,1,10\n1767225601000,a,5,500010\n";
        var t = new org.fabriclab.capture.pauseseries.PauseSeriesReader().read(org.fabriclab.capture.Input.ofText("s.csv", csv))
                .measurements(Telemetry.NAME).orElseThrow();
        PauseAnalysis a = PauseAnalysis.of(Series.of(t));
        assertEquals(1, a.charts().size());   // the window bars alone: no one-point timeline, no one-dot CDF
        assertEquals(0.5, a.intervals().get(0).dutyCycle(), 1e-12);
        assertTrue(Charts.png(a.charts()).length > 1000);
    }

    @Test void referencesCompareDutyCycleAndTotalTime() {
        var r = new PauseRow("p", Direction.RX, "prio3", 0, 1000, 1.0, 10L, 995_000L, null, false, null);
        assertTrue(References.compare(r).startsWith("duty cycle 99.5%: above SONiC's 99% bar"), References.compare(r));
        assertTrue(References.compare(r).contains("at least the NIC watchdog's 100 ms"));
        var q = new PauseRow("p", Direction.RX, "prio3", 0, 1000, 1.0, 10L, 850_000L, null, false, null);
        assertTrue(References.compare(q).contains("above SONiC's former 80% bar, below its current 99% bar"));
        var s = new PauseRow("p", Direction.TX, "prio3", 0, 1000, 1.0, 10L, 1_500_000L, null, false, null);
        assertTrue(References.compare(s).contains("more time paused than elapsed"));
        var u = new PauseRow("p", Direction.TX, "prio3", 0, 1000, Double.NaN, 10L, 50_000L, null, false, null);
        assertEquals("50.0 ms paused in total, less than the NIC watchdog's 100 ms", References.compare(u));
    }
}
