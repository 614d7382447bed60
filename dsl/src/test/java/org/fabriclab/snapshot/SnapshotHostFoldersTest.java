package org.fabriclab.snapshot;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.stream.Stream;

import org.fabriclab.verdict.Verdict;
import org.fabriclab.incident.Incident;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A snapshot folder of host folders ({@code before/node01/}, {@code before/node02/}: a collection over several hosts): each
 * host's ports are named after its folder and joined within it; tools in folders of their own stay one host.
 */
class SnapshotHostFoldersTest {
    private static final Path DATASETS = Path.of("..", "datasets");
    @TempDir Path tmp;

    private static void copyFiles(Path from, Path to) throws IOException {
        Files.createDirectories(to);
        try (Stream<Path> s = Files.list(from)) {
            for (Path f : s.filter(Files::isRegularFile).toList()) Files.copy(f, to.resolve(f.getFileName()));
        }
    }

    @Test void eachHostFolderIsAHost() throws IOException {
        Path src = DATASETS.resolve("roce-pause-storm");
        Path d = tmp.resolve("two-hosts");
        for (String side : new String[] {"before", "after"}) {
            copyFiles(src.resolve(side), d.resolve(side).resolve("node01"));
            copyFiles(DATASETS.resolve("roce-congestion-10gb").resolve(side), d.resolve(side).resolve("node02"));
        }
        Snapshot s = Snapshot.of(d.resolve("before"));
        assertEquals(List.of("node01:mlx5_0/1", "node02:mlx5_0/1"), s.ports());
        assertTrue(s.sources().stream().anyMatch(n -> n.startsWith("ports named after their host folders (node01/, node02/)")), s.sources().toString());
        // each host's verdict is the one its dataset gives alone (the unnamed ethtool -S dump paired within its host)
        Incident both = Incident.of(d);
        String alone1 = Incident.of(src).ports().get(0).verdict().verdict();
        String alone2 = Incident.of(DATASETS.resolve("roce-congestion-10gb")).ports().get(0).verdict().verdict();
        assertEquals(List.of("node01:mlx5_0/1 " + alone1, "node02:mlx5_0/1 " + alone2),
                both.ports().stream().map(p -> p.port() + " " + p.verdict().verdict()).toList());
        assertTrue(!alone1.equals(Verdict.INCOMPLETE) && !alone2.equals(Verdict.INCOMPLETE));
    }

    @Test void toolFoldersAreOneHost() throws IOException {
        Path src = DATASETS.resolve("roce-pause-storm").resolve("before");
        Path d = tmp.resolve("by-tool");
        try (Stream<Path> s = Files.list(src)) {
            for (Path f : s.filter(Files::isRegularFile).toList()) {
                String n = f.getFileName().toString();
                // named after the tool, as a hand collection names them: hw_counters/hw_counters.txt is a saved grep, no sysfs folder
                Path sub = Files.createDirectories(d.resolve(n.substring(0, n.indexOf('.'))));
                Files.copy(f, sub.resolve(n));
            }
        }
        assertEquals(Snapshot.of(src).ports(), Snapshot.of(d).ports(), "ethtool/, hw_counters/, rdma-link/: no counter read twice");
    }
}
