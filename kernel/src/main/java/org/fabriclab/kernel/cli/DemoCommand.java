package org.fabriclab.kernel.cli;

import java.io.IOException;
import java.io.PrintWriter;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.Callable;
import java.util.stream.Stream;

import com.fasterxml.jackson.databind.JsonNode;

import org.fabriclab.history.Progress;
import org.fabriclab.kernel.notebook.HtmlExport;
import org.fabriclab.kernel.notebook.Notebook;
import org.fabriclab.kernel.notebook.NotebookRunner;
import org.fabriclab.scenario.DatasetAnswers;
import org.fabriclab.scenario.Expectations;
import org.fabriclab.scenario.NotebookPaths;

import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

/**
 * {@code fabriclab demo [--out DIR]}: executes every notebook in {@code notebooks/} in this process
 * on the bundled datasets (each with its own default parameters), writes the executed
 * {@code .ipynb} and an {@code .html} per notebook into {@code DIR} (default {@code out/demo}), then
 * answers every scenario in {@code datasets/} through the DSL and prints one line per answer
 * (scenario, port, verdict, expected, ok). Exit 0 when every notebook ran without an error output
 * and every answer matches its {@code scenario.json}; 3 otherwise; 2 for bad input.
 *
 * <pre>{@code
 * ./fabriclab demo --out /tmp/demo
 * }</pre>
 */
@Command(name = "demo", description = {"Execute every notebook in notebooks/ on the bundled datasets into an output folder "
        + "(executed .ipynb + .html) and print a summary of the verdicts against each scenario.json.",
        "Exit codes: 0 every notebook ran clean and every answer matches, 3 a notebook failed or an answer differs, 2 bad input."})
final class DemoCommand implements Callable<Integer> {
    @Option(names = "--out", paramLabel = "DIR", description = "output folder (default: out/demo)") Path out = Path.of("out", "demo");
    @Option(names = "--notebooks", paramLabel = "DIR", description = "notebook folder (default: the installation's notebooks/)") Path notebooks;
    @Option(names = "--datasets", paramLabel = "DIR", description = "datasets for the summary (default: the installation's datasets/)") Path datasets;
    @Spec picocli.CommandLine.Model.CommandSpec spec;

    /** One executed notebook. */
    record Ran(String name, int cells, String error) {
        boolean ok() { return error == null; }
    }

    @Override public Integer call() throws Exception {
        Path nbDir = shown(notebooks != null ? notebooks : InstallCommand.home().resolve("notebooks"));
        Path dsDir = shown(datasets != null ? datasets : InstallCommand.home().resolve("datasets"));
        if (!Files.isDirectory(nbDir)) throw new IllegalArgumentException(nbDir + ": no notebooks folder (expected the notebooks/ of a fabriclab checkout)");
        if (!Files.isDirectory(dsDir)) throw new IllegalArgumentException(dsDir + ": no datasets folder (run ./fabriclab datasets)");
        List<Path> files;
        try (Stream<Path> s = Files.list(nbDir)) {
            files = s.filter(p -> p.getFileName().toString().endsWith(".ipynb")).sorted().toList();
        }
        if (files.isEmpty()) throw new IllegalArgumentException(nbDir + ": no .ipynb notebooks");
        Files.createDirectories(out);
        PrintWriter o = spec.commandLine().getOut();
        Quiet.initLibraries();
        List<Ran> ran = new ArrayList<>();
        String before = System.getProperty(NotebookPaths.PROPERTY);
        try {
            for (Path f : files) {
                o.printf("running %s ...%n", f.getFileName());
                o.flush();
                ran.add(run(f));
            }
        } finally {
            if (before == null) System.clearProperty(NotebookPaths.PROPERTY); else System.setProperty(NotebookPaths.PROPERTY, before);
        }
        Expectations answers = DatasetAnswers.all(dsDir, Progress.NONE);
        print(o, ran, answers, dsDir);
        boolean ok = ran.stream().allMatch(Ran::ok) && answers.ok();
        o.println(ok ? "demo: ok" : "demo: FAILED (see above)");
        o.flush();
        return ok ? Main.OK : Main.LAYER_VERDICT;
    }

    private Ran run(Path f) throws IOException {
        String base = f.getFileName().toString().replaceFirst("\\.ipynb$", "");
        Notebook nb = Notebook.read(f);
        System.setProperty(NotebookPaths.PROPERTY, f.toAbsolutePath().getParent().toString());
        NotebookRunner.Outcome outcome = new NotebookRunner().run(nb, Map.of());
        nb.write(out.resolve(base + ".ipynb"));
        AtomicWrite.write(out.resolve(base + ".html"), HtmlExport.html(nb, f.getFileName().toString()).getBytes(StandardCharsets.UTF_8));
        String error = outcome.failed()
                ? "cell " + outcome.failedCell() + ": " + outcome.error().ename() + (outcome.error().evalue().isEmpty() ? "" : ": " + firstLine(outcome.error().evalue()))
                : errorOutput(nb);
        return new Ran(base, outcome.cellsRun(), error);
    }

    /** An error output stored in any cell (a cell can show one without stopping the run), else null. */
    static String errorOutput(Notebook nb) {
        int i = 0;
        for (JsonNode cell : nb.cells()) {
            i++;
            for (JsonNode out : cell.path("outputs")) {
                if (out.path("output_type").asText().equals("error")) return "cell " + i + ": " + out.path("ename").asText();
            }
        }
        return null;
    }

    private static String firstLine(String s) {
        int nl = s.indexOf('\n');
        return nl < 0 ? s : s.substring(0, nl) + " ...";
    }

    private void print(PrintWriter o, List<Ran> ran, Expectations answers, Path dsDir) {
        o.println();
        o.println("notebooks:");
        for (Ran r : ran) {
            o.printf(Locale.ROOT, "  %-4s %-34s %2d code cells%s%n", r.ok() ? "ok" : "FAIL", r.name(), r.cells(), r.ok() ? "" : "  " + r.error());
        }
        o.println();
        o.println("verdicts (" + dsDir + ", computed through the DSL, against each scenario.json):");
        o.printf(Locale.ROOT, "  %-32s %-24s %-32s %-32s %s%n", "scenario", "port", "verdict", "expected", "ok");
        for (Expectations.Row r : answers.rows()) {
            boolean verdict = r.what().equals("verdict");
            o.printf(Locale.ROOT, "  %-32s %-24s %-32s %-32s %s%s%n", r.scenario(), r.subject(), cut(r.actual()), cut(r.expected()),
                    r.ok() ? "ok" : "FAIL", verdict ? "" : "  (" + r.what() + ")");
        }
        o.println();
        o.println("outputs: " + out + " (" + ran.size() + " executed notebooks, .ipynb + .html)");
    }

    private static String cut(String s) { return s.length() <= 32 ? s : s.substring(0, 29) + "..."; }

    /** Relative to the working directory when below it, so the summary shows short paths. */
    private static Path shown(Path p) {
        Path abs = p.toAbsolutePath().normalize(), cwd = Path.of("").toAbsolutePath();
        return abs.startsWith(cwd) && !abs.equals(cwd) ? cwd.relativize(abs) : abs;
    }
}
