package org.fabriclab.kernel.cli;

import java.io.PrintWriter;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.Callable;

import org.fabriclab.kernel.notebook.HtmlExport;
import org.fabriclab.kernel.notebook.Notebook;
import org.fabriclab.kernel.notebook.NotebookRunner;

import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

/**
 * {@code fabriclab run NOTEBOOK.ipynb [-p name=value]... [-o OUT.ipynb] [--html OUT.html]}:
 * executes a notebook in-process (no Python, no Jupyter server), papermill-style parameters.
 * Exit 0 when every cell ran, 1 when a cell failed (the output notebook is still written, with
 * the error), 2 for bad input. The input notebook is never overwritten.
 */
@Command(name = "run", description = {RunCommand.SUMMARY,
        "Exit codes: 0 all cells ran, 1 a cell failed (cell number and error printed), 2 bad input."})
final class RunCommand implements Callable<Integer> {
    /** The first line of the description, which the usage's list of commands shows ({@link Commands}). */
    static final String SUMMARY = "Execute a notebook headless, papermill-style (a cell tagged 'parameters' gets an injected cell after it).";
    @picocli.CommandLine.Parameters(index = "0", paramLabel = "NOTEBOOK.ipynb") Path input;
    @Option(names = {"-p", "--parameter"}, paramLabel = "name=value", description = "a parameter (repeatable)") List<String> params;
    @Option(names = {"-o", "--output"}, paramLabel = "OUT.ipynb", description = "executed notebook (default: NOTEBOOK.out.ipynb)") Path output;
    @Option(names = "--html", paramLabel = "OUT.html", description = "also write an HTML page of the executed notebook") Path html;
    @Spec picocli.CommandLine.Model.CommandSpec spec;

    @Override public Integer call() throws Exception {
        if (!Files.isRegularFile(input)) throw new IllegalArgumentException(input + ": no such notebook");
        Path out = output != null ? output : defaultOutput(input);
        for (Path p : new Path[] {out, html}) {
            if (p != null && Files.exists(p) && Files.isSameFile(p, input)) {
                throw new IllegalArgumentException(p + ": is the input notebook; it is never overwritten (choose another -o/--html)");
            }
        }
        Map<String, String> values = new LinkedHashMap<>();
        if (params != null) for (String kv : params) { var e = org.fabriclab.kernel.notebook.Parameters.parse(kv); values.put(e.getKey(), e.getValue()); }
        Notebook nb = Notebook.read(input);
        Quiet.initLibraries();
        // cells resolve relative paths against the notebook's folder, as under Jupyter (NotebookFolder)
        System.setProperty(org.fabriclab.incident.NotebookFolder.PROPERTY, input.toAbsolutePath().getParent().toString());
        NotebookRunner.Outcome o = new NotebookRunner().run(nb, values);
        nb.write(out);
        if (html != null) AtomicWrite.write(html, HtmlExport.html(nb, input.getFileName().toString()).getBytes(StandardCharsets.UTF_8));
        PrintWriter err = spec.commandLine().getErr();
        PrintWriter stdout = spec.commandLine().getOut();
        if (o.failed()) {
            err.println("fabriclab: " + input + ": cell " + o.failedCell() + " (In [" + o.cellsRun() + "]) failed: " + o.error().ename()
                    + (o.error().evalue().isEmpty() ? "" : ": " + o.error().evalue()));
            for (String line : o.error().traceback()) err.println("  " + line);
            err.println("fabriclab: wrote " + out + (html != null ? " and " + html : ""));
            err.flush();
            return 1;
        }
        stdout.println("fabriclab: ran " + o.cellsRun() + " code cells of " + input + "; wrote " + out + (html != null ? " and " + html : ""));
        stdout.flush();
        return Main.OK;
    }

    static Path defaultOutput(Path in) {
        String name = in.getFileName().toString();
        String base = name.endsWith(".ipynb") ? name.substring(0, name.length() - 6) : name;
        return in.resolveSibling(base + ".out.ipynb");
    }
}
