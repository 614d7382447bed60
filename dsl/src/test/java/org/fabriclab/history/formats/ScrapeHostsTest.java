package org.fabriclab.history.formats;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.time.ZoneOffset;
import java.util.List;
import java.util.Map;

import org.fabriclab.history.History;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Scrapes saved by {@code curl host:9100/metrics > $(hostname)-$(date +%s).prom} on several hosts: node_exporter's
 * exposition carries no {@code instance} label (Prometheus adds it at ingestion), so before, two hosts' mlx5_0/1 were
 * one port whose rows alternated between the hosts (100, 5000, 110, 5010: fake resets and deltas).
 */
class ScrapeHostsTest {
    @Test void stemsAreTheNameWithoutItsTimeAndExtensions() {
        assertEquals("node01", ScrapeHosts.stem("node01-1764547200.prom", ZoneOffset.UTC));
        assertEquals("gpu07.cluster", ScrapeHosts.stem("gpu07.cluster_2025-12-01T12:00:00Z.prom.gz", ZoneOffset.UTC));
        assertEquals("metrics", ScrapeHosts.stem("metrics-20251201-120000.txt", ZoneOffset.UTC));
        assertEquals("", ScrapeHosts.stem("1764547200.prom", ZoneOffset.UTC));
        assertEquals(Map.of(), ScrapeHosts.of(List.of(Path.of("node-1764547200.prom"), Path.of("node-1764547260.prom")), ZoneOffset.UTC));
    }

    @Test void twoHostsScrapesAreTwoHostsPorts(@TempDir Path dir) throws Exception {
        scrape(dir.resolve("node01-1764547200.prom"), 100);
        scrape(dir.resolve("node02-1764547201.prom"), 5000);
        scrape(dir.resolve("node01-1764547260.prom"), 110);
        scrape(dir.resolve("node02-1764547261.prom"), 5010);
        History h = HistoryReaders.standard().read(dir);
        assertEquals(List.of("node01 mlx5_0/1", "node02 mlx5_0/1"), h.ports());
        assertArrayEquals(new long[] {100, 110}, Res.values(h, "node01 mlx5_0/1", "LinkDownedCounter"));
        assertArrayEquals(new long[] {5000, 5010}, Res.values(h, "node02 mlx5_0/1", "LinkDownedCounter"));
        assertArrayEquals(new long[] {1_764_547_201_000L, 1_764_547_261_000L}, Res.times(h, "node02 mlx5_0/1"));
        assertTrue(h.warnings().stream().anyMatch(w -> w.contains("node01, node02")), h.warnings().toString());
    }

    @Test void anInstanceLabelInTheScrapeWinsOverTheFileName(@TempDir Path dir) throws Exception {
        Files.writeString(dir.resolve("a-1764547200.prom"),
                "node_infiniband_link_downed_total{device=\"mlx5_0\",instance=\"gpu01:9100\",port=\"1\"} 1\n");
        Files.writeString(dir.resolve("b-1764547260.prom"),
                "node_infiniband_link_downed_total{device=\"mlx5_0\",instance=\"gpu01:9100\",port=\"1\"} 2\n");
        History h = HistoryReaders.standard().read(dir);
        assertEquals(List.of("mlx5_0/1"), h.ports());              // one instance: its ports keep their names
        assertArrayEquals(new long[] {1, 2}, Res.values(h, "mlx5_0/1", "LinkDownedCounter"));
    }

    private static void scrape(Path f, long linkDowned) throws Exception {
        Files.writeString(f, "# HELP node_infiniband_link_downed_total Number of times the link failed to recover\n"
                + "# TYPE node_infiniband_link_downed_total counter\n"
                + "node_infiniband_link_downed_total{device=\"mlx5_0\",port=\"1\"} " + linkDowned + "\n");
    }
}
