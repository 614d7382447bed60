package org.fabriclab.verdict;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import org.junit.jupiter.api.Test;

/**
 * A verdict's reasons as a table row and a card show them: the optional counters neither snapshot holds (an Intel or
 * Broadcom NIC graded with {@code roce-full} lacks most of mlx5's) are one line past two of them, every other reason
 * keeps its own line, and {@code toMap()} keeps them all.
 */
class VerdictReasonLinesTest {

    static Verdict withReasons(Map<String, String> reasons) {
        return new Verdict("netdev ens1f0", "roce-full", "congestion", List.of("rx_prio3_pause"), List.of("rx_prio3_pause"),
                reasons, Map.of("rx_prio3_pause", 45000.0), 1e11, 1000);
    }

    @Test void manyOptionalAbsentCountersAreOneLine() {
        Map<String, String> r = new LinkedHashMap<>();
        r.put("rx_discards_phy", "reset (after < before)");
        for (String c : List.of("implied_nak_seq_err", "link_down_events_phy", "np_cnp_sent", "out_of_sequence", "retrans_pkts")) {
            r.put(c, Verdict.OPTIONAL_NOT_CAPTURED);
        }
        Verdict v = withReasons(r);
        assertEquals(List.of("rx_discards_phy: reset (after < before)",
                "5 optional counters in neither snapshot: implied_nak_seq_err, link_down_events_phy, np_cnp_sent, ..."), v.reasonLines());
        assertEquals(6, ((Map<?, ?>) v.toMap().get("reasons")).size());
        String row = new Verdicts(List.of(v)).rows().get(0).get(5);
        assertEquals("rx_discards_phy: reset (after < before); 5 optional counters in neither snapshot: implied_nak_seq_err, "
                + "link_down_events_phy, np_cnp_sent, ...; rx_prio3_pause 45000.0/GB", row);
        assertFalse(v.toHtml().contains("retrans_pkts"), v.toHtml());
        assertTrue(v.toHtml().contains("5 optional counters in neither snapshot"), v.toHtml());
    }

    @Test void twoOrFewerKeepTheirLines() {
        Map<String, String> r = new LinkedHashMap<>();
        r.put("np_cnp_sent", Verdict.OPTIONAL_NOT_CAPTURED);
        r.put("rp_cnp_handled", "not in either snapshot");   // required: the verdict is incomplete, said as it is
        r.put("retrans_pkts", Verdict.OPTIONAL_NOT_CAPTURED);
        assertEquals(List.of("rp_cnp_handled: not in either snapshot", "np_cnp_sent: optional, not in either snapshot",
                "retrans_pkts: optional, not in either snapshot"), withReasons(r).reasonLines());
    }
}
