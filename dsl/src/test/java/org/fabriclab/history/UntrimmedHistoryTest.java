package org.fabriclab.history;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotSame;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import org.fabriclab.catalogue.Layer;
import org.junit.jupiter.api.Test;

import tech.tablesaw.api.Table;

/**
 * A history over columns longer than its rows (what the CSV loader hands over: arrays sized from an
 * estimate, not trimmed by a copy): every consumer reads exactly the rows. The slack is filled with
 * poison (times going back, a port index out of range, counters jumping) so that a consumer reading
 * past the row count changes its answer or throws.
 */
class UntrimmedHistoryTest {
    static final int SLACK = 7;

    /** Two ports of {@link PrimitiveSweepEngineTest#handmade()}'s rows, exact. */
    static History exact() {
        History one = PrimitiveSweepEngineTest.handmade();
        int n = one.rows();
        long[] time = new long[2 * n];
        int[] port = new int[2 * n];
        Map<String, long[]> c = new LinkedHashMap<>();
        for (int r = 0; r < 2 * n; r++) {
            time[r] = one.time()[r % n];
            port[r] = r / n;
        }
        for (String k : one.counters()) {
            long[] v = new long[2 * n];
            for (int r = 0; r < 2 * n; r++) v[r] = one.values(k)[r % n];
            c.put(k, v);
        }
        return History.of("two", List.of("a", "b"), time, port, c, Map.of(), 0);
    }

    /** The same rows in arrays {@link #SLACK} longer, the slack poisoned. */
    static History untrimmed(History h) {
        int n = h.rows(), cap = n + SLACK;
        long[] time = Arrays.copyOf(h.time(), cap);
        int[] port = Arrays.copyOf(h.port(), cap);
        Map<String, long[]> c = new LinkedHashMap<>();
        for (String k : h.counters()) c.put(k, Arrays.copyOf(h.values(k), cap));
        for (int r = n; r < cap; r++) {
            time[r] = r % 2 == 0 ? 0 : Long.MAX_VALUE;          // backwards, then a huge gap
            port[r] = h.ports().size() + 5;                      // no such port
            for (long[] v : c.values()) v[r] = r % 2 == 0 ? Long.MAX_VALUE / 4 : 1;
        }
        return History.of(h.name(), h.ports(), time, port, n, c, Map.of(), 0);
    }

    static Labels labels() {
        long t0 = PrimitiveSweepEngineTest.T0, step = PrimitiveSweepEngineTest.STEP;
        return Labels.of(List.of(
                new Labels.Incident("a", Layer.CONGESTION, t0 + step, t0 + step, "one interval"),
                new Labels.Incident("b", Layer.CONGESTION, t0 + 5 * step, t0 + 9 * step, "to the last row of the last port")));
    }

    @Test void theAccessorsReturnExactlyTheRows() {
        History e = exact(), u = untrimmed(e);
        assertEquals(e.rows(), u.rows());
        assertTrue(u.series().timestampsUntrimmed().length > u.rows(), "the arrays are handed over as they are");
        assertArrayEquals(e.time(), u.time());
        assertArrayEquals(e.port(), u.port());
        for (String c : e.counters()) assertArrayEquals(e.values(c), u.values(c), c);
        assertArrayEquals(e.series().timestamps(), u.series().timestamps());
        assertArrayEquals(e.series().rowPorts(), u.series().rowPorts());
        assertSame(u.values("tx_bytes_phy"), u.values("tx_bytes_phy"), "trimmed once, then shared");
        assertSame(u.time(), u.series().timestampsUntrimmed(), "the trimmed copy replaces the long array");
        assertEquals(e.stepMs(), u.stepMs(), "the step is inferred from the rows only");
        assertEquals(e.days(), u.days(), 0);
        assertEquals(e.toString(), u.toString());
        assertEquals(e.firstRow(2), u.firstRow(2));
    }

    @Test void aTableOfTheUntrimmedHistoryHoldsTheRowsOnly() {
        History e = exact(), u = untrimmed(e);
        Table a = e.table(), b = u.table();
        assertEquals(a.rowCount(), b.rowCount());
        assertEquals(a.print(100), b.print(100));
        assertEquals(e.rows() + SLACK, u.series().counterUntrimmed("rx_prio3_pause").length, "table() trims nothing");
    }

