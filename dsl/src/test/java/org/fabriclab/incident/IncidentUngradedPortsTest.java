package org.fabriclab.incident;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.stream.Stream;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A snapshot that holds {@code ethtool -S} of every NIC of the host (a sosreport runs it on each): the management NIC
 * (an igb, no RDMA counter) was graded "incomplete" for every counter of the RoCE profiles beside the RDMA port.
 * It is named apart; a folder holding only such ports still grades them.
 */
class IncidentUngradedPortsTest {
    @TempDir Path tmp;

    /** ethtool -S of an igb management NIC, as its driver names its counters (igb_ethtool.c); values ours. */
    static String igb(long rx) {
        return "# ethtool -S eno1\nNIC statistics:\n     rx_packets: " + rx + "\n     tx_packets: " + (rx / 2) + "\n     rx_bytes: " + (rx * 900)
                + "\n     tx_bytes: " + (rx * 400) + "\n     rx_crc_errors: 0\n     rx_missed_errors: 0\n     tx_timeout_count: 0\n"
                + "     rx_flow_control_xon: 0\n     rx_flow_control_xoff: 0\n     rx_queue_0_packets: " + rx + "\n";
    }

    private Path folder(String dataset) throws IOException {
        Path dir = tmp.resolve("incident");
        long rx = 1000;
        for (String side : new String[] {"before", "after"}) {
            Path to = Files.createDirectories(dir.resolve(side));
            if (dataset != null) {
                try (Stream<Path> s = Files.list(IncidentDatasetsTest.DATASETS.resolve(dataset).resolve(side))) {
                    for (Path f : s.toList()) Files.copy(f, to.resolve(f.getFileName()));
                }
            }
            Files.writeString(to.resolve("ethtool_S_eno1.txt"), igb(rx));
            rx += 250_000;
        }
        return dir;
    }

    @Test void aManagementNicBesideTheRdmaPortIsNamedApartNotGraded() throws IOException {
        Incident inc = Incident.of(folder("roce-lossless-broken"));
        assertEquals(List.of("mlx5_0/1"), inc.ports().stream().map(PortReport::port).toList());
        assertTrue(inc.folderNotes().stream().anyMatch(n -> n.startsWith("not graded: netdev eno1: none of the roce or roce-full profile's counters")),
                inc.folderNotes().toString());
    }

    @Test void aFolderOfOnlySuchPortsIsStillGraded() throws IOException {
        Incident inc = Incident.of(folder(null));
        assertEquals(List.of("netdev eno1"), inc.ports().stream().map(PortReport::port).toList());
        assertEquals("incomplete", inc.port("netdev eno1").verdict().verdict());
    }
}
