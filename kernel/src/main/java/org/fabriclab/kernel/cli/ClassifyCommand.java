package org.fabriclab.kernel.cli;

import java.io.BufferedReader;
import java.io.PrintWriter;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.concurrent.Callable;

import org.fabriclab.delta.Delta;
import org.fabriclab.delta.MovedDelta;
import org.fabriclab.incident.Incident;
import org.fabriclab.incident.PortReport;
import org.fabriclab.snapshot.Snapshot;
import org.fabriclab.verdict.Profile;
import org.fabriclab.verdict.Profiles;
import org.fabriclab.verdict.Verdict;
import org.fabriclab.verdict.Verdicts;

import com.fasterxml.jackson.databind.ObjectMapper;

import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Model.OptionSpec;
import picocli.CommandLine.Model.PositionalParamSpec;

/**
 * {@code fabriclab classify DIR} (an incident folder, or one file of two or more runs), {@code fabriclab classify BEFORE AFTER}, or
 * {@code --before PATH... --after PATH...}; {@code --fabric} and {@code --bytes} are optional: without them
 * each port's fabric (link layer or counters) and bytes (data counters) are found as
 * {@link Incident} finds them, and printed with how they were found. And
 * {@code fabriclab classify --jsonl} (JSON lines on stdin, one verdict line out per line in).
 */
final class ClassifyCommand implements Callable<Integer> {
    /** The first line of the description, which the usage's list of commands shows ({@link Commands}). */
    static final String SUMMARY = "One verdict per port from two snapshots taken around a controlled test.";
    /** The whole description: {@link #SUMMARY}, the exit codes and the {@code --jsonl} input. */
    static final String[] DESCRIPTION = {SUMMARY,
        "Give an incident folder (before/ after/, t0/ t1/ ..., as collect writes it),",
        "one file holding the tool's output two or more times (perfquery -x >> f",
        "before and after the test, or a loop's dated log), or the captures before",
        "and after (two paths, or --before/--after). Without",
        "--fabric and --bytes each port's fabric comes from its link layer (or its",
        "counters) and its bytes from its data counters, and both are printed with",
        "how they were found.",
        "Exit codes: 0 all clean, 3 some layer verdict, 4 some port without a verdict,",
        "2 bad input.",
        "",
        "--jsonl: the runbook's classify() as a filter. Each stdin line is one JSON",
        "object:",
        "  {\"fabric\": \"ib\"|\"roce\"|\"ib-full\"|\"roce-full\",",
        "   \"bytes\": N (bytes moved, > 0),",
        "   \"cong_per_gb\": X (optional, default 1000),",
        "   \"before\": {COUNTER: VALUE, ...}, \"after\": {COUNTER: VALUE, ...}}",
        "  e.g. {\"fabric\":\"ib\",\"bytes\":1e12,",
        "        \"before\":{\"SymbolErrorCounter\":0},\"after\":{\"SymbolErrorCounter\":7}}",
        "  Counter names are the profile's (see the README's counter catalogue);",
        "  values are exact integers; a counter missing on one side is absent, never 0.",
        "  Each line in gives one line out, in order:",
        "  {\"verdict\": ..., \"detail\": [...], \"live\": [...]}, or",
        "  {\"error\": \"stdin:LINE: ...\"} for a bad line (then the exit code is 2);",
        "  blank lines are skipped. Output is flushed whenever stdin has nothing more",
        "  to read, so it works as an interactive filter."};

    String fabric;
    String bytes;
    double congPerGb;
    List<Path> before;
    List<Path> after;
    List<Path> paths;
    boolean json, jsonl, deltas, verbose;
    CommandSpec spec;

