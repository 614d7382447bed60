package org.fabriclab.kernel.notebook;

import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Path;
import java.util.Map;

import org.junit.jupiter.api.Test;

import com.fasterxml.jackson.databind.JsonNode;

/**
 * Notebook 05 on a history it was not written for, given as parameters: the link-resiliency set's UFM
 * telemetry CSV with its topology, another rule (symbol errors per hour) and budget. It must run without
 * error or stderr, chart the sweep, replay the bar, and choose one bar per port class from the topology.
 */
class TuningNotebookTest {
    static final Path ROOT = Path.of("..").toAbsolutePath().normalize();

    @Test void notebook05OnAUfmTelemetryHistoryWithATopology() throws IOException {
        Notebook nb = Notebook.read(ROOT.resolve("notebooks").resolve("05-tune-congestion-thresholds.ipynb"));
        NotebookRunner.Outcome o = new NotebookRunner().run(nb, Map.of("captures", ROOT.resolve("datasets/link-resiliency").toString(),
                "history", "ufm-telemetry.csv", "rule", "symbol-errors-per-hour", "topology", "ibdiagnet2.lst", "budgetAlertsPerDay", "150"));
        assertFalse(o.failed(), () -> "cell " + o.failedCell() + ": " + o.error());
        int pngs = 0;
        StringBuilder text = new StringBuilder();
        for (JsonNode cell : nb.cells()) {
            for (JsonNode out : cell.path("outputs")) {
                assertFalse(out.path("output_type").asText().equals("error"), () -> "error output: " + out);
                assertFalse(out.path("name").asText().equals("stderr"), () -> "stderr: " + out.path("text").asText());
                text.append(out.path("text").asText()).append(out.path("data").path("text/plain").asText());
                if (out.path("data").has("image/png")) pngs++;
            }
        }
        String t = text.toString();
        assertTrue(pngs >= 2, "the sweep's charts and the per-class charts: " + pngs);
        assertTrue(t.contains("36 ports"), "the UFM history was loaded");
        assertTrue(t.contains("Replay of symbol errors per hour"), "the replay");
        assertTrue(t.contains("one bar per class") && t.contains("switch-switch above") && t.contains("host-switch above"), "bars per class");
        assertFalse(t.contains("No port classes known"), "the topology classified the ports");
    }
}
