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
import org.fabriclab.incident.NotebookFolder;
import org.fabriclab.verdict.Profile;
import org.fabriclab.verdict.ProfileCounter;
import org.fabriclab.verdict.Profiles;

import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

/**
 * {@code fabriclab demo [--out DIR]}: executes every notebook in {@code notebooks/} in this process
 * on the bundled datasets (each with its own default parameters), writes the executed
 * {@code .ipynb} and an {@code .html} per notebook into {@code DIR} (default {@code out/demo}), then
 * answers every scenario in {@code datasets/} through the DSL and prints one line per answer
 * (scenario, port, verdict, expected, ok; values in full), what the {@code -full} profiles add to the
 * runbook's, and the seed agreement of {@code classify --jsonl} with the runbook's own classifier
 * ({@link SeedAgreement}; on a bare clone, without the seed, the line says it was skipped and why).
 * Exit 0 when every notebook ran without an error output, every answer matches its
 * {@code scenario.json} and the seed agreement holds (or was skipped); 3 otherwise; 2 for bad input.
 *
 * <pre>{@code
 * ./fabriclab demo --out /tmp/demo
 * }</pre>
 */
@Command(name = "demo", description = {DemoCommand.SUMMARY,
        "Exit codes: 0 every notebook ran clean and every answer matches, 3 a notebook failed or an answer differs, 2 bad input."})
final class DemoCommand implements Callable<Integer> {
    /** The first line of the description, which the usage's list of commands shows ({@link Commands}). */
    static final String SUMMARY = "Execute every notebook in notebooks/ on the bundled datasets into an output folder " + "(executed .ipynb + .html) and print a summary of the verdicts against each scenario.json.";
    @Option(names = "--out", paramLabel = "DIR", description = "output folder (default: out/demo)") Path out = Path.of("out", "demo");
    @Option(names = "--notebooks", paramLabel = "DIR", description = "notebook folder (default: the installation's notebooks/)") Path notebooks;
    @Option(names = "--datasets", paramLabel = "DIR", description = "datasets for the summary (default: the installation's datasets/)") Path datasets;
    @Spec picocli.CommandLine.Model.CommandSpec spec;

