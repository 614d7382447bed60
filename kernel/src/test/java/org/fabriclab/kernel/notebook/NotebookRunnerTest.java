package org.fabriclab.kernel.notebook;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;

class NotebookRunnerTest {
    static Notebook notebook(String... sources) {
        ObjectNode root = Notebook.JSON.createObjectNode();
        root.put("nbformat", 4).put("nbformat_minor", 5);
        root.putObject("metadata");
        var cells = root.putArray("cells");
        boolean first = true;
        for (String s : sources) {
            cells.add(first ? Notebook.codeCell(s, "parameters") : Notebook.codeCell(s));
            first = false;
        }
        return new Notebook(root);
    }

    @Test void parametersAreInjectedAndOutputsStoredAsJupyterDoes() {
        Notebook nb = notebook("String who = \"ib\";\nint n = 1;",
                "System.out.print(\"a\"); System.out.print(\"b\"); System.err.print(\"e\");",
                "who + n",
                "display(Table.create(\"t\"));");
        NotebookRunner.Outcome o = new NotebookRunner().run(nb, Map.of("who", "roce", "n", "2"));
        assertFalse(o.failed());
        List<ObjectNode> cells = nb.cells();
        assertEquals(5, cells.size());
        assertTrue(Notebook.tagged(cells.get(1), NotebookRunner.INJECTED_TAG));
        assertEquals(2, cells.get(1).path("execution_count").asInt());
        JsonNode streams = cells.get(2).path("outputs");
        assertEquals("stdout", streams.get(0).path("name").asText());
        assertEquals("ab", streams.get(0).path("text").asText(), "consecutive stream text merged");
        assertEquals("stderr", streams.get(1).path("name").asText());
        JsonNode result = cells.get(3).path("outputs").get(0);
        assertEquals("execute_result", result.path("output_type").asText());
        assertEquals(4, result.path("execution_count").asInt());
        assertEquals("\"roce2\"", result.path("data").path("text/plain").asText());
        JsonNode disp = cells.get(4).path("outputs").get(0);
        assertEquals("display_data", disp.path("output_type").asText());
        assertTrue(disp.path("data").has("text/html"));
        assertEquals("Java (fabriclab)", nb.root().path("metadata").path("kernelspec").path("display_name").asText());
    }

    @Test void backgroundOutputAfterItsCellEndedLandsInThatCell() {
        Notebook nb = notebook("int k = 1;",
                "new Thread(() -> { try { Thread.sleep(300); } catch (InterruptedException e) { } System.out.println(\"late from cell 2\"); }).start();",
                "Thread.sleep(1500); System.out.println(\"cell 3\");");
        NotebookRunner.Outcome o = new NotebookRunner().run(nb, Map.of());
        assertFalse(o.failed(), String.valueOf(o.error()));
        String second = nb.cells().get(1).path("outputs").toString();
        String third = nb.cells().get(2).path("outputs").toString();
        assertTrue(second.contains("late from cell 2"), "late output belongs to the cell that started the thread: " + second + " / " + third);
        assertFalse(third.contains("late from cell 2"), third);
        assertTrue(third.contains("cell 3"), third);
    }

    @Test void stopsAtTheFailingCell() {
        Notebook nb = notebook("int k = 1;", "int z = 0;\nint boom = k / z;", "k");
        NotebookRunner.Outcome o = new NotebookRunner().run(nb, Map.of());
        assertTrue(o.failed());
        assertEquals(2, o.failedCell());
        assertEquals("java.lang.ArithmeticException", o.error().ename());
        JsonNode err = nb.cells().get(1).path("outputs").get(0);
        assertEquals("error", err.path("output_type").asText());
        assertTrue(err.path("traceback").toString().contains("Cell[2] line 2"), err.toString());
        assertTrue(nb.cells().get(2).path("execution_count").isNull(), "cells after the failure are not run");
    }

    @Test void readChecksAndAtomicWrite(@TempDir Path dir) throws Exception {
        Path bad = dir.resolve("bad.ipynb");
        Files.writeString(bad, "{\"nbformat\": 3, \"cells\": []}");
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> Notebook.read(bad));
        assertTrue(e.getMessage().contains("bad.ipynb") && e.getMessage().contains("expected 4"), e.getMessage());
        Files.writeString(bad, "{\"nbformat\": 4, \"cells\": [");
        assertTrue(assertThrows(IllegalArgumentException.class, () -> Notebook.read(bad)).getMessage().startsWith(bad + ":1:"));
        Notebook nb = notebook("1 + 1");
        Path out = dir.resolve("out.ipynb");
        nb.write(out);
        assertEquals(4, Notebook.read(out).root().path("nbformat").asInt());
        try (var files = Files.list(dir)) {
            assertEquals(2, files.count(), "no temporary file left behind");
        }
    }
}
