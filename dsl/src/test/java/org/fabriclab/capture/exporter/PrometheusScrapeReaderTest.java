package org.fabriclab.capture.exporter;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

import org.fabriclab.capture.BadInput;
import org.fabriclab.capture.Capture;
import org.fabriclab.capture.Input;
import org.fabriclab.capture.Readers;
import org.fabriclab.capture.Runs;
import org.fabriclab.delta.Delta;
import org.fabriclab.snapshot.Snapshot;
import org.fabriclab.verdict.Profiles;
import org.fabriclab.verdict.Verdict;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * One Prometheus scrape as a snapshot. The scrapes are written here in node_exporter's layout (its {@code infiniband}
 * collector: {@code device} and {@code port} labels, data counters in bytes, the mlx5 hw counters) and
 * infiniband_exporter's ({@code guid} and {@code port} labels), with this test's own values.
 */
class PrometheusScrapeReaderTest {
    private static final String P = "mlx5_0/1";
    private final PrometheusScrapeReader reader = new PrometheusScrapeReader();
    @TempDir Path tmp;

    /** A node_exporter scrape of mlx5_0 port 1: symbol errors {@code sym}, {@code bytes} transmitted. */
    static String nodeScrape(long sym, long bytes) {
        String l = "{device=\"mlx5_0\",port=\"1\"}";
        return """
                # HELP go_goroutines Number of goroutines that currently exist.
                # TYPE go_goroutines gauge
                go_goroutines 9
                # HELP node_infiniband_link_downed_total Number of times the link failed to recover from an error state and went down
                # TYPE node_infiniband_link_downed_total counter
                node_infiniband_link_downed_total%1$s 0
                node_infiniband_link_error_recovery_total%1$s 0
                node_infiniband_local_ack_timeout_errors_total%1$s 0
                node_infiniband_packet_sequence_errors_total%1$s 0
                node_infiniband_port_data_received_bytes_total%1$s 4.096e+06
                node_infiniband_port_data_transmitted_bytes_total%1$s %3$d
                node_infiniband_port_discards_transmitted_total%1$s 0
                node_infiniband_port_errors_received_total%1$s 0
                node_infiniband_rnr_nak_retry_packets_received_total%1$s 0
                node_infiniband_rate_bytes_per_second%1$s 2.5e+10
                node_infiniband_state_id%1$s 4
                node_infiniband_symbol_error_total%1$s %2$d
                node_infiniband_vl15_dropped_total%1$s NaN
                """.formatted(l, sym, bytes);
    }

    @Test void readsANodeExporterScrapeInTheCountersOwnUnits() {
        Capture c = reader.read(Input.ofText("metrics.prom", nodeScrape(3, 4_000_000_000L)));
        assertEquals(List.of(P), c.ports());
        assertEquals(3L, c.reading(P, "SymbolErrorCounter").orElseThrow().value());
        assertEquals(1_000_000_000L, c.reading(P, "PortXmitData").orElseThrow().value(), "bytes back to 4-octet words");
        assertEquals(1_024_000L, c.reading(P, "PortRcvData").orElseThrow().value(), "4.096e+06 read exactly");
        assertEquals(16, c.reading(P, "SymbolErrorCounter").orElseThrow().field().width(), "the field node_exporter read");
        assertTrue(c.reading(P, "VL15Dropped").isEmpty(), "NaN is no value");
        assertTrue(c.absents().stream().anyMatch(a -> a.port().equals(P) && a.rawName().equals("node_infiniband_vl15_dropped_total")),
                c.absents().toString());
        assertEquals(10, c.readings().size(), "the Go runtime's gauge, the rate and the state gauge are not counters; NaN is absent");
        assertEquals("200", c.attr(P, "rate_gbps").orElseThrow(), "2.5e+10 bytes/s is 200 Gb/s");
    }

    @Test void sniffedAmongAllReaders() {
        assertEquals("prometheus-text", Readers.standard().choose(Input.ofText("metrics.prom", nodeScrape(0, 0))).format());
        // without HELP/TYPE comments (a hand-trimmed or textfile-collector file): by a catalogued exporter metric
        String bare = "infiniband_hca_port_symbol_error_total{guid=\"0x0002c90300a1b2c4\",port=\"1\"} 2\n";
        assertEquals("prometheus-text", Readers.standard().choose(Input.ofText("ib.txt", bare)).format());
    }

    /** infiniband_exporter before 0.10.0 wrote the data words unscaled under _bytes_total: a value no multiple of 4 shows it. */
    @Test void wordsWrittenUnscaledAreKeptAndSaid() {
        String g = "{guid=\"0x0002c90300a1b2c4\",port=\"1\"}";
        Capture c = reader.read(Input.ofText("ib.prom", "infiniband_hca_port_transmit_data_bytes_total" + g + " 1001\n"
                + "infiniband_hca_port_receive_data_bytes_total" + g + " 4000\n"));
        String port = "guid 0x0002c90300a1b2c4/1";
        assertEquals(1001L, c.reading(port, "PortXmitData").orElseThrow().value());
        assertEquals(4000L, c.reading(port, "PortRcvData").orElseThrow().value(), "one exporter, one unit");
        assertTrue(c.warnings().stream().anyMatch(w -> w.contains("read as 4-octet words")), c.warnings().toString());
    }

