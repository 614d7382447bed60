package org.fabriclab.reconcile;

import static org.fabriclab.Fixtures.counters;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;

import org.fabriclab.Fixtures;
import org.fabriclab.capture.Capture;
import org.fabriclab.capture.CaptureException;
import org.fabriclab.catalogue.Source;
import org.fabriclab.snapshot.Snapshot;
import org.junit.jupiter.api.Test;

import tech.tablesaw.api.BooleanColumn;
import tech.tablesaw.api.DoubleColumn;
import tech.tablesaw.api.IntColumn;
import tech.tablesaw.api.LongColumn;
import tech.tablesaw.api.StringColumn;
import tech.tablesaw.api.Table;

/** Each case of seed 003 section 13.3 on captures built the way the perftest and perfquery readers build them. */
class ReconcileTest {
    static final String P = "mlx5_0/1";
    static final double MIB = 1024 * 1024;

    static Capture perftest(String unit, double bwAverage, boolean bidirectional, String... roles) {
        return ReconcileFixtures.perftest(unit, bwAverage, bidirectional, roles);
    }

    /** Counters around a test: data words moved in each direction and xmit-wait ticks, via perfquery -x. */
    static Snapshot[] around(long xmitWords, long rcvWords, long waitTicks, String rate) {
        Map<String, String> attrs = rate == null ? Map.of() : Map.of("rate_gbps", rate);
        Snapshot b = Fixtures.pqx("before", P, counters("PortXmitData", 1_000, "PortRcvData", 2_000, "PortXmitWait", 50), attrs);
        Snapshot a = Fixtures.pqx("after", P, counters("PortXmitData", 1_000 + xmitWords, "PortRcvData", 2_000 + rcvWords, "PortXmitWait", 50 + waitTicks), attrs);
        return new Snapshot[] {b, a};
    }

    static PortReconciliation only(Reconciliation r) {
        assertEquals(1, r.rows().size(), r.toString());
        return r.rows().get(0);
    }

    @Test void caseAAtLineRateAndTheTimesFourConversion() {
        // 100 Gb/s for 10 s; perftest 11,600 MiB/s = 97.3 Gb/s payload; the wire carried 12.25e9 B/s = 3.0625e10 words
        long words = 30_625_000_000L;
        Snapshot[] s = around(words, 0, 4_000_000, "100");
        PortReconciliation r = only(Reconcile.of(perftest("MB/sec", 11_600, false, "client")).counters(s[0], s[1]).duration(10).result());
        assertEquals(Case.A, r.verdict(), r.reason());
        assertEquals(words, r.xmitWords());
        // the x4 trap: data counters count 4-byte words; reading them as bytes gives 1/4 of this and a B verdict
        assertEquals(words * 4 / 10.0, r.counterBytesPerSec());
        assertEquals(98.0, PortReconciliation.gbps(r.counterBytesPerSec()), 1e-9);
        assertEquals(11_600 * MIB, r.perftestBytesPerSec());
        assertTrue(r.counterToPerftest() > 1 && r.counterToPerftest() < 1.05, "counters carry headers: a little above payload, " + r.counterToPerftest());
        assertEquals(400_000, r.xmitWaitPerSec());
        assertEquals(100, r.linkRateGbps());
    }

    @Test void wordsReadAsBytesWouldBeFlagged() {
        // the same test, but a reader that stored bytes/4 where words belong: counters then show a quarter of perftest
        Snapshot[] s = around(30_625_000_000L / 4, 0, 4_000_000, "100");
        Reconciliation r = Reconcile.of(perftest("MB/sec", 11_600, false, "client")).counters(s[0], s[1]).duration(10).result();
        assertTrue(r.warnings().stream().anyMatch(w -> w.contains("counters show less than perftest") && w.contains("data words read as bytes")), r.warnings().toString());
    }

