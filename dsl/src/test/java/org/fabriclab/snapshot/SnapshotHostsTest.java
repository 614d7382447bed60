package org.fabriclab.snapshot;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

import org.fabriclab.capture.Capture;
import org.fabriclab.capture.Input;
import org.fabriclab.capture.Readers;
import org.junit.jupiter.api.Test;

/**
 * The joins of a snapshot read from multi-host outputs stay within a host. Two hosts whose port has the same LID (17) and
 * the same device name: each host's perfquery {@code lid 17/1} joins its own ibstat's {@code mlx5_0/1}, never the other
 * host's. The host outputs are the ib-marginal-optic dataset's files; the wrapping is pdsh's {@code "%S: %s"} line
 * (chaos/pdsh@21f59962d44abbdc66a5072384257cf2a01218f3 src/pdsh/dsh.c) and dshbak -c's header of 16 dashes over a group
 * (scripts/dshbak {@code print_header}).
 */
class SnapshotHostsTest {
    private static final Path DIR = Path.of("..", "datasets", "ib-marginal-optic");

    private static String labelled(String host, String text) {
        StringBuilder sb = new StringBuilder();
        text.lines().forEach(l -> sb.append(host).append(": ").append(l).append('\n'));
        return sb.toString();
    }

    @Test void eachHostsLidJoinsItsOwnDevicePort() throws IOException {
        String ibstat = Files.readString(DIR.resolve("before/ibstat.txt"));
        String before = Files.readString(DIR.resolve("before/perfquery-x.txt")), after = Files.readString(DIR.resolve("after/perfquery-x.txt"));
        Readers r = Readers.standard();
        // one ibstat for both hosts (dshbak -c: identical output), each host's own perfquery -x
        Capture ib = r.read(Input.ofText("ibstat.txt", "-".repeat(16) + "\nnode[01-02]\n" + "-".repeat(16) + "\n" + ibstat));
        Capture pq = r.read(Input.ofText("perfquery-x.txt", labelled("node01", before) + labelled("node02", after)));
        Snapshot s = Snapshot.ofCaptures("snap", List.of(ib, pq));
        assertEquals(List.of("node01:mlx5_0/1", "node02:mlx5_0/1"), s.ports());
        assertEquals(List.of(), s.unjoined());
        Capture alone = r.read(Input.ofText("a.txt", after));
        assertEquals(alone.reading("lid 17/1", "PortXmitData").orElseThrow().value(), s.readings("node02:mlx5_0/1").get("PortXmitData").value());
        assertEquals(r.read(Input.ofText("b.txt", before)).reading("lid 17/1", "PortXmitData").orElseThrow().value(),
                s.readings("node01:mlx5_0/1").get("PortXmitData").value());
        assertEquals(List.of("node01:lid 17/1 joined as node01:mlx5_0/1", "node02:lid 17/1 joined as node02:mlx5_0/1"),
                s.notes().stream().filter(n -> n.contains(" joined as ")).toList());
    }
}
