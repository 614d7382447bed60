package org.fabriclab.snapshot;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

import org.fabriclab.capture.Capture;
import org.fabriclab.capture.CaptureException;
import org.fabriclab.capture.Input;
import org.fabriclab.capture.Readers;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

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

    @TempDir Path tmp;

    /** Two hosts' ibstat files in one snapshot folder, without their host: one port name, two devices. */
    @Test void twoHostsFilesWithoutTheirHostAreRefusedNotMerged() throws IOException {
        String a = Files.readString(DIR.resolve("before/ibstat.txt"));
        String b = Files.readString(Path.of("..", "datasets", "ib-clean-baseline", "before", "ibstat.txt"));
        Path snap = Files.createDirectories(tmp.resolve("before"));
        Files.writeString(snap.resolve("ibstat-node01.txt"), a);
        Files.writeString(snap.resolve("ibstat-node02.txt"), b);
        CaptureException e = assertThrows(CaptureException.class, () -> Snapshot.of(snap));
        int line = b.lines().toList().indexOf(b.lines().filter(l -> l.contains("Node GUID")).findFirst().orElseThrow()) + 1;
        assertEquals(snap.resolve("ibstat-node02.txt").toString(), e.file());
        assertEquals(line, e.line());
        assertTrue(e.getMessage().contains("port mlx5_0/1 has node_guid 0x0c42a10300d1e0dc here and 0x0c42a10300d1e0a0 in "
                + snap.resolve("ibstat-node01.txt") + ":" + line), e.getMessage());
        // the same outputs as pdsh prints them, labelled: two ports, each with its device
        Files.delete(snap.resolve("ibstat-node02.txt"));
        Files.writeString(snap.resolve("ibstat-node01.txt"), labelled("node01", a) + labelled("node02", b));
        Snapshot s = Snapshot.of(snap);
        assertEquals(java.util.Optional.of("0x0c42a10300d1e0a0"), s.attr("node01:mlx5_0/1", "node_guid"));
        assertEquals(java.util.Optional.of("0x0c42a10300d1e0dc"), s.attr("node02:mlx5_0/1", "node_guid"));
    }
}