    /** curl before the test and after it, both into one file: the file's runs are the two scrapes. */
    @Test void twoScrapesInOneFileAreTwoRuns() {
        Capture c = reader.read(Input.ofText("both.prom", nodeScrape(3, 4_000) + nodeScrape(9, 8_000)));
        List<Capture> runs = Runs.of(c);
        assertEquals(2, runs.size());
        assertEquals(3L, runs.get(0).reading(P, "SymbolErrorCounter").orElseThrow().value());
        assertEquals(9L, runs.get(1).reading(P, "SymbolErrorCounter").orElseThrow().value());
    }

    /** A federated scrape names several hosts: each host's mlx5_0/1 stays its own port. */
    @Test void severalInstancesKeepTheirPortsApart() {
        String s = "node_infiniband_symbol_error_total{device=\"mlx5_0\",instance=\"node01:9100\",port=\"1\"} 1\n"
                + "node_infiniband_symbol_error_total{device=\"mlx5_0\",instance=\"node02:9100\",port=\"1\"} 7\n";
        Capture c = reader.read(Input.ofText("fed.prom", s));
        assertEquals(List.of("node01:9100 mlx5_0/1", "node02:9100 mlx5_0/1"), c.ports());
        assertEquals(7L, c.reading("node02:9100 mlx5_0/1", "SymbolErrorCounter").orElseThrow().value());
    }

    /** Before and after scrapes in an incident folder: the port whose symbol errors moved is a physical fault. */
    @Test void aPairOfScrapesClassifies() throws IOException {
        Path b = Files.createDirectories(tmp.resolve("before")), a = Files.createDirectories(tmp.resolve("after"));
        Files.writeString(b.resolve("metrics.prom"), nodeScrape(3, 4_000_000_000L));
        Files.writeString(a.resolve("metrics.prom"), nodeScrape(40, 44_000_000_000L));
        List<Verdict> vs = Delta.between(Snapshot.of(b), Snapshot.of(a)).moved(40e9).classify(Profiles.IB).verdicts();
        assertEquals(1, vs.size(), vs.toString());
        assertEquals("physical", vs.get(0).verdict(), vs.get(0).toString());
        assertEquals(List.of("SymbolErrorCounter"), vs.get(0).detail());
    }

    /** node_exporter's time collector is the snapshot's clock: a pair of scrapes gives the elapsed time with no timestamp.json. */
    @Test void aPairOfScrapesGivesTheElapsedTime() throws IOException {
        Capture c = reader.read(Input.ofText("metrics.prom", "node_time_seconds 1.7672256e+09\n" + nodeScrape(3, 4_000)));
        assertEquals(1_767_225_600_000L, c.recordedTime().orElseThrow().epochMs());
        Path b = Files.createDirectories(tmp.resolve("before")), a = Files.createDirectories(tmp.resolve("after"));
        Files.writeString(b.resolve("metrics.prom"), "node_time_seconds 1767225600.25\n" + nodeScrape(3, 4_000_000_000L));
        Files.writeString(a.resolve("metrics.prom"), "node_time_seconds 1767225700.25\n" + nodeScrape(40, 44_000_000_000L));
        var inc = org.fabriclab.Fabric.incident(tmp.toString());
        assertEquals(100.0, inc.elapsedSeconds(), 1e-9, inc.elapsedHow());
        assertTrue(inc.elapsedHow().contains("node_time_seconds in metrics.prom"), inc.elapsedHow());
        // two scrapes in one file are two moments: the file records no time of its own
        assertTrue(reader.read(Input.ofText("both.prom", "node_time_seconds 1\n" + nodeScrape(3, 4_000) + "node_time_seconds 9\n"
                + nodeScrape(9, 8_000))).recordedTime().isEmpty());
    }

    @Test void badSamplesAreRefusedAtTheirLine() {
        BadInput.expect(reader, BadInput.write(tmp, "frac.prom", "# TYPE x counter\nnode_infiniband_symbol_error_total{device=\"mlx5_0\",port=\"1\"} 1.5\n"),
                2, "a counter is a whole number");
        BadInput.expect(reader, BadInput.write(tmp, "noport.prom", "node_infiniband_symbol_error_total{device=\"mlx5_0\"} 1\n"),
                1, "has no 'port' label");
        BadInput.expect(reader, BadInput.write(tmp, "open.prom", "node_infiniband_symbol_error_total{device=\"mlx5_0\",port=\"1 1\n"),
                1, "unterminated quoted string");
    }

    @Test void aScrapeWithoutFabricSeriesIsRefused() {
        BadInput.expect(reader, BadInput.write(tmp, "go.prom", "# HELP go_goroutines g\n# TYPE go_goroutines gauge\ngo_goroutines 9\n"),
                0, "no counter of a known exporter in the scrape (1 samples of other metrics)");
    }
}
