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
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Fixtures written from InfluxDB's annotated CSV reference (docs.influxdata.com/influxdb/v2/reference/syntax/annotated-csv:
 * {@code #group}/{@code #datatype}/{@code #default} rows, the annotation column, {@code result,table,_start,_stop,_time,_value,
 * _field,_measurement,<tags>}, a new schema after a blank line, CRLF line ends as the Flux CSV encoder writes them, the
 * {@code error,reference} table of a failed query) and Telegraf's inputs.infiniband / inputs.ethtool READMEs for the series.
 * {@code influx-query.csv} holds the dataset of {@link Res} as a {@code from() |> range() |> filter()} of the infiniband
 * and cpu measurements returns it: four infiniband tables (field x device) in one block, a cpu table in a second.
 */
class InfluxCsvHistoryTest {
    private final InfluxCsvHistory reader = new InfluxCsvHistory();

    private static final String ANNOTATIONS = "#group,false,false,true,true,false,false,true,true,true,true,true\n"
            + "#datatype,string,long,dateTime:RFC3339,dateTime:RFC3339,dateTime:RFC3339,%s,string,string,string,string,string\n"
            + "#default,_result,,,,,,,,,,\n";
    private static final String HEADER = ",result,table,_start,_stop,_time,_value,_field,_measurement,device,host,port\n";
    private static final String RANGE = "2025-12-01T00:00:00Z,2025-12-01T01:00:00Z";

    @Test void aQueryResultIsTheHistoryOfTheLineProtocolAndTheScrapes() {
        Path f = Res.path("influx-query.csv");
        assertEquals("influx-annotated-csv", HistoryReaders.standard().choose(f).format());
        History h = HistoryReaders.standard().read(f);
        assertEquals(List.of("mlx5_0/1", "mlx5_1/1"), h.ports());
        assertEquals(List.of("PortXmitData", "SymbolErrorCounter"), h.counters());
        assertArrayEquals(Res.everyStep(6), Res.times(h, "mlx5_1/1"));
        assertArrayEquals(Res.WORDS_A, Res.values(h, "mlx5_0/1", "PortXmitData"));
        assertArrayEquals(Res.WORDS_B, Res.values(h, "mlx5_1/1", "PortXmitData"));
        assertArrayEquals(Res.SYM_A, Res.values(h, "mlx5_0/1", "SymbolErrorCounter"));
        assertArrayEquals(Res.SYM_B, Res.values(h, "mlx5_1/1", "SymbolErrorCounter"));   // table 3 has no row at 00:20: absent
        assertEquals(Source.SYSFS, h.column("SymbolErrorCounter").orElseThrow().source());
        assertTrue(h.warnings().stream().anyMatch(w -> w.contains("skipped 6 points") && w.contains("cpu")), h.warnings().toString());
        History lp = new InfluxLineHistory().read(Res.path("telegraf-infiniband.lp"), Progress.NONE);
        assertEquals(Res.rows(Res.sweep(lp, "mlx5_0/1")), Res.rows(Res.sweep(h, "mlx5_0/1")));
        assertEquals(Res.rows(Res.sweep(Res.csvAsSysfs(), "mlx5_0/1")), Res.rows(Res.sweep(h, "mlx5_0/1")));
    }

    @Test void withoutAnnotationsAPivotAndNanosecondTimesAreReadToo(@TempDir Path dir) throws Exception {
        // the API with "dialect": {"annotations": []}: header rows only, a blank line before each new schema
        Path raw = dir.resolve("raw.csv");
        Files.writeString(raw, HEADER
                + ",_result,0," + RANGE + ",2025-12-01T00:00:00.000999999Z,3,link_downed,infiniband,mlx5_0,node01,1\n"
                + ",_result,0," + RANGE + ",2025-12-01T00:05:00+01:00,4,link_downed,infiniband,mlx5_0,node01,1\n"
                + "\n,result,table,_start,_stop,_time,_value,_field,_measurement,driver,host,interface\n"
                + ",_result,1," + RANGE + ",2025-12-01T00:00:00Z,12,rx_prio3_pause,ethtool,mlx5_core,node01,eth2\n");
        assertEquals("influx-annotated-csv", HistoryReaders.standard().choose(raw).format());
        History h = reader.read(raw, Progress.NONE);
        assertEquals(List.of("mlx5_0/1", "netdev eth2"), h.ports());
        assertArrayEquals(new long[] {1_764_543_900_000L, 1_764_547_200_000L}, Res.times(h, "mlx5_0/1"));   // +01:00 is 23:05Z
        assertArrayEquals(new long[] {4, 3}, Res.values(h, "mlx5_0/1", "LinkDownedCounter"));
        assertArrayEquals(new long[] {12}, Res.values(h, "netdev eth2", "rx_prio3_pause"));

        // pivot(rowKey: ["_time"], columnKey: ["_field"], valueColumn: "_value"): one column per field
        Path pivot = dir.resolve("pivot.csv");
        Files.writeString(pivot, "#group,false,false,true,true,false,true,true,true,true,false,false\n"
                + "#datatype,string,long,dateTime:RFC3339,dateTime:RFC3339,dateTime:RFC3339Nano,string,string,string,string,unsignedLong,long\n"
                + "#default,_result,,,,,,,,,,\n"
                + ",result,table,_start,_stop,_time,_measurement,device,host,port,port_xmit_data,symbol_error\n"
                + ",,0," + RANGE + ",2025-12-01T00:00:00Z,infiniband,mlx5_0,node01,1,1000000000,0\n"
                + ",,0," + RANGE + ",2025-12-01T00:05:00Z,infiniband,mlx5_0,node01,1,1250000000,\n");
        History p = reader.read(pivot, Progress.NONE);
        assertArrayEquals(new long[] {1_000_000_000L, 1_250_000_000L}, Res.values(p, "mlx5_0/1", "PortXmitData"));
        assertArrayEquals(new long[] {0, org.fabriclab.delta.Rules.ABSENT}, Res.values(p, "mlx5_0/1", "SymbolErrorCounter"));  // a null cell
    }