    @Test void caseB1FarBelowWithNoXmitWait() {
        Snapshot[] s = around(9_500_000_000L, 0, 0, "100");
        PortReconciliation r = only(Reconcile.of(perftest("Gb/sec", 30, false, "client")).counters(s[0], s[1]).duration(10).result());
        assertEquals(Case.B1, r.verdict());
        assertEquals(30e9 / 8, r.perftestBytesPerSec());
        assertTrue(r.reason().contains("sender"), r.reason());
    }

    @Test void caseB2FarBelowWithXmitWaitHigh() {
        Snapshot[] s = around(9_500_000_000L, 0, 1_000_000, "100");
        PortReconciliation r = only(Reconcile.of(perftest("Gb/sec", 30, false, "client")).counters(s[0], s[1]).duration(10).result());
        assertEquals(Case.B2, r.verdict());
        assertTrue(r.reason().contains("credit"), r.reason());
    }

    @Test void xmitWaitBarIsInclusiveBelow() {
        Snapshot[] at = around(9_500_000_000L, 0, 10_000, "100"); // exactly 1000 ticks/s: not above the bar
        assertEquals(Case.B1, only(Reconcile.of(perftest("Gb/sec", 30, false, "client")).counters(at[0], at[1]).duration(10).result()).verdict());
        Snapshot[] above = around(9_500_000_000L, 0, 10_010, "100");
        assertEquals(Case.B2, only(Reconcile.of(perftest("Gb/sec", 30, false, "client")).counters(above[0], above[1]).duration(10).result()).verdict());
    }

    @Test void lineRateBandEdges() {
        Snapshot[] s = around(28_125_000_000L, 0, 0, "100");
        assertEquals(Case.A, only(Reconcile.of(perftest("Gb/sec", 90, false, "client")).counters(s[0], s[1]).duration(10).result()).verdict(), "90% is line rate");
        assertEquals(Case.B1, only(Reconcile.of(perftest("Gb/sec", 89.9, false, "client")).counters(s[0], s[1]).duration(10).result()).verdict());
        assertEquals(Case.A, only(Reconcile.of(perftest("Gb/sec", 100, false, "client")).counters(s[0], s[1]).duration(10).result()).verdict(), "at the rate is not above it");
        assertEquals(Case.C, only(Reconcile.of(perftest("Gb/sec", 100.5, false, "client")).counters(s[0], s[1]).duration(10).result()).verdict());
    }

    @Test void caseCBidirectionalAboveTheLinkRateWithOneSideCaptured() {
        Snapshot[] s = around(28_000_000_000L, 28_000_000_000L, 2_000_000, "100");
        Reconciliation rec = Reconcile.of(perftest("Gb/sec", 180, true, "client")).counters(s[0], s[1]).duration(10).result();
        PortReconciliation r = only(rec);
        assertEquals(Case.C, r.verdict());
        assertEquals((28_000_000_000L * 4 * 2) / 10.0, r.counterBytesPerSec(), "bidirectional: both directions");
        assertTrue(rec.warnings().stream().anyMatch(w -> w.contains("only the client side was captured")), rec.warnings().toString());
        Reconciliation both = Reconcile.of(perftest("Gb/sec", 180, true, "client", "server")).counters(s[0], s[1]).duration(10).result();
        assertTrue(both.warnings().stream().noneMatch(w -> w.contains("side was captured")), both.warnings().toString());
    }

    @Test void serverSideReadsReceiveData() {
        Snapshot[] s = around(0, 30_625_000_000L, 0, "100");
        PortReconciliation r = only(Reconcile.of(perftest("MiB/sec", 11_600, false, "server")).counters(s[0], s[1]).duration(10).result());
        assertEquals(Case.A, r.verdict());
        assertEquals(30_625_000_000L * 4 / 10.0, r.counterBytesPerSec());
    }

