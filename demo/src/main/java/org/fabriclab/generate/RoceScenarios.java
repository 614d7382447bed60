package org.fabriclab.generate;

import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.SplittableRandom;
import java.util.TreeMap;

/**
 * The RoCE incident scenarios: broken losslessness (discards under heavy pause), a pause storm
 * (stall events beside pause), congestion at two traffic volumes (the same pause delta over 10 GB
 * and over 1 TB) and a port with PFC disabled (no per-priority pause counters at all). Each folder
 * holds {@code before/} and {@code after/} with {@code ethtool.txt}, {@code hw_counters.txt} and
 * {@code rdma-link.txt}, and, where pause moved, {@code pause-series.csv}: one-second samples of the
 * pause counters during the test (the same CSV layout as the history set), from which the
 * distribution of pause time per second is read.
 */
final class RoceScenarios {
    static final String DEV = "mlx5_0";
    static final String NETDEV = "ens1f0np0";
    static final String PORT = "mlx5_0/1";
    static final long T0 = 1_767_225_600_000L;   // 2026-01-01T00:00:00Z, start of the one-second series
    static final int SERIES_SECONDS = 60;
    /** The pause series' sample interval in microseconds, the unit of the pause-duration counters. */
    static final long SAMPLE_US = 1_000_000L;

    private RoceScenarios() {}

    static List<String> writeAll(Path root, long seed) {
        losslessBroken(root.resolve("roce-lossless-broken"), new SplittableRandom(seed ^ 0x21));
        pauseStorm(root.resolve("roce-pause-storm"), new SplittableRandom(seed ^ 0x22));
        congestion(root.resolve("roce-congestion-10gb"), new SplittableRandom(seed ^ 0x23), 10e9, true);
        congestion(root.resolve("roce-congestion-1tb"), new SplittableRandom(seed ^ 0x23), 1e12, false);
        pfcDisabled(root.resolve("roce-pfc-disabled"), new SplittableRandom(seed ^ 0x25));
        return List.of("roce-lossless-broken", "roce-pause-storm", "roce-congestion-10gb", "roce-congestion-1tb",
                "roce-pfc-disabled");
    }

    static Map<String, Long> baseline(SplittableRandom rnd, Set<Integer> pfc) {
        Map<String, Long> v = new TreeMap<>();
        long bytes = 80_000_000_000_000L + rnd.nextLong(40_000_000_000_000L);
        v.put("tx_bytes_phy", bytes);
        v.put("rx_bytes_phy", bytes - rnd.nextLong(5_000_000_000_000L));
        v.put("tx_packets_phy", bytes / 4_150);
        v.put("rx_packets_phy", bytes / 4_300);
        v.put("tx_vport_rdma_unicast_bytes", bytes - 3_000_000_000L);
        v.put("tx_vport_rdma_unicast_packets", bytes / 4_150 - 700_000);
        v.put("rx_vport_rdma_unicast_bytes", bytes - 9_000_000_000_000L / 2);
        v.put("rx_vport_rdma_unicast_packets", bytes / 4_300 - 900_000);
        v.put("tx_prio3_bytes", bytes - 3_000_000_000L);
        v.put("tx_prio3_packets", bytes / 4_150 - 700_000);
        v.put("rx_prio3_bytes", bytes - 9_000_000_000_000L / 2);
        v.put("rx_prio3_packets", bytes / 4_300 - 900_000);
        v.put("tx_bytes", 3_000_000_000L + rnd.nextLong(1_000_000_000L));
        v.put("rx_bytes", 2_000_000_000L + rnd.nextLong(1_000_000_000L));
        v.put("tx_packets", 9_000_000L + rnd.nextLong(1_000_000L));
        v.put("rx_packets", 8_000_000L + rnd.nextLong(1_000_000L));
        v.put("rx_corrected_bits_phy", 1_000_000L + rnd.nextLong(1_000_000L));
        v.put("link_down_events_phy", 1L);
        v.put("outbound_pci_stalled_rd", 0L);
        v.put("outbound_pci_stalled_wr", 0L);
        for (int p : pfc) {
            long pause = 4_000_000L + rnd.nextLong(2_000_000L);
            v.put("rx_prio" + p + "_pause", pause);
            v.put("rx_prio" + p + "_pause_duration", pause * 3 + rnd.nextLong(1_000_000L));
            v.put("tx_prio" + p + "_pause", pause / 3);
            v.put("tx_prio" + p + "_pause_duration", pause + rnd.nextLong(1_000_000L));
            v.put("rx_prio" + p + "_pause_transition", pause / 2);
        }
        v.put("rp_cnp_handled", 2_000_000L + rnd.nextLong(1_000_000L));
        v.put("rp_cnp_ignored", 0L);
        v.put("np_cnp_sent", 1_500_000L + rnd.nextLong(1_000_000L));
        v.put("np_ecn_marked_roce_packets", 1_600_000L + rnd.nextLong(1_000_000L));
        v.put("lifespan", 10L);
        v.put("rx_write_requests", 4_000_000L + rnd.nextLong(1_000_000L));
        v.put("rx_read_requests", 900_000L + rnd.nextLong(100_000L));
        v.put("packet_seq_err", (long) rnd.nextInt(30));
        v.put("out_of_sequence", (long) rnd.nextInt(30));
        v.put("duplicate_request", (long) rnd.nextInt(30));
        v.put("tx_pause_storm_warning_events", 0L);
        v.put("tx_pause_storm_error_events", 0L);
        v.put("rx_discards_phy", 0L);
        v.put("tx_discards_phy", 0L);
        for (int p = 0; p < 8; p++) {
            v.putIfAbsent("rx_prio" + p + "_buf_discard", 0L);
            v.putIfAbsent("rx_prio" + p + "_cong_discard", 0L);
        }
        v.put("rx_prio3_marked", 1_600_000L);
        for (String n : IbText.Q_COUNTERS) v.putIfAbsent(n, 0L);
        for (String n : IbText.CONG_COUNTERS) v.putIfAbsent(n, 0L);
        return v;
    }

