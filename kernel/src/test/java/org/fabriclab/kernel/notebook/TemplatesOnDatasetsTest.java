package org.fabriclab.kernel.notebook;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;

import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.TestFactory;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;

/**
 * The known answers that used to sit in the notebooks' last cells: each template notebook (01 IB, 02
 * RoCE, 03 reconciliation) runs unchanged, in this JVM as {@code ./fabriclab run} runs it, on every
 * bundled folder of its kind with only {@code captures} given, and must show the verdict and detail of
 * the folder's {@code scenario.json} (its own profile), the reconciliation case where there is one, at
 * least one chart, and no error or stderr output.
 */
class TemplatesOnDatasetsTest {
    static final Path ROOT = Path.of("..").toAbsolutePath().normalize();
    static final Map<String, String> TEMPLATE = Map.of("ib-incident", "01-ib-incident", "roce-incident", "02-roce-incident",
            "reconciliation", "03-bandwidth-reconciliation");
    static final ObjectMapper JSON = new ObjectMapper();

    @TestFactory List<DynamicTest> everyTemplateOnEveryBundledFolderOfItsKind() throws IOException {
        List<DynamicTest> out = new ArrayList<>();
        try (Stream<Path> s = Files.list(ROOT.resolve("datasets"))) {
            for (Path dir : s.sorted().toList()) {
                if (!Files.exists(dir.resolve("scenario.json"))) continue;
                JsonNode sc = JSON.readTree(dir.resolve("scenario.json").toFile());
                String nb = TEMPLATE.get(sc.path("kind").asText());
                if (nb == null) continue;
                out.add(DynamicTest.dynamicTest(nb + " on " + dir.getFileName(), () -> run(nb, dir, sc)));
            }
        }
        assertEquals(13, out.size(), "bundled incident folders");
        return out;
    }

    static void run(String name, Path dir, JsonNode sc) throws IOException {
        Notebook nb = Notebook.read(ROOT.resolve("notebooks").resolve(name + ".ipynb"));
        NotebookRunner.Outcome o = new NotebookRunner().run(nb, Map.of("captures", dir.toString()));
        assertFalse(o.failed(), () -> "cell " + o.failedCell() + ": " + o.error());
        JsonNode verdicts = null;
        int pngs = 0;
        StringBuilder text = new StringBuilder();
        for (JsonNode cell : nb.cells()) {
            for (JsonNode out : cell.path("outputs")) {
                String type = out.path("output_type").asText();
                assertFalse(type.equals("error"), () -> "error output: " + out);
                assertFalse(type.equals("stream") && out.path("name").asText().equals("stderr"), () -> "stderr: " + out.path("text").asText());
                text.append(out.path("text").asText()).append(out.path("data").path("text/plain").asText());
                if (out.path("data").has("image/png")) pngs++;
                JsonNode j = out.path("data").path("application/json");
                if (verdicts == null && j.has("verdicts") && j.has("exit_code")) verdicts = j.get("verdicts");
            }
        }
        assertTrue(pngs > 0, "no chart");
        assertNotNull(verdicts, "no verdicts output");
        JsonNode expected = sc.path("expected").path(sc.path("profile").asText(sc.path("fabric").asText()));
        for (var e : (Iterable<Map.Entry<String, JsonNode>>) expected::fields) {
            JsonNode got = null;
            for (JsonNode v : verdicts) if (v.path("port").asText().equals(e.getKey())) got = v;
            assertNotNull(got, e.getKey());
            assertEquals(e.getValue().path("verdict").asText(), got.path("verdict").asText(), e.getKey());
            if (e.getValue().has("detail")) assertEquals(e.getValue().get("detail"), got.get("detail"), e.getKey());
            for (JsonNode c : e.getValue().path("detail")) assertTrue(text.toString().contains(c.asText()), "deciding counter " + c + " shown");
        }
        if (sc.has("expected_case")) assertTrue(text.toString().contains("case " + sc.get("expected_case").asText() + " "), "case shown");
    }
}
