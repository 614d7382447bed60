package org.fabriclab.snapshot;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Optional;

import org.fabriclab.capture.CaptureCsv;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A switch has one LID, on its management port 0 (libibnetdisc, linux-rdma/rdma-core 691953d8
 * {@code libibnetdisc/ibnetdisc.c}: an external switch port takes {@code node->smalid}); {@code perfquery -x <lid> <port>}
 * addresses an external port by that LID and PortSelect, so {@code lid 12/1} must join ibstat's {@code mlx5_0/1} of the
 * switch whose port 0 has {@code Base lid: 12}. The perfquery blocks follow perfquery.c's {@code "# %s counters: %s port %d"}
 * header and libibmad's {@code Name:....value} dump; own values.
 */
class SwitchPortJoinTest {
    @TempDir Path tmp;

    private static String perfqueryX(int port, long xmit, long discards) {
        return "# Port extended counters: Lid 12 port " + port + " (CapMask: 0x5300 CapMask2: 0x0000002)\n"
                + "PortSelect:......................" + port + "\nCounterSelect:...................0x0000\n"
                + "PortXmitData:...................." + xmit + "\nPortRcvData:.....................900\n"
                + "PortXmitPkts:....................40\nPortRcvPkts:.....................30\n"
                + "PortXmitDiscards:................" + discards + "\n";
    }

    @Test void perfqueryOfTwoSwitchPortsJoinsTheirIbstatPorts() throws IOException {
        Path dir = Files.createDirectories(tmp.resolve("snap"));
        Files.copy(CaptureCsv.fixture("ibstat/ibstat_switch.txt"), dir.resolve("ibstat.txt"));
        Files.writeString(dir.resolve("perfquery_p1.txt"), perfqueryX(1, 123456789012L, 7));
        Files.writeString(dir.resolve("perfquery_p2.txt"), perfqueryX(2, 5, 0));
        Snapshot s = Snapshot.of(dir);
        assertEquals(List.of("mlx5_0/1", "mlx5_0/2"), s.ports().stream().sorted().toList(), s.notes().toString());
        assertTrue(s.notes().contains("lid 12/1 joined as mlx5_0/1"), s.notes().toString());
        assertTrue(s.ports().stream().noneMatch(p -> p.startsWith("lid ")), s.ports().toString());
        assertEquals(123456789012L, s.value("mlx5_0/1", "PortXmitData").getAsLong());
        assertEquals(7L, s.value("mlx5_0/1", "PortXmitDiscards").getAsLong());
        assertEquals(Optional.of("Active"), s.attr("mlx5_0/1", "state"));
        assertEquals(Optional.of("400"), s.attr("mlx5_0/1", "rate_gbps"));
        assertEquals(5L, s.value("mlx5_0/2", "PortXmitData").getAsLong());
        assertEquals(Optional.of("Down"), s.attr("mlx5_0/2", "state"));
        assertEquals(Optional.of("12"), s.attr("mlx5_0/2", "lid"));
    }
}
