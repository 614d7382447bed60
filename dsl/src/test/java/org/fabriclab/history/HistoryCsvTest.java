package org.fabriclab.history;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.zip.GZIPOutputStream;

import org.fabriclab.capture.CaptureException;
import org.fabriclab.capture.Telemetry;
import org.fabriclab.catalogue.Overflow;
import org.fabriclab.catalogue.Source;
import org.fabriclab.delta.Rules;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import tech.tablesaw.api.LongColumn;
import tech.tablesaw.api.StringColumn;
import tech.tablesaw.api.Table;

class HistoryCsvTest {
    @TempDir Path dir;

    private Path write(String name, String text) throws IOException { return write(dir, name, text); }

    /** Writes {@code text} to {@code dir/name}, gzip-compressed when the name ends in {@code .gz}. */
    static Path write(Path dir, String name, String text) throws IOException {
        Path p = dir.resolve(name);
        if (name.endsWith(".gz")) {
            try (OutputStream o = new GZIPOutputStream(Files.newOutputStream(p))) { o.write(text.getBytes(StandardCharsets.UTF_8)); }
        } else {
            Files.writeString(p, text);
        }
        return p;
    }

    @Test void readsGzipWithEmptyCellsAsAbsentAndTypesFromTheCatalogue() throws IOException {
        Path p = write("h.csv.gz", "timestamp,port,tx_bytes_phy,packet_seq_err,rx_prio3_pause\n"
                + "1000,a,10,1,5\n2000,a,20,,6\n3000,a,30,3,7\n1000,b,5,0,0\n2000,b,9223372036854775807,0,0\n");
        List<String> stages = new ArrayList<>();
        History h = History.load(p, (s, d, t) -> stages.add(s + " " + d + "/" + t));
        assertEquals(List.of("a", "b"), h.ports());
        assertEquals(5, h.rows());
        assertEquals(3, h.firstRow(1));
        assertArrayEquals(new long[] {1, Rules.ABSENT, 3, 0, 0}, h.values("packet_seq_err"));
        assertEquals(Long.MAX_VALUE, h.values("tx_bytes_phy")[4]);              // exact 64-bit, never a double
        assertEquals(32, h.column("packet_seq_err").get().field().width());
        assertEquals(Overflow.WRAPPING, h.column("packet_seq_err").get().field().overflow());
        assertEquals(Source.ETHTOOL, h.column("tx_bytes_phy").get().source());
        assertEquals(1000, h.stepMs());
        assertTrue(stages.get(stages.size() - 1).endsWith(Files.size(p) + "/" + Files.size(p)), stages.toString());
    }

    @Test void gzipIsToldByItsMagicBytesNotItsName() throws IOException {
        String text = "timestamp,port,tx_bytes_phy\n1000,a,10\n2000,a,20\n1000,b,5\n";
        Path gz = write("h.csv.gz", text);
        Path gzipNamedCsv = dir.resolve("export.csv");
        Files.copy(gz, gzipNamedCsv);
        Path plainNamedGz = dir.resolve("plain.gz");
        Files.writeString(plainNamedGz, text);
        Path noSuffix = dir.resolve("history-export");
        Files.copy(gz, noSuffix);
        for (Path p : List.of(gzipNamedCsv, plainNamedGz, noSuffix)) {
            History h = History.load(p);
            assertEquals(List.of("a", "b"), h.ports(), p.toString());
            assertArrayEquals(new long[] {10, 20, 5}, h.values("tx_bytes_phy"), p.toString());
        }
    }

    @Test void aSourceOptionChangesTheWidth() throws IOException {
        Path p = write("h.csv", "timestamp,port,SymbolErrorCounter\n1,a,1\n2,a,2\n");
        assertEquals(64, History.load(p).column("SymbolErrorCounter").get().field().width());
        History classic = History.load(p, java.util.Map.of("SymbolErrorCounter", Source.PERFQUERY), Progress.NONE);
        assertEquals(16, classic.column("SymbolErrorCounter").get().field().width());
    }

