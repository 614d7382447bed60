package org.fabriclab.kernel.cli;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.PrintWriter;
import java.io.StringReader;
import java.io.StringWriter;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.TimeUnit;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;

/**
 * The demo's check that {@code classify --jsonl} agrees with the runbook's own {@code classify()}
 * (the seed's {@code counter_delta.py}, run by {@code kernel/src/test/python/seed_reference.py} with
 * Python 3) on random snapshot pairs: the same check as {@code .ci/checks.d/10-seed-agreement.sh},
 * smaller. It needs the seed beside the checkout ({@code ../shared/seeds/}) and a python3; on a bare
 * clone it is skipped, and the result says so and why.
 *
 * <pre>{@code
 * SeedAgreement.Result r = SeedAgreement.run(InstallCommand.home(), 2000);
 * r.line();   // "seed agreement: 2000 of 2000 random lines agree with the runbook's classify()"
 * }</pre>
 */
final class SeedAgreement {
    static final String SEED = "000_b540c9036d55a94f.txt";

    /** {@code ran} false: skipped for {@code why}; else {@code agree} of {@code lines} matched. */
    record Result(boolean ran, int lines, int agree, String why) {
        boolean ok() { return !ran || agree == lines; }

        String line() {
            if (!ran) return "seed agreement: skipped (" + why + ")";
            return "seed agreement: " + agree + " of " + lines + " random lines agree with the runbook's classify() (" + why + ")"
                    + (agree == lines ? "" : ": FAILED");
        }
    }

    private SeedAgreement() {}

    static Result run(Path home, int lines) {
        Path seed = home.resolve("..").resolve("shared").resolve("seeds").resolve(SEED).normalize();
        Path script = home.resolve("kernel/src/test/python/seed_reference.py");
        if (!Files.isRegularFile(seed)) {
            return new Result(false, 0, 0, seed + " not beside this checkout (a bare clone): the runbook's reference is not here to compare with");
        }
        if (!Files.isRegularFile(script)) return new Result(false, 0, 0, script + " missing");
        String python = Files.isExecutable(Path.of("/usr/bin/python3")) ? "/usr/bin/python3" : "python3";
        try {
            String input = exec(List.of(python, script.toString(), seed.toString(), "--generate", Integer.toString(lines), "7"), "");
            String expected = exec(List.of(python, script.toString(), seed.toString()), input);
            StringWriter actual = new StringWriter();
            ClassifyCommand.jsonLines(new BufferedReader(new StringReader(input)), new PrintWriter(actual));
            ObjectMapper m = new ObjectMapper();
            List<String> e = expected.lines().toList(), a = actual.toString().lines().toList();
            if (e.size() != a.size()) return new Result(true, e.size(), 0, "line counts differ: " + e.size() + " vs " + a.size());
            int agree = 0;
            for (int i = 0; i < e.size(); i++) {
                JsonNode x = m.readTree(e.get(i)), y = m.readTree(a.get(i));
                boolean ok = x.has("error") ? y.has("error")
                        : x.get("verdict").equals(y.get("verdict")) && x.get("detail").equals(y.get("detail")) && x.get("live").equals(y.get("live"));
                if (ok) agree++;
            }
            return new Result(true, e.size(), agree, "reference read from " + seed.getFileName());
        } catch (Exception e) {
            if (e instanceof InterruptedException) Thread.currentThread().interrupt();
            return new Result(false, 0, 0, "could not run " + python + ": " + e.getMessage());
        }
    }

    private static String exec(List<String> cmd, String stdin) throws IOException, InterruptedException {
        Process p = new ProcessBuilder(cmd).redirectError(ProcessBuilder.Redirect.DISCARD).start();
        Thread feeder = new Thread(() -> {
            try (var o = p.getOutputStream()) {
                o.write(stdin.getBytes(StandardCharsets.UTF_8));
            } catch (IOException ignored) {
                // the process ended early: its exit code tells
            }
        });
        feeder.start();
        String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        if (!p.waitFor(120, TimeUnit.SECONDS)) p.destroyForcibly();
        feeder.join();
        if (p.exitValue() != 0) throw new IOException(String.join(" ", cmd) + " exited " + p.exitValue());
        return out;
    }
}
