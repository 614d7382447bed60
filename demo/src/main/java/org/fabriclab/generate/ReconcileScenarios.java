package org.fabriclab.generate;

import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.SplittableRandom;
import java.util.TreeMap;

/**
 * perftest plus port counters for each reconciliation case: A (at line rate, xmit_wait high), B1
 * (far below, xmit_wait about zero: the sender or receiver host is the bottleneck), B2 (far below,
 * xmit_wait high: switch buffers, VL arbitration or a credit loop) and C (above the link rate: a
 * bidirectional test reports the sum of both directions). Each folder holds {@code perftest.log}
 * and {@code before/}, {@code after/} with {@code perfquery-x.txt} and {@code ibstat.txt}.
 */
final class ReconcileScenarios {
    static final int RATE_GBPS = 200;
    static final double MIB = 1_048_576.0;
    /** Bytes on the wire per 4096-byte payload packet of an RDMA write: LRH 8, BTH 12, ICRC 4, VCRC 2. */
    static final double WIRE_PER_PAYLOAD = (4096.0 + 26) / 4096.0;
    /** perftest -D: the test ran for this many seconds. */
    static final int DURATION_S = 10;

    private ReconcileScenarios() {}

    static List<String> writeAll(Path root, long seed) {
        one(root.resolve("reconcile-a-line-rate"), new SplittableRandom(seed ^ 0x31), "A",
                "perftest at line rate", 1_048_576, 23_420.55, false, 210_000_000L, 51);
        one(root.resolve("reconcile-b1-host-bound"), new SplittableRandom(seed ^ 0x32), "B1",
                "far below line rate, xmit_wait about zero", 65_536, 3_150.18, false, 212L, 52);
        one(root.resolve("reconcile-b2-fabric-backpressure"), new SplittableRandom(seed ^ 0x33), "B2",
                "far below line rate, xmit_wait high", 65_536, 6_204.93, false, 980_000_000L, 53);
        one(root.resolve("reconcile-c-above-link-rate"), new SplittableRandom(seed ^ 0x34), "C",
                "reported bandwidth above the link rate (bidirectional)", 1_048_576, 46_102.37, true, 190_000_000L, 54);
        return List.of("reconcile-a-line-rate", "reconcile-b1-host-bound", "reconcile-b2-fabric-backpressure",
                "reconcile-c-above-link-rate");
    }

    /**
     * One case: perftest in duration mode ({@code -D 10}), so the test time is known independently of
     * the bandwidth perftest reports; {@code bwAvg} in perftest's MB/sec (2^20 bytes), the sum of both
     * directions when {@code bidir}; counters carry each direction's payload plus wire headers.
     */
    private static void one(Path dir, SplittableRandom rnd, String kase, String title, long msg, double bwAvg,
                            boolean bidir, long xmitWait, int lid) {
        double seconds = DURATION_S;
        double perDirection = bidir ? bwAvg / 2 : bwAvg;
        long iters = (long) Math.floor(perDirection * MIB * seconds / msg);     // messages completed in each direction
        long payload = msg * iters;
        long wireBytes = (long) Math.ceil(payload * WIRE_PER_PAYLOAD / 4.0) * 4;
        Map<String, Long> b = IbScenarios.baseline(rnd);
        Map<String, Long> a = new TreeMap<>(b);
        IbScenarios.add(a, "PortXmitData", wireBytes / 4);
        IbScenarios.add(a, "PortXmitPkts", payload / 4096);
        IbScenarios.add(a, "PortUnicastXmitPkts", payload / 4096);
        long back = bidir ? wireBytes / 4 : (payload / 4096) * 8;     // a bidirectional test receives as much; else ACKs only
        IbScenarios.add(a, "PortRcvData", back);
        IbScenarios.add(a, "PortRcvPkts", bidir ? payload / 4096 : payload / 4096 / 2);
        IbScenarios.add(a, "PortUnicastRcvPkts", bidir ? payload / 4096 : payload / 4096 / 2);
        IbScenarios.add(a, "PortXmitWait", xmitWait);
        String guid = IbText.guid(0x0c42a10300e2f000L + lid);
        for (String side : List.of("before", "after")) {
            Map<String, Long> v = side.equals("before") ? b : a;
            Out.text(dir.resolve(side).resolve("perfquery-x.txt"), IbText.perfqueryExtended(lid, 1, v, true));
            Out.text(dir.resolve(side).resolve("ibstat.txt"), IbText.ibstat(IbScenarios.CA, 1, lid, guid, RATE_GBPS, "InfiniBand"));
        }
        String command = "ib_write_bw -d " + IbScenarios.CA + " -i 1 -s " + msg + " -D " + DURATION_S + (bidir ? " -b" : "")
                + " node" + (lid + 100);
        Out.text(dir.resolve("perftest.log"), "$ " + command + "\n"
                + PerftestText.writeBw(IbScenarios.CA, 1, lid, lid + 100, 1, bidir, msg, iters, 0.0, bwAvg));
        double rateBytes = RATE_GBPS * 1e9 / 8;
        double counterRate = wireBytes / seconds;
        Manifest m = new Manifest(dir.getFileName().toString(), "reconciliation", "Case " + kase + ": " + title,
                "Does the perftest bandwidth agree with the port counters and the link rate?");
        m.put("fabric", "ib").put("port", IbScenarios.PORT).put("lid", lid);
        m.put("command", command);
        m.files("perftest", List.of("perftest.log"));
        m.files("before", List.of("before/perfquery-x.txt", "before/ibstat.txt"));
        m.files("after", List.of("after/perfquery-x.txt", "after/ibstat.txt"));
        m.put("expected_case", kase);
        m.put("link_rate_gbps", RATE_GBPS);
        m.put("link_rate_bytes_per_s", rateBytes);
        m.put("perftest_unit", "MB/sec (perftest's MB = 2^20 bytes)");
        m.put("perftest_bw_average_mb_s", bwAvg);
        m.put("perftest_bw_average_bytes_per_s", bwAvg * MIB);
        m.put("perftest_bidirectional", bidir ? "yes" : "no");
        m.put("payload_bytes_per_direction", payload);
        m.put("duration_s", seconds);
        m.put("iterations", iters);
        m.put("port_xmit_data_delta_words", wireBytes / 4);
        m.put("port_xmit_data_delta_bytes", wireBytes);
        m.put("counter_bytes_per_s", counterRate);
        m.put("perftest_to_link_rate", bwAvg * MIB / rateBytes);
        m.put("counter_to_link_rate", counterRate / rateBytes);
        m.put("port_xmit_wait_delta", xmitWait);
        m.put("why", switch (kase) {
            case "A" -> "perftest is at 98% of the 200 Gb/s link and xmit_wait moved a lot: the link is full, the test hit "
                    + "the configuration's ceiling";
            case "B1" -> "perftest is at 13% of the link and xmit_wait barely moved: packets never queued, the bottleneck "
                    + "is the sending or receiving host";
            case "B2" -> "perftest is at 26% of the link and xmit_wait moved a lot: packets waited for credits or "
                    + "arbitration, pointing at switch buffers, VL arbitration or a credit loop";
            default -> "perftest reports 193% of the link rate because -b sums both directions; the counters show each "
                    + "direction at about the link rate: the link rate is not the reference for an aggregate";
        });
        m.write(dir);
    }
}
