package org.fabriclab.history.formats;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.zip.GZIPOutputStream;

import org.fabriclab.capture.CaptureException;
import org.fabriclab.catalogue.Source;
import org.fabriclab.history.History;
import org.fabriclab.history.Progress;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Fixtures written from the InfluxDB line protocol reference (docs.influxdata.com/influxdb/v2/reference/syntax/line-protocol:
 * escapes, {@code i}/{@code u} suffixes, ns timestamps, {@code #} comments), the influx_inspect export layout of InfluxDB 1.x
 * ({@code # DDL} / {@code # DML} sections), and the READMEs of Telegraf's inputs.infiniband (tags device, port; fields
 * named after the sysfs {@code counters/} files, and {@code hw_counters/} with the RDMA option, on separate lines as its
 * example output shows) and inputs.ethtool (tags interface, driver, host; {@code ethtool -S} names, plugin fields
 * interface_up, speed, link, ...). {@code telegraf-infiniband.lp} holds the dataset of {@link Res}.
 */
class InfluxLineHistoryTest {
    private final InfluxLineHistory reader = new InfluxLineHistory();

    private static final String T0_NS = "1764547200000000000";

    @Test void telegrafsFileOutputIsTheHistoryOfTheScrapesWithTheSysfsFields() {
        Path f = Res.path("telegraf-infiniband.lp");
        assertEquals("influx-line-protocol", HistoryReaders.standard().choose(f).format());
        History h = HistoryReaders.standard().read(f);
        assertEquals(List.of("mlx5_0/1", "mlx5_1/1"), h.ports());                   // one host: named as node_exporter's series
        assertEquals(List.of("PortXmitData", "SymbolErrorCounter"), h.counters());
        assertArrayEquals(Res.everyStep(6), Res.times(h, "mlx5_0/1"));              // ns since the epoch
        assertArrayEquals(Res.WORDS_A, Res.values(h, "mlx5_0/1", "PortXmitData"));  // words, as the sysfs file holds them; 1250000000u
        assertArrayEquals(Res.WORDS_B, Res.values(h, "mlx5_1/1", "PortXmitData"));
        assertArrayEquals(Res.SYM_A, Res.values(h, "mlx5_0/1", "SymbolErrorCounter"));   // the float 2 is the count 2
        assertArrayEquals(Res.SYM_B, Res.values(h, "mlx5_1/1", "SymbolErrorCounter"));   // no symbol_error in the 5th point: absent
        assertEquals(Source.SYSFS, h.column("SymbolErrorCounter").orElseThrow().source());
        assertEquals(65535, h.column("SymbolErrorCounter").orElseThrow().cap());         // the 16-bit saturating counters/symbol_error
        assertEquals(300_000, h.stepMs());
        assertTrue(h.warnings().stream().anyMatch(w -> w.contains("skipped 7 points") && w.contains("cpu, disk")), h.warnings().toString());
    }

    @Test void theResetPegAndMissingSampleSweepAsThePrometheusScrapesDo() {
        History lp = reader.read(Res.path("telegraf-infiniband.lp"), Progress.NONE);
        History prom = new PrometheusTextHistory().read(Res.path("node-exporter-scrapes"), Progress.NONE);
        var a = Res.sweep(lp, "mlx5_0/1");
        assertEquals(Res.rows(Res.sweep(prom, "mlx5_0/1")), Res.rows(a));
        assertEquals(Res.rows(Res.sweep(Res.csvAsSysfs(), "mlx5_0/1")), Res.rows(a));
        assertEquals(10, a.intervals());
        assertEquals(5, a.measured());                       // pegged (65535), reset (3), missing and no-bytes intervals have no value
        assertEquals(List.of(3L, 2L, 1L, 0L), a.table().longColumn("alerts").asList());
    }

    @Test void escapedTagsNameHostsAndStringsWithQuotesAndCommasAreOneValue(@TempDir Path dir) throws Exception {
        Path f = dir.resolve("metrics.out");
        Files.writeString(f, "infiniband,device=mlx5_0,host=rack\\,7\\ node\\=01,port=1 link_downed=1i " + T0_NS + "\n"
                + "infiniband,device=mlx5_0,host=node02,port=1 link_downed=4i " + T0_NS + "\n"
                + "syslog\\,x\\ y,appname=a\\=b,host=node02 message=\"link \\\"down\\\", mlx5_0 port=1\",severity_code=3i " + T0_NS + "\n");
        History h = reader.read(f, Progress.NONE);
        assertEquals(List.of("rack,7 node=01 mlx5_0/1", "node02 mlx5_0/1"), h.ports());   // two hosts: each port prefixed by its host
        assertArrayEquals(new long[] {1}, Res.values(h, "rack,7 node=01 mlx5_0/1", "LinkDownedCounter"));
        assertArrayEquals(new long[] {4}, Res.values(h, "node02 mlx5_0/1", "LinkDownedCounter"));
        assertTrue(h.warnings().get(0).contains("skipped 1 points") && h.warnings().get(0).contains("syslog,x y"), h.warnings().toString());

        LineProtocol.Point p = LineProtocol.parse("syslog\\,x\\ y,appname=a\\=b message=\"link \\\"down\\\", \\\\ ok\",n=-3i,u=7u,b=T,x=1e+06 5",
                "f", 1);
        assertEquals("syslog,x y", p.measurement());
        assertEquals("a=b", p.tags().get("appname"));
        assertEquals(new LineProtocol.Value(LineProtocol.Type.STRING, "link \"down\", \\ ok"), p.fields().get("message"));
        assertEquals(new LineProtocol.Value(LineProtocol.Type.INTEGER, "-3"), p.fields().get("n"));
        assertEquals(new LineProtocol.Value(LineProtocol.Type.UNSIGNED, "7"), p.fields().get("u"));
        assertEquals(new LineProtocol.Value(LineProtocol.Type.BOOLEAN, "T"), p.fields().get("b"));
        assertEquals(new LineProtocol.Value(LineProtocol.Type.FLOAT, "1e+06"), p.fields().get("x"));
        assertEquals("5", p.timestamp());
    }

    @Test void rdmaCountersOnTheirOwnLineAndEthtoolPointsAreReadPluginFieldsAndQueuesSkipped(@TempDir Path dir) throws Exception {
        Path f = dir.resolve("telegraf.out");
        Files.writeString(f, "infiniband,device=mlx5_2,host=gpu07,port=1 port_rcv_data=8i,symbol_error=0i " + T0_NS + "\n"
                + "infiniband,device=mlx5_2,host=gpu07,port=1 np_cnp_sent=120i,rp_cnp_handled=30i,out_of_buffer=0i " + T0_NS + "\n"
                + "ethtool,driver=mlx5_core,host=gpu07,interface=eth2 interface_up=true,rx_prio3_pause=12i,tx_prio3_pause=5i,"
                + "tx_queue_1_bytes=9i,speed=100000i,link=1i " + T0_NS + "\n"
                + "ethtool,driver=mlx5_core,host=gpu07,interface=eth3,namespace=blue rx_prio3_pause=2i " + T0_NS + "\n");
        History h = reader.read(f, Progress.NONE);
        assertEquals(List.of("mlx5_2/1", "netdev eth2", "netns blue netdev eth3"), h.ports());
        assertArrayEquals(new long[] {120}, Res.values(h, "mlx5_2/1", "np_cnp_sent"));
        assertArrayEquals(new long[] {30}, Res.values(h, "mlx5_2/1", "rp_cnp_handled"));
        assertArrayEquals(new long[] {8}, Res.values(h, "mlx5_2/1", "PortRcvData"));
        assertArrayEquals(new long[] {12}, Res.values(h, "netdev eth2", "rx_prio3_pause"));
        assertArrayEquals(new long[] {5}, Res.values(h, "netdev eth2", "tx_prio3_pause"));
        assertArrayEquals(new long[] {2}, Res.values(h, "netns blue netdev eth3", "rx_prio3_pause"));
        assertEquals(Source.HW_COUNTERS, h.column("np_cnp_sent").orElseThrow().source());
        assertEquals(Source.ETHTOOL, h.column("rx_prio3_pause").orElseThrow().source());
        String w = String.join("; ", h.warnings());
        assertTrue(w.contains("ethtool interface_up") && w.contains("ethtool speed") && w.contains("ethtool tx_queue_1_bytes"), w);
    }

    @Test void theFilesPrecisionIsToldByItsFirstTimestampAndNanosecondsRoundDown(@TempDir Path dir) throws Exception {
        Path s = dir.resolve("seconds.lp");
        Files.writeString(s, "infiniband,device=mlx5_0,port=1 link_downed=1i 1764547200\ninfiniband,device=mlx5_0,port=1 link_downed=2i 1764547260\n");
        History h = reader.read(s, Progress.NONE);
        assertArrayEquals(new long[] {1_764_547_200_000L, 1_764_547_260_000L}, Res.times(h, "mlx5_0/1"));
        assertTrue(h.warnings().get(0).contains("timestamps read in s"), h.warnings().toString());

        Path ns = dir.resolve("ns.lp");
        Files.writeString(ns, "infiniband,device=mlx5_0,port=1 link_downed=1i 1764547200000999999\n");
        assertArrayEquals(new long[] {1_764_547_200_000L}, Res.times(reader.read(ns, Progress.NONE), "mlx5_0/1"));
        assertEquals(List.of(), reader.read(ns, Progress.NONE).warnings());

        Path mixed = dir.resolve("mixed.lp");
        Files.writeString(mixed, "infiniband,device=mlx5_0,port=1 link_downed=1i 1764547200000\ninfiniband,device=mlx5_0,port=1 link_downed=2i "
                + T0_NS + "\n");
        var e = assertThrows(CaptureException.class, () -> reader.read(mixed, Progress.NONE));
        assertEquals(2, e.line());
        assertTrue(e.getMessage().contains("not in ms like the file's first one"), e.getMessage());
    }

    @Test void aGzipFolderAndAnInfluxInspectExportAreReadAlike(@TempDir Path dir) throws Exception {
        Path folder = Files.createDirectory(dir.resolve("telegraf"));
        try (var out = new GZIPOutputStream(Files.newOutputStream(folder.resolve("metrics.out.gz")))) {
            out.write(Files.readAllBytes(Res.path("telegraf-infiniband.lp")));
        }
        assertEquals("influx-line-protocol", HistoryReaders.standard().choose(folder).format());
        History gz = HistoryReaders.standard().read(folder);
        assertArrayEquals(Res.SYM_A, Res.values(gz, "mlx5_0/1", "SymbolErrorCounter"));

        Path export = dir.resolve("export.lp");
        Files.writeString(export, "# INFLUXDB EXPORT: 1677-09-21T00:12:43Z - 2262-04-11T23:47:16Z\n# DDL\nCREATE DATABASE telegraf WITH NAME autogen\n"
                + "# DML\n# CONTEXT-DATABASE:telegraf\n# CONTEXT-RETENTION-POLICY:autogen\n# writing tsm data\n"
                + "infiniband,device=mlx5_0,host=node01,port=1 symbol_error=7i " + T0_NS + "\n", StandardCharsets.UTF_8);
        assertEquals("influx-line-protocol", HistoryReaders.standard().choose(export).format());
        assertArrayEquals(new long[] {7}, Res.values(HistoryReaders.standard().read(export), "mlx5_0/1", "SymbolErrorCounter"));
    }

    @Test void badInputNamesTheFileLineAndWhatWasExpected(@TempDir Path dir) throws Exception {
        Path f = dir.resolve("bad.lp");
        String ok = "infiniband,device=mlx5_0,port=1 symbol_error=1i " + T0_NS + "\n";
        assertRefused(f, ok + "infiniband,device=mlx5_0,port=1 " + T0_NS + "\n", 2, "expected field_key=field_value");
        assertRefused(f, ok + "infiniband,device=mlx5_0,port=1 symbol_error=\"many\" " + T0_NS + "\n", 2, "expected a number");
        assertRefused(f, ok + "infiniband,device=mlx5_0,port=1 symbol_error=1.5 " + T0_NS + "\n", 2, "whole number");
        assertRefused(f, ok + "infiniband,device=mlx5_0,port=1 symbol_error=-1i " + T0_NS + "\n", 2, "non-negative");
        assertRefused(f, ok + "infiniband,device=mlx5_0,port=1 symbol_error=abc " + T0_NS + "\n", 2, "expected a value (a float");
        assertRefused(f, ok + "infiniband,device=mlx5_0,port=1 symbol_error=2i 2025-12-01T00:05:00Z\n", 2, "expected a timestamp");
        assertRefused(f, ok + "infiniband,device=mlx5_0,port=1 symbol_error=2i\n", 2, "no timestamp");
        assertRefused(f, ok + "infiniband,port=1 symbol_error=2i " + T0_NS + "\n", 2, "no 'device' tag");
        assertRefused(f, "# only other inputs\ncpu,host=a usage_idle=99 " + T0_NS + "\n", 0, "no counter of Telegraf's infiniband or ethtool input");
    }

    private void assertRefused(Path f, String text, int line, String says) throws Exception {
        Files.writeString(f, text);
        var e = assertThrows(CaptureException.class, () -> reader.read(f, Progress.NONE));
        assertEquals(f.toString(), e.file());
        assertEquals(line, e.line(), e.getMessage());
        assertTrue(e.getMessage().contains(says), e.getMessage());
    }
}
