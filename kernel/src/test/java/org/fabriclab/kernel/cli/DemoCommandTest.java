package org.fabriclab.kernel.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.Path;

import org.fabriclab.incident.NotebookFolder;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class DemoCommandTest {
    static final String DATASETS = Path.of("..", "datasets").toString();
    @TempDir Path dir;

    private int run(StringWriter out, StringWriter err, String... args) {
        return Main.run(args, new PrintWriter(out), new PrintWriter(err));
    }

    static String notebook(String code) {
        String src = code.replace("\\", "\\\\").replace("\"", "\\\"").replace("\n", "\\n");
        return """
                {"cells": [
                  {"cell_type": "markdown", "id": "intro", "metadata": {}, "source": "# test"},
                  {"cell_type": "code", "execution_count": null, "id": "parameters", "metadata": {"tags": ["parameters"]}, "outputs": [],
                   "source": "String captures = \\"data\\";"},
                  {"cell_type": "code", "execution_count": null, "id": "body", "metadata": {}, "outputs": [], "source": "%s"}],
                 "metadata": {"kernelspec": {"name": "fabriclab", "display_name": "Java (fabriclab)", "language": "java"}},
                 "nbformat": 4, "nbformat_minor": 5}
                """.formatted(src);
    }

    @Test void runsEveryNotebookWithPathsFromItsFolderAndSummarisesTheDatasets() throws Exception {
        Path nbs = Files.createDirectories(dir.resolve("nbs"));
        Files.createDirectories(nbs.resolve("data"));
        Files.writeString(nbs.resolve("a.ipynb"), notebook(
                "System.out.println(Files.isDirectory(path(captures)) ? \"found data\" : \"no data\");"));
        StringWriter out = new StringWriter(), err = new StringWriter();
        Path o = dir.resolve("out");
        String property = System.getProperty(NotebookFolder.PROPERTY);
        int code = run(out, err, "demo", "--notebooks", nbs.toString(), "--datasets", DATASETS, "--out", o.toString());
        assertEquals(Main.OK, code, out + "\n" + err);
        String nb = Files.readString(o.resolve("a.ipynb"));
        assertTrue(nb.contains("found data"), "relative paths resolve against the notebook's folder: " + nb);
        assertTrue(Files.readString(o.resolve("a.html")).contains("found data"));
        String s = out.toString();
        assertTrue(s.contains("ok   a ") && s.contains("demo: ok"), s);
        assertTrue(s.matches("(?s).*ib-marginal-optic\\s+ib mlx5_0/1\\s+physical \\[SymbolErrorCounter]\\s+physical \\[SymbolErrorCounter]\\s+ok.*"), s);
        assertTrue(s.matches("(?s).*reconcile-b2-fabric-backpressure\\s+mlx5_0/1 client\\s+B2\\s+B2\\s+ok.*"), s);
        assertTrue(s.contains("1680") && s.contains("outputs: " + o), s);
        assertEquals(property, System.getProperty(NotebookFolder.PROPERTY), "the notebook folder property does not outlive the demo");
    }

    @Test void aFailingNotebookFailsTheDemoAndIsNamed() throws Exception {
        Path nbs = Files.createDirectories(dir.resolve("nbs"));
        Files.writeString(nbs.resolve("a-good.ipynb"), notebook("1 + 1"));
        Files.writeString(nbs.resolve("b-bad.ipynb"), notebook("throw new AssertionError(\"verdict differs\");"));
        StringWriter out = new StringWriter(), err = new StringWriter();
        int code = run(out, err, "demo", "--notebooks", nbs.toString(), "--datasets", DATASETS, "--out", dir.resolve("out").toString());
        assertEquals(Main.LAYER_VERDICT, code, out.toString());
        assertTrue(out.toString().contains("ok   a-good") && out.toString().contains("FAIL b-bad"), out.toString());
        assertTrue(out.toString().contains("cell 3: java.lang.AssertionError: verdict differs"), out.toString());
        assertTrue(out.toString().contains("demo: FAILED"), out.toString());
        assertTrue(Files.exists(dir.resolve("out/b-bad.ipynb")), "the failed notebook is still written, with its error");
    }

    @Test void noNotebooksIsBadInput() {
        StringWriter out = new StringWriter(), err = new StringWriter();
        assertEquals(Main.BAD_INPUT, run(out, err, "demo", "--notebooks", dir.resolve("none").toString(), "--datasets", DATASETS));
        assertTrue(err.toString().contains("no notebooks folder"), err.toString());
    }
}