    /**
     * A history written with pandas {@code to_csv}: a counter column with a gap is float64, so its whole values are
     * written {@code 1000000000.0} and the gap as an empty cell; plain and quoted cells alike. Before, refused
     * ("expected integer counter values"). A fraction is still refused.
     */
    @Test void wholeNumbersWrittenAsFloatsAreThoseIntegers() throws IOException {
        Path p = write("pandas.csv", "timestamp,port,PortXmitData,SymbolErrorCounter\n"
                + "1764547200000,mlx5_0/1,1000000000.0,0\n1764547500000,mlx5_0/1,,2\n1764547800000,mlx5_0/1,1500000000.00,3\n");
        History h = History.load(p);
        assertArrayEquals(new long[] {1_000_000_000L, org.fabriclab.delta.Rules.ABSENT, 1_500_000_000L}, h.values("PortXmitData"));
        Path q = write("pandas-quoted.csv", "timestamp,port,PortXmitData\n1764547200000,\"mlx5_0/1\",\"7.0\"\n1764547500000,\"mlx5_0/1\",9\n");
        assertArrayEquals(new long[] {7, 9}, History.load(q).values("PortXmitData"));
        Path frac = write("fraction.csv", "timestamp,port,PortXmitData\n1764547200000,mlx5_0/1,7.5\n");
        var e = assertThrows(CaptureException.class, () -> History.load(frac));
        assertTrue(e.getMessage().contains("expected integer"), e.getMessage());
    }

    @Test void badInputNamesFileAndLine() throws IOException {
        Path header = write("bad-header.csv", "time,port,x\n1,a,1\n");
        var e = assertThrows(CaptureException.class, () -> History.load(header));
        assertTrue(e.getMessage().contains("bad-header.csv") && e.getMessage().contains("timestamp,port"), e.getMessage());

        Path order = write("bad-order.csv", "timestamp,port,x\n1,a,1\n1,b,1\n2,a,2\n");
        e = assertThrows(CaptureException.class, () -> History.load(order));
        assertTrue(e.getMessage().contains("bad-order.csv") && e.getMessage().contains(":4") && e.getMessage().contains("reappears"),
                e.getMessage());

        Path time = write("bad-time.csv", "timestamp,port,x\n2,a,1\n1,a,1\n");
        e = assertThrows(CaptureException.class, () -> History.load(time));
        assertTrue(e.getMessage().contains("bad-time.csv:3") && e.getMessage().contains("must increase"), e.getMessage());

        Path number = write("bad-number.csv", "timestamp,port,x\n1,a,12\n2,a,1.5e3\n");
        e = assertThrows(CaptureException.class, () -> History.load(number));
        assertTrue(e.getMessage().contains("bad-number.csv") && e.getMessage().contains("expected integer"), e.getMessage());

        Path negative = write("bad-negative.csv", "timestamp,port,x\n1,a,12\n2,a,-4\n");
        e = assertThrows(CaptureException.class, () -> History.load(negative));
        assertTrue(e.getMessage().contains("bad-negative.csv:3") && e.getMessage().contains("negative"), e.getMessage());

        Path empty = write("empty.csv.gz", "");
        e = assertThrows(CaptureException.class, () -> History.load(empty));
        assertTrue(e.getMessage().contains("empty.csv.gz"), e.getMessage());
    }

