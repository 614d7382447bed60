package org.fabriclab.bench;

import java.io.BufferedWriter;
import java.io.IOException;
import java.lang.management.GarbageCollectorMXBean;
import java.lang.management.ManagementFactory;
import java.lang.management.ThreadMXBean;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.Comparator;
import java.util.function.Function;

import org.fabriclab.capture.Capture;
import org.fabriclab.capture.Input;
import org.fabriclab.capture.Readers;

/**
 * Parsing throughput of the perfquery and ethtool readers (issue requirement: at least 200 MB/s per
 * core). Generates a 10,000-port {@code perfquery -x -l} dump and a 10,000-interface
 * {@code ethtool -S} dump into a temp folder, then reads each through {@link Readers#standard()}
 * (sniffing, file read, UTF-8 decode, parse, catalogue typing) on one thread, several warm
 * iterations, and prints MB/s. Not a unit test; run with {@code bench/parse.sh}.
 *
 * <pre>{@code
 * bench/parse.sh            # 10000 ports, 3 warm-up + 7 measured iterations
 * bench/parse.sh 2000 2 5   # ports, warm-up, measured
 * }</pre>
 */
public final class ParseBench {
    private ParseBench() {}

    public static void main(String[] args) throws IOException {
        int ports = args.length > 0 ? Integer.parseInt(args[0]) : 10_000;
        int warm = args.length > 1 ? Integer.parseInt(args[1]) : 3;
        int runs = args.length > 2 ? Integer.parseInt(args[2]) : 7;
        Path dir = Files.createTempDirectory("fabriclab-bench");
        try {
            Path pq = dir.resolve("perfquery_x_l.txt");
            Path eth = dir.resolve("ethtool_S.txt");
            generatePerfquery(pq, ports);
            generateEthtool(eth, ports);
            System.out.printf("java %s, single thread, %d ports, %d CPUs, load average %.2f%n",
                    System.getProperty("java.version"), ports, Runtime.getRuntime().availableProcessors(),
                    ManagementFactory.getOperatingSystemMXBean().getSystemLoadAverage());
            measure("perfquery -x -l", pq, warm, runs);
            measure("ethtool -S", eth, warm, runs);
        } finally {
            try (var s = Files.walk(dir)) {
                s.sorted(Comparator.reverseOrder()).forEach(p -> p.toFile().delete());
            }
        }
    }

    private static void measure(String what, Path file, int warm, int runs) throws IOException {
        long bytes = Files.size(file);
        Function<Path, Capture> read = p -> Readers.standard().read(Input.of(p));
        ThreadMXBean threads = ManagementFactory.getThreadMXBean();
        int readings = 0;
        for (int i = 0; i < warm; i++) readings = read.apply(file).readings().size();
        double[] wall = new double[runs];
        double[] cpu = new double[runs];
        long gcMillis = 0;
        for (int i = 0; i < runs; i++) {
            System.gc();
            long gc0 = gcMillis();
            long c0 = threads.getCurrentThreadCpuTime();
            long t0 = System.nanoTime();
            Capture c = read.apply(file);
            long t1 = System.nanoTime();
            long c1 = threads.getCurrentThreadCpuTime();
            gcMillis += gcMillis() - gc0;
            readings = c.readings().size();
            wall[i] = bytes / 1e6 / ((t1 - t0) / 1e9);
            cpu[i] = bytes / 1e6 / ((c1 - c0) / 1e9);
        }
        Arrays.sort(wall);
        Arrays.sort(cpu);
        System.out.printf("%-16s %6.1f MB, %,9d readings | wall: median %6.1f MB/s, best %6.1f | parsing thread CPU: "
                + "median %6.1f MB/s, best %6.1f | GC %d ms over %d runs (%d warm-up)%n", what, bytes / 1e6, readings,
                wall[runs / 2], wall[runs - 1], cpu[runs / 2], cpu[runs - 1], gcMillis, runs, warm);
    }

    private static long gcMillis() {
        long t = 0;
        for (GarbageCollectorMXBean gc : ManagementFactory.getGarbageCollectorMXBeans()) t += Math.max(0, gc.getCollectionTime());
        return t;
    }