    @Test void aQuotedTagWithACommaIsOneCellAndEmptyCellsTakeTheirDefault(@TempDir Path dir) throws Exception {
        Path f = dir.resolve("q.csv");
        Files.writeString(f, "#group,false,false,true,true,false,false,true,true,true,true,true\n"
                + "#datatype,string,long,dateTime:RFC3339,dateTime:RFC3339,dateTime:RFC3339,long,string,string,string,string,string\n"
                + "#default,_result,,,,,,,infiniband,,,1\n" + HEADER
                + ",,0," + RANGE + ",2025-12-01T00:00:00Z,5,link_downed,,mlx5_0,\"rack 7, node01\",\n"
                + ",,1," + RANGE + ",2025-12-01T00:00:00Z,6,link_downed,infiniband,mlx5_0,node02,1\n");
        History h = reader.read(f, Progress.NONE);
        assertEquals(List.of("rack 7, node01 mlx5_0/1", "node02 mlx5_0/1"), h.ports());
        assertArrayEquals(new long[] {5}, Res.values(h, "rack 7, node01 mlx5_0/1", "LinkDownedCounter"));
    }

    @Test void aGzipResponseIsSniffedAndReadByContent(@TempDir Path dir) throws Exception {
        Path f = dir.resolve("response.bin");
        try (var out = new java.util.zip.GZIPOutputStream(Files.newOutputStream(f))) {
            out.write(Files.readAllBytes(Res.path("influx-query.csv")));
        }
        assertEquals("influx-annotated-csv", HistoryReaders.standard().choose(f).format());
        assertArrayEquals(Res.SYM_B, Res.values(HistoryReaders.standard().read(f), "mlx5_1/1", "SymbolErrorCounter"));
    }

    @Test void badInputNamesTheFileLineAndWhatWasExpected(@TempDir Path dir) throws Exception {
        Path f = dir.resolve("bad.csv");
        String head = String.format(ANNOTATIONS, "long") + HEADER;
        String ok = ",,0," + RANGE + ",2025-12-01T00:00:00Z,1,symbol_error,infiniband,mlx5_0,node01,1\n";
        assertRefused(f, head + ok + ",,0," + RANGE + ",yesterday,2,symbol_error,infiniband,mlx5_0,node01,1\n", 6, "RFC 3339");
        assertRefused(f, head + ok + ",,0," + RANGE + ",2025-12-01T00:05:00Z,2.5,symbol_error,infiniband,mlx5_0,node01,1\n", 6, "whole number");
        assertRefused(f, head + ok + ",,0," + RANGE + ",2025-12-01T00:05:00Z,many,symbol_error,infiniband,mlx5_0,node01,1\n", 6, "expected a number");
        assertRefused(f, head + ok + ",,0," + RANGE + ",2025-12-01T00:05:00Z,2,symbol_error,infiniband\n", 6, "expected 12 cells");
        assertRefused(f, String.format(ANNOTATIONS, "string") + HEADER + ok, 5, "is a string");
        assertRefused(f, ok, 1, "expected annotation rows");
        assertRefused(f, "#datatype,string,string\n,error,reference\n,\"failed to execute query: bucket \"\"telegraf\"\" not found\",\n", 3,
                "bucket \"telegraf\" not found");
        assertRefused(f, head + ",,0," + RANGE + ",2025-12-01T00:00:00Z,1,usage_idle,cpu,,node01,\n", 0, "no counter of Telegraf's");
    }

    private void assertRefused(Path f, String text, int line, String says) throws Exception {
        Files.writeString(f, text);
        var e = assertThrows(CaptureException.class, () -> reader.read(f, Progress.NONE));
        assertEquals(f.toString(), e.file());
        assertEquals(line, e.line(), e.getMessage());
        assertTrue(e.getMessage().contains(says), e.getMessage());
    }
}