    /**
     * pandas' {@code to_csv} of a frame with a datetime column (its index first, the time as
     * {@code 2025-12-01 00:05:00}), an export with offsets, and one in epoch seconds (Prometheus, InfluxDB)
     * are the same history as the project's epoch-ms file, each with a warning saying how the time was read.
     */
    @Test void isoTimesAndEpochSecondsAreTheSameHistoryAsEpochMs() throws IOException {
        History ms = History.load(write("ms.csv", "timestamp,port,SymbolErrorCounter\n1764547200000,a,1\n1764547500000,a,4\n1764547200000,b,0\n"));
        History pandas = History.load(write("pandas.csv", ",timestamp,port,SymbolErrorCounter\n0,2025-12-01 00:00:00,a,1\n1,2025-12-01 00:05:00,a,4.0\n"
                + "2,2025-12-01 00:00:00,b,0\n"));
        History zoned = History.load(write("zoned.csv", "timestamp,port,SymbolErrorCounter\n\"2025-12-01T01:00:00+01:00\",a,1\n2025-12-01T00:05:00Z,a,4\n"
                + "2025-11-30T19:00:00-05:00,b,0\n"));
        History secs = History.load(write("secs.csv", "timestamp,port,SymbolErrorCounter\n1764547200,a,1\n1764547500,a,4\n1764547200,b,0\n"));
        for (History h : List.of(pandas, zoned, secs)) {
            assertEquals(ms.ports(), h.ports());
            assertArrayEquals(ms.time(), h.time());
            assertArrayEquals(ms.values("SymbolErrorCounter"), h.values("SymbolErrorCounter"));
            assertEquals(300_000, h.stepMs());
        }
        assertEquals(List.of(), ms.warnings());
        assertTrue(pandas.warnings().get(0).endsWith("pandas.csv: timestamps read as ISO-8601 times (UTC where the cell names no zone)"), pandas.warnings().toString());
        assertTrue(secs.warnings().get(0).contains("secs.csv: timestamps read as epoch seconds"), secs.warnings().toString());
        // small epoch-ms values (test fixtures, a clock from 0) stay milliseconds
        assertArrayEquals(new long[] {1000, 2000}, History.load(write("small.csv", "timestamp,port,x\n1000,a,1\n2000,a,2\n")).time());
        // a cell that is neither is named, not the index cell before it
        Path bad = write("bad-time.csv", ",timestamp,port,x\n0,2025-12-01 00:00:00,a,1\n1,2025-13-01 00:00:00,a,2\n");
        var e = assertThrows(CaptureException.class, () -> History.load(bad));
        assertTrue(e.getMessage().contains("bad-time.csv:3") && e.getMessage().contains("found '2025-13-01 00:00:00'"), e.getMessage());
    }

    @Test void labelsRejectUnknownLayersWithTheLine() throws IOException {
        Path p = write("labels.csv", "port,layer,start_ms,end_ms\na,congestion,1,2\na,weather,1,2\n");
        var e = assertThrows(CaptureException.class, () -> Labels.load(p));
        assertTrue(e.getMessage().contains("labels.csv:3") && e.getMessage().contains("weather"), e.getMessage());
        Path q = write("labels2.csv", "port,layer,start_ms\na,congestion,1\n");
        e = assertThrows(CaptureException.class, () -> Labels.load(q));
        assertTrue(e.getMessage().contains("end_ms"), e.getMessage());
    }

    @Test void aTelemetryTableBecomesAHistory() {
        Table t = Table.create("ufm",
                LongColumn.create(Telemetry.TIMESTAMP, new long[] {1000, 2000, 1000, 2000}),
                StringColumn.create(Telemetry.PORT, "guid 0x1/1", "guid 0x1/1", "guid 0x2/1", "guid 0x2/1"),
                LongColumn.create("SymbolErrorCounter", new long[] {3, 9, 0, 0}));
        ((LongColumn) t.column("SymbolErrorCounter")).setMissing(3);
        History h = History.of(t, Source.UFM);
        assertEquals(List.of("guid 0x1/1", "guid 0x2/1"), h.ports());
        assertArrayEquals(new long[] {3, 9, 0, Rules.ABSENT}, h.values("SymbolErrorCounter"));
        assertEquals(64, h.column("SymbolErrorCounter").get().field().width());
    }

    @Test void aHistoryBecomesATelemetryTableAndBack() {
        long x = Rules.ABSENT;
        History h = History.of("h", List.of("a", "b"), new long[] {1000, 2000, 1000}, new int[] {0, 0, 1},
                java.util.Map.of("rx_prio3_pause", new long[] {5, x, Long.MAX_VALUE}), java.util.Map.of(), 1000);
        Table t = h.table();
        Telemetry.validate(t, "h");
        assertEquals(List.of("timestamp", "port", "rx_prio3_pause"), t.columnNames());
        assertTrue(t.longColumn("rx_prio3_pause").isMissing(1));
        assertEquals(Long.MAX_VALUE, t.longColumn("rx_prio3_pause").getLong(2));
        assertArrayEquals(h.values("rx_prio3_pause"), History.of(t, Source.ETHTOOL).values("rx_prio3_pause"));
    }
}
