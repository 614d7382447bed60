package org.fabriclab.history;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.io.OutputStream;
import java.io.Writer;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.SplittableRandom;
import java.util.zip.GZIPOutputStream;

import org.fabriclab.capture.CaptureException;
import org.fabriclab.delta.Rules;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The parallel CSV load over files of many blocks: every value lands in its row whatever block cut it
 * and whichever parser thread read it; quoted blocks go through FastCSV with the same numbers; errors
 * name the line in the file, not in the block.
 */
class HistoryCsvBlocksTest {
    static final int PORTS = 300, ROWS = 600;      // 180,000 lines, about 11 MB: three blocks at least
    @TempDir Path dir;

    /** Writes the file; returns {time, pause, bytes} as generated (ABSENT for empty cells). */
    private long[][] write(Path file, boolean gzip, boolean quotePorts, boolean crlf) throws IOException {
        SplittableRandom rnd = new SplittableRandom(7);
        int n = PORTS * ROWS;
        long[] time = new long[n], pause = new long[n], bytes = new long[n];
        try (OutputStream raw = Files.newOutputStream(file);
             OutputStream o = gzip ? new GZIPOutputStream(raw, 1 << 16) : raw;
             Writer w = new java.io.BufferedWriter(new java.io.OutputStreamWriter(o, StandardCharsets.UTF_8), 1 << 16)) {
            String nl = crlf ? "\r\n" : "\n";
            w.write("timestamp,port,tx_bytes_phy,temperature_c,rx_prio3_pause" + nl);
            int r = 0;
            for (int p = 0; p < PORTS; p++) {
                long b = rnd.nextLong(1L << 60), x = rnd.nextLong(1000);
                for (int s = 0; s < ROWS; s++, r++) {
                    time[r] = 1_700_000_000_000L + s * 300_000L + (s > 200 ? 600_000L : 0);
                    b += rnd.nextLong(1L << 40);
                    x += rnd.nextInt(5);
                    bytes[r] = b;
                    pause[r] = rnd.nextInt(97) == 0 ? Rules.ABSENT : x;
                    String port = "guid 0x" + Long.toHexString(0x1000 + p) + "/1";
                    w.write(time[r] + "," + (quotePorts ? "\"" + port + ", left\"" : port) + "," + bytes[r] + "," + (20 + s % 7) + ".5,"
                            + (pause[r] == Rules.ABSENT ? "" : Long.toString(pause[r])) + nl);
                }
            }
        }
        return new long[][] {time, pause, bytes};
    }

    @Test void everyValueLandsInItsRowAcrossBlocksAndThreads() throws IOException {
        for (boolean gz : List.of(true, false)) {
            Path f = dir.resolve(gz ? "h.csv.gz" : "h.csv");
            long[][] want = write(f, gz, false, !gz);
            assertTrue(gz || Files.size(f) > 2 * HistoryCsv.BLOCK, "the file spans several blocks");
            for (int parsers : new int[] {1, 3}) {
                History h = HistoryCsv.read(f, java.util.Map.of(), Progress.NONE, parsers);
                assertEquals(PORTS * ROWS, h.rows());
                assertEquals(PORTS, h.ports().size());
                assertEquals("guid 0x1000/1", h.ports().get(0));
                assertArrayEquals(want[0], h.time());
                assertArrayEquals(want[1], h.values("rx_prio3_pause"));
                assertArrayEquals(want[2], h.values("tx_bytes_phy"));
                assertEquals(List.of("tx_bytes_phy", "rx_prio3_pause"), h.counters());     // the measurement column is skipped
                assertEquals(300_000, h.stepMs());                                        // the mode, not the gap
                for (int p = 0; p < PORTS; p++) assertEquals(p * ROWS, h.firstRow(p));
            }
        }
    }

    @Test void quotedFieldsGoThroughFastCsvWithTheSameNumbers() throws IOException {
        Path f = dir.resolve("quoted.csv");
        long[][] want = write(f, false, true, false);
        History h = History.load(f);
        assertEquals("guid 0x1000/1, left", h.ports().get(0));
        assertArrayEquals(want[1], h.values("rx_prio3_pause"));
        assertArrayEquals(want[2], h.values("tx_bytes_phy"));
    }

    @Test void anErrorDeepInTheFileNamesItsLine() throws IOException {
        Path f = dir.resolve("h.csv");
        write(f, false, false, false);
        List<String> lines = Files.readAllLines(f);
        int bad = 150_000;                           // 1-based line 150,001 of the file: in a later block
        String[] cells = lines.get(bad).split(",", -1);
        cells[2] = "12x";
        lines.set(bad, String.join(",", cells));
        Files.write(f, lines);
        var e = assertThrows(CaptureException.class, () -> HistoryCsv.read(f, java.util.Map.of(), Progress.NONE, 2));
        assertTrue(e.getMessage().contains("h.csv:" + (bad + 1)) && e.getMessage().contains("12x"), e.getMessage());
        cells[2] = "-3";
        lines.set(bad, String.join(",", cells));
        Files.write(f, lines);
        e = assertThrows(CaptureException.class, () -> HistoryCsv.read(f, java.util.Map.of(), Progress.NONE, 2));
        assertTrue(e.getMessage().contains("h.csv:" + (bad + 1)) && e.getMessage().contains("negative"), e.getMessage());
        Path q = dir.resolve("q.csv");
        Files.writeString(q, "timestamp,port,x\n1,\"a\nb\",3\n");
        e = assertThrows(CaptureException.class, () -> History.load(q));
        assertTrue(e.getMessage().contains("q.csv:2"), e.getMessage());
        Path big = dir.resolve("big.csv");
        Files.writeString(big, "timestamp,port,x\n1,a,99999999999999999999\n");
        e = assertThrows(CaptureException.class, () -> History.load(big));
        assertTrue(e.getMessage().contains("big.csv:2") && e.getMessage().contains("64-bit"), e.getMessage());
    }
}
