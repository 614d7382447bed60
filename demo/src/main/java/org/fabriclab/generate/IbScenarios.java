package org.fabriclab.generate;

import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.SplittableRandom;
import java.util.TreeMap;

/**
 * The InfiniBand incident scenarios: a marginal optic, a flapping link whose 8-bit
 * LinkDownedCounter is pegged in classic perfquery, a reset mid-test and a clean baseline. Each
 * folder holds {@code before/} and {@code after/} with {@code perfquery.txt} (classic),
 * {@code perfquery-x.txt} (extended), {@code ibstat.txt} and {@code hw_counters.txt}.
 */
final class IbScenarios {
    static final String CA = "mlx5_0";
    static final String PORT = "mlx5_0/1";
    static final double BYTES = 1e12;

    private IbScenarios() {}

    static List<String> writeAll(Path root, long seed) {
        marginalOptic(root.resolve("ib-marginal-optic"), new SplittableRandom(seed ^ 0x11));
        flappingLink(root.resolve("ib-flapping-link"), new SplittableRandom(seed ^ 0x12));
        resetMidTest(root.resolve("ib-reset-mid-test"), new SplittableRandom(seed ^ 0x13));
        cleanBaseline(root.resolve("ib-clean-baseline"), new SplittableRandom(seed ^ 0x14));
        return List.of("ib-marginal-optic", "ib-flapping-link", "ib-reset-mid-test", "ib-clean-baseline");
    }

    /** Realistic cumulative values of a port that has been up for weeks (true 64-bit totals). */
    static Map<String, Long> baseline(SplittableRandom rnd) {
        Map<String, Long> v = new TreeMap<>();
        long words = 4_000_000_000_000L + rnd.nextLong(9_000_000_000_000L);
        v.put("PortXmitData", words);
        v.put("PortRcvData", words - rnd.nextLong(500_000_000_000L));
        long pkts = words / 900;
        v.put("PortXmitPkts", pkts);
        v.put("PortRcvPkts", pkts - rnd.nextLong(1_000_000L));
        v.put("PortUnicastXmitPkts", pkts - 25_000);
        v.put("PortUnicastRcvPkts", pkts - 1_000_000 - 31_000);
        v.put("PortMulticastXmitPkts", 25_000L);
        v.put("PortMulticastRcvPkts", 31_000L);
        v.put("PortXmitWait", 30_000_000L + rnd.nextLong(20_000_000L));
        v.put("SymbolErrorCounter", 0L);
        v.put("LinkErrorRecoveryCounter", 0L);
        v.put("LinkDownedCounter", 1L);
        v.put("PortRcvErrors", 0L);
        v.put("PortXmitDiscards", 0L);
        v.put("lifespan", 10L);
        v.put("rx_write_requests", 1_000_000L + rnd.nextLong(5_000_000L));
        v.put("rx_read_requests", 100_000L + rnd.nextLong(1_000_000L));
        v.put("duplicate_request", (long) rnd.nextInt(50));
        v.put("out_of_sequence", (long) rnd.nextInt(20));
        for (String n : IbText.Q_COUNTERS) v.putIfAbsent(n, 0L);
        for (String n : IbText.EXT_ERRORS) v.putIfAbsent(n, 0L);
        for (String n : IbText.EXT_DATA) v.putIfAbsent(n, 0L);
        return v;
    }

    /** The same port after a clean 1 TB test: only the data, packet and wait counters moved. */
    static Map<String, Long> traffic(Map<String, Long> before, SplittableRandom rnd, double bytes) {
        Map<String, Long> a = new TreeMap<>(before);
        long words = (long) (bytes / 4);
        long pkts = (long) (bytes / 4096) + 1;
        add(a, "PortXmitData", words);
        add(a, "PortRcvData", words / 64);
        add(a, "PortXmitPkts", pkts);
        add(a, "PortUnicastXmitPkts", pkts);
        add(a, "PortRcvPkts", pkts / 8);
        add(a, "PortUnicastRcvPkts", pkts / 8);
        add(a, "PortXmitWait", 40_000 + rnd.nextLong(40_000));
        add(a, "rx_write_requests", 1_000 + rnd.nextLong(100));
        return a;
    }

    static void add(Map<String, Long> m, String k, long d) { m.merge(k, d, Long::sum); }

    private static void files(Path dir, Map<String, Long> before, Map<String, Long> after, int lid, long guid,
                              boolean extendedErrors) {
        for (String side : List.of("before", "after")) {
            Map<String, Long> v = side.equals("before") ? before : after;
            Path d = dir.resolve(side);
            Out.text(d.resolve("perfquery.txt"), IbText.perfqueryClassic(lid, 1, v));
            Out.text(d.resolve("perfquery-x.txt"), IbText.perfqueryExtended(lid, 1, v, extendedErrors));
            Out.text(d.resolve("ibstat.txt"), IbText.ibstat(CA, 1, lid, IbText.guid(guid), 200, "InfiniBand"));
            Out.text(d.resolve("hw_counters.txt"), IbText.hwCounters(CA, 1, v, false));
        }
    }

    private static Manifest manifest(String name, String title, String question) {
        Manifest m = new Manifest(name, "ib-incident", title, question);
        m.put("fabric", "ib").put("profile", "ib").put("port", PORT).put("bytes_moved", BYTES).put("cong_per_gb", 1000.0);
        m.files("before", List.of("before/perfquery.txt", "before/perfquery-x.txt", "before/ibstat.txt", "before/hw_counters.txt"));
        m.files("after", List.of("after/perfquery.txt", "after/perfquery-x.txt", "after/ibstat.txt", "after/hw_counters.txt"));
        return m;
    }