    /** After a test that moved {@code bytes}: data counters, plus the scenario's deltas. */
    static Map<String, Long> after(Map<String, Long> before, double bytes, Map<String, Long> deltas) {
        Map<String, Long> a = new TreeMap<>(before);
        long b = (long) bytes;
        long pkts = b / 4_096 + 1;
        IbScenarios.add(a, "tx_bytes_phy", b);
        IbScenarios.add(a, "tx_packets_phy", pkts);
        IbScenarios.add(a, "tx_vport_rdma_unicast_bytes", b);
        IbScenarios.add(a, "tx_vport_rdma_unicast_packets", pkts);
        IbScenarios.add(a, "tx_prio3_bytes", b);
        IbScenarios.add(a, "tx_prio3_packets", pkts);
        IbScenarios.add(a, "rx_bytes_phy", pkts * 64);
        IbScenarios.add(a, "rx_packets_phy", pkts / 2);
        IbScenarios.add(a, "rx_prio3_bytes", pkts * 64);
        IbScenarios.add(a, "rx_prio3_packets", pkts / 2);
        IbScenarios.add(a, "rx_write_requests", 2_000);
        for (Map.Entry<String, Long> e : deltas.entrySet()) IbScenarios.add(a, e.getKey(), e.getValue());
        return a;
    }

    private static void files(Path dir, Map<String, Long> b, Map<String, Long> a, Set<Integer> pfc) {
        for (String side : List.of("before", "after")) {
            Map<String, Long> v = side.equals("before") ? b : a;
            Path d = dir.resolve(side);
            Out.text(d.resolve("ethtool.txt"), RoceText.ethtool(v, pfc));
            Out.text(d.resolve("hw_counters.txt"), IbText.hwCounters(DEV, 1, v, true));
            Out.text(d.resolve("rdma-link.txt"), RoceText.rdmaLink(DEV, NETDEV));
        }
    }

    private static Manifest manifest(String name, String title, String question, double bytes) {
        Manifest m = new Manifest(name, "roce-incident", title, question);
        m.put("fabric", "roce").put("profile", "roce").put("port", PORT).put("netdev", NETDEV).put("bytes_moved", bytes)
                .put("cong_per_gb", 1000.0);
        m.files("before", List.of("before/ethtool.txt", "before/hw_counters.txt", "before/rdma-link.txt"));
        m.files("after", List.of("after/ethtool.txt", "after/hw_counters.txt", "after/rdma-link.txt"));
        return m;
    }

