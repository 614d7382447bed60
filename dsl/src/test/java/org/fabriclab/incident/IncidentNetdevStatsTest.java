package org.fabriclab.incident;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

import org.fabriclab.Fabric;
import org.fabriclab.check.CheckRow;
import org.fabriclab.check.Outcome;
import org.fabriclab.delta.CounterDelta;
import org.fabriclab.verdict.Verdict;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A RoCE incident folder whose only captures are {@code ip -s -s link} (the newer iproute2 layout, written here after
 * {@code ip/ipaddress.c} {@code print_stats64}), CRC errors moving 100 to 5100 and the kernel's bytes 900000 between
 * before and after. What fabriclab can honestly say from it: the port is graded as RoCE (link/ether), but the RoCE
 * profile's required counters (discards, pause, pause storm, the RDMA transport's q-counters) are none of the
 * kernel's netdev statistics, so the verdict is INCOMPLETE, not a layer; the CRC errors are read as
 * {@code rx_crc_errors_phy} and shown moving in the physical layer and failed by the zero-tolerance gate; the
 * kernel's bytes are never the bytes the test moved (RDMA traffic bypasses the kernel's rings).
 */
class IncidentNetdevStatsTest {
    static final String PORT = "netdev ens1f0np0";
    @TempDir Path tmp;

    @Test void ipOnlyRoceFolderIsIncompleteWithTheCrcErrorsShownAndGated() throws IOException {
        Path dir = folder(tmp.resolve("incident"));
        Incident inc = Fabric.incident(dir.toString());
        assertEquals(List.of(PORT), inc.ports().stream().map(PortReport::port).toList());
        PortReport p = inc.port(PORT);
        assertEquals("roce", p.verdict().profile());
        assertEquals(Verdict.INCOMPLETE, p.verdict().verdict());
        assertTrue(p.verdict().detail().containsAll(List.of("rx_discards_phy", "tx_pause_storm_error_events", "packet_seq_err")),
                p.verdict().detail().toString());
        // the CRC errors moved and were read as the physical-layer counter
        CounterDelta crc = inc.delta().port(PORT).get("rx_crc_errors_phy");
        assertEquals(5000L, crc.delta());
        // the kernel's bytes moved, but no role selects them: the bytes moved are unknown, not 900000
        assertEquals(900000L, inc.delta().port(PORT).get("netdev_rx_bytes").delta());
        assertFalse(p.bytes().known(), p.bytes().how());
        assertTrue(p.bytes().how().contains("no data counter (role bytes)"), p.bytes().how());
        // the fleet gate grades every error counter: the CRC errors fail it
        CheckRow gate = inc.zeroTolerance().rows().stream().filter(r -> r.port().equals(PORT) && r.name().equals("rx_crc_errors_phy"))
                .findFirst().orElseThrow();
        assertEquals(Outcome.FAIL, gate.outcome());
        assertEquals(5000L, gate.count());
    }

    static Path folder(Path dir) throws IOException {
        Files.createDirectories(dir.resolve("before"));
        Files.createDirectories(dir.resolve("after"));
        Files.writeString(dir.resolve("before/ip-link.txt"), ip(100, 1000));
        Files.writeString(dir.resolve("after/ip-link.txt"), ip(5100, 901000));
        return dir;
    }

    /** {@code ip -s -s link show dev ens1f0np0} in the layout since iproute2 5.10. */
    static String ip(long crc, long bytes) {
        return "$ ip -s -s link show dev ens1f0np0\n"
                + "2: ens1f0np0: <BROADCAST,MULTICAST,UP,LOWER_UP> mtu 4200 qdisc mq state UP mode DEFAULT group default qlen 1000\n"
                + "    link/ether b8:ce:f6:01:02:03 brd ff:ff:ff:ff:ff:ff\n"
                + "    RX:  bytes packets errors dropped  missed   mcast\n"
                + String.format("    %9d %7d %6d %7d %7d %7d%n", bytes, 1000, crc, 0, 0, 0)
                + "    RX errors:  length    crc   frame    fifo overrun\n"
                + String.format("              %7d %6d %7d %7d %7d%n", 0, crc, 0, 0, 0)
                + "    TX:  bytes packets errors dropped carrier collsns\n"
                + String.format("    %9d %7d %6d %7d %7d %7d%n", bytes, 1000, 0, 0, 0, 0)
                + "    TX errors: aborted   fifo  window heartbt transns\n"
                + String.format("              %7d %6d %7d %7d %7d%n", 0, 0, 0, 0, 2);
    }
}
