package org.fabriclab.verdict;

import static org.fabriclab.verdict.SeedAssertionsTest.IB;
import static org.fabriclab.verdict.SeedAssertionsTest.RO;
import static org.fabriclab.verdict.SeedAssertionsTest.TB;
import static org.fabriclab.verdict.SeedAssertionsTest.with;
import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.HashMap;
import java.util.Map;
import java.util.stream.Stream;

import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/** The seed's printed 12-row case table: label, verdict, blamed (detail joined by ',' or '-'). */
class SeedCaseTableTest {

    static Stream<Arguments> cases() {
        var old = with(IB, "SymbolErrorCounter", 3_000, "packet_seq_err", 250_000);
        var peg = with(IB, "LinkDownedCounter", 255);
        var phys = with(IB, "SymbolErrorCounter", 90, "packet_seq_err", 12_000, "local_ack_timeout_err", 800);
        var loss = with(RO, "rx_prio3_pause", 8_000_000, "rp_cnp_handled", 90_000, "rx_discards_phy", 310);
        var storm = with(RO, "tx_pause_storm_error_events", 4, "rx_prio3_pause", 8_000_000);
        var paused = with(RO, "rx_prio3_pause", 900_000);
        Map<String, Long> gone = new HashMap<>(RO);
        gone.remove("rx_discards_phy");
        return Stream.of(
                Arguments.of("ib: nothing moved, 1 TB", IB, with(IB), TB, "ib", "clean", "-"),
                Arguments.of("ib: large lifetime, no delta", old, with(old), TB, "ib", "clean", "-"),
                Arguments.of("ib: LinkDowned pegged at 255", peg, with(peg, "PortXmitDiscards", 500), TB, "ib", "unusable", "LinkDownedCounter"),
                Arguments.of("ib: reset mid-test", with(IB, "packet_seq_err", 900), with(IB, "packet_seq_err", 12), TB, "ib", "unusable", "packet_seq_err"),
                Arguments.of("ib: 90 symbol, 12000 seq", IB, phys, TB, "ib", "physical", "SymbolErrorCounter"),
                Arguments.of("ib: one seq err over 1 TB", IB, with(IB, "packet_seq_err", 1), TB, "ib", "transport-retry", "packet_seq_err"),
                Arguments.of("roce: pause 8M + 310 discard", RO, loss, TB, "roce", "lossless-broken", "rx_discards_phy"),
                Arguments.of("roce: pause 8M, no discard", RO, with(RO, "rx_prio3_pause", 8_000_000), TB, "roce", "congestion", "rx_prio3_pause"),
                Arguments.of("roce: pause 8M + stall event", RO, storm, TB, "roce", "pause-storm", "tx_pause_storm_error_events"),
                Arguments.of("roce: 900k pause over 1 TB", RO, paused, TB, "roce", "clean", "-"),
                Arguments.of("roce: 900k pause over 10 GB", RO, paused, 10e9, "roce", "congestion", "rx_prio3_pause"),
                Arguments.of("roce: counter missing", RO, gone, TB, "roce", "incomplete", "rx_discards_phy"));
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("cases")
    void row(String label, Map<String, Long> before, Map<String, Long> after, double bytes, String fabric,
             String verdict, String blamed) {
        Verdict v = Classifier.classify(Profiles.named(fabric), before, after, bytes, Classifier.DEFAULT_CONG_PER_GB);
        assertEquals(verdict, v.verdict(), label);
        assertEquals(blamed, v.detail().isEmpty() ? "-" : String.join(",", v.detail()), label);
    }
}