    /**
     * Writes the one-second pause series (cumulative, starting from {@code before}) whose per-second
     * deltas sum exactly to the scenario's totals in {@code after}: pause and pause duration on priority
     * 3 in both directions, pause-storm events and discards, bytes. Loads with {@code History.load};
     * {@code History.table()} gives the telemetry table the pause-duration plot reads.
     */
    private static void series(Path dir, SplittableRandom rnd, Map<String, Long> before, Map<String, Long> after,
                               double[] rxWeight, double[] txWeight, double[] bytesWeight, double[] eventWeight) {
        double[] rxDur = spread(rxWeight, rnd), txDur = spread(txWeight, rnd);
        String[] cols = {"tx_bytes_phy", "rx_prio3_pause", "rx_prio3_pause_duration", "tx_prio3_pause", "tx_prio3_pause_duration",
                "tx_pause_storm_warning_events", "tx_pause_storm_error_events", "rx_discards_phy"};
        double[][] weights = {bytesWeight, rxWeight, rxDur, txWeight, txDur, eventWeight, eventWeight, rxWeight};
        long[][] steps = new long[cols.length][];
        for (int c = 0; c < cols.length; c++) {
            long total = after.get(cols[c]) - before.get(cols[c]);
            // pause time (microseconds) grows by at most the one-second sample in one sample
            steps[c] = weights[c] == rxDur || weights[c] == txDur ? Split.capped(total, weights[c], SAMPLE_US) : Split.exact(total, weights[c]);
        }
        StringBuilder b = new StringBuilder("timestamp,port");
        for (String c : cols) b.append(',').append(c);
        b.append('\n');
        long[] cum = new long[cols.length];
        for (int c = 0; c < cols.length; c++) cum[c] = before.get(cols[c]);
        for (int s = 0; s <= SERIES_SECONDS; s++) {
            if (s > 0) for (int c = 0; c < cols.length; c++) cum[c] += steps[c][s - 1];
            b.append(T0 + s * 1000L).append(',').append(PORT);
            for (int c = 0; c < cols.length; c++) b.append(',').append(cum[c]);
            b.append('\n');
        }
        Out.text(dir.resolve("pause-series.csv"), b);
    }

    /** Pause time per second varies around the pause count (mean duration per pause 0.5x..2x from second to second). */
    static double[] spread(double[] w, SplittableRandom rnd) {
        double[] out = new double[w.length];
        for (int i = 0; i < w.length; i++) out[i] = w[i] * Math.pow(2, 2 * rnd.nextDouble() - 1);
        return out;
    }

    static double[] flat(SplittableRandom rnd, double jitter) {
        double[] w = new double[SERIES_SECONDS];
        for (int i = 0; i < w.length; i++) w[i] = 1 + jitter * (rnd.nextDouble() - 0.5);
        return w;
    }

    static double[] window(SplittableRandom rnd, int from, int to, double inside, double outside) {
        double[] w = new double[SERIES_SECONDS];
        for (int i = 0; i < w.length; i++) w[i] = (i >= from && i < to ? inside : outside) * (0.9 + 0.2 * rnd.nextDouble());
        return w;
    }

    static void losslessBroken(Path dir, SplittableRandom rnd) {
        Set<Integer> pfc = Set.of(3);
        double bytes = 100e9;
        Map<String, Long> b = baseline(rnd, pfc);
        Map<String, Long> d = new TreeMap<>();
        d.put("rx_prio3_pause", 2_400_000L);
        d.put("rx_prio3_pause_duration", 48_000_000L);      // 20 us per pause: heavy, but not a stall
        d.put("tx_prio3_pause", 600_000L);
        d.put("tx_prio3_pause_duration", 9_000_000L);
        d.put("rx_prio3_pause_transition", 1_100_000L);
        d.put("rx_discards_phy", 4_200L);
        d.put("rx_prio3_buf_discard", 4_200L);
        d.put("packet_seq_err", 3_800L);
        d.put("local_ack_timeout_err", 120L);
        d.put("out_of_sequence", 3_900L);
        d.put("rp_cnp_handled", 300_000L);
        d.put("np_cnp_sent", 40_000L);
        Map<String, Long> a = after(b, bytes, d);
        files(dir, b, a, pfc);
        series(dir, rnd, b, a, flat(rnd, 0.6), flat(rnd, 0.6), flat(rnd, 0.2), flat(rnd, 0));
        Manifest m = manifest("roce-lossless-broken", "RoCE broken losslessness",
                "Discards under heavy pause: is the fabric lossless as configured?", bytes);
        m.files("series", List.of("pause-series.csv"));
        String why = "packets were discarded on the lossless priority although PFC was pausing hard: losslessness is broken "
                + "(a buffer/headroom or PFC configuration fault); the retries and the pause are consequences";
        m.verdict("roce", PORT, "lossless-broken", List.of("rx_discards_phy", "rx_prio3_buf_discard"), why);
        m.verdict("roce-full", PORT, "lossless-broken", List.of("rx_discards_phy", "rx_prio3_buf_discard"), null);
        m.deltas(b, a).write(dir);
    }

