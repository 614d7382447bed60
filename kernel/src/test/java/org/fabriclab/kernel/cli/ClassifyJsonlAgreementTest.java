package org.fabriclab.kernel.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.BufferedReader;
import java.io.File;
import java.io.IOException;
import java.io.PrintWriter;
import java.io.StringReader;
import java.io.StringWriter;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.Test;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;

/**
 * {@code classify --jsonl} against the runbook's reference classifier itself: the Python code is taken
 * from the seed document at test time and run with Debian's python3 over 20,000 random snapshot pairs
 * (pegged, one below the cap, reset, missing, wrong namespace, congestion at and either side of the rate
 * bar, no traffic). Every line must agree: the same verdict, detail and live, or an error on both sides.
 */
class ClassifyJsonlAgreementTest {
    static final ObjectMapper M = new ObjectMapper();

    static Path seed() {
        Path p = Path.of(System.getProperty("fabriclab.shared", "../../shared"), "seeds", "000_b540c9036d55a94f.txt");
        Assumptions.assumeTrue(Files.exists(p), "seed document not present beside the checkout: " + p);
        return p;
    }

    static String python() {
        return new File("/usr/bin/python3").canExecute() ? "/usr/bin/python3" : "python3";
    }

    static String run(List<String> cmd, String stdin) throws IOException, InterruptedException {
        Path in = Files.createTempFile("fl-in", ".jsonl");
        Path out = Files.createTempFile("fl-out", ".jsonl");
        try {
            Files.writeString(in, stdin == null ? "" : stdin);
            Process p = new ProcessBuilder(cmd).redirectInput(in.toFile()).redirectOutput(out.toFile())
                    .redirectError(ProcessBuilder.Redirect.INHERIT).start();
            assertEquals(0, p.waitFor(), "command failed: " + cmd);
            return Files.readString(out, StandardCharsets.UTF_8);
        } finally {
            Files.deleteIfExists(in);
            Files.deleteIfExists(out);
        }
    }

    @Test void agreesWithReferenceOnRandomPairs() throws Exception {
        Path seed = seed();
        String script = Path.of("src/test/python/seed_reference.py").toAbsolutePath().toString();
        String input = run(List.of(python(), script, seed.toString(), "--generate", "20000", "20261129"), null);
        String expected = run(List.of(python(), script, seed.toString()), input);

        StringWriter sw = new StringWriter();
        ClassifyCommand.jsonLines(new BufferedReader(new StringReader(input)), new PrintWriter(sw));
        String[] exp = expected.split("\n"), act = sw.toString().split("\n"), in = input.split("\n");
        assertEquals(exp.length, act.length, "one output line per input line");
        int errors = 0, verdicts = 0;
        for (int i = 0; i < exp.length; i++) {
            JsonNode e = M.readTree(exp[i]), a = M.readTree(act[i]);
            if (e.has("error")) {
                assertTrue(a.has("error"), "line " + (i + 1) + ": reference raised " + e + " but we answered " + a + " for " + in[i]);
                errors++;
                continue;
            }
            assertEquals(e.get("verdict"), a.get("verdict"), "line " + (i + 1) + ": " + in[i]);
            assertEquals(e.get("detail"), a.get("detail"), "line " + (i + 1) + ": " + in[i]);
            assertEquals(e.get("live"), a.get("live"), "line " + (i + 1) + ": " + in[i]);
            verdicts++;
        }
        // the random set must exercise every outcome, or it proves little
        for (String v : List.of("clean", "unusable", "incomplete", "physical", "pause-storm", "lossless-broken",
                "transport-retry", "congestion")) {
            assertTrue(expected.contains("\"verdict\": \"" + v + "\""), "random set never produced " + v);
        }
        assertTrue(errors > 0 && verdicts > 15_000, "errors=" + errors + " verdicts=" + verdicts);
    }
}
