package org.fabriclab.history.formats;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

import org.fabriclab.capture.CaptureException;
import org.fabriclab.capture.PublicCaptureFiles;
import org.fabriclab.catalogue.Source;
import org.fabriclab.delta.Rules;
import org.fabriclab.history.History;
import org.fabriclab.history.Progress;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Fixtures written from the UFM telemetry formats: CSV exports of the telemetry endpoint's {@code csv/metrics}
 * (header {@code timestamp,source_id,tag,Node_GUID,port_guid,Port_Number,<counters>}, epoch microseconds; the UFM
 * CSV capture reader's layout), and the fluentd telemetry plugin's stream (Mellanox/ufm_sdk_3.0
 * plugins/fluentd_telemetry_plugin: streamer.py's message {@code {"timestamp", "type": "full", "values": [...]}},
 * telemetry_parser.py's stream_only_new_samples: only changed values, an unchanged port not sent; README: the
 * default configuration streams only new samples; one line in fluentd out_file's {@code time<TAB>tag<TAB>json}
 * layout). Both hold the dataset of {@link Res} (mlx5_1/1's fifth symbol count is 1 here).
 */
class UfmHistoryTest {
    static final String A = "guid 0x0c42a10300abcd01/1", B = "guid 0x0c42a10300abcd02/1";
    static final long[] SYM_B_UFM = {0, 0, 0, 1, 1, 1};

    @Test void aFolderOfExportsIsOneHistoryOfUfmFields() {
        History h = new UfmCsvExportsHistory().read(Res.path("ufm-exports"), Progress.NONE);
        assertEquals(List.of(A, B), h.ports());
        assertArrayEquals(Res.everyStep(6), Res.times(h, A));
        assertArrayEquals(Res.WORDS_A, Res.values(h, A, "PortXmitData"));     // PortXmitDataExtended: words
        assertArrayEquals(Res.SYM_A, Res.values(h, A, "SymbolErrorCounter"));
        assertArrayEquals(SYM_B_UFM, Res.values(h, B, "SymbolErrorCounter"));
        assertEquals(Source.UFM, h.column("SymbolErrorCounter").orElseThrow().source());
        assertEquals(64, h.column("SymbolErrorCounter").orElseThrow().field().width());
        assertEquals(40.0, h.series().measure("temperature_c")[0]);
    }

    @Test void theStreamOfOnlyChangedValuesRestoresEveryFetch() {
        History csv = new UfmCsvExportsHistory().read(Res.path("ufm-exports"), Progress.NONE);
        History stream = new UfmStreamHistory().read(Res.path("ufm-fluentd-stream.log"), Progress.NONE);
        assertEquals(csv.ports(), stream.ports());
        assertArrayEquals(csv.time(), stream.time());          // B was not sent at t1 (no change): its row is restored
        for (String c : csv.counters()) assertArrayEquals(csv.values(c), stream.values(c), c);
        assertArrayEquals(csv.series().measure("temperature_c"), stream.series().measure("temperature_c"));
        var a = Res.sweep(csv, A);
        assertEquals(Res.rows(a), Res.rows(Res.sweep(stream, A)));
        assertEquals(8, a.measured());                         // 64-bit field: 65535 is a count; only A's reset has no value
    }

    @Test void oneRecordPerMessageIsTheSameHistory(@TempDir Path dir) throws Exception {
        // bulk_streaming = False: streamer.py sends each record as its own message, "values": {<record>}
        StringBuilder sb = new StringBuilder();
        for (String line : Files.readAllLines(Res.path("ufm-fluentd-stream.log"))) {
            String json = line.substring(line.indexOf('{'));
            int v = json.indexOf("\"values\": [") + "\"values\": [".length();
            String head = json.substring(0, v - 1), body = json.substring(v, json.lastIndexOf(']'));
            for (String rec : body.split("(?<=\\}), (?=\\{)")) sb.append(head).append(rec).append("}\n");
        }
        Path s = dir.resolve("tfs-single.log");
        Files.writeString(s, sb.toString());
        History bulk = new UfmStreamHistory().read(Res.path("ufm-fluentd-stream.log"), Progress.NONE);
        History single = new UfmStreamHistory().read(s, Progress.NONE);
        assertArrayEquals(bulk.time(), single.time());
        for (String c : bulk.counters()) assertArrayEquals(bulk.values(c), single.values(c), c);
    }

    @Test void readAsFullRecordsAMissingValueIsAbsent() {
        History full = new UfmStreamHistory(false).read(Res.path("ufm-fluentd-stream.log"), Progress.NONE);
        assertArrayEquals(new long[] {0, 500_000_000L, 750_000_000L, 1_000_000_000L, 1_250_000_000L}, Res.values(full, B, "PortXmitData"));
        long[] symB = Res.values(full, B, "SymbolErrorCounter");        // B sent at t0, t2 (bytes), t3, t4, t5
        assertArrayEquals(new long[] {0, Rules.ABSENT, 1, Rules.ABSENT, Rules.ABSENT}, symB);
        assertEquals(5, Res.times(full, B).length);
    }

    @Test void theRealPluginSampleThenAChangesOnlyMessageIsAHistoryOfEveryPort(@TempDir Path dir) throws Exception {
        // ../shared/captures/public/ufm_telemetry_fluentd_small_sample.json (ufm_sdk_3.0 tests/message_samples), read in place,
        // followed by the next fetch as the plugin streams it by default: only the port whose counters changed
        String sample = Files.readString(PublicCaptureFiles.file("ufm_telemetry_fluentd_small_sample.json"));
        String next = "{\"timestamp\": \"2024-03-05 16:26:41\", \"type\": \"full\", \"values\": [{\"timestamp\": 1709652377161873, "
                + "\"source_id\": \"0x248a070300ef19a0\", \"node_guid\": \"0x248a070300ef19a0\", \"port_guid\": \"0x248a070300ef19a0\", "
                + "\"port_num\": 1, \"Infiniband_LinkDowned_u_Errors\": 2}]}\n";
        Path s = dir.resolve("tfs.log.gz");
        try (var out = new java.util.zip.GZIPOutputStream(Files.newOutputStream(s))) {
            out.write((sample + "\n" + next).getBytes(java.nio.charset.StandardCharsets.UTF_8));
        }
        assertEquals("ufm-fluentd-stream", HistoryReaders.standard().choose(s).format());
        History h = HistoryReaders.standard().read(s);
        assertEquals(6, h.ports().size());
        assertEquals(12, h.rows());                          // every port at both fetches
        String p = "guid 0x248a070300ef19a0/1";
        assertArrayEquals(new long[] {1_709_652_347_161L, 1_709_652_377_161L}, Res.times(h, p));
        assertArrayEquals(new long[] {1, 2}, Res.values(h, p, "LinkDownedCounter"));
        assertArrayEquals(new long[] {14191, 14191}, Res.values(h, p, "PortXmitPkts"));   // unchanged: carried
        assertArrayEquals(new long[] {0, 0}, Res.values(h, "guid 0x0c42a103007ab890/1", "LinkDownedCounter"));
        // what the capture reader skipped (the sample's Infiniband_Normalized_* float fields) is said in the history too
        assertTrue(h.warnings().stream().anyMatch(w -> w.contains("Infiniband_Normalized")), h.warnings().toString());
    }

    /** Secondary-telemetry exports: the states and levels among the columns are gauges of the history, never swept as counts. */
    @Test void secondaryTelemetryStatesAreGaugesOfTheHistory(@TempDir Path dir) throws Exception {
        String head = "timestamp,source_id,tag,Node_GUID,lid,Port_Number,phy_state,Active_FEC,Chip_Temp,Link_Down_IB\n";
        Files.writeString(dir.resolve("xcset-20251201T1200.csv"), head + "1764590400000000,0x1,,0x1,57,3,5,1,61,2\n");
        Files.writeString(dir.resolve("xcset-20251201T1205.csv"), head + "1764590700000000,0x1,,0x1,12,3,3,0,58,3\n");
        History h = HistoryReaders.standard().read(dir);
        for (String g : List.of("port_lid", "phy_state", "active_fec", "chip_temp")) {
            assertEquals(org.fabriclab.catalogue.Kind.GAUGE, h.column(g).orElseThrow(() -> new AssertionError(g)).kind(), g);
        }
        assertEquals(org.fabriclab.catalogue.Kind.COUNTER, h.column("LinkDownedCounter").orElseThrow().kind());
        var e = assertThrows(IllegalArgumentException.class, () -> h.sweep(org.fabriclab.history.RateRule.errorCount("phy_state"),
                new double[] {1}, org.fabriclab.history.Labels.of(List.of())));
        assertTrue(e.getMessage().contains("gauge"), e.getMessage());
    }

    /**
     * The UFM PDR plugin's telemetry datastore (Mellanox/ufm_sdk_3.0 @3e96418e plugins/pdr_deterministic_plugin:
     * data_store.py saves each fetch of the xcset telemetry with pandas {@code to_csv}, so an unnamed index column
     * comes first, in files named {@code %Y_%m_%d_%H_%M_%S.csv}; the columns are those tests/simulation_telemetry.py
     * serves: {@code timestamp} (epoch microseconds), {@code source_id,tag,Node_GUID,port_guid,Port_Number}, then
     * phy_effective_errors, phy_symbol_errors, PortRcvPktsExtended, PortRcvErrors, PortRcvRemotePhysicalErrors,
     * Module_Temperature, fec_mode_active, Link_Down_IB). A column pandas read with a gap is written as floats
     * ({@code 50.0}) and the gap as an empty cell. {@code fec_mode_active} is the FEC mode, a code: before, it was
     * read as a counter (a mode change would have been a count of errors).
     */
    @Test void thePdrPluginsDatastoreIsAHistoryAndItsFecModeIsAGauge(@TempDir Path dir) throws Exception {
        String head = ",timestamp,source_id,tag,Node_GUID,port_guid,Port_Number,phy_effective_errors,phy_symbol_errors,"
                + "PortRcvPktsExtended,PortRcvErrors,PortRcvRemotePhysicalErrors,Module_Temperature,fec_mode_active,Link_Down_IB\n";
        String g1 = "0x0c42a10300abcd01", g2 = "0x0c42a10300abcd02";
        Files.writeString(dir.resolve("2025_12_01_00_00_00.csv"), head
                + "0,1764547200000000," + g1 + ",," + g1 + "," + g1 + ",17,0,12,10000000,0.0,0,45,0,0\n"
                + "1,1764547200000000," + g2 + ",," + g2 + "," + g2 + ",42,0,0,20000000,,0,47,0,1\n");
        Files.writeString(dir.resolve("2025_12_01_00_01_00.csv"), head
                + "0,1764547260000000," + g1 + ",," + g1 + "," + g1 + ",17,3,40,10001000,50.0,0,46,5,0\n"
                + "1,1764547260000000," + g2 + ",," + g2 + "," + g2 + ",42,0,0,20002000,,0,47,0,2\n");
        assertEquals("ufm-csv-exports", HistoryReaders.standard().choose(dir).format());
        History h = HistoryReaders.standard().read(dir);
        String p1 = "guid " + g1 + "/17", p2 = "guid " + g2 + "/42";
        assertEquals(List.of(p1, p2), h.ports());
        assertArrayEquals(new long[] {1_764_547_200_000L, 1_764_547_260_000L}, Res.times(h, p1));
        assertArrayEquals(new long[] {12, 40}, Res.values(h, p1, "symbol_errors"));
        assertArrayEquals(new long[] {0, 3}, Res.values(h, p1, "effective_errors"));
        assertArrayEquals(new long[] {0, 50}, Res.values(h, p1, "PortRcvErrors"));                  // 0.0, 50.0: pandas floats
        assertArrayEquals(new long[] {Rules.ABSENT, Rules.ABSENT}, Res.values(h, p2, "PortRcvErrors")); // empty: absent, not 0
        assertArrayEquals(new long[] {20_000_000, 20_002_000}, Res.values(h, p2, "PortRcvPkts"));
        assertArrayEquals(new long[] {1, 2}, Res.values(h, p2, "LinkDownedCounter"));
        assertEquals(org.fabriclab.catalogue.Kind.COUNTER, h.column("symbol_errors").orElseThrow().kind());
        assertEquals(org.fabriclab.catalogue.Kind.GAUGE, h.column("active_fec").orElseThrow().kind());
        assertTrue(h.column("fec_mode_active").isEmpty(), h.counters().toString());
    }

    /**
     * The plugin streaming the xcset (secondary) telemetry: its records carry that CSV's header names, {@code Node_GUID}
     * and {@code Port_Number} (Mellanox/ufm_sdk_3.0 @3e96418e plugins/fluentd_telemetry_plugin/src/telemetry_parser.py:
     * both spellings are PORT_CONSTANTS_KEYS and NORMAL_PORT_ID_KEYS; the constant keys come with every changed record),
     * in fluentd out_file's {@code time<TAB>tag<TAB>json} lines. Before, such a stream was refused ("sample needs an
     * integer port_num").
     */
    @Test void aStreamOfTheXcsetTelemetryNamesItsPortsByNodeGuidAndPortNumber(@TempDir Path dir) throws Exception {
        String rec = "{\"timestamp\": %d, \"source_id\": \"0x0c42a10300abcd01\", \"tag\": \"\", \"Node_GUID\": \"0x0c42a10300abcd01\", "
                + "\"port_guid\": \"0x0c42a10300abcd01\", \"Port_Number\": 7%s}";
        String msg = "2025-12-01T00:0%d:00+00:00\tUFM_Telemetry_Streaming\t{\"timestamp\": \"2025-12-01 00:0%d:00\", \"type\": \"full\", "
                + "\"values\": [%s]}\n";
        Path f = dir.resolve("tfs.log");
        Files.writeString(f, String.format(msg, 0, 0, String.format(rec, 1_764_547_200_000_000L, ", \"Link_Down_IB\": 1, \"PortRcvErrors\": 4"))
                + String.format(msg, 5, 5, String.format(rec, 1_764_547_500_000_000L, ", \"PortRcvErrors\": 9")));
        assertEquals("ufm-fluentd-stream", HistoryReaders.standard().choose(f).format());
        History h = HistoryReaders.standard().read(f);
        String p = "guid 0x0c42a10300abcd01/7";
        assertEquals(List.of(p), h.ports());
        assertArrayEquals(new long[] {1_764_547_200_000L, 1_764_547_500_000L}, Res.times(h, p));
        assertArrayEquals(new long[] {4, 9}, Res.values(h, p, "PortRcvErrors"));
        assertArrayEquals(new long[] {1, 1}, Res.values(h, p, "LinkDownedCounter"));   // unchanged: not streamed, carried
    }

    /**
     * The plugin's stream received by Fluent Bit (in_forward) and written by its file output in the default format,
     * out_file: {@code tag: [time, {record}]} per line (docs.fluentbit.io, outputs/file, "out_file format"). Before, not
     * recognised as a stream at all.
     */
    @Test void aStreamWrittenByFluentBitsFileOutputIsTheSameHistory(@TempDir Path dir) throws Exception {
        String rec = "{\"timestamp\":%d,\"source_id\":\"0x0c42a10300abcd01\",\"node_guid\":\"0x0c42a10300abcd01\","
                + "\"port_guid\":\"0x0c42a10300abcd01\",\"port_num\":1%s}";
        String line = "UFM_Telemetry_Streaming: [%d.000000000, {\"timestamp\":\"2025-12-01 00:0%d:00\",\"type\":\"full\",\"values\":[%s]}]\n";
        Path f = dir.resolve("UFM_Telemetry_Streaming");
        Files.writeString(f, String.format(line, 1_764_547_200L, 0, String.format(rec, 1_764_547_200_000_000L,
                        ",\"Infiniband_LinkDowned_u_Errors\":1,\"Infiniband_RcvErrors_u_Errors\":4"))
                + String.format(line, 1_764_547_500L, 5, String.format(rec, 1_764_547_500_000_000L, ",\"Infiniband_RcvErrors_u_Errors\":9")));
        assertEquals("ufm-fluentd-stream", HistoryReaders.standard().choose(f).format());
        History h = HistoryReaders.standard().read(f);
        String p = "guid 0x0c42a10300abcd01/1";
        assertArrayEquals(new long[] {1_764_547_200_000L, 1_764_547_500_000L}, Res.times(h, p));
        assertArrayEquals(new long[] {4, 9}, Res.values(h, p, "PortRcvErrors"));
        assertArrayEquals(new long[] {1, 1}, Res.values(h, p, "LinkDownedCounter"));
        // a bad value is still named at its own line
        Files.writeString(f, Files.readString(f).replace("\"Infiniband_RcvErrors_u_Errors\":9", "\"Infiniband_RcvErrors_u_Errors\":\"x\""));
        var e = assertThrows(CaptureException.class, () -> HistoryReaders.standard().read(f));
        assertEquals(2, e.line(), e.getMessage());
    }

    @Test void gzipExportsAreReadAlike(@TempDir Path dir) throws Exception {
        for (Path f : Heads.files(Res.path("ufm-exports"))) {
            try (var out = new java.util.zip.GZIPOutputStream(Files.newOutputStream(dir.resolve(f.getFileName() + ".gz")))) {
                out.write(Files.readAllBytes(f));
            }
        }
        assertEquals("ufm-csv-exports", HistoryReaders.standard().choose(dir).format());
        History gz = HistoryReaders.standard().read(dir);
        History plain = new UfmCsvExportsHistory().read(Res.path("ufm-exports"), Progress.NONE);
        assertArrayEquals(plain.time(), gz.time());
        for (String c : plain.counters()) assertArrayEquals(plain.values(c), gz.values(c), c);
    }

    @Test void overlappingExportsMustAgree(@TempDir Path dir) throws Exception {
        Path a = Res.path("ufm-exports/ufm-telemetry-1764547200.csv");
        Files.copy(a, dir.resolve("a.csv"));
        Files.writeString(dir.resolve("b.csv"), Files.readString(a).replace(",1000000000,", ",1000000001,"));
        var e = assertThrows(CaptureException.class, () -> new UfmCsvExportsHistory().read(dir, Progress.NONE));
        assertEquals(dir.resolve("b.csv").toString(), e.file());
        assertTrue(e.getMessage().contains("a.csv"), e.getMessage());
    }

    @Test void badExportsAndStreamsNameFileAndLine(@TempDir Path dir) throws Exception {
        Path a = Res.path("ufm-exports/ufm-telemetry-1764547200.csv");
        Files.writeString(dir.resolve("x.csv"), Files.readString(a).replace(",1000000000,", ",10x0,"));
        var e = assertThrows(CaptureException.class, () -> new UfmCsvExportsHistory().read(dir, Progress.NONE));
        assertEquals(dir.resolve("x.csv").toString(), e.file());
        assertEquals(2, e.line());

        Path s = dir.resolve("tfs.log");
        List<String> lines = Files.readAllLines(Res.path("ufm-fluentd-stream.log"));
        Files.writeString(s, lines.get(0) + "\n" + lines.get(1).replace("\"SymbolErrorCounterExtended\": 2", "\"SymbolErrorCounterExtended\": \"two\"") + "\n");
        e = assertThrows(CaptureException.class, () -> new UfmStreamHistory().read(s, Progress.NONE));
        assertEquals(s.toString(), e.file());
        assertEquals(2, e.line());
    }
}
