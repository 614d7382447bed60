package org.fabriclab.history;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Path;
import java.util.List;

import org.fabriclab.capture.CaptureException;
import org.fabriclab.delta.Rules;
import org.fabriclab.history.formats.HistoryReaders;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A history written by pandas' {@code DataFrame.to_csv(path)} without {@code index=False} was refused as no history:
 * pandas writes the RangeIndex as a first column with an empty header cell ({@code ,timestamp,port,...}, rows
 * {@code 0,1000,a,...}); read back with {@code read_csv} and written again it is headed {@code Unnamed: 0}. A column
 * with a gap is a float column ({@code 20.0}). Layout per pandas' documented to_csv/read_csv behaviour; own values.
 */
class PandasIndexHistoryTest {
    @TempDir Path dir;

    private Path write(String name, String text) throws IOException { return HistoryCsvTest.write(dir, name, text); }

    private static final String ROWS = "1000,mlx5_0/1,10.0,1\n2000,mlx5_0/1,,2\n3000,mlx5_0/1,30.0,3\n1000,mlx5_1/1,5.0,0\n"
            + "2000,mlx5_1/1,7.0,4\n";

    private static String indexed(String head, String rows) {
        StringBuilder b = new StringBuilder(head).append('\n');
        String[] lines = rows.split("\n");
        for (int i = 0; i < lines.length; i++) b.append(i).append(',').append(lines[i]).append('\n');
        return b.toString();
    }

    @Test void theIndexColumnIsSkippedAndTheRestReadAsWithoutIt() throws IOException {
        String plainHead = "timestamp,port,port_rcv_errors,packet_seq_err";
        History plain = History.load(write("plain.csv", plainHead + "\n" + ROWS));
        for (String head : List.of("," + plainHead, "Unnamed: 0," + plainHead, "\"\"," + plainHead)) {
            for (String name : List.of("h.csv", "h.csv.gz")) {
                Path p = write(name, indexed(head, ROWS));
                for (History h : List.of(History.load(p), HistoryReaders.standard().read(p))) {
                    assertEquals(List.of("mlx5_0/1", "mlx5_1/1"), h.ports(), head);
                    assertEquals(List.of("port_rcv_errors", "packet_seq_err"), h.counters(), head);
                    assertEquals(5, h.rows());
                    assertArrayEquals(new long[] {1000, 2000, 3000, 1000, 2000}, java.util.Arrays.copyOf(h.time(), 5));
                    assertArrayEquals(new long[] {10, Rules.ABSENT, 30, 5, 7}, h.values("port_rcv_errors"), head);
                    assertArrayEquals(new long[] {1, 2, 3, 0, 4}, h.values("packet_seq_err"), head);
                    assertArrayEquals(plain.values("packet_seq_err"), h.values("packet_seq_err"));
                    assertEquals(1000, h.stepMs());
                }
            }
        }
    }

    /** A quoted cell sends the block through FastCSV: the index column is skipped there too. */
    @Test void quotedBlockSkipsTheIndexToo() throws IOException {
        Path p = write("q.csv", ",timestamp,port,packet_seq_err\n0,1000,\"mlx5_0/1\",1\n1,2000,\"mlx5_0/1\",5\n");
        History h = History.load(p);
        assertEquals(List.of("mlx5_0/1"), h.ports());
        assertArrayEquals(new long[] {1, 5}, h.values("packet_seq_err"));
    }

    @Test void badRowsNameTheLineAndCountTheIndexField() throws IOException {
        CaptureException e = assertThrows(CaptureException.class,
                () -> History.load(write("b.csv", ",timestamp,port,packet_seq_err\n0,1000,a,1\n1,2000,a,x\n")));
        assertTrue(e.getMessage().contains("b.csv") && e.line() == 3 && e.getMessage().contains("'x' in field 4"), e.getMessage());
        e = assertThrows(CaptureException.class,
                () -> History.load(write("c.csv", ",timestamp,port,packet_seq_err\n0,1000,a,1\n1,2000,a\n")));
        assertTrue(e.line() == 3 && e.getMessage().contains("expected 4 fields, found 3"), e.getMessage());
        e = assertThrows(CaptureException.class,
                () -> History.load(write("d.csv", ",timestamp,port,packet_seq_err\n0,1000,a,1\n7\n")));
        assertTrue(e.line() == 3 && e.getMessage().contains("expected 4 fields, found 1"), e.getMessage());
        e = assertThrows(CaptureException.class,
                () -> History.load(write("e.csv", "\"\",\"timestamp\",\"port\",\"packet_seq_err\"\n0,1000,a,1,9\n")));
        assertTrue(e.line() == 2 && e.getMessage().contains("expected 4 fields, found more"), e.getMessage());
        // only one leading index column: a second one is no history
        e = assertThrows(CaptureException.class, () -> HistoryCsv.read(write("f.csv", ",,timestamp,port,x\n0,0,1,a,1\n"),
                java.util.Map.of(), Progress.NONE));
        assertEquals(1, e.line());
    }
}