    @Test void thirtyTwoBitClassicDataFieldIsWarned() {
        Snapshot b = Fixtures.snapshot("b", Fixtures.capture("b/pq", Source.PERFQUERY, P, counters("PortXmitData", 10, "PortXmitWait", 0), Map.of("rate_gbps", "100")));
        Snapshot a = Fixtures.snapshot("a", Fixtures.capture("a/pq", Source.PERFQUERY, P, counters("PortXmitData", 1_000_000_010L, "PortXmitWait", 0), Map.of("rate_gbps", "100")));
        Reconciliation r = Reconcile.of(perftest("Gb/sec", 3, false, "client")).counters(b, a).duration(10).result();
        assertTrue(r.warnings().stream().anyMatch(w -> w.contains("32-bit classic field")), r.warnings().toString());
        Snapshot pegged = Fixtures.snapshot("p", Fixtures.capture("p/pq", Source.PERFQUERY, P, counters("PortXmitData", 4_294_967_295L, "PortXmitWait", 0), Map.of("rate_gbps", "100")));
        PortReconciliation x = only(Reconcile.of(perftest("Gb/sec", 3, false, "client")).counters(b, pegged).duration(10).result());
        assertEquals(Case.NO_VERDICT, x.verdict());
        assertTrue(x.reason().startsWith("PortXmitData pegged"), x.reason());
    }

    @Test void unitsAreExplainedAndMixedUnitsWarned() {
        Snapshot[] s = around(9_500_000_000L, 0, 0, "100");
        Reconciliation r = Reconcile.of(perftest("MB/sec", 3_000, false, "client"), perftest("Gb/sec", 25, false, "client"))
                .counters(s[0], s[1]).duration(10).result();
        List<String> w = r.warnings();
        assertTrue(w.stream().anyMatch(x -> x.contains("2^20 bytes")), w.toString());
        assertTrue(w.stream().anyMatch(x -> x.contains("10^9 bits")), w.toString());
        assertTrue(w.stream().anyMatch(x -> x.contains("different units")), w.toString());
        assertTrue(r.toString().contains("perftest reports payload"), "the payload-vs-wire explanation is part of every result");
    }

    @Test void missingRateOrDurationIsNoVerdict() {
        Snapshot[] noRate = around(9_500_000_000L, 0, 0, null);
        PortReconciliation r = only(Reconcile.of(perftest("Gb/sec", 30, false, "client")).counters(noRate[0], noRate[1]).duration(10).result());
        assertEquals(Case.NO_VERDICT, r.verdict());
        assertTrue(r.reason().contains("link rate unknown"));
        assertEquals(Case.B1, only(Reconcile.of(perftest("Gb/sec", 30, false, "client")).counters(noRate[0], noRate[1]).duration(10).rateGbps(100).result()).verdict());
        Snapshot[] s = around(9_500_000_000L, 0, 0, "100");
        PortReconciliation d = only(Reconcile.of(perftest("Gb/sec", 30, false, "client")).counters(s[0], s[1]).result());
        assertEquals(Case.NO_VERDICT, d.verdict());
        assertNull(d.xmitWords());
        assertTrue(d.reason().contains("duration unknown"));
    }

    @Test void notAPerftestCaptureIsBadInput() {
        Capture c = Capture.builder(Source.PERFQUERY, "x.txt").build();
        CaptureException e = assertThrows(CaptureException.class, () -> Reconcile.of(c));
        assertTrue(e.getMessage().contains("x.txt"), e.getMessage());
    }

    @Test void tableAndMapViews() {
        Snapshot[] s = around(30_625_000_000L, 0, 4_000_000, "100");
        Reconciliation r = Reconcile.of(perftest("MB/sec", 11_600, false, "client")).counters(s[0], s[1]).duration(10).result();
        Table t = r.table();
        assertEquals("A", t.stringColumn("case").get(0));
        assertEquals(30_625_000_000L, t.longColumn("xmit_data_words").get(0));
        assertEquals(98.0, t.doubleColumn("counter_gbps").get(0), 1e-9);
        assertEquals(0, r.exitCode());
        assertTrue(r.toMap().containsKey("explanation"));
        assertTrue(r.toHtml().contains("case A"));
    }
}
