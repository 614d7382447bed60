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
import org.fabriclab.engines.Histories;
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
    @TempDir Path dir;

    @Test void everyKindOfIntervalGivesTheSameTableAsTheInMemoryEngine() {
        double[] th = {150, 1000, 2500};
        for (History h : List.of(Histories.handmade(), Histories.pegged())) {
            for (RateRule rule : List.of(RateRule.congestion(), RateRule.congestion().withCombine(RateRule.Combine.SUM))) {
                SweepResult mem = new PrimitiveSweepEngine(1).sweep(h, rule, th, Histories.labels(), Progress.NONE);
                SweepResult duck = new DuckDbSweepEngine(Map.of()).sweep(h, rule, th, Histories.labels(), Progress.NONE);
                Agreement.same(mem, duck, 1e9);
                assertEquals("duckdb", duck.engine());
            }
        }
        SweepResult mem = new PrimitiveSweepEngine(1).sweep(Histories.handmade(), RateRule.congestion(), th, Histories.labels(), Progress.NONE);
        assertEquals(12, mem.intervals());
        assertEquals(5, mem.measured());            // a: rows 1, 2, 6, 9 (3-4 missing, 5 reset, 7 gap, 8 idle); b: row 11 (12 idle, 13 missing)
        SweepResult peg = new PrimitiveSweepEngine(1).sweep(Histories.pegged(), RateRule.congestion(), th, Histories.labels(), Progress.NONE);
        assertEquals(4, peg.intervals());
        assertEquals(1, peg.measured());            // only the first: then pegged at 2^32-1, then a reset
    }

    @Test void theBundledHistoryGivesTheSameTableOverCsvGzipAndParquet() throws IOException {
        Path csv = Histories.BUNDLED.resolve("history.csv.gz");
        Labels labels = Labels.load(Histories.BUNDLED.resolve("labels.csv"));
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

    /**
     * The bundled history as pandas would write it ({@code __index_level_0__}, the time as a Parquet TIMESTAMP,
     * counters as float64, rows in collection order): the in-memory engine over {@code History.load} of it and
     * the DuckDB engine over the file itself give the table of the project's own file.
     */
    @Test void aPandasShapedParquetHistoryGivesTheSameTableInEveryEngine() throws Exception {
        Path csv = Histories.BUNDLED.resolve("history.csv.gz");
        Labels labels = Labels.load(Histories.BUNDLED.resolve("labels.csv"));
        double[] th = Thresholds.log(100, 100_000, 50);
        History h = History.load(csv);
        SweepResult mem = new PrimitiveSweepEngine(2).sweep(h, RateRule.congestion(), th, labels, Progress.NONE);
        Path own = dir.resolve("history.parquet"), pandas = dir.resolve("history-pandas.parquet");
        new DuckDbParquet().write(h, own);
        Histories.pandasShaped(h, own, pandas);
        History back = History.load(pandas);
        assertEquals(h.ports(), back.ports());
        for (String c : h.counters()) org.junit.jupiter.api.Assertions.assertArrayEquals(h.values(c), back.values(c), c);
        Agreement.same(mem, new PrimitiveSweepEngine(2).sweep(back, RateRule.congestion(), th, labels, Progress.NONE), 50);
        Agreement.same(mem, SweepEngines.duckdb().sweep(HistoryFile.of(pandas), RateRule.congestion(), th, labels, Progress.NONE), 50);
    }

    /**
     * What History.load converts (pandas' index column, ISO-8601 times, epoch seconds) the SQL engines refuse,
     * naming the file and line, rather than read seconds as milliseconds.
     */
    @Test void aCsvOutsideTheProjectsExactLayoutIsRefusedNamingWhatToDo() throws IOException {
        Map<String, String> files = new LinkedHashMap<>();
        files.put("index.csv", ",timestamp,port,tx_bytes_phy,rx_prio3_pause,rp_cnp_handled,np_cnp_sent\n0,1764547200000,a,1,1,1,1\n");
        files.put("iso.csv", "timestamp,port,tx_bytes_phy,rx_prio3_pause,rp_cnp_handled,np_cnp_sent\n2025-12-01 00:00:00,a,1,1,1,1\n");
        files.put("seconds.csv", "timestamp,port,tx_bytes_phy,rx_prio3_pause,rp_cnp_handled,np_cnp_sent\n1764547200,a,1,1,1,1\n");
        Map<String, String> expected = Map.of("index.csv", ":1: the SQL engines read the header", "iso.csv", ":2: the SQL engines read epoch-ms timestamps only",
                "seconds.csv", ":2: the timestamp 1764547200 looks like epoch seconds");
        for (var e : files.entrySet()) {
            Path p = dir.resolve(e.getKey());
            Files.writeString(p, e.getValue());
            assertEquals(1, History.load(p).ports().size(), "History.load reads " + e.getKey());
            var x = assertThrows(CaptureException.class, () -> SweepEngines.duckdb().sweep(HistoryFile.of(p), RateRule.congestion(), new double[] {1},
                    Histories.labels(), Progress.NONE));
            assertTrue(x.getMessage().contains(e.getKey() + expected.get(e.getKey())) && x.getMessage().contains("History.load reads it"), x.getMessage());
        }
    }

    @Test void badFilesNameTheFile() throws IOException {
        Path bad = dir.resolve("bad.csv");
        Files.writeString(bad, "timestamp,port,tx_bytes_phy,rx_prio3_pause,rp_cnp_handled,np_cnp_sent\n1,a,1,1,1,1\n2,a,x,1,1,1\n");
        var e = assertThrows(CaptureException.class, () -> SweepEngines.duckdb().sweep(HistoryFile.of(bad), RateRule.congestion(),
                new double[] {1}, Histories.labels(), Progress.NONE));
        assertTrue(e.getMessage().contains("bad.csv"), e.getMessage());
        Path missing = dir.resolve("few.csv");
        Files.writeString(missing, "timestamp,port,tx_bytes_phy\n1,a,1\n");
        var m = assertThrows(IllegalArgumentException.class, () -> SweepEngines.duckdb().sweep(HistoryFile.of(missing), RateRule.congestion(),
                new double[] {1}, Histories.labels(), Progress.NONE));
        assertTrue(m.getMessage().contains("rx_prio3_pause"), m.getMessage());
    }
}
