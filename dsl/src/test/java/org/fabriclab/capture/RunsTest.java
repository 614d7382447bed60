package org.fabriclab.capture;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertSame;

import java.util.List;

import org.junit.jupiter.api.Test;

/** Runs.of: one file holding a tool's output two or more times, cut into its runs. */
class RunsTest {
    /** perfquery -x of two ports (LID 7, ports 1 and 2) with the given SymbolErrorCounter values. */
    static String perfquery(long symbols1, long symbols2, long xmit) {
        StringBuilder sb = new StringBuilder();
        long[] sym = {symbols1, symbols2};
        for (int p = 1; p <= 2; p++) {
            sb.append("# Port extended counters: Lid 7 port ").append(p).append(" (CapMask: 0x5A00)\n")
              .append("PortSelect:......................").append(p).append('\n')
              .append("CounterSelect:...................0x0000\n")
              .append("PortXmitData:....................").append(xmit).append('\n')
              .append("PortRcvData:.....................").append(xmit).append('\n')
              .append("PortXmitPkts:....................").append(xmit / 10).append('\n')
              .append("PortRcvPkts:.....................").append(xmit / 10).append('\n')
              .append("SymbolErrorCounter:..............").append(sym[p - 1]).append('\n')
              .append("PortXmitWait:....................0\n");
        }
        return sb.toString();
    }

    private static Capture read(String text) {
        return Readers.standard().read(Input.ofText("both.txt", text));
    }

    @Test void twoRunsOfTwoPortsAreCutAtTheRepeatedFirstCounter() {
        String before = perfquery(0, 0, 1000), after = perfquery(12, 0, 5000);
        List<Capture> runs = Runs.of(read(before + after));
        assertEquals(2, runs.size());
        int afterLine = (int) before.lines().count() + 1;
        assertEquals(List.of("lid 7/1", "lid 7/2"), runs.get(0).ports());
        assertEquals(List.of("lid 7/1", "lid 7/2"), runs.get(1).ports());
        assertEquals(0, runs.get(0).reading("lid 7/1", "SymbolErrorCounter").orElseThrow().value());
        Reading late = runs.get(1).reading("lid 7/1", "SymbolErrorCounter").orElseThrow();
        assertEquals(12, late.value());
        assertEquals(5000, runs.get(1).reading("lid 7/2", "PortXmitData").orElseThrow().value());
        // the after run keeps the file's own line numbers
        assertEquals(afterLine + 7, late.line());
        assertEquals(runs.get(0).readings().size(), runs.get(1).readings().size());
    }

    @Test void threeRunsAndAnOutputHeldOnceIsOneRun() {
        assertEquals(3, Runs.of(read(perfquery(0, 0, 1) + perfquery(1, 0, 2) + perfquery(2, 0, 3))).size());
        Capture once = read(perfquery(0, 0, 1));
        assertSame(once, Runs.of(once).get(0));
        assertEquals(1, Runs.of(once).size());
    }

    @Test void severalInterfacesRepeatedStayTogetherInEachRun() {
        String one = "# ethtool -S eth0\nNIC statistics:\n     rx_pause_ctrl_phy: %d\n     tx_pause_ctrl_phy: 0\n"
                + "# ethtool -S eth1\nNIC statistics:\n     rx_pause_ctrl_phy: %d\n     tx_pause_ctrl_phy: 0\n";
        List<Capture> runs = Runs.of(read(String.format(one, 1, 2) + String.format(one, 10, 20)));
        assertEquals(2, runs.size());
        for (Capture run : runs) assertEquals(List.of("netdev eth0", "netdev eth1"), run.ports());
        assertEquals(20, runs.get(1).readings().stream().filter(r -> r.port().equals("netdev eth1") && r.rawName().equals("rx_pause_ctrl_phy"))
                .findFirst().orElseThrow().value());
    }

    /** A loop that samples one interface after the other (eth0, eth0, eth1, eth1): each port's first sample is the first run. */
    @Test void portsSampledOneAfterTheOtherGiveEachPortBothRuns() {
        String one = "# ethtool -S %s\nNIC statistics:\n     rx_pause_ctrl_phy: %d\n     tx_pause_ctrl_phy: 0\n";
        String text = String.format(one, "eth0", 1) + String.format(one, "eth0", 10) + String.format(one, "eth1", 2)
                + String.format(one, "eth1", 20);
        List<Capture> runs = Runs.of(read(text));
        assertEquals(2, runs.size());
        for (Capture run : runs) assertEquals(List.of("netdev eth0", "netdev eth1"), run.ports());
        long[][] want = {{1, 2}, {10, 20}};
        for (int k = 0; k < 2; k++) {
            for (int p = 0; p < 2; p++) {
                String port = "netdev eth" + p;
                assertEquals(want[k][p], runs.get(k).readings().stream().filter(r -> r.port().equals(port)
                        && r.rawName().equals("rx_pause_ctrl_phy")).findFirst().orElseThrow().value(), "run " + k + " " + port);
            }
        }
    }

    /** What lies between two runs (ibstat's attributes and warning before perfquery in a session) is the next run's. */
    @Test void whatLiesBetweenRunsIsTheNextRunsByLine() {
        Capture c = Capture.builder(org.fabriclab.catalogue.Source.PERFQUERY_X, "s.txt")
                .attr("lid 7/1", "state", "Active", 1).counter("lid 7/1", "SymbolErrorCounter", 0, 3)
                .attr("lid 7/1", "state", "Init", 5).warn("s.txt:6: ibstat output cut").warn("no line named")
                .counter("lid 7/1", "SymbolErrorCounter", 4, 8).build();
        List<Capture> runs = Runs.of(c);
        assertEquals(List.of("Active", "Init"), runs.stream().map(r -> r.attr("lid 7/1", "state").orElseThrow()).toList());
        assertEquals(List.of("no line named"), runs.get(0).warnings());
        assertEquals(List.of("s.txt:6: ibstat output cut"), runs.get(1).warnings());
    }

    @Test void aPortAttributeReadOnceIsLentToEveryRun() {
        String text = """
                /sys/class/infiniband/mlx5_0/ports/1/rate:100 Gb/sec (4X EDR)
                /sys/class/infiniband/mlx5_0/ports/1/counters/symbol_error:0
                /sys/class/infiniband/mlx5_0/ports/1/counters/port_xmit_data:1000
                /sys/class/infiniband/mlx5_0/ports/1/counters/symbol_error:5
                /sys/class/infiniband/mlx5_0/ports/1/counters/port_xmit_data:2000
                """;
        List<Capture> runs = Runs.of(read(text));
        assertEquals(2, runs.size());
        for (Capture run : runs) assertEquals("100 Gb/sec (4X EDR)", run.attr("mlx5_0/1", "rate").orElseThrow(), run.attrs().toString());
        assertEquals(5, runs.get(1).reading("mlx5_0/1", "SymbolErrorCounter").orElseThrow().value());
        // run 2 holds no attribute line of its own: it has run 1's, the same ones
        assertEquals(runs.get(0).attrs(), runs.get(1).attrs());
    }
}