    /** The command's picocli model, built by code ({@link Commands}: no annotation is read at start-up). */
    CommandSpec spec() {
        CommandSpec s = Commands.command(this, "classify", DESCRIPTION);
        s.addPositional(PositionalParamSpec.builder().arity("0..2").paramLabel("PATH").type(List.class).auxiliaryTypes(Path.class)
                .description("an incident folder (or one file of two or more runs), or the captures before and after the test (files or folders)").build());
        s.addOption(OptionSpec.builder("--fabric").paramLabel("<fabric>").type(String.class)
                .description("profile: ib, roce, ib-full, roce-full (default: each port's, from its link layer)").build());
        s.addOption(OptionSpec.builder("--bytes").paramLabel("<bytes>").type(String.class)
                .description("bytes the controlled test moved (e.g. 1e12; default: each port's, from its data counters)").build());
        s.addOption(OptionSpec.builder("--cong-per-gb").paramLabel("<congPerGb>").type(double.class).defaultValue("1000")
                .description("congestion rate bar, events per GB moved (default ${DEFAULT-VALUE})").build());
        s.addOption(OptionSpec.builder("--before").paramLabel("<before>").arity("1..*").type(List.class).auxiliaryTypes(Path.class)
                .description("capture files or folders before the test").build());
        s.addOption(OptionSpec.builder("--after").paramLabel("<after>").arity("1..*").type(List.class).auxiliaryTypes(Path.class)
                .description("capture files or folders after the test").build());
        s.addOption(Commands.flag("--json", "one JSON object per port"));
        s.addOption(Commands.flag("--jsonl", "read JSON lines on stdin, write one verdict line per input line"));
        s.addOption(Commands.flag("--deltas", "also print the delta table"));
        s.addOption(OptionSpec.builder("-v", "--verbose").type(boolean.class).description("print every join note (default: one summary line)").build());
        spec = s;
        return s;
    }

    /** The title of the verdict table in text (the name of {@link Verdicts#table()}). */
    static final String VERDICTS = "verdicts";

    /** Built on first use (an ObjectMapper costs a short command tens of milliseconds). */
    private static final class Json { static final ObjectMapper MAPPER = new ObjectMapper(); }

    @Override public Integer call() throws Exception {
        fabric = spec.findOption("--fabric").getValue();
        bytes = spec.findOption("--bytes").getValue();
        congPerGb = spec.findOption("--cong-per-gb").<Double>getValue();
        before = spec.findOption("--before").getValue();
        after = spec.findOption("--after").getValue();
        json = Commands.isSet(spec, "--json");
        jsonl = Commands.isSet(spec, "--jsonl");
        deltas = Commands.isSet(spec, "--deltas");
        verbose = Commands.isSet(spec, "--verbose");
        PrintWriter out = spec.commandLine().getOut();
        paths = spec.positionalParameters().get(0).getValue();
        if (jsonl) return jsonLines(out);
        boolean positional = paths != null && !paths.isEmpty();
        if (positional && (before != null || after != null)) {
            throw new IllegalArgumentException("classify takes the captures as PATH arguments or as --before/--after, not both");
        }
        if (!positional && (before == null || after == null)) {
            throw new IllegalArgumentException("classify needs an incident folder, BEFORE AFTER, or --before and --after (or --jsonl)");
        }
        if (positional || fabric == null || bytes == null) {
            Incident inc = positional && paths.size() == 1 ? Incident.of(paths.get(0))
                    : positional ? Incident.between(List.of(paths.get(0)), List.of(paths.get(1))) : Incident.between(before, after);
            return found(inc.fabric(fabric).bytesMoved(bytes == null ? Double.NaN : parseBytes(bytes)).congPerGb(congPerGb), out);
        }
        // the profile (loaded on first use), --bytes and the two snapshots side by side; a bad --fabric is still
        // reported first, then a bad --bytes, then the before snapshot's failure, then the after's
        List<Object> got = InParallel.all(List.<java.util.function.Supplier<Object>>of(() -> Profiles.named(fabric), () -> parseBytes(bytes),
                () -> Snapshot.of(before), () -> Snapshot.of(after)));
        Profile profile = (Profile) got.get(0);
        double n = (Double) got.get(1);
        MovedDelta d = Delta.between((Snapshot) got.get(2), (Snapshot) got.get(3)).moved(n);
        Verdicts v = d.classify(profile, congPerGb);
        JoinNotes.print(spec.commandLine().getErr(), verbose, JoinNotes.beforeAfter(d.before(), d.after()));
        if (json) {
            for (Verdict x : v) out.println(Json.MAPPER.writeValueAsString(x.toMap()));
        } else {
            // the verdicts' cells printed as Tablesaw prints their table, without building one (Tablesaw's start costs more than the rest)
            TidyStream.text(VERDICTS, Verdicts.COLUMNS, v.rows(), out);
            out.println();
            if (deltas) out.println(TableOutput.text(d.table()));
        }
        out.flush();
        noPort(v);
        return v.exitCode();
    }

