package org.fabriclab.verdict;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import org.fabriclab.catalogue.Layer;
import org.junit.jupiter.api.Test;

/**
 * The runbook's 16 assertions ({@code counter_delta.py}), one test each, numbered as in the seed.
 */
class SeedAssertionsTest {
    static final double TB = 1_000e9;
    static final Map<String, Long> IB = zeros(Profiles.IB);
    static final Map<String, Long> RO = zeros(Profiles.ROCE);

    static Map<String, Long> zeros(Profile p) {
        Map<String, Long> m = new LinkedHashMap<>();
        for (ProfileCounter c : p.counters()) m.put(c.name(), 0L);
        return m;
    }

    static Map<String, Long> with(Map<String, Long> base, Object... kv) {
        Map<String, Long> m = new LinkedHashMap<>(base);
        for (int i = 0; i < kv.length; i += 2) m.put((String) kv[i], ((Number) kv[i + 1]).longValue());
        return m;
    }

    static Verdict classify(Map<String, Long> b, Map<String, Long> a, double bytes, String fabric) {
        return Classifier.classify(Profiles.named(fabric), b, a, bytes, Classifier.DEFAULT_CONG_PER_GB);
    }

    @Test void a01_baselineClean() {
        assertEquals("clean", classify(IB, with(IB), TB, "ib").verdict());
    }

    @Test void a02_largeLifetimeZeroDeltaIsClean() {
        var old = with(IB, "SymbolErrorCounter", 3_000, "packet_seq_err", 250_000);
        assertEquals("clean", classify(old, with(old), TB, "ib").verdict());
    }

    @Test void a03_peggedLinkDownedIsUnusable() {
        var peg = with(IB, "LinkDownedCounter", 255);
        assertEquals("unusable", classify(peg, with(peg), TB, "ib").verdict());
    }

    @Test void a04_unusableKeepsReadableLive() {
        var peg = with(IB, "LinkDownedCounter", 255);
        Verdict r = classify(peg, with(peg, "PortXmitDiscards", 500), TB, "ib");
        assertEquals("unusable", r.verdict());
        assertEquals(List.of("PortXmitDiscards"), r.live());
    }

    @Test void a05_oneBelowCapIsReadable() {
        assertEquals("physical", classify(with(IB, "LinkDownedCounter", 253), with(IB, "LinkDownedCounter", 254), TB, "ib").verdict());
    }

    @Test void a06_resetIsUnusable() {
        assertEquals("unusable", classify(with(IB, "packet_seq_err", 900), with(IB, "packet_seq_err", 12), TB, "ib").verdict());
    }

    @Test void a07_physicalOutranksLargerRetry() {
        var phys = with(IB, "SymbolErrorCounter", 90, "packet_seq_err", 12_000, "local_ack_timeout_err", 800);
        Verdict res = classify(IB, phys, TB, "ib");
        assertEquals("physical", res.verdict());
        assertEquals(List.of("SymbolErrorCounter"), res.detail());
        String biggest = phys.entrySet().stream().max(Map.Entry.comparingByValue()).orElseThrow().getKey();
        assertEquals("packet_seq_err", biggest);
        assertEquals(Layer.TRANSPORT_RETRY, Profiles.IB.counters().stream()
                .filter(c -> c.name().equals("packet_seq_err")).findFirst().orElseThrow().layer());
    }

    @Test void a08_discardOutranksPause() {
        var loss = with(RO, "rx_prio3_pause", 8_000_000, "rp_cnp_handled", 90_000, "rx_discards_phy", 310);
        assertEquals(List.of("rx_discards_phy"), classify(RO, loss, TB, "roce").detail());
    }

    @Test void a09_pauseAndCnpAloneIsCongestion() {
        assertEquals("congestion", classify(RO, with(RO, "rx_prio3_pause", 8_000_000, "rp_cnp_handled", 90_000), TB, "roce").verdict());
    }

    @Test void a10_stallEventIsPauseStorm() {
        var storm = with(RO, "tx_pause_storm_error_events", 4, "rx_prio3_pause", 8_000_000);
        assertEquals("pause-storm", classify(RO, storm, TB, "roce").verdict());
    }

    @Test void a11_congestionIsPerGb() {
        var paused = with(RO, "rx_prio3_pause", 900_000);
        assertEquals("clean", classify(RO, paused, TB, "roce").verdict());
        assertEquals("congestion", classify(RO, paused, 10e9, "roce").verdict());
    }

    @Test void a12_errorCountersZeroTolerance() {
        assertEquals("transport-retry", classify(IB, with(IB, "packet_seq_err", 1), TB, "ib").verdict());
    }

    @Test void a13_wrongNamespaceIsIncomplete() {
        assertEquals("incomplete", classify(IB, with(IB), TB, "roce").verdict());
        assertEquals("incomplete", classify(RO, with(RO), TB, "ib").verdict());
    }

    @Test void a14_missingEitherSideIsIncomplete() {
        Map<String, Long> gone = new HashMap<>(RO);
        gone.remove("rx_discards_phy");
        Verdict v = classify(RO, gone, TB, "roce");
        assertEquals(Map.of("verdict", "incomplete", "detail", List.of("rx_discards_phy"), "live", List.of()), v.seedView());
    }

    @Test void a15_rateBarIsExclusive() {
        assertEquals("clean", classify(RO, with(RO, "rx_prio3_pause", 1_000_000), TB, "roce").verdict());
        assertEquals("congestion", classify(RO, with(RO, "rx_prio3_pause", 1_000_001), TB, "roce").verdict());
    }

    @Test void a16_noTrafficIsNotAMeasurement() {
        assertThrows(IllegalArgumentException.class, () -> classify(IB, with(IB, "SymbolErrorCounter", 5), 0, "ib"));
    }
}
