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
import org.fabriclab.delta.Rules;
import org.fabriclab.history.History;
import org.fabriclab.history.Progress;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * promtool's default query output, written as prometheus/common model prints a matrix ({@code metric =>} then
 * {@code value @[seconds]} per line, labels sorted, {@code ", "} between them) and a vector ({@code metric => value @[seconds]}),
 * holding the dataset of {@link Res} as node_exporter's series.
 */
class PromtoolQueryHistoryTest {
    private final PromtoolQueryHistory reader = new PromtoolQueryHistory();

    private static String series(String metric, String device, long[] values, long multiplier) {
        StringBuilder b = new StringBuilder(metric + "{device=\"" + device + "\", instance=\"node01:9100\", job=\"node\", port=\"1\"} =>\n");
        for (int i = 0; i < values.length; i++) {
            if (values[i] == Rules.ABSENT) continue;
            b.append(values[i] * multiplier).append(" @[").append((Res.T0 + i * Res.STEP) / 1000).append("]\n");
        }
        return b.toString();
    }

    @Test void aRangeQueryPrintedByPromtoolIsTheSameHistoryAsTheScrapes(@TempDir Path dir) throws Exception {
        Path f = dir.resolve("promtool-range.txt");
        Files.writeString(f, series("node_infiniband_port_data_transmitted_bytes_total", "mlx5_0", Res.WORDS_A, 4)
                + series("node_infiniband_port_data_transmitted_bytes_total", "mlx5_1", Res.WORDS_B, 4)
                + series("node_infiniband_symbol_error_total", "mlx5_0", Res.SYM_A, 1)
                + series("node_infiniband_symbol_error_total", "mlx5_1", Res.SYM_B, 1));
        assertEquals("promtool-query-text", HistoryReaders.standard().choose(f).format());
        History h = HistoryReaders.standard().read(f);
        History scrapes = new PrometheusTextHistory().read(Res.path("node-exporter-scrapes"), Progress.NONE);
        assertEquals(List.of("mlx5_0/1", "mlx5_1/1"), h.ports());
        assertArrayEquals(scrapes.time(), h.time());
        for (String c : scrapes.counters()) assertArrayEquals(scrapes.values(c), h.values(c), c);
        assertEquals(Source.NODE_EXPORTER, h.column("SymbolErrorCounter").orElseThrow().source());
        assertEquals(Res.rows(Res.sweep(Res.csvAsSysfs(), "mlx5_0/1")), Res.rows(Res.sweep(h, "mlx5_0/1")));
    }

    @Test void anInstantQueryIsOneSamplePerLine(@TempDir Path dir) throws Exception {
        Path f = dir.resolve("promtool-instant.txt");
        Files.writeString(f, "infiniband_switch_port_symbol_error_total{guid=\"0x506b4b03005c2740\", port=\"9\"} => 12 @[1764547260.25]\n"
                + "infiniband_switch_port_symbol_error_total{guid=\"0x506b4b03005c2740\", port=\"10\"} => 0 @[1764547260.25]\n");
        History h = HistoryReaders.standard().read(f);
        assertEquals(List.of("guid 0x506b4b03005c2740/9", "guid 0x506b4b03005c2740/10"), h.ports());
        assertArrayEquals(new long[] {12}, Res.values(h, "guid 0x506b4b03005c2740/9", "SymbolErrorCounter"));
        assertArrayEquals(new long[] {1_764_547_260_250L}, Res.times(h, "guid 0x506b4b03005c2740/9"));
    }

    @Test void badInputNamesTheFileAndLine(@TempDir Path dir) throws Exception {
        Path f = dir.resolve("q.txt");
        Files.writeString(f, "node_infiniband_symbol_error_total{device=\"mlx5_0\", port=\"1\"} =>\n1 @[1764547200]\n2.5 @[1764547260]\n");
        var e = assertThrows(CaptureException.class, () -> reader.read(f, Progress.NONE));
        assertEquals(f.toString(), e.file());
        assertEquals(3, e.line());
        assertTrue(e.getMessage().contains("whole number"), e.getMessage());

        Files.writeString(f, "{device=\"mlx5_0\", port=\"1\"} =>\n1 @[1764547200]\n");
        e = assertThrows(CaptureException.class, () -> reader.read(f, Progress.NONE));
        assertEquals(1, e.line());
        assertTrue(e.getMessage().contains("without a metric name"), e.getMessage());

        Files.writeString(f, "node_infiniband_symbol_error_total{device=\"mlx5_0\", port=\"1\"} =>\n1 at 1764547200\n");
        e = assertThrows(CaptureException.class, () -> reader.read(f, Progress.NONE));
        assertEquals(2, e.line());
        assertTrue(e.getMessage().contains("@[<unix seconds>]"), e.getMessage());
    }
}