    /** Says on stderr why there is no verdict row at all (the exit code is 4, not 0: nothing was found clean). */
    private void noPort(Verdicts v) {
        if (!v.verdicts().isEmpty()) return;
        spec.commandLine().getErr().println("fabriclab: no port to grade: no port holds counter readings in both snapshots"
                + " (captures of rates, such as mlnx_perf's, or of attributes only, give none); exit 4");
    }

    /**
     * The verdicts of {@code inc}, each port's fabric and bytes found as {@link Incident} finds them
     * (or as given), with how: the table, then one line per port saying so.
     */
    private int found(Incident inc, PrintWriter out) throws Exception {
        List<Snapshot> snaps = inc.snapshots();
        Verdicts v = inc.verdicts();
        // the incident's own warnings: the date output a snapshot's time came from is used, not skipped
        List<List<String>> ws = List.copyOf(inc.snapshotWarnings().values());
        JoinNotes.print(spec.commandLine().getErr(), verbose, JoinNotes.beforeAfter(snaps.get(0), snaps.get(snaps.size() - 1)),
                JoinNotes.beforeAfter(ws.get(0), ws.get(ws.size() - 1)));
        if (json) {
            for (PortReport p : inc.ports()) {
                Map<String, Object> m = new java.util.LinkedHashMap<>(p.verdict().toMap());
                m.put("fabric_found", p.fabric().how());
                m.put("bytes_found", p.bytes().how());
                out.println(Json.MAPPER.writeValueAsString(m));
            }
        } else {
            TidyStream.text(VERDICTS, Verdicts.COLUMNS, v.rows(), out);
            out.println();
            for (PortReport p : inc.ports()) {
                out.println(p.port() + ": fabric " + p.fabric().kind() + " (" + p.fabric().how() + "); bytes " + p.bytes().how());
            }
            // ports named apart, not graded (an Ethernet port without RDMA counters beside the RDMA ones)
            for (String n : inc.folderNotes()) if (n.startsWith("not graded: ")) out.println(n);
            if (deltas) {
                out.println();
                out.println(TableOutput.text(inc.delta().table()));
            }
        }
        out.flush();
        noPort(v);
        return v.exitCode();
    }

    static double parseBytes(String s) {
        double n;
        try { n = Double.parseDouble(s.trim()); } catch (NumberFormatException e) {
            throw new IllegalArgumentException("--bytes: expected a number of bytes such as 1e12, found '" + s + "'");
        }
        if (!(n > 0)) throw new IllegalArgumentException("--bytes must be > 0: a counter delta with no traffic behind it is not a measurement");
        return n;
    }

    private int jsonLines(PrintWriter out) throws Exception {
        out.flush();
        return jsonl();
    }

    /**
     * stdin to stdout as bytes, bypassing the PrintWriter/PrintStream layers (the generator encodes
     * UTF-8 itself); {@link Main#main} calls it directly for {@code classify --jsonl}. A reader that
     * closed the pipe ends it quietly ({@link Main#CLOSED_PIPE}); other I/O failures exit 2 with the message.
     */
    static int jsonl() {
        java.io.OutputStream raw = new java.io.BufferedOutputStream(Stdout.open(), 1 << 16);
        try {
            return JsonlClassifier.run(System.in, raw);
        } catch (java.io.IOException | RuntimeException e) {
            if (Stdout.closed(e)) return Main.CLOSED_PIPE;
            System.err.println("fabriclab: classify --jsonl: " + e.getMessage());
            return Main.BAD_INPUT;
        }
    }

    /** The {@code --jsonl} loop over a reader (tests, the demo's seed agreement): the same code as stdin's. */
    static int jsonLines(BufferedReader in, PrintWriter out) throws Exception {
        StringBuilder sb = new StringBuilder();
        char[] buf = new char[8192];
        for (int n; (n = in.read(buf)) >= 0; ) sb.append(buf, 0, n);
        java.io.ByteArrayOutputStream o = new java.io.ByteArrayOutputStream();
        int code = JsonlClassifier.run(new java.io.ByteArrayInputStream(sb.toString().getBytes(StandardCharsets.UTF_8)), o);
        out.print(o.toString(StandardCharsets.UTF_8));
        out.flush();
        return code;
    }
}
