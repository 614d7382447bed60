package org.fabriclab.series;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import org.fabriclab.capture.Capture;
import org.fabriclab.catalogue.Source;
import org.fabriclab.delta.Rules;
import org.fabriclab.snapshot.Snapshot;
import org.junit.jupiter.api.Test;

import tech.tablesaw.api.DoubleColumn;
import tech.tablesaw.api.IntColumn;
import tech.tablesaw.api.LongColumn;
import tech.tablesaw.api.StringColumn;
import tech.tablesaw.api.Table;

/** The one time-series type: both primitive factories, the telemetry and snapshot conversions, the table round trip. */
class SeriesTest {
    static final long X = Rules.ABSENT;

    @Test void rowIndexFormKnowsRangesStepAndFields() {
        Map<String, long[]> c = new LinkedHashMap<>();
        c.put("SymbolErrorCounter", new long[] {1, 2, X, 7, 8});
        Series s = Series.of("h", List.of("a", "b", "idle"), new long[] {0, 300_000, 600_000, 0, 300_000}, new int[] {0, 0, 0, 1, 1},
                c, Map.of("SymbolErrorCounter", Source.PERFQUERY), 0);
        assertEquals(3, s.portCount());
        assertEquals(0, s.start(0));
        assertEquals(3, s.end(0));
        assertEquals(5, s.end(1));
        assertEquals(5, s.start(2), "a port without rows has an empty range at the end");
        assertEquals(5, s.end(2));
        assertEquals(300_000, s.stepMs(), "inferred from the samples of a port, not across ports");
        assertEquals(16, s.column("SymbolErrorCounter").orElseThrow().field().width());
        assertEquals(65_535, s.column("SymbolErrorCounter").orElseThrow().cap());
        assertArrayEquals(new int[] {0, 0, 0, 1, 1}, s.rowPorts());
        assertEquals(1, s.indexOf("b"));
        assertEquals(-1, s.indexOf("nope"));
        assertNull(s.counter("nope"));
    }

    @Test void rowIndexFormRejectsPortsOutOfOrderAndTimeGoingBack() {
        Map<String, long[]> c = Map.of("PortRcvPkts", new long[] {1, 2, 3});
        var e = assertThrows(IllegalArgumentException.class,
                () -> Series.of("h", List.of("a", "b"), new long[] {0, 1, 2}, new int[] {0, 1, 0}, c, Map.of(), 0));
        assertTrue(e.getMessage().contains("ordered by port"), e.getMessage());
        e = assertThrows(IllegalArgumentException.class,
                () -> Series.of("h", List.of("a"), new long[] {0, 5, 4}, new int[] {0, 0, 0}, c, Map.of(), 0));
        assertTrue(e.getMessage().contains("must not decrease"), e.getMessage());
        e = assertThrows(IllegalArgumentException.class,
                () -> Series.of("h", List.of("a"), new long[] {0, 5}, new int[] {0, 0}, c, Map.of(), 0));
        assertTrue(e.getMessage().contains("PortRcvPkts has 3 rows"), e.getMessage());
    }

    @Test void offsetFormComputesRowPortsOnDemand() {
        Series s = Series.of(new String[] {"a", "b"}, new int[] {0, 2, 3}, new long[] {0, 60_000, 0},
                Map.of("PortRcvPkts", new long[] {1, 2, 3}), Map.of("temperature_c", new double[] {40, 41, Double.NaN}), null, null);
        assertArrayEquals(new int[] {0, 0, 1}, s.rowPorts());
        assertEquals(60_000, s.stepMs());
        assertEquals(List.of("temperature_c"), s.measurements());
        assertEquals(64, s.column("PortRcvPkts").orElseThrow().field().width(), "default sources: perfquery -x before classic");
        assertThrows(IllegalArgumentException.class, () -> Series.of(new String[] {"a"}, new int[] {0, 2}, new long[] {5, 4},
                Map.of(), Map.of(), null, null));
    }

    @Test void telemetryTableSortsRowsKeepsMissingAndLinks() {
        Table t = Table.create("ufm",
                LongColumn.create("timestamp", new long[] {20, 10, 10, 30}),
                StringColumn.create("port", List.of("a", "b", "a", "a")),
                StringColumn.create("peer", List.of("", "sw/1", "b", "")),
                LongColumn.create("SymbolErrorCounter", new long[] {5, 1, 2, 9}),
                IntColumn.create("LinkDownedCounter", new int[] {1, 2, 3, 4}),
                DoubleColumn.create("effective_ber", new double[] {1e-12, 2e-12, 3e-12, 4e-12}));
        t.longColumn("SymbolErrorCounter").setMissing(3);
        t.intColumn("LinkDownedCounter").setMissing(1);
        Series s = Series.of(t);
        assertEquals(List.of("a", "b"), s.ports());
        assertArrayEquals(new long[] {10, 20, 30, 10}, s.timestamps());
        assertArrayEquals(new long[] {2, 5, X, 1}, s.counter("SymbolErrorCounter"), "Tablesaw's missing long is the absent sentinel");
        assertArrayEquals(new long[] {3, 1, 4, X}, s.counter("LinkDownedCounter"));
        assertArrayEquals(new double[] {3e-12, 1e-12, 4e-12, 2e-12}, s.measure("effective_ber"));
        assertEquals("b", s.peer(0));
        assertEquals("sw/1", s.peer(1));
        assertNull(s.linkKind(0));
    }

