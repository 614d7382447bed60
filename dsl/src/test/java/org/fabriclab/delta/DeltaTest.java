package org.fabriclab.delta;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Arrays;
import java.util.List;

import org.fabriclab.capture.Capture;
import org.fabriclab.catalogue.Source;
import org.fabriclab.snapshot.Snapshot;
import org.fabriclab.verdict.Profiles;
import org.fabriclab.verdict.Verdict;
import org.junit.jupiter.api.Test;

class DeltaTest {
    static final String P = "lid 1/1";

    static Snapshot ib(Source src, long linkDowned, long seq, long symbol) {
        Capture.Builder b = Capture.builder(src, "pq-" + linkDowned + "-" + seq + ".txt");
        b.counter(P, "SymbolErrorCounter", symbol, 1).counter(P, "LinkErrorRecoveryCounter", 0, 2)
                .counter(P, "LinkDownedCounter", linkDowned, 3).counter(P, "PortRcvErrors", 0, 4)
                .counter(P, "PortXmitDiscards", 0, 5).counter(P, "PortXmitData", 1000, 6);
        Capture q = Capture.builder(Source.HW_COUNTERS, "hw-" + seq + ".txt").counter(P, "packet_seq_err", seq, 1)
                .counter(P, "rnr_nak_retry_err", 0, 2).counter(P, "local_ack_timeout_err", 0, 3).build();
        return Snapshot.ofCaptures("s", List.of(b.build(), q));
    }

    @Test void peggedDependsOnTheSourceWidth() {
        MovedDelta classic = Delta.between(ib(Source.PERFQUERY, 255, 0, 0), ib(Source.PERFQUERY, 255, 0, 0)).moved(1e12);
        assertEquals(Status.PEGGED, classic.port(P).get("LinkDownedCounter").status());
        assertEquals("unusable", classic.classify(Profiles.IB).port(P).orElseThrow().verdict());

        MovedDelta ext = Delta.between(ib(Source.PERFQUERY_X, 255, 0, 0), ib(Source.PERFQUERY_X, 255, 0, 0)).moved(1e12);
        assertEquals(Status.READABLE, ext.port(P).get("LinkDownedCounter").status());
        assertEquals("clean", ext.classify(Profiles.IB).port(P).orElseThrow().verdict());
    }

    @Test void resetIsNegativeAndExplained() {
        MovedDelta d = Delta.between(ib(Source.PERFQUERY, 0, 900, 0), ib(Source.PERFQUERY, 0, 12, 0)).moved(1e12);
        CounterDelta c = d.port(P).get("packet_seq_err");
        assertEquals(Status.RESET, c.status());
        assertEquals(-888, c.delta());
        assertTrue(c.reason().contains("wrap"), c.reason());
        Verdict v = d.classify(Profiles.IB).port(P).orElseThrow();
        assertEquals("unusable", v.verdict());
        assertEquals(List.of("packet_seq_err"), v.detail());
        assertTrue(v.reasons().get("packet_seq_err").contains("negative delta"));
    }

    @Test void physicalOutranksRetryFromCaptures() {
        MovedDelta d = Delta.between(ib(Source.PERFQUERY, 0, 0, 0), ib(Source.PERFQUERY, 0, 12_000, 90)).moved(1e12);
        Verdict v = d.classify(Profiles.IB).port(P).orElseThrow();
        assertEquals("physical", v.verdict());
        assertEquals(List.of("SymbolErrorCounter"), v.detail());
        assertEquals(List.of("SymbolErrorCounter", "packet_seq_err"), v.live());
    }

    @Test void missingOnOneSide() {
        Snapshot before = ib(Source.PERFQUERY, 0, 0, 0);
        Snapshot after = Snapshot.ofCaptures("a", List.of(Capture.builder(Source.PERFQUERY, "x.txt").counter(P, "SymbolErrorCounter", 0, 1).build()));
        MovedDelta d = Delta.between(before, after).moved(1e12);
        assertEquals(Status.MISSING, d.port(P).get("LinkDownedCounter").status());
        Verdict v = d.classify(Profiles.IB).port(P).orElseThrow();
        assertEquals("incomplete", v.verdict());
        assertTrue(v.detail().contains("LinkDownedCounter"));
    }

    @Test void exactAbove2to53() {
        long big = (1L << 60) + 1;
        Capture b = Capture.builder(Source.PERFQUERY_X, "b").counter(P, "PortXmitData", big, 1).build();
        Capture a = Capture.builder(Source.PERFQUERY_X, "a").counter(P, "PortXmitData", big + 3, 1).build();
        Delta d = Delta.between(Snapshot.ofCaptures("b", List.of(b)), Snapshot.ofCaptures("a", List.of(a)));
        assertEquals(3L, d.port(P).get("PortXmitData").delta());
        assertEquals(3L, d.table().longColumn("delta").get(0));
    }

    @Test void gaugeTakesNoDelta() {
        Capture b = Capture.builder(Source.ETHTOOL, "b").counter("netdev x", "outbound_pci_stalled_rd", 40, 1).build();
        Capture a = Capture.builder(Source.ETHTOOL, "a").counter("netdev x", "outbound_pci_stalled_rd", 10, 1).build();
        Delta d = Delta.between(Snapshot.ofCaptures("b", List.of(b)), Snapshot.ofCaptures("a", List.of(a)));
        assertEquals(Status.GAUGE, d.port("netdev x").get("outbound_pci_stalled_rd").status());
    }

    @Test void noTrafficIsRefused() {
        Delta d = Delta.between(ib(Source.PERFQUERY, 0, 0, 0), ib(Source.PERFQUERY, 0, 0, 0));
        assertThrows(IllegalArgumentException.class, () -> d.moved(0));
        assertTrue(Double.isNaN(d.bytes()));
    }

    @Test void onlyAMovedDeltaClassifies() {
        assertFalse(Arrays.stream(Delta.class.getMethods()).anyMatch(m -> m.getName().equals("classify")),
                "a delta with no traffic behind it is not a measurement: no classify before moved(bytes)");
        MovedDelta m = Delta.between(ib(Source.PERFQUERY, 0, 0, 0), ib(Source.PERFQUERY, 0, 0, 0)).moved(2e12);
        assertEquals(2e12, m.bytes());
        assertEquals("clean", m.classify(Profiles.IB, 500).port(P).orElseThrow().verdict());
    }
}
