package org.fabriclab.engines;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;

import java.nio.file.Path;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.Map;

import org.fabriclab.engines.duckdb.DuckDbParquet;
import org.fabriclab.engines.duckdb.DuckDbSweepEngine;
import org.fabriclab.history.History;
import org.fabriclab.history.PrimitiveSweepEngine;
import org.fabriclab.history.Progress;
import org.fabriclab.history.RateRule;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A history over columns longer than its rows (the CSV loader's estimate-sized arrays, handed over
 * untrimmed, the slack poisoned here): the Parquet writer and the DuckDB engine, which read the history
 * through its public accessors, see exactly its rows.
 */
class UntrimmedHistoryEnginesTest {
    @TempDir Path dir;

    static History untrimmed(History h) {
        int n = h.rows(), cap = n + 5;
        long[] time = Arrays.copyOf(h.time(), cap);
        int[] port = Arrays.copyOf(h.port(), cap);
        Map<String, long[]> c = new LinkedHashMap<>();
        for (String k : h.counters()) c.put(k, Arrays.copyOf(h.values(k), cap));
        for (int r = n; r < cap; r++) {
            time[r] = r % 2 == 0 ? 0 : Long.MAX_VALUE;
            port[r] = h.ports().size() + 3;
            for (long[] v : c.values()) v[r] = r % 2 == 0 ? Long.MAX_VALUE / 4 : 1;
        }
        return History.of(h.name(), h.ports(), time, port, n, c, Map.of(), h.stepMs());
    }

    @Test void parquetAndDuckDbSeeTheRowsOnly() {
        History exact = Histories.handmade(), u = untrimmed(exact);
        Path pq = dir.resolve("u.parquet");
        new DuckDbParquet().write(u, pq);
        History back = History.load(pq);
        assertEquals(exact.rows(), back.rows());
        assertArrayEquals(exact.time(), back.time());
        assertArrayEquals(exact.port(), back.port());
        for (String c : exact.counters()) assertArrayEquals(exact.values(c), back.values(c), c);
        double[] th = {150, 1000, 2500};
        var mem = new PrimitiveSweepEngine(1).sweep(exact, RateRule.congestion(), th, Histories.labels(), Progress.NONE);
        Agreement.same(mem, new PrimitiveSweepEngine(2).sweep(untrimmed(exact), RateRule.congestion(), th, Histories.labels(), Progress.NONE), 50);
        Agreement.same(mem, new DuckDbSweepEngine(Map.of()).sweep(untrimmed(exact), RateRule.congestion(), th, Histories.labels(), Progress.NONE), 50);
    }
}
