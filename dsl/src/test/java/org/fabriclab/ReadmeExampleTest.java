package org.fabriclab;

import static org.fabriclab.Fabric.*;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;

import org.fabriclab.check.CheckRow;
import org.fabriclab.check.Outcome;
import org.fabriclab.history.Choice;
import org.fabriclab.history.Choose;
import org.fabriclab.history.RateRule;
import org.fabriclab.history.Thresholds;
import org.fabriclab.reconcile.Case;
import org.junit.jupiter.api.Test;

/** The README's "DSL in ten lines", line for line, with the results its comments claim. */
class ReadmeExampleTest {

    @Test void theTenLinesDoWhatTheCommentsSay() {
        var inc = incident("../datasets/ib-marginal-optic");
        assertEquals("physical", inc.verdict("mlx5_0/1").verdict());
        var d = delta(snapshot("../datasets/ib-marginal-optic/before"), snapshot("../datasets/ib-marginal-optic/after")).moved(1e12);
        var v = d.classify(IB).port("mlx5_0/1").orElseThrow();
        assertEquals("physical", v.verdict());
        assertEquals(List.of("SymbolErrorCounter"), v.detail());
        assertTrue(d.table().rowCount() > 0);
        assertEquals(org.fabriclab.catalogue.Layer.PHYSICAL, d.byLayer().layers().get(0));
        var pauses = pause(delta(snapshot("../datasets/roce-pause-storm/before"), snapshot("../datasets/roce-pause-storm/after")), 60);
        assertTrue(pauses.window().stream().anyMatch(x -> x.label().equals("tx prio3") && Math.abs(x.dutyCycle() - 21.5 / 60) < 1e-12));
        var plotted = plot.pauseDurations(delta(snapshot("../datasets/roce-pause-storm/before"), snapshot("../datasets/roce-pause-storm/after")), 60);
        assertEquals(pauses.table().toString(), plotted.table().toString(), "plot.pauseDurations(delta, s) is pause(delta, s)");

        var gate = check(d).limits("all=0").grade(ZERO_TOLERANCE);
        List<String> failed = gate.rows().stream().filter(r -> r.outcome() == Outcome.FAIL).map(CheckRow::name).toList();
        assertTrue(failed.contains("SymbolErrorCounter") && failed.contains("packet_seq_err"), failed.toString());

        var b2 = "../datasets/reconcile-b2-fabric-backpressure/";
        var r = reconcile(b2 + "perftest.log").counters(snapshot(b2 + "before"), snapshot(b2 + "after")).duration(10);
        assertTrue(r.result().rows().stream().anyMatch(p -> p.verdict() == Case.B2), r.toString());

        Choice c = history("../datasets/history/history.csv.gz").sweep(RateRule.congestion(), Thresholds.log(100, 100_000, 50),
                labels("../datasets/history/labels.csv")).choose(Choose.maxRecallWithin(50));
        assertEquals(1680.0, c.threshold(), 1e-9);
    }
}
