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
 * Fixture written from VictoriaMetrics' export format (docs.victoriametrics.com, "How to export data in JSON line format";
 * app/vmselect/prometheus/export.qtpl: {@code {"metric":{...},"values":[...],"timestamps":[ms...]}} one series per line,
 * a stale marker as {@code null}, a long series split over lines by {@code max_rows_per_line}), holding the dataset of
 * {@link Res} as node_exporter's series; a gauge of another metric among them.
 */
class VictoriaExportHistoryTest {
    private final VictoriaExportHistory reader = new VictoriaExportHistory();

    @Test void anExportIsTheSameHistoryAsTheScrapesAndTheRangeQuery() {
        Path f = Res.path("victoriametrics-export.jsonl");
        assertEquals("victoriametrics-export", HistoryReaders.standard().choose(f).format());
        History h = HistoryReaders.standard().read(f);
        History scrapes = new PrometheusTextHistory().read(Res.path("node-exporter-scrapes"), Progress.NONE);
        assertEquals(List.of("mlx5_1/1", "mlx5_0/1"), h.ports());                 // ports as first seen
        assertArrayEquals(Res.WORDS_A, Res.values(h, "mlx5_0/1", "PortXmitData"));  // bytes / 4, over two lines of one series
        assertArrayEquals(Res.WORDS_B, Res.values(h, "mlx5_1/1", "PortXmitData"));
        assertArrayEquals(Res.SYM_A, Res.values(h, "mlx5_0/1", "SymbolErrorCounter"));
        assertArrayEquals(Res.SYM_B, Res.values(h, "mlx5_1/1", "SymbolErrorCounter"));   // null: the stale marker, absent
        assertArrayEquals(Res.times(scrapes, "mlx5_0/1"), Res.times(h, "mlx5_0/1"));
        assertEquals(Source.NODE_EXPORTER, h.column("SymbolErrorCounter").orElseThrow().source());
        assertEquals(65535, h.column("SymbolErrorCounter").orElseThrow().cap());
        assertEquals(Res.rows(Res.sweep(Res.csvAsSysfs(), "mlx5_0/1")), Res.rows(Res.sweep(h, "mlx5_0/1")));
    }

    @Test void linesInAJsonArrayAndTheOldNanStaleMarkerAreReadToo(@TempDir Path dir) throws Exception {
        Path f = dir.resolve("export.json");
        Files.writeString(f, "[{\"metric\":{\"__name__\":\"infiniband_switch_port_symbol_error_total\",\"guid\":\"0x506b4b03005c2740\","
                + "\"port\":\"9\"},\"values\":[4,NaN,6],\"timestamps\":[1764547200000,1764547260000,1764547320000]}]\n");
        History h = HistoryReaders.standard().read(f);
        assertArrayEquals(new long[] {4, 6}, Res.values(h, "guid 0x506b4b03005c2740/9", "SymbolErrorCounter"));
        assertEquals(Source.INFINIBAND_EXPORTER, h.column("SymbolErrorCounter").orElseThrow().source());
    }

    @Test void badInputNamesTheFileAndLine(@TempDir Path dir) throws Exception {
        Path f = dir.resolve("export.jsonl");
        Files.writeString(f, "{\"metric\":{\"__name__\":\"node_infiniband_symbol_error_total\",\"device\":\"mlx5_0\",\"port\":\"1\"},"
                + "\"values\":[1],\"timestamps\":[1764547200000]}\n"
                + "{\"metric\":{\"__name__\":\"node_infiniband_symbol_error_total\",\"device\":\"mlx5_0\",\"port\":\"1\"},"
                + "\"values\":[1,2],\"timestamps\":[1764547260000]}\n");
        var e = assertThrows(CaptureException.class, () -> reader.read(f, Progress.NONE));
        assertEquals(f.toString(), e.file());
        assertEquals(2, e.line());
        assertTrue(e.getMessage().contains("2 values but 1 timestamps"), e.getMessage());

        Files.writeString(f, "{\"metric\":{\"__name__\":\"node_infiniband_symbol_error_total\",\"device\":\"mlx5_0\",\"port\":\"1\"},"
                + "\"values\":[1.5],\"timestamps\":[1764547200000]}\n");
        e = assertThrows(CaptureException.class, () -> reader.read(f, Progress.NONE));
        assertEquals(1, e.line());
        assertTrue(e.getMessage().contains("whole number"), e.getMessage());

        Files.writeString(f, "{\"metric\":{\"__name__\":\"node_load1\"},\"values\":[0.5],\"timestamps\":[1764547200000]}\n");
        e = assertThrows(CaptureException.class, () -> reader.read(f, Progress.NONE));
        assertTrue(e.getMessage().contains("no counter of a known exporter"), e.getMessage());
    }
}
