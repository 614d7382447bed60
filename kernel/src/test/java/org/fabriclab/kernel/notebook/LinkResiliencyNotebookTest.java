package org.fabriclab.kernel.notebook;

import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import com.fasterxml.jackson.databind.JsonNode;

/**
 * Notebook 06 is a template: on a user's telemetry and topology with no labels, model or operator list
 * beside them it replays every engine but prediction, says what it could not grade, and shows no error
 * or stderr; on the bundled set it finds all of them and charts the isolated links.
 */
class LinkResiliencyNotebookTest {
    static final Path ROOT = Path.of("..").toAbsolutePath().normalize();

    static String run(Map<String, String> params) throws IOException {
        Notebook nb = Notebook.read(ROOT.resolve("notebooks").resolve("06-link-resiliency-replay.ipynb"));
        NotebookRunner.Outcome o = new NotebookRunner().run(nb, params);
        assertFalse(o.failed(), () -> "cell " + o.failedCell() + ": " + o.error());
        StringBuilder text = new StringBuilder();
        for (JsonNode cell : nb.cells()) {
            assertFalse(cell.path("source").toString().contains("org.fabriclab.scenario"), "no test machinery in the notebook");
            for (JsonNode out : cell.path("outputs")) {
                assertFalse(out.path("output_type").asText().equals("error"), () -> "error output: " + out);
                assertFalse(out.path("name").asText().equals("stderr"), () -> "stderr: " + out.path("text").asText());
                text.append(out.path("text").asText()).append(out.path("data").path("text/plain").asText());
            }
        }
        return text.toString();
    }

    @Test void onAHistoryWithNothingBesideItTheReplayRunsAndSaysWhatIsNotGraded(@TempDir Path tmp) throws IOException {
        for (String f : List.of("ufm-telemetry.csv", "ibdiagnet2.lst")) Files.copy(ROOT.resolve("datasets/link-resiliency").resolve(f), tmp.resolve(f));
        String t = run(Map.of("history", tmp.resolve("ufm-telemetry.csv").toString(), "topology", tmp.resolve("ibdiagnet2.lst").toString()));
        assertTrue(t.contains("labels: no labelled failures"), t);
        assertTrue(t.contains("failure prediction is off"), t);
        assertTrue(t.contains("no labelled failures to grade against"), t);
        assertTrue(t.contains("iblr replay over 36 ports") && t.contains("isolation: "), "the other engines replay");
    }

    @Test void onTheBundledSetItFindsLabelsModelAndOperatorIsolations() throws IOException {
        String t = run(Map.of());
        assertTrue(t.contains("threshold: 0.95 (best F1 against the labels)"), t);
        assertTrue(t.contains("1 link isolated outside the plugin"), t);
        assertTrue(t.contains("4 of 6 labelled failures caught"), t);
        assertTrue(t.contains("5 links charted"), t);
    }
}