    /** Random lines of the demo's seed-agreement check (CI's check runs 100,000). */
    static final int SEED_LINES = 2000;

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
        String before = System.getProperty(NotebookFolder.PROPERTY);
        try {
            for (Path f : files) {
                o.printf("running %s ...%n", f.getFileName());
                o.flush();
                ran.add(run(f));
            }
        } finally {
            if (before == null) System.clearProperty(NotebookFolder.PROPERTY); else System.setProperty(NotebookFolder.PROPERTY, before);
        }
        Expectations answers = DatasetAnswers.all(dsDir, Progress.NONE);
        SeedAgreement.Result seed = SeedAgreement.run(InstallCommand.home(), SEED_LINES);
        print(o, ran, answers, dsDir, seed);
        boolean ok = ran.stream().allMatch(Ran::ok) && answers.ok() && seed.ok();
        o.println(ok ? "demo: ok" : "demo: FAILED (see above)");
        o.flush();
        return ok ? Main.OK : Main.LAYER_VERDICT;
    }

    private Ran run(Path f) throws IOException {
        String base = f.getFileName().toString().replaceFirst("\\.ipynb$", "");
        Notebook nb = Notebook.read(f);
        System.setProperty(NotebookFolder.PROPERTY, f.toAbsolutePath().getParent().toString());
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

    private void print(PrintWriter o, List<Ran> ran, Expectations answers, Path dsDir, SeedAgreement.Result seed) {
        o.println();
        o.println("notebooks:");
        for (Ran r : ran) {
            o.printf(Locale.ROOT, "  %-4s %-34s %2d code cells%s%n", r.ok() ? "ok" : "FAIL", r.name(), r.cells(), r.ok() ? "" : "  " + r.error());
        }
        o.println();
        o.println("verdicts (" + dsDir + ", computed through the DSL, against each scenario.json):");
        List<String[]> rows = new ArrayList<>();
        rows.add(new String[] {"scenario", "port", "verdict", "expected", "ok"});
        for (Expectations.Row r : answers.rows()) {
            boolean verdict = r.what().equals("verdict");
            rows.add(new String[] {r.scenario(), r.subject(), r.actual(), r.expected(), (r.ok() ? "ok" : "FAIL") + (verdict ? "" : "  (" + r.what() + ")")});
        }
        int[] w = new int[4];
        for (String[] r : rows) for (int i = 0; i < 4; i++) w[i] = Math.max(w[i], Math.min(r[i].length(), i >= 2 ? WRAP : Integer.MAX_VALUE));
        for (String[] r : rows) {
            List<String> v = wrap(r[2], WRAP), e = wrap(r[3], WRAP);
            for (int k = 0; k < Math.max(v.size(), e.size()); k++) {
                o.println(String.format(Locale.ROOT, "  %-" + w[0] + "s  %-" + w[1] + "s  %-" + w[2] + "s  %-" + w[3] + "s  %s", k == 0 ? r[0] : "",
                        k == 0 ? r[1] : "", k < v.size() ? v.get(k) : "", k < e.size() ? e.get(k) : "", k == 0 ? r[4] : "").stripTrailing());
            }
        }
        o.println();
        o.println("profiles: ib and roce are the runbook's; the -full profiles grade more of what the catalogue knows:");
        for (String line : profileAdditions()) for (String part : wrap(line, 110)) o.println("  " + part);
        o.println();
        o.println(seed.line());
        o.println("outputs: " + out + " (" + ran.size() + " executed notebooks, .ipynb + .html)");
    }

    /** Widest verdict/expected column; longer values continue on the next lines, in full. */
    static final int WRAP = 48;

    /** {@code s} in lines of at most {@code width} characters, broken after ", " where possible. */
    static List<String> wrap(String s, int width) {
        List<String> out = new ArrayList<>();
        String rest = s;
        while (rest.length() > width) {
            int cut = rest.lastIndexOf(", ", width - 1);
            if (cut <= 0) cut = width - 1; else cut += 1;
            out.add(rest.substring(0, cut + 1).stripTrailing());
            rest = "  " + rest.substring(cut + 1).stripLeading();
        }
        out.add(rest);
        return out;
    }

    /** What each {@code -full} profile adds to the runbook profile of its fabric, from the profiles themselves. */
    static List<String> profileAdditions() {
        List<String> out = new ArrayList<>();
        for (Profile full : Profiles.all()) {
            if (!full.name().endsWith("-full")) continue;
            Profile base = Profiles.named(full.name().substring(0, full.name().length() - "-full".length()));
            java.util.Set<String> baseNames = new java.util.LinkedHashSet<>();
            for (ProfileCounter c : base.counters()) baseNames.add(c.name());
            for (ProfileCounter c : base.families()) baseNames.add(c.name());
            List<String> added = new ArrayList<>(), relaxed = new ArrayList<>(), dropped = new ArrayList<>();
            java.util.Set<String> fullNames = new java.util.LinkedHashSet<>();
            for (List<ProfileCounter> l : List.of(full.counters(), full.families())) {
                for (ProfileCounter c : l) {
                    fullNames.add(c.name());
                    if (!baseNames.contains(c.name())) added.add(c.name() + (c.required() ? "" : " (optional)"));
                    else if (!c.required() && base.counters().stream().anyMatch(b -> b.name().equals(c.name()) && b.required())) relaxed.add(c.name());
                }
            }
            for (String n : baseNames) if (!fullNames.contains(n)) dropped.add(n);
            StringBuilder b = new StringBuilder(full.name() + " adds to " + base.name() + ": " + (added.isEmpty() ? "nothing" : String.join(", ", added)));
            if (!relaxed.isEmpty()) b.append("; optional instead of required (absent is not incomplete): ").append(String.join(", ", relaxed));
            if (!dropped.isEmpty()) b.append("; graded through a family instead: ").append(String.join(", ", dropped));
            out.add(b.toString());
        }
        return out;
    }

    /** Relative to the working directory when below it, so the summary shows short paths. */
    private static Path shown(Path p) {
        Path abs = p.toAbsolutePath().normalize(), cwd = Path.of("").toAbsolutePath();
        return abs.startsWith(cwd) && !abs.equals(cwd) ? cwd.relativize(abs) : abs;
    }
}