    static void marginalOptic(Path dir, SplittableRandom rnd) {
        Map<String, Long> b = baseline(rnd);
        b.put("SymbolErrorCounter", 12L);
        b.put("packet_seq_err", 3_400L);
        Map<String, Long> a = traffic(b, rnd, BYTES);
        add(a, "SymbolErrorCounter", 90);
        add(a, "packet_seq_err", 12_000);
        int lid = 17;
        files(dir, b, a, lid, 0x0c42a10300d1e0a0L, true);
        Manifest m = manifest("ib-marginal-optic", "IB marginal optic",
                "Symbol errors moved by 90 while retries moved by 12000: which layer is the cause?");
        m.put("lid", lid);
        m.verdict("ib", PORT, "physical", List.of("SymbolErrorCounter"),
                "the physical layer outranks transport retries: a marginal optic corrupts symbols and the corrupted "
                        + "packets are retransmitted, so the larger retry count is a consequence, not the cause");
        m.verdict("ib-full", PORT, "physical", List.of("SymbolErrorCounter"), null);
        m.deltas(b, a).write(dir);
    }

    static void flappingLink(Path dir, SplittableRandom rnd) {
        Map<String, Long> b = baseline(rnd);
        b.put("LinkDownedCounter", 243L);
        b.put("LinkErrorRecoveryCounter", 17L);
        Map<String, Long> a = traffic(b, rnd, BYTES);
        add(a, "LinkDownedCounter", 58);          // true count 301; the 8-bit classic field shows 255
        add(a, "LinkErrorRecoveryCounter", 14);
        int lid = 23;
        files(dir, b, a, lid, 0x0c42a10300d1e0b4L, false);
        Manifest m = manifest("ib-flapping-link", "IB flapping link, 8-bit LinkDownedCounter pegged",
                "The link flapped during the test; classic perfquery shows LinkDownedCounter at 255. Can the delta be trusted?");
        m.put("lid", lid);
        m.put("note", "perfquery -x of this port has no extended error counters (CapMask2 0): the 8-bit classic copy is the only one");
        m.verdict("ib", PORT, "unusable", List.of("LinkDownedCounter"),
                "LinkDownedCounter is pegged at 255, the saturation value of its 8-bit field: the true delta is unknown; "
                        + "reset the counters (perfquery -R) and re-measure");
        m.verdict("ib-full", PORT, "unusable", List.of("LinkDownedCounter"), null);
        Map<String, Long> seenAfter = new TreeMap<>(a);
        seenAfter.put("LinkDownedCounter", 255L);
        m.deltas(b, seenAfter);
        m.root.put("true_link_downed_delta", 58);
        m.write(dir);
    }

    static void resetMidTest(Path dir, SplittableRandom rnd) {
        Map<String, Long> b = baseline(rnd);
        b.put("SymbolErrorCounter", 7L);
        b.put("LinkErrorRecoveryCounter", 2L);
        b.put("LinkDownedCounter", 3L);
        b.put("PortRcvErrors", 4L);
        b.put("packet_seq_err", 311L);
        b.put("local_ack_timeout_err", 12L);
        // the driver was reloaded mid-test: every counter restarted from zero, then the rest of the test ran
        Map<String, Long> a = new TreeMap<>();
        a.put("LinkDownedCounter", 1L);
        a.put("lifespan", 10L);
        Map<String, Long> partial = traffic(zeroes(b), rnd, BYTES / 3);
        partial.put("LinkDownedCounter", 1L);
        a.putAll(partial);
        int lid = 31;
        files(dir, b, a, lid, 0x0c42a10300d1e0c8L, true);
        Manifest m = manifest("ib-reset-mid-test", "IB counters reset mid-test",
                "The driver was reloaded during the test: the after values are below the before values. What can be concluded?");
        m.put("lid", lid);
        m.verdict("ib", PORT, "unusable", List.of("LinkDownedCounter", "LinkErrorRecoveryCounter", "PortRcvErrors",
                        "SymbolErrorCounter", "local_ack_timeout_err", "packet_seq_err"),
                "after < before on these counters: a reset mid-test; the delta is unrecoverable, not zero");
        m.deltas(b, a).write(dir);
    }

    static Map<String, Long> zeroes(Map<String, Long> like) {
        Map<String, Long> z = new TreeMap<>();
        for (String k : like.keySet()) z.put(k, k.equals("lifespan") ? 10L : 0L);
        return z;
    }

    static void cleanBaseline(Path dir, SplittableRandom rnd) {
        Map<String, Long> b = baseline(rnd);
        b.put("SymbolErrorCounter", 3L);     // old errors, unchanged during the test
        b.put("packet_seq_err", 58L);
        Map<String, Long> a = traffic(b, rnd, BYTES);
        int lid = 41;
        files(dir, b, a, lid, 0x0c42a10300d1e0dcL, true);
        Manifest m = manifest("ib-clean-baseline", "IB clean baseline",
                "A 1 TB test on a healthy port: old non-zero error counters that did not move are not evidence.");
        m.put("lid", lid);
        m.verdict("ib", PORT, "clean", List.of(), "no error counter moved during the test");
        m.verdict("ib-full", PORT, "clean", List.of(), null);
        m.deltas(b, a).write(dir);
    }
}