    static void pauseStorm(Path dir, SplittableRandom rnd) {
        Set<Integer> pfc = Set.of(3);
        double bytes = 50e9;
        Map<String, Long> b = baseline(rnd, pfc);
        Map<String, Long> d = new TreeMap<>();
        d.put("tx_prio3_pause", 150_000L);                  // XOFF refreshed about 6000 times a second while stalled
        d.put("tx_prio3_pause_duration", 21_500_000L);      // about 0.86 s of every second during the 25 s storm: ~140 us per pause
        d.put("rx_prio3_pause", 150_000L);
        d.put("rx_prio3_pause_duration", 450_000L);
        d.put("rx_prio3_pause_transition", 70_000L);
        d.put("tx_pause_storm_warning_events", 6L);
        d.put("tx_pause_storm_error_events", 2L);
        d.put("rp_cnp_handled", 20_000L);
        d.put("np_cnp_sent", 10_000L);
        Map<String, Long> a = after(b, bytes, d);
        files(dir, b, a, pfc);
        series(dir, rnd, b, a, flat(rnd, 0.5), window(rnd, 20, 45, 1.0, 0.002), flat(rnd, 0.2), window(rnd, 22, 45, 1.0, 0.0));
        Manifest m = manifest("roce-pause-storm", "RoCE pause storm",
                "The NIC kept sending pause for seconds at a time and the stall watchdog fired: a storm, not congestion.", bytes);
        m.files("series", List.of("pause-series.csv"));
        m.put("storm_seconds", "20-45");
        m.verdict("roce", PORT, "pause-storm", List.of("tx_pause_storm_error_events"),
                "the pause-storm watchdog fired (tx_pause_storm_error_events moved) beside continuous transmitted pause: "
                        + "a stalled receiver, which outranks the congestion the pause also shows");
        m.verdict("roce-full", PORT, "pause-storm", List.of("tx_pause_storm_error_events", "tx_pause_storm_warning_events"), null);
        m.deltas(b, a).write(dir);
    }

    static void congestion(Path dir, SplittableRandom rnd, double bytes, boolean small) {
        Set<Integer> pfc = Set.of(3);
        Map<String, Long> b = baseline(rnd, pfc);
        Map<String, Long> d = new TreeMap<>();
        d.put("rx_prio3_pause", 900_000L);
        d.put("rx_prio3_pause_duration", 2_700_000L);       // 3 us per pause: short XOFF bursts
        d.put("tx_prio3_pause", 0L);
        d.put("rx_prio3_pause_transition", 450_000L);
        d.put("rp_cnp_handled", 6_000L);
        d.put("np_cnp_sent", 5_000L);
        Map<String, Long> a = after(b, bytes, d);
        files(dir, b, a, pfc);
        SplittableRandom s = rnd.split();
        series(dir, s, b, a, flat(s, 1.5), flat(s, 0.0), flat(s, 0.3), flat(s, 0.0));
        String name = small ? "roce-congestion-10gb" : "roce-congestion-1tb";
        Manifest m = manifest(name, small ? "RoCE congestion over 10 GB" : "RoCE congestion over 1 TB",
                "The same 900000 pause frames: congestion or not? It depends on the traffic behind them.", bytes);
        m.files("series", List.of("pause-series.csv"));
        m.put("pause_delta", 900_000L);
        m.put("pause_per_gb", 900_000 / (bytes / 1e9));
        if (small) {
            m.verdict("roce", PORT, "congestion", List.of("rx_prio3_pause"),
                    "900000 pause over 10 GB is 90000 per GB, above the bar of 1000 per GB");
            m.verdict("roce-full", PORT, "congestion", List.of("rx_prio3_pause"), null);
        } else {
            m.verdict("roce", PORT, "clean", List.of(),
                    "900000 pause over 1 TB is 900 per GB, below the bar of 1000 per GB: ordinary flow control");
            m.verdict("roce-full", PORT, "clean", List.of(), null);
        }
        m.deltas(b, a).write(dir);
    }

    static void pfcDisabled(Path dir, SplittableRandom rnd) {
        Set<Integer> pfc = Set.of();
        double bytes = 100e9;
        Map<String, Long> b = baseline(rnd, pfc);
        Map<String, Long> d = new TreeMap<>();
        d.put("rp_cnp_handled", 40_000L);
        d.put("np_cnp_sent", 35_000L);
        d.put("np_ecn_marked_roce_packets", 36_000L);
        Map<String, Long> a = after(b, bytes, d);
        files(dir, b, a, pfc);
        Manifest m = manifest("roce-pfc-disabled", "RoCE port with PFC disabled on priority 3",
                "rx_prio3_pause is not in the capture at all: absent is not zero.", bytes);
        m.put("pfc_enabled_priorities", "none");
        m.verdict("roce", PORT, "incomplete", List.of("rx_prio3_pause"),
                "the runbook's RoCE profile requires rx_prio3_pause; mlx5 prints pause counters only for PFC-enabled "
                        + "priorities, so its absence means PFC is off on priority 3, not that no pause happened");
        m.verdict("roce-full", PORT, "clean", List.of(),
                "roce-full grades the pause counters of the priorities the capture holds; no error counter moved and "
                        + "CNPs stayed below the bar (400 per GB)");
        m.deltas(b, a).write(dir);
    }
}
