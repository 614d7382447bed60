package org.fabriclab;

import static org.fabriclab.Fabric.BER;
import static org.fabriclab.Fabric.ZERO_TOLERANCE;
import static org.fabriclab.Fabric.check;
import static org.fabriclab.Fabric.delta;
import static org.fabriclab.Fabric.healthRules;
import static org.fabriclab.Fabric.plot;
import static org.fabriclab.Fabric.reconcile;
import static org.fabriclab.Fabric.series;
import static org.fabriclab.Fixtures.counters;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import java.util.Map;

import org.fabriclab.check.health.Engine;
import org.fabriclab.reconcile.Case;
import org.fabriclab.snapshot.Snapshot;
import org.junit.jupiter.api.Test;

/** The notebook reads like the analysis: take captures, delta over the test, check, reconcile, plot. */
class FabricAnalysisTest {
    static final String P = "mlx5_0/1";

    static Snapshot at(long sym, long words, long wait, long down) {
        return Fixtures.pqx("t", P, counters("SymbolErrorCounter", sym, "PortXmitData", words, "PortRcvData", 0, "PortXmitWait", wait,
                "LinkDownedCounter", down, "PortRcvErrors", 0, "PortRcvPkts", words / 100), Map.of("rate_gbps", "100"));
    }

    @Test void checkReconcilePlotFromTheDsl() {
        Snapshot before = at(10, 1_000, 0, 0), after = at(12, 1_000 + 30_625_000_000L, 4_000_000, 0);
        var gate = check(delta(before, after)).limits("all=0").grade(ZERO_TOLERANCE);
        assertEquals(3, gate.exitCode());
        var hw = check(delta(before, after)).limits("all=0", "SymbolErrorCounter=10").elapsed(10).grade(BER);
        // the counter limit passes (2 <= 10) but 2 errors over 100 Gb/s x 10 s = 2e-12 is above the BER threshold
        assertEquals(3, hw.exitCode(), hw.toString());
        assertTrue(hw.rows().stream().anyMatch(r -> r.name().equals("SymbolErrorCounter") && r.outcome() == org.fabriclab.check.Outcome.PASS));
    }

    @Test void berPolicyOnTheSameDeltaSeesTheRate() {
        Snapshot before = at(10, 1_000, 0, 0), after = at(11, 1_000 + 30_625_000_000L, 4_000_000, 0);
        var hw = check(delta(before, after)).limits("SymbolErrorCounter=10").elapsed(10).grade(BER);
        assertEquals(0, hw.exitCode(), hw.toString());
        assertTrue(hw.toString().startsWith("policy ber"));
    }

    @Test void reconcileAndPlotFromTheDsl() {
        var perftest = org.fabriclab.reconcile.ReconcileFixtures.perftest("Gb/sec", 97, false, "client");
        var r = reconcile(perftest).counters(at(0, 1_000, 0, 0), at(0, 1_000 + 30_625_000_000L, 4_000_000, 0)).duration(10).rateGbps(100);
        assertEquals(Case.A, r.result().rows().get(0).verdict());
        assertEquals(List.of("perftest BW, case A", "counter BW, case A", "link rate"), List.copyOf(plot.reconcile(r).getSeriesMap().keySet()));
    }

    @Test void healthRulesOverASeriesOfSnapshots() {
        List<Snapshot> snaps = List.of(at(0, 0, 0, 0), at(0, 100, 0, 8), at(0, 200, 0, 16));
        var s = series(snaps, 0, 300_000, 600_000);
        assertEquals(3, s.rows());
        var report = healthRules().run(s);
        assertTrue(report.alerts(Engine.LINK_FLAPS).isEmpty(), "no peer in the series: a flap needs both ends");
        assertTrue(report.notes().stream().anyMatch(n -> n.contains("peer unknown")), report.notes().toString());
    }
}
