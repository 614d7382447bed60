package org.fabriclab.history.formats;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;

import org.fabriclab.Fabric;
import org.fabriclab.capture.CaptureException;
import org.fabriclab.history.History;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** One entry for every history format: the format is told by content, and every format gives the same sweep. */
class HistoryReadersTest {
    private final HistoryReaders readers = HistoryReaders.standard();

    @Test void eachFixtureIsClaimedByItsFormat() {
        Map<String, String> expect = Map.of("history.csv", "history-csv-or-parquet", "ufm-exports", "ufm-csv-exports",
                "ufm-exports/ufm-telemetry-1764547200.csv", "ufm-csv-exports", "ufm-fluentd-stream.log", "ufm-fluentd-stream",
                "node-exporter-scrapes", "prometheus-text", "exporters.prom", "prometheus-text", "promtool-dump.txt", "prometheus-text",
                "openmetrics.txt", "prometheus-text", "query_range.json", "prometheus-query-json", "collect-series", "collect-series");
        expect.forEach((f, fmt) -> assertEquals(fmt, readers.choose(Res.path(f)).format(), f));
        Map.of("telegraf-infiniband.lp", "influx-line-protocol", "influx-query.csv", "influx-annotated-csv", "victoriametrics-export.jsonl",
                "victoriametrics-export", "infiniband-exporter-switch-1764547200.prom", "prometheus-text")
                .forEach((f, fmt) -> assertEquals(fmt, readers.choose(Res.path(f)).format(), f));
    }

    @Test void historyOfAnyFormatGivesTheSameSweep() {
        var csv = Res.rows(Res.sweep(Fabric.history(Res.path("history.csv").toString()), "mlx5_0/1"));
        // the CSV read with the default sources (64-bit perfquery -x field): 65535 is a count there, so it differs from sysfs
        var sysfs = Res.rows(Res.sweep(Res.csvAsSysfs(), "mlx5_0/1"));
        assertTrue(!csv.equals(sysfs));
        for (String f : new String[] {"node-exporter-scrapes", "query_range.json", "collect-series", "telegraf-infiniband.lp", "influx-query.csv"}) {
            History h = Fabric.history(Res.path(f).toString());
            assertEquals(sysfs, Res.rows(Res.sweep(h, "mlx5_0/1")), f);
        }
        assertEquals(Res.rows(Res.sweep(Fabric.history(Res.path("ufm-exports").toString()), UfmHistoryTest.A)),
                Res.rows(Res.sweep(Fabric.history(Res.path("ufm-fluentd-stream.log").toString()), UfmHistoryTest.A)));
    }

    /** History.load reads the project's own files; given another format it says where that is read, rather than only "bad header". */
    @Test void historyLoadOfAnotherFormatNamesFabricHistory() {
        for (String f : new String[] {"ufm-exports", "collect-series", "ufm-fluentd-stream.log", "exporters.prom"}) {
            var e = assertThrows(CaptureException.class, () -> History.load(Res.path(f)), f);
            assertEquals(Res.path(f).toString(), e.file(), f);
            assertTrue(e.getMessage().contains("Fabric.history(path)"), e.getMessage());
        }
    }

    @Test void whatNoFormatClaimsIsRefusedNamingThePath(@TempDir Path dir) throws Exception {
        Path f = dir.resolve("notes.txt");
        Files.writeString(f, "hello\n");
        var e = assertThrows(CaptureException.class, () -> readers.read(f));
        assertEquals(f.toString(), e.file());
        assertTrue(e.getMessage().contains("prometheus-text"), e.getMessage());
        var m = assertThrows(CaptureException.class, () -> readers.read(dir.resolve("none")));
        assertTrue(m.getMessage().contains("no such file"), m.getMessage());
    }
}
