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
 * Fixture written from the Prometheus HTTP API documentation (prometheus.io/docs/prometheus/latest/querying/api,
 * "Range queries" and "Range vectors": {@code {"status": "success", "data": {"resultType": "matrix", "result":
 * [{"metric": {...}, "values": [[<unix time>, "<sample value>"], ...]}]}}}), one response per metric, one after
 * another; values of node_exporter's series as in {@link PrometheusTextHistoryTest}.
 */
class PrometheusRangeHistoryTest {
    private final PrometheusRangeHistory reader = new PrometheusRangeHistory();

    @Test void aRangeQueryIsTheSameHistoryAsTheScrapes() {
        History h = reader.read(Res.path("query_range.json"), Progress.NONE);
        History scrapes = new PrometheusTextHistory().read(Res.path("node-exporter-scrapes"), Progress.NONE);
        assertEquals(List.of("mlx5_0/1", "mlx5_1/1"), h.ports());           // one instance: no host prefix
        assertArrayEquals(scrapes.time(), h.time());
        assertArrayEquals(Res.WORDS_A, Res.values(h, "mlx5_0/1", "PortXmitData"));
        assertArrayEquals(Res.SYM_B, Res.values(h, "mlx5_1/1", "SymbolErrorCounter"));
        for (String c : scrapes.counters()) assertArrayEquals(scrapes.values(c), h.values(c), c);
        assertEquals(Source.NODE_EXPORTER, h.column("SymbolErrorCounter").orElseThrow().source());
        assertEquals(Res.rows(Res.sweep(Res.csvAsSysfs(), "mlx5_0/1")), Res.rows(Res.sweep(h, "mlx5_0/1")));
    }

    @Test void badValuesAreReportedAtTheirOwnLine(@TempDir Path dir) throws Exception {
        Path f = dir.resolve("q.json");
        Files.writeString(f, "{\"status\": \"success\", \"data\": {\"resultType\": \"matrix\", \"result\": [\n"
                + " {\"metric\": {\"__name__\": \"node_infiniband_symbol_error_total\", \"device\": \"mlx5_0\", \"port\": \"1\"},\n"
                + "  \"values\": [[1764547200, \"1\"],\n"
                + "             [1764547500, \"x7\"]]}]}}\n");
        var e = assertThrows(CaptureException.class, () -> reader.read(f, Progress.NONE));
        assertEquals(f.toString(), e.file());
        assertEquals(4, e.line());
        assertTrue(e.getMessage().contains("expected a number"), e.getMessage());

        Files.writeString(f, "{\"status\": \"success\", \"data\": {\"resultType\": \"matrix\", \"result\": [\n"
                + " {\"metric\": {\"device\": \"mlx5_0\", \"port\": \"1\"}, \"values\": [[1764547200, \"1\"]]}]}}\n");
        e = assertThrows(CaptureException.class, () -> reader.read(f, Progress.NONE));
        assertEquals(2, e.line());
        assertTrue(e.getMessage().contains("without __name__"), e.getMessage());

        Files.writeString(f, "{\"status\": \"error\", \"errorType\": \"bad_data\", \"error\": \"invalid parameter \\\"query\\\"\"}\n");
        e = assertThrows(CaptureException.class, () -> reader.read(f, Progress.NONE));
        assertEquals(1, e.line());
        assertTrue(e.getMessage().contains("bad_data"), e.getMessage());

        Files.writeString(f, "{\"status\": \"success\", \"data\": {\"resultType\": \"matrix\", \"result\": [\n  {\"metric\": {\"__name__\": ");
        e = assertThrows(CaptureException.class, () -> reader.read(f, Progress.NONE));
        assertEquals(2, e.line());
        assertTrue(e.getMessage().contains("invalid JSON"), e.getMessage());
    }

    @Test void theResultArrayAloneAndThanosOrMimirResponsesReadAsTheResponse(@TempDir Path dir) throws Exception {
        String series = "{\"metric\": {\"__name__\": \"node_infiniband_symbol_error_total\", \"device\": \"mlx5_3\", \"port\": \"1\"},\n"
                + "  \"values\": [\n    [\n      1764547200,\n      \"4\"\n    ],\n    [\n      1764547260.5,\n      \"9\"\n    ]\n  ]}";
        Path bare = dir.resolve("promtool.json");                        // promtool query range -o json, or jq .data.result
        Files.writeString(bare, "[\n  " + series + "\n]\n");
        Path thanos = dir.resolve("thanos.json");                        // warnings beside data, extra members in data
        Files.writeString(thanos, "{\"status\":\"success\",\"data\":{\"resultType\":\"matrix\",\"result\":[" + series
                + "],\"analysis\":{}},\"warnings\":[\"partial response\"],\"infos\":[\"PromQL info: x\"]}\n");
        for (Path f : List.of(bare, thanos)) {
            assertEquals("prometheus-query-json", HistoryReaders.standard().choose(f).format(), f.toString());
            History h = HistoryReaders.standard().read(f);
            assertArrayEquals(new long[] {4, 9}, Res.values(h, "mlx5_3/1", "SymbolErrorCounter"), f.toString());
            assertArrayEquals(new long[] {1_764_547_200_000L, 1_764_547_260_500L}, Res.times(h, "mlx5_3/1"), f.toString());
        }
        Files.writeString(bare, "[\n  " + series.replace("\"4\"", "\"-4\"") + "\n]\n");
        var e = assertThrows(CaptureException.class, () -> reader.read(bare, Progress.NONE));
        assertEquals(6, e.line());                                      // the line of the negative value
    }
}
