package org.fabriclab.kernel.cli;

import java.io.BufferedReader;
import java.io.InputStreamReader;
import java.io.PrintWriter;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.Callable;

import org.fabriclab.delta.Delta;
import org.fabriclab.delta.MovedDelta;
import org.fabriclab.snapshot.Snapshot;
import org.fabriclab.verdict.Classifier;
import org.fabriclab.verdict.Profile;
import org.fabriclab.verdict.Profiles;
import org.fabriclab.verdict.Verdict;
import org.fabriclab.verdict.Verdicts;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;

import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

/**
 * {@code fabriclab classify --fabric ib|roce --bytes N [--cong-per-gb X] --before PATH... --after PATH... [--json]}
 * and {@code fabriclab classify --jsonl} (JSON lines on stdin, one verdict line out per line in).
 */
@Command(name = "classify", description = {
        "One verdict per port from two snapshots taken around a controlled test.",
        "Exit codes: 0 all clean, 3 some layer verdict, 4 some port without a verdict, 2 bad input.",
        "--jsonl reads {\"fabric\",\"bytes\",\"cong_per_gb\",\"before\",\"after\"} lines on stdin."})
final class ClassifyCommand implements Callable<Integer> {
    @Option(names = "--fabric", description = "profile: ib, roce, ib-full, roce-full") String fabric;
    @Option(names = "--bytes", description = "bytes the controlled test moved (e.g. 1e12)") String bytes;
    @Option(names = "--cong-per-gb", description = "congestion rate bar, events per GB moved (default ${DEFAULT-VALUE})",
            defaultValue = "1000") double congPerGb;
    @Option(names = "--before", arity = "1..*", description = "capture files or folders before the test") List<Path> before;
    @Option(names = "--after", arity = "1..*", description = "capture files or folders after the test") List<Path> after;
    @Option(names = "--json", description = "one JSON object per port") boolean json;
    @Option(names = "--jsonl", description = "read JSON lines on stdin, write one verdict line per input line") boolean jsonl;
    @Option(names = "--deltas", description = "also print the delta table") boolean deltas;
    @Spec picocli.CommandLine.Model.CommandSpec spec;

    private static final ObjectMapper MAPPER = new ObjectMapper();

    @Override public Integer call() throws Exception {
        PrintWriter out = spec.commandLine().getOut();
        if (jsonl) return jsonLines(out);
        if (fabric == null || bytes == null || before == null || after == null) {
            throw new IllegalArgumentException("classify needs --fabric, --bytes, --before and --after (or --jsonl)");
        }
        Profile profile = Profiles.named(fabric);
        double n = parseBytes(bytes);
        MovedDelta d = Delta.between(Snapshot.of(before), Snapshot.of(after)).moved(n);
        Verdicts v = d.classify(profile, congPerGb);
        for (String note : d.before().notes()) spec.commandLine().getErr().println("fabriclab: before: " + note);
        for (String note : d.after().notes()) spec.commandLine().getErr().println("fabriclab: after: " + note);
        for (String u : d.before().unjoined()) spec.commandLine().getErr().println("fabriclab: before: port " + u + " could not be joined to a device port");
        for (String u : d.after().unjoined()) spec.commandLine().getErr().println("fabriclab: after: port " + u + " could not be joined to a device port");
        if (json) {
            for (Verdict x : v) out.println(MAPPER.writeValueAsString(x.toMap()));
        } else {
            out.println(v.table().printAll());
            if (deltas) out.println(d.table().printAll());
        }
        out.flush();
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
        return jsonLines(new BufferedReader(new InputStreamReader(System.in, StandardCharsets.UTF_8)), out);
    }

    /** The {@code --jsonl} loop: one output line per non-blank input line; errors become {@code {"error": ...}} lines. */
    static int jsonLines(BufferedReader in, PrintWriter out) throws Exception {
        String line;
        int lineNo = 0, worst = Main.OK;
        while ((line = in.readLine()) != null) {
            lineNo++;
            if (line.isBlank()) continue;
            Map<String, Object> result;
            try {
                result = classifyLine(MAPPER.readTree(line)).seedView();
            } catch (Exception e) {
                result = new LinkedHashMap<>();
                result.put("error", "stdin:" + lineNo + ": " + e.getMessage());
                worst = Main.BAD_INPUT;
            }
            out.println(MAPPER.writeValueAsString(result));
        }
        out.flush();
        return worst;
    }

    static Verdict classifyLine(JsonNode n) {
        if (n == null || !n.isObject()) throw new IllegalArgumentException("expected a JSON object");
        String fabric = text(n, "fabric");
        JsonNode b = n.get("bytes");
        if (b == null || !b.isNumber()) throw new IllegalArgumentException("expected \"bytes\": a number");
        JsonNode c = n.get("cong_per_gb");
        double cong = c == null || c.isNull() ? Classifier.DEFAULT_CONG_PER_GB : c.asDouble();
        return Classifier.classify(Profiles.named(fabric), values(n, "before"), values(n, "after"), b.asDouble(), cong);
    }

    private static String text(JsonNode n, String key) {
        JsonNode v = n.get(key);
        if (v == null || !v.isTextual()) throw new IllegalArgumentException("expected \"" + key + "\": a string");
        return v.asText();
    }

    private static Map<String, Number> values(JsonNode n, String key) {
        JsonNode v = n.get(key);
        if (v == null || !v.isObject()) throw new IllegalArgumentException("expected \"" + key + "\": an object of counter values");
        Map<String, Number> m = new LinkedHashMap<>();
        var it = v.fields();
        while (it.hasNext()) {
            var e = it.next();
            if (!e.getValue().isNumber()) {
                throw new IllegalArgumentException(key + "." + e.getKey() + ": expected a number, found " + e.getValue());
            }
            m.put(e.getKey(), e.getValue().numberValue());
        }
        return m;
    }
}
