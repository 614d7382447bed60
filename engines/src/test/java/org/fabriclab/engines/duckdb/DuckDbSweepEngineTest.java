package org.fabriclab.engines.duckdb;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import org.fabriclab.capture.CaptureException;
import org.fabriclab.catalogue.Layer;
import org.fabriclab.delta.Rules;
import org.fabriclab.engines.Agreement;
import org.fabriclab.history.History;
import org.fabriclab.history.HistoryFile;
import org.fabriclab.history.Labels;
import org.fabriclab.history.PrimitiveSweepEngine;
import org.fabriclab.history.Progress;
import org.fabriclab.history.RateRule;
import org.fabriclab.history.SweepEngine;
import org.fabriclab.history.SweepEngines;
import org.fabriclab.history.SweepResult;
import org.fabriclab.history.Thresholds;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class DuckDbSweepEngineTest {
    static final Path BUNDLED = Path.of("..", "datasets", "history");
    static final long T0 = 1_700_000_000_000L, STEP = 300_000L, X = Rules.ABSENT, GB = 1_000_000_000L;
    @TempDir Path dir;

    /** Every kind of interval: readable, missing sample, reset, a gap, no traffic; a second port. */
    static History handmade() {
        long[] time = new long[14];
        for (int i = 0; i < 10; i++) time[i] = T0 + (i < 7 ? i : i + 2) * STEP;
        for (int i = 10; i < 14; i++) time[i] = T0 + (i - 10) * STEP;
        long[] bytes = {1000 * GB, 1010 * GB, 1020 * GB, X, 1040 * GB, 5 * GB, 15 * GB, 25 * GB, 25 * GB, 45 * GB, GB, 3 * GB, 3 * GB, 9 * GB};
        long[] pause = {100, 20_100, 25_100, X, 25_100, 0, 0, 0, 0, 2_000, 7, 4_007, 4_007, 4_008};
        long[] rp = {0, 0, 0, X, 0, 0, 30_000, 30_000, 30_000, 30_000, 0, 0, 0, 0};
        long[] np = {0, 0, 0, X, 0, 0, 0, 0, 0, 4_000, 0, 0, X, 0};
        Map<String, long[]> c = new LinkedHashMap<>();
        c.put("tx_bytes_phy", bytes);
        c.put("rx_prio3_pause", pause);
        c.put("rp_cnp_handled", rp);
        c.put("np_cnp_sent", np);
        int[] port = {0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 1, 1, 1, 1};
        return History.of("handmade", List.of("a", "b"), time, port, c, Map.of(), 0);
    }

    /** Bytes in 32-bit classic PMA data words (x4, saturating at 2^32-1): pegged intervals and the scale. */
    static History pegged() {
        long[] time = {T0, T0 + STEP, T0 + 2 * STEP, T0 + 3 * STEP, T0 + 4 * STEP};
        Map<String, long[]> c = new LinkedHashMap<>();
        c.put("PortXmitData", new long[] {4_000_000_000L, 4_100_000_000L, 4_294_967_295L, 4_294_967_295L, 5});
        c.put("rx_prio3_pause", new long[] {0, 4_000_000, 8_000_000, 9_000_000, 9_000_100});
        c.put("rp_cnp_handled", new long[] {0, 0, 0, 0, 0});
        c.put("np_cnp_sent", new long[] {0, 0, 0, 0, 0});
        return History.of("pegged", List.of("a"), time, new int[5], c, Map.of("PortXmitData", org.fabriclab.catalogue.Source.PERFQUERY), 0);
    }

    static Labels labels() {
        return Labels.of(List.of(
                new Labels.Incident("a", Layer.CONGESTION, T0 + STEP, T0 + STEP, "one interval"),
                new Labels.Incident("a", Layer.CONGESTION, T0 + STEP, T0 + 2 * STEP, "overlapping: counted once"),
                new Labels.Incident("a", Layer.CONGESTION, T0 + 5 * STEP, T0 + 6 * STEP, "reset then CNP"),
                new Labels.Incident("b", Layer.CONGESTION, T0, T0 + 9 * STEP, "pegged"),
                new Labels.Incident("a", Layer.PHYSICAL, T0, T0 + 20 * STEP, "another layer: ignored"),
                new Labels.Incident("zz", Layer.CONGESTION, T0, T0 + 20 * STEP, "a port the history lacks")));
    }

    @Test void everyKindOfIntervalGivesTheSameTableAsTheInMemoryEngine() {
        double[] th = {150, 1000, 2500};
        for (History h : List.of(handmade(), pegged())) {
            for (RateRule rule : List.of(RateRule.congestion(), RateRule.congestion().withCombine(RateRule.Combine.SUM))) {
                SweepResult mem = new PrimitiveSweepEngine(1).sweep(h, rule, th, labels(), Progress.NONE);
                SweepResult duck = new DuckDbSweepEngine(Map.of()).sweep(h, rule, th, labels(), Progress.NONE);
                Agreement.same(mem, duck, 1e9);
                assertEquals("duckdb", duck.engine());
            }
        }
        SweepResult mem = new PrimitiveSweepEngine(1).sweep(handmade(), RateRule.congestion(), th, labels(), Progress.NONE);
        assertEquals(12, mem.intervals());
        assertEquals(5, mem.measured());            // a: rows 1, 2, 6, 9 (3-4 missing, 5 reset, 7 gap, 8 idle); b: row 11 (12 idle, 13 missing)
        SweepResult peg = new PrimitiveSweepEngine(1).sweep(pegged(), RateRule.congestion(), th, labels(), Progress.NONE);
        assertEquals(4, peg.intervals());
        assertEquals(1, peg.measured());            // only the first: then pegged at 2^32-1, then a reset
    }

    @Test void theBundledHistoryGivesTheSameTableOverCsvGzipAndParquet() throws IOException {
        Path csv = BUNDLED.resolve("history.csv.gz");
        Labels labels = Labels.load(BUNDLED.resolve("labels.csv"));
        double[] th = Thresholds.log(100, 100_000, 50);
        History h = History.load(csv);
        SweepResult mem = new PrimitiveSweepEngine(2).sweep(h, RateRule.congestion(), th, labels, Progress.NONE);
        SweepEngine duck = SweepEngines.duckdb();
        Agreement.same(mem, duck.sweep(HistoryFile.of(csv), RateRule.congestion(), th, labels, Progress.NONE), 50);
        Path pq = dir.resolve("history.parquet");
        new DuckDbParquet().write(h, pq);
        Agreement.same(mem, duck.sweep(HistoryFile.of(pq), RateRule.congestion(), th, labels, Progress.NONE), 50);
        // a memory limit far below the data: DuckDB spills and still agrees
        SweepEngine small = SweepEngines.named("duckdb", Map.of("memory_limit", "300MB", "threads", "1"));
        Agreement.same(mem, small.sweep(HistoryFile.of(csv), RateRule.congestion(), th, labels, Progress.NONE), 50);
    }

    @Test void badFilesNameTheFile() throws IOException {
        Path bad = dir.resolve("bad.csv");
        Files.writeString(bad, "timestamp,port,tx_bytes_phy,rx_prio3_pause,rp_cnp_handled,np_cnp_sent\n1,a,1,1,1,1\n2,a,x,1,1,1\n");
        var e = assertThrows(CaptureException.class, () -> SweepEngines.duckdb().sweep(HistoryFile.of(bad), RateRule.congestion(),
                new double[] {1}, labels(), Progress.NONE));
        assertTrue(e.getMessage().contains("bad.csv"), e.getMessage());
        Path missing = dir.resolve("few.csv");
        Files.writeString(missing, "timestamp,port,tx_bytes_phy\n1,a,1\n");
        var m = assertThrows(IllegalArgumentException.class, () -> SweepEngines.duckdb().sweep(HistoryFile.of(missing), RateRule.congestion(),
                new double[] {1}, labels(), Progress.NONE));
        assertTrue(m.getMessage().contains("rx_prio3_pause"), m.getMessage());
    }
}
