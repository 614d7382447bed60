package org.fabriclab.history.formats;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

import org.fabriclab.capture.CaptureException;
import org.fabriclab.catalogue.Source;
import org.fabriclab.history.History;
import org.fabriclab.history.Progress;
import org.fabriclab.series.Columns;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Fixtures written from the Prometheus text exposition format (prometheus.io/docs/instrumenting/exposition_formats,
 * "Text-based format": {@code # HELP}/{@code # TYPE}, {@code name{labels} value [timestamp ms]}), OpenMetrics 1.0
 * ({@code # EOF}, timestamps in seconds, exemplars after {@code #}), {@code promtool tsdb dump} lines, and the
 * metric names and units in the exporters' source: node_exporter collector/infiniband_linux.go (values from procfs
 * sysfs/class_infiniband.go, which multiplies port_xmit_data by 4), treydock/infiniband_exporter collectors/switch.go,
 * hca.go, perfquery.go (Data fields x 4), guilbaults/infiniband-exporter infiniband-exporter.py (ibqueryerrors words);
 * numbers as the Go client writes them (strconv 'g': {@code 4e+09}, {@code 1.493376e+07}).
 */
class PrometheusTextHistoryTest {
    private final PrometheusTextHistory reader = new PrometheusTextHistory();

    @Test void aFolderOfNodeExporterScrapesIsTheHistoryInWordsWithTheSysfsFields() {
        History h = reader.read(Res.path("node-exporter-scrapes"), Progress.NONE);
        assertEquals(List.of("mlx5_0/1", "mlx5_1/1"), h.ports());
        assertEquals(List.of("PortXmitData", "SymbolErrorCounter"), h.counters());     // state_id (gauge) and cpu seconds are not counters
        assertArrayEquals(Res.everyStep(6), Res.times(h, "mlx5_0/1"));               // the epoch seconds in each file name
        assertArrayEquals(Res.WORDS_A, Res.values(h, "mlx5_0/1", "PortXmitData"));   // 4e+09 bytes = 1e9 words
        assertArrayEquals(Res.WORDS_B, Res.values(h, "mlx5_1/1", "PortXmitData"));
        assertArrayEquals(Res.SYM_A, Res.values(h, "mlx5_0/1", "SymbolErrorCounter"));
        assertArrayEquals(Res.SYM_B, Res.values(h, "mlx5_1/1", "SymbolErrorCounter"));   // no sample in the 5th scrape: absent
        Columns sym = h.column("SymbolErrorCounter").orElseThrow();
        assertEquals(Source.NODE_EXPORTER, sym.source());
        assertEquals(16, sym.field().width());                  // node_exporter reads the 16-bit saturating counters/symbol_error
        assertEquals(65535, sym.cap());
        assertEquals(4, h.column("PortXmitData").orElseThrow().scale());
        assertEquals(300_000, h.stepMs());
    }

    @Test void theSweepOverScrapesEqualsTheSweepOverTheSameCsv() {
        History prom = reader.read(Res.path("node-exporter-scrapes"), Progress.NONE);
        var a = Res.sweep(prom, "mlx5_0/1");
        var b = Res.sweep(Res.csvAsSysfs(), "mlx5_0/1");
        assertEquals(Res.rows(b), Res.rows(a));
        assertEquals(10, a.intervals());
        assertEquals(5, a.measured());                       // pegged (65535), reset, missing and no-bytes intervals have no value
        assertEquals(1, a.positivesUnmeasured());            // the labelled interval into the pegged value
        assertEquals(List.of(3L, 2L, 1L, 0L), a.table().longColumn("alerts").asList());
    }

    @Test void fabricExportersNameGuidPortsAndTheirDataWordsComeBackFromBytes() {
        History h = reader.read(Res.path("exporters.prom"), Progress.NONE);
        assertEquals(List.of("guid 0x7cfe9003003b4bde/1", "guid 0x7cfe9003009ce5b0/10", "guid 0x506b4b03005c2740/35"), h.ports());
        assertArrayEquals(new long[] {3_733_440, 3_733_441}, Res.values(h, "guid 0x7cfe9003003b4bde/1", "PortXmitData"));
        assertArrayEquals(new long[] {3_733_440}, Res.values(h, "guid 0x506b4b03005c2740/35", "PortXmitData")); // guilbaults: words as read
        assertArrayEquals(new long[] {0, 70_000}, Res.values(h, "guid 0x7cfe9003009ce5b0/10", "SymbolErrorCounter"));
        assertArrayEquals(new long[] {1_764_547_200_000L, 1_764_547_500_000L}, Res.times(h, "guid 0x7cfe9003009ce5b0/10"));
        // two exporters' SymbolErrorCounter: the column takes the stricter field (ibqueryerrors' 16-bit PortCounters)
        assertEquals(Source.IBQUERYERRORS_EXPORTER, h.column("SymbolErrorCounter").orElseThrow().source());
        assertEquals(Source.INFINIBAND_EXPORTER, h.column("PortXmitData").orElseThrow().source());
    }

    @Test void promtoolDumpsNameEachHostsPortsByInstanceAndNanIsNoSample() {
        History h = reader.read(Res.path("promtool-dump.txt"), Progress.NONE);
        assertEquals(List.of("node01:9100 mlx5_0/1", "node02:9100 mlx5_0/1", "node02:9100 netdev eth2"), h.ports());
        assertArrayEquals(new long[] {0, 4}, Res.values(h, "node01:9100 mlx5_0/1", "SymbolErrorCounter"));
        assertArrayEquals(new long[] {7}, Res.values(h, "node02:9100 mlx5_0/1", "SymbolErrorCounter"));  // the NaN stale marker: no row
        assertArrayEquals(new long[] {12_000_000}, Res.values(h, "node02:9100 netdev eth2", "rx_prio3_pause"));
        assertEquals(Source.NODE_EXPORTER, h.column("rx_prio3_pause").orElseThrow().source());
    }

    @Test void openMetricsTimestampsAreSecondsAndExemplarsAreIgnored() {
        History h = reader.read(Res.path("openmetrics.txt"), Progress.NONE);
        assertArrayEquals(new long[] {1_764_547_200_500L, 1_764_547_500_500L}, Res.times(h, "mlx5_0/1"));
        assertArrayEquals(new long[] {1, 255}, Res.values(h, "mlx5_0/1", "LinkDownedCounter"));
        assertEquals(255, h.column("LinkDownedCounter").orElseThrow().cap());    // 8-bit saturating sysfs link_downed
    }

    @Test void badInputNamesTheFileAndLine(@TempDir Path dir) throws Exception {
        Path f = dir.resolve("scrape-1764547200.prom");
        Files.writeString(f, "# TYPE node_infiniband_symbol_error_total counter\n"
                + "node_infiniband_symbol_error_total{device=\"mlx5_0\",port=\"1\"} 3\n"
                + "node_infiniband_symbol_error_total{device=\"mlx5_1\",port=\"1\"} 2.5\n");
        var e = assertThrows(CaptureException.class, () -> reader.read(f, Progress.NONE));
        assertEquals(f.toString(), e.file());
        assertEquals(3, e.line());
        assertTrue(e.getMessage().contains("whole number"), e.getMessage());

        Path g = dir.resolve("scrape.prom");
        Files.writeString(g, "# HELP x y\nnode_infiniband_link_downed_total{device=\"mlx5_0\",port=\"1\"} 1\n");
        e = assertThrows(CaptureException.class, () -> reader.read(g, Progress.NONE));
        assertEquals(2, e.line());
        assertTrue(e.getMessage().contains("no timestamp"), e.getMessage());

        Files.writeString(g, "node_infiniband_link_downed_total{device=\"mlx5_0\",port=\"1\" 1 1764547200000\n");
        e = assertThrows(CaptureException.class, () -> reader.read(g, Progress.NONE));
        assertEquals(1, e.line());

        Files.writeString(g, "node_infiniband_link_downed_total{port=\"1\"} 1 1764547200000\n");
        e = assertThrows(CaptureException.class, () -> reader.read(g, Progress.NONE));
        assertTrue(e.getMessage().contains("'device' label"), e.getMessage());

        Files.writeString(g, "# TYPE node_cpu_seconds_total counter\nnode_cpu_seconds_total{cpu=\"0\"} 3 1764547200000\n");
        e = assertThrows(CaptureException.class, () -> reader.read(g, Progress.NONE));
        assertTrue(e.getMessage().contains("no counter of a known exporter"), e.getMessage());
    }

    @Test void anExporterThatWroteDataWordsUnscaledUnderByteNamesIsReadInWords(@TempDir Path dir) throws Exception {
        // treydock/infiniband_exporter before 0.10.0 (perfquery.go before 2172ade): PortXmitData as read, named _bytes_total;
        // 0.10.0 multiplies by 4. One value that is no multiple of 4 marks the exporter instance; node_exporter's stay divided
        Path f = dir.resolve("fabric.prom");
        Files.writeString(f, "# TYPE infiniband_switch_port_transmit_data_bytes_total counter\n"
                + "infiniband_switch_port_transmit_data_bytes_total{guid=\"0x506b4b03005c2740\",instance=\"ufm1:9315\",port=\"1\"} 8000000 1764547200000\n"
                + "infiniband_switch_port_transmit_data_bytes_total{guid=\"0x506b4b03005c2740\",instance=\"ufm1:9315\",port=\"1\"} 8000000 1764547260000\n"
                + "infiniband_hca_port_receive_data_bytes_total{guid=\"0x7cfe9003003b4bde\",instance=\"ufm1:9315\",port=\"1\"} 1.2279028775751e+13 1764547200000\n"
                + "infiniband_hca_port_receive_data_bytes_total{guid=\"0x7cfe9003003b4bde\",instance=\"ufm1:9315\",port=\"1\"} 1.2279028776e+13 1764547260000\n"
                + "infiniband_hca_port_transmit_data_bytes_total{guid=\"0x7cfe9003003b4b96\",instance=\"ufm2:9315\",port=\"1\"} 4.4e+07 1764547200000\n"
                + "node_infiniband_port_data_transmitted_bytes_total{device=\"mlx5_0\",instance=\"ufm1:9100\",port=\"1\"} 4.4e+07 1764547200000\n");
        History h = reader.read(f, Progress.NONE);
        assertArrayEquals(new long[] {8_000_000, 8_000_000}, Res.values(h, "guid 0x506b4b03005c2740/1", "PortXmitData"));   // same exporter: words
        assertArrayEquals(new long[] {12_279_028_775_751L, 12_279_028_776_000L}, Res.values(h, "guid 0x7cfe9003003b4bde/1", "PortRcvData"));
        assertArrayEquals(new long[] {11_000_000}, Res.values(h, "guid 0x7cfe9003003b4b96/1", "PortXmitData"));   // another instance: bytes
        assertArrayEquals(new long[] {11_000_000}, Res.values(h, "mlx5_0/1", "PortXmitData"));                    // node_exporter: bytes
        // the decision is said, once for the one instance it was made for
        assertEquals(1, h.warnings().size(), h.warnings().toString());
        assertTrue(h.warnings().get(0).contains("instance ufm1:9315 read as 4-octet words"), h.warnings().toString());
    }

    /**
     * node_exporter's ethtool collector fixes seven names instead of building them (collector/ethtool_linux.go
     * NewEthtoolCollector): its packets are {@code rx_packets}/{@code tx_packets}. A scrape of an e1000e NIC holding them and
     * its bytes was refused as no exporter's counters (node_exporter's own ethtool_linux_test.go expectation, scraped twice).
     */
    @Test void nodeExportersFixedEthtoolNamesAreItsPackets(@TempDir Path dir) throws Exception {
        for (int k = 0; k < 2; k++) {
            Files.writeString(dir.resolve("node01-" + (1764547200 + 60 * k) + ".prom"),
                    "# TYPE node_ethtool_received_packets_total untyped\nnode_ethtool_received_packets_total{device=\"eth0\"} " + (1000 + k * 50) + "\n"
                    + "# TYPE node_ethtool_transmitted_packets_total untyped\nnode_ethtool_transmitted_packets_total{device=\"eth0\"} " + (20 + k) + "\n"
                    + "# TYPE node_ethtool_received_dropped_total untyped\nnode_ethtool_received_dropped_total{device=\"eth0\"} 12\n");
        }
        History h = reader.read(dir, Progress.NONE);
        assertEquals(List.of("netdev eth0"), h.ports());
        assertArrayEquals(new long[] {1000, 1050}, Res.values(h, "netdev eth0", "rx_packets"));
        assertArrayEquals(new long[] {20, 21}, Res.values(h, "netdev eth0", "tx_packets"));
    }

    /**
     * Blanks and tabs around the braces, label names, '=' and commas, as the Prometheus text parser (prometheus/common
     * expfmt text_parse.go: skipBlankTab before '{', around '=' and after each value) accepts them: a hand-written
     * textfile-collector file. Before, a blank before '{' was refused ("expected 'value [timestamp]'").
     */
    @Test void blanksAroundBracesAndLabelsAreReadAsThePrometheusParserReadsThem(@TempDir Path dir) throws Exception {
        Path f = dir.resolve("textfile.prom");
        Files.writeString(f, "# TYPE node_infiniband_link_downed_total counter\n"
                + "node_infiniband_link_downed_total {device=\"mlx5_0\",port=\"1\"} 2 1764547200000\n"
                + "node_infiniband_link_downed_total\t{ device = \"mlx5_0\" ,\tport\t=\t\"1\" } 3 1764547260000\n"
                + "node_infiniband_link_downed_total{device=\"mlx5_0\",port=\"1\",} 5 1764547320000\n");
        History h = reader.read(f, Progress.NONE);
        assertEquals(List.of("mlx5_0/1"), h.ports());
        assertArrayEquals(new long[] {2, 3, 5}, Res.values(h, "mlx5_0/1", "LinkDownedCounter"));
        assertArrayEquals(new long[] {1_764_547_200_000L, 1_764_547_260_000L, 1_764_547_320_000L}, Res.times(h, "mlx5_0/1"));
    }

    /** A scrape saved on Windows (a UTF-8 byte-order mark, CRLF line ends), plain and gzip: before, line 1 was refused. */
    @Test void aByteOrderMarkAndCrlfLineEndsAreNoPartOfTheScrape(@TempDir Path dir) throws Exception {
        String text = "\uFEFF# HELP node_infiniband_link_downed_total Link downs\r\n# TYPE node_infiniband_link_downed_total counter\r\n"
                + "node_infiniband_link_downed_total{device=\"mlx5_0\",port=\"1\"} %d\r\n";
        Files.writeString(dir.resolve("node-1764547200.prom"), String.format(text, 2));
        try (var out = new java.util.zip.GZIPOutputStream(Files.newOutputStream(dir.resolve("node-1764547260.prom.gz")))) {
            out.write(String.format(text, 3).getBytes(java.nio.charset.StandardCharsets.UTF_8));
        }
        assertEquals("prometheus-text", HistoryReaders.standard().choose(dir).format());
        History h = HistoryReaders.standard().read(dir);
        assertArrayEquals(new long[] {2, 3}, Res.values(h, "mlx5_0/1", "LinkDownedCounter"));
        assertArrayEquals(new long[] {1_764_547_200_000L, 1_764_547_260_000L}, Res.times(h, "mlx5_0/1"));
    }

    @Test void sameSeriesTwiceAtOneTimeMustAgree(@TempDir Path dir) throws Exception {
        Path f = dir.resolve("dup.prom");
        Files.writeString(f, "node_infiniband_link_downed_total{device=\"mlx5_0\",port=\"1\"} 1 1764547200000\n"
                + "node_infiniband_link_downed_total{device=\"mlx5_0\",port=\"1\"} 2 1764547200000\n");
        var e = assertThrows(CaptureException.class, () -> reader.read(f, Progress.NONE));
        assertEquals(2, e.line());
        assertTrue(e.getMessage().contains(f + ":1"), e.getMessage());
    }

    /** One scrape as curl saves node_exporter's /metrics: no sample timestamps, the time only in the file name. */
    private static void scrape(Path f, long symbolErrors, long bytes) throws Exception {
        Files.writeString(f, "# HELP node_infiniband_symbol_error_total Number of minor link errors.\n"
                + "# TYPE node_infiniband_symbol_error_total counter\n"
                + "node_infiniband_symbol_error_total{device=\"mlx5_2\",port=\"1\"} " + symbolErrors + "\n"
                + "# TYPE node_infiniband_port_data_transmitted_bytes_total counter\n"
                + "node_infiniband_port_data_transmitted_bytes_total{device=\"mlx5_2\",port=\"1\"} " + bytes + "\n");
    }

    @Test void scrapesNamedByDateAndTimeTakeThatTimeAndAZonelessOneIsUtcWithAWarning(@TempDir Path dir) throws Exception {
        Path zoned = Files.createDirectory(dir.resolve("zoned")), local = Files.createDirectory(dir.resolve("local"));
        String[] iso = {"2025-12-01T12:00:00Z", "2025-12-01T12:00:30Z", "2025-12-01T13:01:00+01:00"};
        String[] compact = {"20251201-120000", "20251201-120030", "20251201-120100"};
        for (int i = 0; i < 3; i++) {
            scrape(zoned.resolve("node-" + iso[i] + ".prom"), 5 + i, 4_000_000L * (i + 1));
            scrape(local.resolve("metrics-" + compact[i] + ".prom"), 5 + i, 4_000_000L * (i + 1));
        }
        long noon = java.time.Instant.parse("2025-12-01T12:00:00Z").toEpochMilli();
        long[] times = {noon, noon + 30_000, noon + 60_000};

        History z = HistoryReaders.standard().read(zoned);
        assertArrayEquals(times, Res.times(z, "mlx5_2/1"));
        assertArrayEquals(new long[] {5, 6, 7}, Res.values(z, "mlx5_2/1", "SymbolErrorCounter"));
        assertArrayEquals(new long[] {1_000_000, 2_000_000, 3_000_000}, Res.values(z, "mlx5_2/1", "PortXmitData"));
        assertEquals(List.of(), z.warnings());                                  // a zone in the name: exact

        History l = HistoryReaders.standard().read(local);
        assertArrayEquals(times, Res.times(l, "mlx5_2/1"));
        assertEquals(1, l.warnings().size(), l.warnings().toString());
        assertTrue(l.warnings().get(0).contains("without a zone") && l.warnings().get(0).contains("UTC"), l.warnings().toString());
        assertTrue(l.toString().contains("warnings"), l.toString());

        History paris = HistoryReaders.standard().withZone(java.time.ZoneId.of("Europe/Paris")).read(local);
        assertArrayEquals(new long[] {times[0] - 3_600_000, times[1] - 3_600_000, times[2] - 3_600_000}, Res.times(paris, "mlx5_2/1"));
        assertTrue(paris.warnings().get(0).contains("Europe/Paris"), paris.warnings().toString());
        assertArrayEquals(Res.times(paris, "mlx5_2/1"), Res.times(org.fabriclab.Fabric.history(local.toString(),
                java.time.ZoneId.of("Europe/Paris")), "mlx5_2/1"));
    }

    @Test void aScrapeNamedByADateAloneIsStillRefusedForWantOfATime(@TempDir Path dir) throws Exception {
        Path f = dir.resolve("metrics-2025-12-01.prom");
        scrape(f, 1, 4);
        var e = assertThrows(CaptureException.class, () -> reader.read(f, Progress.NONE));
        assertEquals(3, e.line());
        assertTrue(e.getMessage().contains("no timestamp and the file name holds no time"), e.getMessage());
    }
}