    @Test void tableRoundTripKeepsEveryColumnExactly() {
        Map<String, long[]> c = new LinkedHashMap<>();
        c.put("rx_prio3_pause", new long[] {5, X, Long.MAX_VALUE});
        Series s = Series.of("h", List.of("a", "b"), new long[] {1000, 2000, 1000}, new int[] {0, 0, 1}, c, Map.of(), 1000)
                .withLinks(Map.of("a", "b"), Map.of("a", "host-switch"));
        Table t = s.table();
        assertEquals(List.of("timestamp", "port", "peer", "link_kind", "rx_prio3_pause"), t.columnNames());
        assertTrue(t.longColumn("rx_prio3_pause").isMissing(1));
        Series back = Series.of(t);
        assertArrayEquals(s.counter("rx_prio3_pause"), back.counter("rx_prio3_pause"));
        assertArrayEquals(s.timestamps(), back.timestamps());
        assertEquals("a", back.peer(1), "the peer link is known from either end");
        assertEquals("host-switch", back.linkKind(1));
    }

    @Test void snapshotsTakeTheStricterFieldAndLeaveMissingPortsAbsent() {
        // port lid 1/1 reads LinkDownedCounter from classic perfquery (8-bit, sticky at 255), mlx5_0/1 from perfquery -x
        Capture classic0 = Capture.builder(Source.PERFQUERY, "pq0").counter("lid 1/1", "LinkDownedCounter", 3, 1).build();
        Capture classic1 = Capture.builder(Source.PERFQUERY, "pq1").counter("lid 1/1", "LinkDownedCounter", 255, 1).build();
        Capture ext1 = Capture.builder(Source.PERFQUERY_X, "pqx1").counter("lid 2/1", "LinkDownedCounter", 300, 1).build();
        Snapshot t0 = Snapshot.ofCaptures("t0", List.of(classic0));
        Snapshot t1 = Snapshot.ofCaptures("t1", List.of(classic1, ext1));
        Series s = Series.ofSnapshots(List.of(t0, t1), 0, 60_000);
        assertEquals(List.of("lid 1/1", "lid 2/1"), s.ports());
        assertArrayEquals(new long[] {3, 255, X, 300}, s.counter("LinkDownedCounter"));
        assertEquals(255, s.column("LinkDownedCounter").orElseThrow().cap(), "the narrower field: a pegged value is never a count");
        assertFalse(s.gapBefore(1));
        assertThrows(IllegalArgumentException.class, () -> Series.ofSnapshots(List.of(t0, t1), 5, 5));
    }

    @Test void aSeriesOverLongerColumnsIsItsRowsOnly() {
        // rows 0..4 are the series; the slack holds a port index out of range and times going back
        long[] t = {0, 300_000, 600_000, 0, 300_000, 5, 0, 1};
        int[] port = {0, 0, 0, 1, 1, 9, 9, 0};
        long[] sym = {1, 2, X, 7, 8, 99, 0, 99};
        Series s = Series.of("h", List.of("a", "b"), t, port, 5, Map.of("SymbolErrorCounter", sym), Map.of(), 0);
        assertEquals(5, s.rows());
        assertEquals(5, s.end(1));
        assertEquals(300_000, s.stepMs());
        assertSame(t, s.timestampsUntrimmed(), "handed over, not copied");
        assertSame(sym, s.counterUntrimmed("SymbolErrorCounter"));
        assertArrayEquals(new long[] {0, 300_000, 600_000, 0, 300_000}, s.timestamps());
        assertArrayEquals(new int[] {0, 0, 0, 1, 1}, s.rowPorts());
        assertArrayEquals(new long[] {1, 2, X, 7, 8}, s.counter("SymbolErrorCounter"));
        assertSame(s.counter("SymbolErrorCounter"), s.counterUntrimmed("SymbolErrorCounter"), "trimmed once, the copy kept");
        assertEquals(5, s.table().rowCount());
        Series linked = s.withLinks(Map.of("a", "b"), Map.of("a", "switch-switch"));
        assertEquals(5, linked.rows());
        assertArrayEquals(new long[] {1, 2, X, 7, 8}, linked.counter("SymbolErrorCounter"));
        var e = assertThrows(IllegalArgumentException.class,
                () -> Series.of("h", List.of("a"), new long[] {0, 1, 2}, new int[3], 3, Map.of("PortRcvPkts", new long[] {1, 2}), Map.of(), 0));
        assertTrue(e.getMessage().contains("PortRcvPkts has 2 rows"), e.getMessage());
        e = assertThrows(IllegalArgumentException.class,
                () -> Series.of("h", List.of("a"), new long[] {0, 1}, new int[2], 3, Map.of(), Map.of(), 0));
        assertTrue(e.getMessage().contains("need 3 rows"), e.getMessage());
        e = assertThrows(IllegalArgumentException.class,
                () -> Series.of("h", List.of("a"), new long[] {0, 1}, new int[2], Map.of("PortRcvPkts", new long[] {1, 2, 3}), Map.of(), 0));
        assertTrue(e.getMessage().contains("PortRcvPkts has 3 rows, expected 2"), "the exact factory still wants exact columns: " + e.getMessage());
    }
}
