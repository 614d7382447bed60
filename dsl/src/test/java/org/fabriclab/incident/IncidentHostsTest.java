package org.fabriclab.incident;

import static org.fabriclab.capture.SosReportFixture.ibstat;
import static org.fabriclab.capture.SosReportFixture.ibvDevinfo;
import static org.fabriclab.capture.SosReportFixture.perfquery;
import static org.junit.jupiter.api.Assertions.assertEquals;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

import org.fabriclab.capture.SosReportFixture;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * incident(dir) on snapshots collected on two hosts at once with pdsh: each snapshot file is one tool's pdsh output
 * ({@code node01: LINE}, as chaos/pdsh@21f59962d44abbdc66a5072384257cf2a01218f3 src/pdsh/dsh.c prints it, the hosts'
 * lines interleaved), node01's lines a bundled scenario's files and node02's another's. Each host's port gets its own
 * scenario's verdict: the ports join before/after per host and port, the LID of a perfquery and the GUID of an ibstat
 * join within their host (both scenarios' ports have their own LID), and an ethtool -S that names no interface pairs
 * with its own host's only RDMA port. A snapshot folder holding the sosreports of two hosts names each bundle's ports
 * after the host it records, the same way.
 */
class IncidentHostsTest {
    @TempDir Path tmp;

    /** dir/before and dir/after, each file of {@code first}'s snapshot labelled node01 and {@code second}'s node02. */
    private Path pdshIncident(String name, String first, String second) throws IOException {
        Path dir = tmp.resolve(name);
        for (String side : List.of(Layout.BEFORE, Layout.AFTER)) {
            Path to = Files.createDirectories(dir.resolve(side));
            try (var s = Files.list(IncidentDatasetsTest.DATASETS.resolve(first).resolve(side))) {
                for (Path f : s.sorted().toList()) {
                    List<String> a = Files.readAllLines(f), b = Files.readAllLines(IncidentDatasetsTest.DATASETS.resolve(second).resolve(side)
                            .resolve(f.getFileName()));
                    StringBuilder sb = new StringBuilder();
                    for (int i = 0; i < Math.max(a.size(), b.size()); i++) {
                        if (i < a.size()) sb.append("node01: ").append(a.get(i)).append('\n');
                        if (i < b.size()) sb.append("node02: ").append(b.get(i)).append('\n');
                    }
                    Files.writeString(to.resolve("pdsh-" + f.getFileName()), sb);
                }
            }
        }
        return dir;
    }

    @Test void eachHostsPortGetsItsOwnVerdictOnInfiniBand() throws IOException {
        Incident inc = Incident.of(pdshIncident("ib", "ib-marginal-optic", "ib-clean-baseline"));
        assertEquals(List.of("node01:mlx5_0/1", "node02:mlx5_0/1"), inc.ports().stream().map(PortReport::port).toList());
        assertEquals("physical", inc.port("node01:mlx5_0/1").verdict().verdict());
        assertEquals(List.of("SymbolErrorCounter"), inc.port("node01:mlx5_0/1").verdict().detail());
        assertEquals("clean", inc.port("node02:mlx5_0/1").verdict().verdict());
    }

    @Test void eachHostsPortGetsItsOwnVerdictOnRoce() throws IOException {
        Incident inc = Incident.of(pdshIncident("roce", "roce-pause-storm", "roce-lossless-broken"));
        assertEquals(List.of("node01:mlx5_0/1", "node02:mlx5_0/1"), inc.ports().stream().map(PortReport::port).toList());
        assertEquals("pause-storm", inc.port("node01:mlx5_0/1").verdict().verdict());
        assertEquals("lossless-broken", inc.port("node02:mlx5_0/1").verdict().verdict());
    }

    @Test void sosreportsOfTwoHostsInEachSnapshotFolderAreEachHostsPorts() throws IOException {
        Path dir = tmp.resolve("sos");
        // the same device, port, LID and GUIDs on both hosts (SosReportFixture's): only the host tells them apart
        sos("node07", 3, 1_000_000, 1796299170.0).write(dir.resolve("before/sosreport-node07-2026-12-03-aaaaaaa"));
        sos("NODE08.example.com", 5, 1_000_000, 1796299171.0).write(dir.resolve("before/sosreport-node08-2026-12-03-bbbbbbb"));
        sos("node07", 43, 251_000_000, 1796299290.0).write(dir.resolve("after/sosreport-node07-2026-12-03-ccccccc"));
        sos("NODE08.example.com", 5, 251_000_000, 1796299291.0).write(dir.resolve("after/sosreport-node08-2026-12-03-ddddddd"));
        Incident inc = Incident.of(dir);
        assertEquals(List.of("node07:mlx5_0/1", "node08:mlx5_0/1"), inc.ports().stream().map(PortReport::port).toList());
        assertEquals("physical", inc.port("node07:mlx5_0/1").verdict().verdict());
        assertEquals(List.of("SymbolErrorCounter"), inc.port("node07:mlx5_0/1").verdict().detail());
        assertEquals("clean", inc.port("node08:mlx5_0/1").verdict().verdict());
        assertEquals(1_000_000_000L, inc.port("node08:mlx5_0/1").bytes().bytes(), 1e-3);   // PortXmitData +250M words x 4
    }

    private static SosReportFixture sos(String host, long symbolErrors, long data, double start) {
        return new SosReportFixture().startAt(start).host(host)
                .command("infiniband", "ibstat", ibstat("InfiniBand", 12))
                .command("infiniband", "ibv_devinfo -v", ibvDevinfo("InfiniBand", 12))
                .command("infiniband", "perfquery -C mlx5_0 -P 1", perfquery(12, symbolErrors, data, data))
                .unrelated();
    }
}