    @Test void sweepsReplaysAndLabelsReadTheRowsOnly() {
        History e = exact(), u = untrimmed(e);
        double[] th = {150, 1000, 2500};
        for (RateRule rule : List.of(RateRule.congestion(), RateRule.errorCount("rx_prio3_pause"))) {
            assertEquals(new PrimitiveSweepEngine(2).sweep(e, rule, th, labels(), Progress.NONE).table().print(100),
                    new PrimitiveSweepEngine(2).sweep(u, rule, th, labels(), Progress.NONE).table().print(100), rule.name());
        }
        assertEquals(e.replay(RateRule.congestion(), 1000, labels()).rows(), u.replay(RateRule.congestion(), 1000, labels()).rows());
        assertArrayEquals(labels().mask(e, Layer.CONGESTION), labels().mask(u, Layer.CONGESTION));
    }

    @Test void theSweepReadsTheColumnsWithoutCopyingThem() {
        History u = untrimmed(exact());
        Map<String, long[]> held = new LinkedHashMap<>();
        for (String c : u.counters()) held.put(c, u.series().counterUntrimmed(c));
        long[] t = u.series().timestampsUntrimmed();
        u.sweep(RateRule.congestion(), new double[] {150, 1000}, labels());
        u.sweep(RateRule.errorCount("rx_prio3_pause"), new double[] {150, 1000}, labels());
        u.replay(RateRule.congestion(), 1000, labels());
        labels().mask(u, Layer.CONGESTION);
        for (String c : u.counters()) assertSame(held.get(c), u.series().counterUntrimmed(c), "no trimming copy of " + c + " on the sweep path");
        assertSame(t, u.series().timestampsUntrimmed(), "no trimming copy of the times on the sweep path");
        long[] exact = u.values("tx_bytes_phy");
        assertNotSame(held.get("tx_bytes_phy"), exact);
        assertEquals(u.rows(), exact.length);
    }

    /** A one-counter chunk of {@code capacity} bytes holding {@code text}, parsed. */
    private static CsvChunk parsed(byte[] text, int capacity) {
        CsvChunk c = new CsvChunk(capacity, 1);
        System.arraycopy(text, 0, c.buf, 0, text.length);
        c.len = text.length;
        c.parse(new int[] {0, 0, 0});
        return c;
    }

    @Test void theCsvColumnsBecomeTheHistoryWithoutACopy() {
        HistoryColumns cols = new HistoryColumns("h.csv", List.of("tx_bytes_phy"), 1000, 1);
        cols.append(parsed("1700000000000,a,5\n1700000300000,a,9\n1700000600000,a,\n1700000000000,b,1\n".getBytes(), 1 << 10));
        History h = cols.build(Map.of());
        assertEquals(4, h.rows());
        assertEquals(1000, h.series().timestampsUntrimmed().length, "the estimate-sized arrays, not a trimmed copy");
        assertEquals(1000, h.series().counterUntrimmed("tx_bytes_phy").length);
        assertArrayEquals(new long[] {5, 9, org.fabriclab.delta.Rules.ABSENT, 1}, h.values("tx_bytes_phy"));
        assertArrayEquals(new int[] {0, 0, 0, 1}, h.port());
        assertEquals(List.of("a", "b"), h.ports());
    }

    @Test void columnsThatOutgrowTheEstimateStillHoldEveryRow() {
        HistoryColumns cols = new HistoryColumns("h.csv", List.of("tx_bytes_phy"), 1, 1);
        StringBuilder b = new StringBuilder();
        for (int r = 0; r < 100; r++) b.append(1_700_000_000_000L + r * 300_000L).append(",p,").append(r * 3).append('\n');
        byte[] text = b.toString().getBytes();
        cols.append(parsed(text, text.length + 2));
        History h = cols.build(Map.of());
        assertEquals(100, h.rows());
        assertEquals(100, h.values("tx_bytes_phy").length);
        assertEquals(297, h.values("tx_bytes_phy")[99]);
        assertEquals(300_000, h.stepMs());
    }
}
