package org.fabriclab.engines.duckdb;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;

import org.fabriclab.catalogue.Layer;
import org.fabriclab.engines.Agreement;
import org.fabriclab.engines.Histories;
import org.fabriclab.history.ClassSweep;
import org.fabriclab.history.History;
import org.fabriclab.history.HistoryFile;
import org.fabriclab.history.Labels;
import org.fabriclab.history.PortClasses;
import org.fabriclab.history.PrimitiveSweepEngine;
import org.fabriclab.history.Progress;
import org.fabriclab.history.RateRule;
import org.fabriclab.history.SweepEngine;
import org.fabriclab.history.SweepEngines;
import org.fabriclab.history.SweepResult;
import org.fabriclab.history.Thresholds;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Rules beyond congestion and sweeps by port class: DuckDB (SweepSql) gives the primitive engine's tables, cell for cell. */
class DuckDbRuleAgreementTest {
    @TempDir Path dir;

    @Test void everyRuleKindAndEveryPortClassAgree() {
        History h = Histories.roles();
        PortClasses classes = PortClasses.of(h);
        SweepEngine duck = new DuckDbSweepEngine(Map.of());
        for (RateRule rule : Histories.beyondCongestion()) {
            double[] th = Histories.grid(rule);
            ClassSweep mem = new PrimitiveSweepEngine(1).sweep(h, rule, th, Histories.roleLabels(), classes, Progress.NONE);
            ClassSweep db = duck.sweep(h, rule, th, Histories.roleLabels(), classes, Progress.NONE);
            Agreement.same(mem, db, 1e6);
            assertTrue(mem.total().measured() > 0, rule.toString());
            // the plain sweep is the classes' total
            Agreement.same(new PrimitiveSweepEngine(1).sweep(h, rule, th, Histories.roleLabels(), Progress.NONE),
                    duck.sweep(h, rule, th, Histories.roleLabels(), Progress.NONE), 1e6);
        }
    }

    @Test void theGapRuleHoldsForRulesPerHour() {
        SweepResult r = new PrimitiveSweepEngine(1).sweep(Histories.roles(), RateRule.symbolErrorsPerHour(), new double[] {1},
                Histories.roleLabels(), Progress.NONE);
        assertEquals(10, r.intervals());
        assertEquals(8, r.measured());              // h: the 3-step gap; s: the reset
    }

    @Test void measurementsAreReadAsDoublesFromCsv() throws IOException {
        History h = Histories.roles();
        Path csv = dir.resolve("ber.csv");
        StringBuilder b = new StringBuilder("timestamp,port,tx_bytes_phy,effective_ber\n");
        double[] ber = h.series().measure("effective_ber");
        for (int r = 0; r < h.rows(); r++) {
            b.append(h.time()[r]).append(',').append(h.ports().get(h.port()[r])).append(',').append(h.values("tx_bytes_phy")[r]).append(',')
                    .append(Double.isNaN(ber[r]) ? "" : Double.toString(ber[r])).append('\n');
        }
        Files.writeString(csv, b);
        RateRule rule = RateRule.measured("effective_ber");
        double[] th = Thresholds.log(1e-16, 1e-9, 20);
        PortClasses classes = PortClasses.of(h);
        ClassSweep mem = new PrimitiveSweepEngine(1).sweep(h, rule, th, Histories.roleLabels(), classes, Progress.NONE);
        ClassSweep db = SweepEngines.duckdb().sweep(HistoryFile.of(csv), rule, th, Histories.roleLabels(), classes, Progress.NONE);
        Agreement.same(mem, db, 1e6);
        assertEquals(8, db.total().measured());      // h: a NaN sample, and the gap (a measurement after a gap has no value either)
    }

    @Test void theBundledHistoryAgreesForRulesBeyondCongestion() throws IOException {
        Path csv = Histories.BUNDLED.resolve("history.csv.gz");
        Labels labels = Labels.load(Histories.BUNDLED.resolve("labels.csv"));
        History h = History.load(csv);
        Path pq = dir.resolve("history.parquet");
        new DuckDbParquet().write(h, pq);
        SweepEngine duck = SweepEngines.duckdb();
        List<RateRule> rules = List.of(RateRule.symbolErrorsPerHour(),
                RateRule.of(org.fabriclab.catalogue.Role.DISCARD, org.fabriclab.catalogue.Direction.RX).perGb(),
                RateRule.errorCount("packet_seq_err").layer(Layer.TRANSPORT_RETRY));
        for (RateRule rule : rules) {
            double[] th = Histories.grid(rule);
            SweepResult mem = new PrimitiveSweepEngine(2).sweep(h, rule, th, labels, Progress.NONE);
            assertTrue(mem.positives() > 0, rule + ": the bundled labels score it");
            Agreement.same(mem, duck.sweep(HistoryFile.of(pq), rule, th, labels, Progress.NONE), 50);
        }
        RateRule sym = RateRule.symbolErrorsPerHour();
        Agreement.same(new PrimitiveSweepEngine(2).sweep(h, sym, Histories.grid(sym), labels, Progress.NONE),
                duck.sweep(HistoryFile.of(csv), sym, Histories.grid(sym), labels, Progress.NONE), 50);
    }
}
