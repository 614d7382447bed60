package org.fabriclab.incident;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.function.IntFunction;

/**
 * Incident folders in the layout {@code fabriclab collect} writes ({@link Layout}), built in test code:
 * each snapshot holds {@code ethtool-S.NETDEV.txt} (first line {@code # ethtool -S NETDEV}),
 * {@code sysfs.txt} (hw_counters in {@code grep -H} form), {@code rdma-link.json} and
 * {@code timestamp.json}.
 *
 * <pre>{@code
 * Path dir = CollectedFolders.roce(tmp, 3, 1000, i -> Map.of("tx_prio3_pause_duration", i * 900_000L));
 * }</pre>
 */
final class CollectedFolders {
    static final String NETDEV = "ens1f0np0";
    static final long T0 = 1_767_225_600_000L;

    private CollectedFolders() {}

    /** The counters of a quiet RoCE port at snapshot {@code i}: 1 GB sent per snapshot, nothing else moving. */
    static Map<String, Long> quiet(int i) {
        Map<String, Long> m = new LinkedHashMap<>();
        m.put("tx_bytes_phy", 1_000_000_000L * (i + 1));
        m.put("rx_bytes_phy", 10_000_000L * (i + 1));
        m.put("rx_discards_phy", 0L);
        m.put("rx_prio3_buf_discard", 0L);
        m.put("rx_prio3_pause", 100L);
        m.put("rx_prio3_pause_duration", 300L);
        m.put("tx_prio3_pause", 0L);
        m.put("tx_prio3_pause_duration", 0L);
        m.put("tx_pause_storm_warning_events", 0L);
        m.put("tx_pause_storm_error_events", 0L);
        return m;
    }

    /** {@code n} snapshots {@code t0 ..} {@code stepMs} apart; {@code change} overrides counters of snapshot i. */
    static Path roce(Path dir, int n, long stepMs, IntFunction<Map<String, Long>> change) {
        for (int i = 0; i < n; i++) snapshot(dir.resolve(Layout.series(i)), i, T0 + i * stepMs, change);
        return dir;
    }

    /** before/ and after/ {@code stepMs} apart. */
    static Path beforeAfter(Path dir, long stepMs, IntFunction<Map<String, Long>> change) {
        snapshot(dir.resolve(Layout.BEFORE), 0, T0, change);
        snapshot(dir.resolve(Layout.AFTER), 1, T0 + stepMs, change);
        return dir;
    }

    static void snapshot(Path d, int i, long epochMs, IntFunction<Map<String, Long>> change) {
        Map<String, Long> eth = quiet(i);
        eth.putAll(change.apply(i));
        StringBuilder e = new StringBuilder("# ethtool -S " + NETDEV + "\nNIC statistics:\n");
        eth.forEach((k, v) -> e.append("     ").append(k).append(": ").append(v).append('\n'));
        StringBuilder s = new StringBuilder();
        String hw = "/sys/class/infiniband/mlx5_0/ports/1/hw_counters/";
        for (String c : new String[] {"packet_seq_err", "rnr_nak_retry_err", "local_ack_timeout_err", "rp_cnp_handled", "np_cnp_sent"}) {
            s.append(hw).append(c).append(':').append(eth.getOrDefault(c, 5L)).append('\n');
        }
        s.append("/sys/class/infiniband/mlx5_0/ports/1/link_layer:Ethernet\n");
        try {
            Files.createDirectories(d);
            Files.writeString(d.resolve("ethtool-S." + NETDEV + ".txt"), e);
            Files.writeString(d.resolve("sysfs.txt"), s);
            Files.writeString(d.resolve("rdma-link.json"), "[{\"ifindex\":1,\"ifname\":\"mlx5_0\",\"port\":1,\"state\":\"ACTIVE\","
                    + "\"physical_state\":\"LINK_UP\",\"netdev\":\"" + NETDEV + "\",\"netdev_index\":4}]\n");
            Files.writeString(d.resolve(Layout.TIMESTAMP), "{\"epoch_ms\": " + epochMs + ", \"monotonic_ns\": " + (epochMs - T0 + 5_000) * 1_000_000L
                    + ", \"duration_ms\": 40, \"boot_id\": \"b0\"}\n");
        } catch (IOException x) {
            throw new UncheckedIOException(x);
        }
    }
}
