package org.fabriclab.snapshot;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A hand-collected RoCE snapshot without {@code rdma link}: {@code ethtool -S ens1f0np0} beside the {@code hw_counters} of
 * {@code mlx5_0} name no common identity. The one netdev with counters to grade is paired with the one RDMA port no netdev
 * names; a management NIC's dump (no graded counter) does not count against that, two RoCE netdevs do.
 */
class SnapshotJoinByEliminationTest {
    static final Path STORM = Path.of("..", "datasets", "roce-pause-storm", "before");
    @TempDir Path tmp;

    /** The pause-storm dataset's before/ without its rdma link, its ethtool dump named by its command line as {@code dev}. */
    Path snapshot(String... devs) throws IOException {
        Path dir = Files.createDirectories(tmp.resolve("before"));
        Files.copy(STORM.resolve("hw_counters.txt"), dir.resolve("hw_counters.txt"));
        String eth = Files.readString(STORM.resolve("ethtool.txt"));
        for (String dev : devs) Files.writeString(dir.resolve("ethtool-" + dev + ".txt"), "# ethtool -S " + dev + "\n" + eth);
        return dir;
    }

    @Test void theOnlyRoceNetdevJoinsTheOnlyRdmaPort() throws IOException {
        Snapshot s = Snapshot.of(snapshot("ens1f0np0"));
        assertEquals(List.of("mlx5_0/1"), List.copyOf(s.ports()));
        assertTrue(s.notes().stream().anyMatch(n -> n.startsWith("netdev ens1f0np0 joined to mlx5_0/1 by elimination")), s.notes().toString());
        assertTrue(s.reading("mlx5_0/1", "tx_pause_storm_error_events").isPresent(), "the ethtool counters are the RDMA port's");
        assertTrue(s.reading("mlx5_0/1", "rp_cnp_handled").isPresent(), "and so are the hw_counters");
    }

    @Test void aManagementNicBesideItDoesNotCount() throws IOException {
        Path dir = snapshot("ens1f0np0");
        Files.writeString(dir.resolve("ethtool-eno1.txt"), "# ethtool -S eno1\nNIC statistics:\n     rx_packets: 10\n     tx_packets: 5\n"
                + "     rx_bytes: 9000\n     tx_bytes: 4000\n     rx_missed_errors: 0\n     tx_timeout_count: 0\n");
        Snapshot s = Snapshot.of(dir);
        assertTrue(s.ports().contains("mlx5_0/1") && s.ports().contains("netdev eno1"), s.ports().toString());
        assertTrue(s.reading("mlx5_0/1", "tx_pause_storm_error_events").isPresent(), s.notes().toString());
    }

    @Test void twoRoceNetdevsStayApart() throws IOException {
        Snapshot s = Snapshot.of(snapshot("ens1f0np0", "ens1f1np1"));
        assertEquals(3, s.ports().size(), s.ports().toString());
        assertTrue(s.notes().stream().noneMatch(n -> n.contains("by elimination")), s.notes().toString());
    }

    /** ibdev2netdev names which netdev is which RDMA port: two RoCE netdevs no longer stay apart. */
    @Test void ibdev2netdevJoinsWhatEliminationCannot() throws IOException {
        Path dir = snapshot("ens1f0np0", "ens1f1np1");
        Files.writeString(dir.resolve("ibdev2netdev.txt"), "mlx5_0 port 1 ==> ens1f0np0 (Up)\nmlx5_1 port 1 ==> ens1f1np1 (Up)\n");
        Snapshot s = Snapshot.of(dir);
        assertTrue(s.ports().contains("mlx5_0/1") && s.ports().contains("mlx5_1/1"), s.ports().toString());
        assertEquals(2, s.ports().size(), s.ports().toString());
        assertTrue(s.reading("mlx5_0/1", "tx_pause_storm_error_events").isPresent(), "ens1f0np0's counters are mlx5_0's");
        assertTrue(s.reading("mlx5_0/1", "rp_cnp_handled").isPresent());
    }
}