    /** {@code perfquery -x -l} over {@code ports} switch ports: 40-port switches, one block per port. */
    static void generatePerfquery(Path file, int ports) throws IOException {
        String[] names = {"PortXmitData", "PortRcvData", "PortXmitPkts", "PortRcvPkts", "PortUnicastXmitPkts",
            "PortUnicastRcvPkts", "PortMulticastXmitPkts", "PortMulticastRcvPkts"};
        String[] errors = {"SymbolErrorCounter", "LinkErrorRecoveryCounter", "LinkDownedCounter", "PortRcvErrors",
            "PortRcvRemotePhysicalErrors", "PortRcvSwitchRelayErrors", "PortXmitDiscards", "PortXmitConstraintErrors",
            "PortRcvConstraintErrors", "LocalLinkIntegrityErrors", "ExcessiveBufferOverrunErrors", "VL15Dropped",
            "PortXmitWait", "QP1Dropped"};
        long seed = 42;
        try (BufferedWriter w = Files.newBufferedWriter(file, StandardCharsets.UTF_8)) {
            for (int i = 0; i < ports; i++) {
                int lid = 2 + i / 40;
                int port = 1 + i % 40;
                w.write("# Port extended counters: Lid " + lid + " port " + port + " (CapMask: 0x5300 CapMask2: 0x0000002)\n");
                field(w, "PortSelect", Integer.toString(port));
                field(w, "CounterSelect", "0x0000");
                for (String n : names) { seed = next(seed); field(w, n, Long.toString((seed >>> 1) % 400_000_000_000_000L)); }
                field(w, "CounterSelect2", "0x00000000");
                for (String n : errors) { seed = next(seed); field(w, n, Long.toString((seed >>> 1) % 50)); }
            }
        }
    }

    /** {@code ethtool -S} for {@code ports} interfaces: mlx5-like pport, per-priority and per-queue counters. */
    static void generateEthtool(Path file, int ports) throws IOException {
        String[] phy = {"rx_packets_phy", "tx_packets_phy", "rx_bytes_phy", "tx_bytes_phy", "rx_discards_phy",
            "tx_discards_phy", "rx_crc_errors_phy", "rx_symbol_err_phy", "link_down_events_phy", "rx_pause_ctrl_phy",
            "tx_pause_ctrl_phy", "rx_out_of_buffer", "tx_pause_storm_warning_events", "tx_pause_storm_error_events",
            "rx_pcs_symbol_err_phy", "rx_corrected_bits_phy", "rx_packets", "tx_packets", "rx_bytes", "tx_bytes",
            "rx_csum_complete", "tx_csum_partial", "rx_wqe_err", "rx_mpwqe_filler", "rx_buff_alloc_err"};
        String[] prio = {"rx_prio%d_bytes", "rx_prio%d_packets", "tx_prio%d_bytes", "tx_prio%d_packets",
            "rx_prio%d_pause", "rx_prio%d_pause_duration", "tx_prio%d_pause", "tx_prio%d_pause_duration",
            "rx_prio%d_buf_discard", "rx_prio%d_cong_discard"};
        String[] queue = {"rx%d_packets", "rx%d_bytes", "tx%d_packets", "tx%d_bytes", "ch%d_events", "ch%d_arm"};
        long seed = 7;
        try (BufferedWriter w = Files.newBufferedWriter(file, StandardCharsets.UTF_8)) {
            for (int i = 0; i < ports; i++) {
                w.write("$ ethtool -S ens" + i + "f0np0\nNIC statistics:\n");
                for (String n : phy) { seed = next(seed); eth(w, n, seed); }
                for (int p = 0; p < 8; p++) for (String n : prio) { seed = next(seed); eth(w, String.format(n, p), seed); }
                for (int q = 0; q < 8; q++) for (String n : queue) { seed = next(seed); eth(w, String.format(n, q), seed); }
            }
        }
    }

    private static void field(BufferedWriter w, String name, String value) throws IOException {
        StringBuilder sb = new StringBuilder(name).append(':');
        while (sb.length() < 33) sb.append('.');
        w.write(sb.append(value).append('\n').toString());
    }

    private static void eth(BufferedWriter w, String name, long seed) throws IOException {
        w.write("     " + name + ": " + ((seed >>> 1) % 10_000_000_000L) + "\n");
    }

    private static long next(long x) {
        x ^= x << 13;
        x ^= x >>> 7;
        x ^= x << 17;
        return x;
    }
}
