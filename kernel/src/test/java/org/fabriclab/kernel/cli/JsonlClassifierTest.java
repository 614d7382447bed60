package org.fabriclab.kernel.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;

import org.fabriclab.verdict.Classifier;
import org.fabriclab.verdict.Profiles;
import org.junit.jupiter.api.Test;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;

/**
 * {@code classify --jsonl}'s streaming reader against the plain rule "each line is parsed on its own"
 * (a Jackson tree per line, trailing content ignored, as the command did before it streamed): every
 * line gives the same verdict or an error, in order, with its own line number, whatever its
 * neighbours are, however the input is cut into reads.
 */
class JsonlClassifierTest {
    static final ObjectMapper M = new ObjectMapper();

    static final String GOOD_IB = "{\"fabric\":\"ib\",\"bytes\":1e12,\"before\":{\"SymbolErrorCounter\":0,\"LinkDownedCounter\":1},"
            + "\"after\":{\"SymbolErrorCounter\":7,\"LinkDownedCounter\":1}}";
    static final String GOOD_ROCE = "{\"fabric\":\"roce\",\"bytes\":10000000000,\"cong_per_gb\":1000,\"before\":{\"rx_prio3_pause\":0},"
            + "\"after\":{\"rx_prio3_pause\":20000000}}";

    /** Lines that are not one well-formed object alone on their line. */
    static final List<String> ODD = List.of("", "   ", "\t", "not json", "[1,2]", "42", "null", "{}", "{\"fabric\":\"ib\"}",
            GOOD_IB + " trailing", GOOD_IB + " " + GOOD_ROCE, "  " + GOOD_IB + "  ", "{\"fabric\":\"ib\",", "\"bytes\":1}",
            "{\"fabric\":\"ib\",\"bytes\":0,\"before\":{},\"after\":{}}", "{\"fabric\":\"xx\",\"bytes\":1,\"before\":{},\"after\":{}}",
            "{\"fabric\":\"ib\",\"bytes\":1,\"before\":{\"SymbolErrorCounter\":\"7\"},\"after\":{}}",
            "{\"fabric\":\"ib\",\"bytes\":1,\"before\":{\"SymbolErrorCounter\":1.5},\"after\":{\"SymbolErrorCounter\":2}}",
            "{\"fabric\":\"ib\",\"bytes\":1,\"before\":{\"SymbolErrorCounter\":99999999999999999999999},\"after\":{}}",
            "{\"fabric\":\"ib\",\"bytes\":\"many\",\"before\":{},\"after\":{}}", "{\"fabric\":\"ib\",\"bytes\":1,\"before\":[],\"after\":{}}",
            "{\"fabric\":\"ib\",\"bytes\":1,\"cong_per_gb\":null,\"extra\":{\"a\":[1,{}]},\"before\":{},\"after\":{}}",
            "{\"fabric\":\"ib\",\"bytes\":1,\"before\":{},\"after\":{}", "{\"fabric\":\"ib\",\"bytes\":1,\"before\":{},\"after\":{}}}",
            "{\"fabric\":\"i", "\u00e9", "{\"fabric\":\"ib\",\"bytes\":1,\"before\":{\"caf\u00e9\":1},\"after\":{}}");

    /** The plain rule, one line: the seed view, or "error". */
    static String expected(String line) {
        if (line.isBlank()) return null;
        try {
            JsonNode n = M.readTree(line);
            if (n == null || !n.isObject()) return "error";
            if (!n.path("fabric").isTextual() || !n.path("bytes").isNumber() || !n.path("before").isObject() || !n.path("after").isObject()) return "error";
            JsonNode c = n.get("cong_per_gb");
            if (c != null && !c.isNull() && !c.isNumber()) return "error";
            Map<String, Number> b = values(n.get("before")), a = values(n.get("after"));
            if (b == null || a == null) return "error";
            var v = Classifier.classify(Profiles.named(n.get("fabric").asText()), b, a, n.get("bytes").asDouble(),
                    c == null || c.isNull() ? Classifier.DEFAULT_CONG_PER_GB : c.asDouble());
            return M.writeValueAsString(v.seedView());
        } catch (IOException | RuntimeException e) {
            return "error";
        }
    }

    static Map<String, Number> values(JsonNode o) {
        Map<String, Number> m = new LinkedHashMap<>();
        for (var it = o.fields(); it.hasNext(); ) {
            var e = it.next();
            if (!e.getValue().isNumber()) return null;
            m.put(e.getKey(), e.getValue().numberValue());
        }
        return m;
    }

    /** Output lines of the streaming classifier, reading {@code in} in chunks of at most {@code chunk} bytes. */
    static List<String> run(String in, int chunk) throws IOException {
        byte[] bytes = in.getBytes(StandardCharsets.UTF_8);
        InputStream s = new ByteArrayInputStream(bytes) {
            @Override public synchronized int read(byte[] b, int off, int len) { return super.read(b, off, Math.min(len, chunk)); }
        };
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        JsonlClassifier.run(s, out);
        return out.toString(StandardCharsets.UTF_8).lines().toList();
    }

    /** Each output line against the rule; error lines must name their input line. */
    static void check(List<String> lines, List<String> out) {
        int k = 0;
        for (int i = 0; i < lines.size(); i++) {
            String exp = expected(lines.get(i).replace("\r", ""));
            if (exp == null) continue;
            String got = out.get(k++);
            if (exp.equals("error")) {
                assertTrue(got.startsWith("{\"error\":\"stdin:" + (i + 1) + ": "), "line " + (i + 1) + " '" + lines.get(i) + "' gave " + got);
            } else {
                assertEquals(exp, got, "line " + (i + 1) + " '" + lines.get(i) + "'");
            }
        }
        assertEquals(k, out.size(), "one output line per non-blank input line");
    }

    @Test void everyOddLineIsAnsweredAsIfItStoodAlone() throws IOException {
        List<String> lines = new ArrayList<>();
        for (String odd : ODD) {
            lines.add(GOOD_IB);
            lines.add(odd);
            lines.add(GOOD_ROCE);
        }
        String in = String.join("\n", lines) + "\n";
        check(lines, run(in, Integer.MAX_VALUE));
        check(lines, run(in, 7));
        String crlf = String.join("\r\n", lines) + "\r\n";
        check(lines, run(crlf, Integer.MAX_VALUE));
        check(lines, run(String.join("\n", lines), 64));   // no final newline
    }

    @Test void aRandomMixInRandomChunksMatchesTheRuleLineByLine() throws IOException {
        Random r = new Random(11);
        for (int round = 0; round < 20; round++) {
            List<String> lines = new ArrayList<>();
            for (int i = 0; i < 300; i++) lines.add(r.nextInt(4) == 0 ? ODD.get(r.nextInt(ODD.size())) : r.nextBoolean() ? GOOD_IB : GOOD_ROCE);
            check(lines, run(String.join("\n", lines) + "\n", 1 + r.nextInt(4000)));
        }
    }

    @Test void aLargeInputSpanningManyBlocksKeepsTheOrderAndTheLineNumbers() throws IOException {
        List<String> lines = new ArrayList<>();
        for (int i = 0; i < 30_000; i++) lines.add(i % 997 == 0 ? "oops " + i : i % 2 == 0 ? GOOD_IB : GOOD_ROCE);
        List<String> out = run(String.join("\n", lines) + "\n", Integer.MAX_VALUE);
        assertEquals(lines.size(), out.size());
        assertTrue(out.get(997).startsWith("{\"error\":\"stdin:998: "), out.get(997));
        assertTrue(out.get(29_910).startsWith("{\"error\":\"stdin:29911: "), out.get(29_910));
        check(lines, out);
    }

    /**
     * Keys in changing orders, kinds of line interleaved, keys repeated or missing: the keys matched
     * in the order of earlier lines ({@link KeyOrder}) give what reading each line alone gives.
     */
    @Test void keysInAnyOrderAreReadAsIfEachLineStoodAlone() throws IOException {
        Random r = new Random(5);
        List<String> parts = List.of("\"fabric\":\"ib\"", "\"fabric\":\"roce\"", "\"bytes\":1e12", "\"bytes\":0", "\"cong_per_gb\":10",
                "\"before\":{\"SymbolErrorCounter\":0,\"LinkDownedCounter\":1,\"rx_prio3_pause\":0}",
                "\"after\":{\"LinkDownedCounter\":1,\"SymbolErrorCounter\":7,\"rx_prio3_pause\":5000000}",
                "\"after\":{\"rx_prio3_pause\":0,\"SymbolErrorCounter\":0,\"SymbolErrorCounter\":2,\"LinkDownedCounter\":1}",
                "\"before\":{\"LinkDownedCounter\":0}", "\"x\":[1,{\"y\":2}]");
        List<String> lines = new ArrayList<>();
        for (int i = 0; i < 4000; i++) {
            List<String> fields = new ArrayList<>();
            int n = 2 + r.nextInt(6);
            for (int k = 0; k < n; k++) fields.add(parts.get(r.nextInt(parts.size())));
            if (r.nextInt(3) > 0) { fields.add(0, parts.get(r.nextInt(2))); fields.add(parts.get(2)); fields.add(parts.get(5)); fields.add(parts.get(6)); }
            lines.add("{" + String.join(",", fields) + "}");
            if (r.nextInt(5) == 0) lines.add(lines.get(r.nextInt(lines.size())));   // a kind of line seen before
        }
        check(lines, run(String.join("\n", lines) + "\n", Integer.MAX_VALUE));
    }

    /** {@code -Dfabriclab.threads=1} classifies on the calling thread: the same answers as on several threads. */
    @Test void oneThreadAnswersAsSeveralDo() throws IOException {
        List<String> lines = new ArrayList<>();
        for (int i = 0; i < 20_000; i++) lines.add(i % 333 == 0 ? ODD.get(i % ODD.size()) : i % 2 == 0 ? GOOD_IB : GOOD_ROCE);
        byte[] in = (String.join("\n", lines) + "\n").getBytes(StandardCharsets.UTF_8);
        ByteArrayOutputStream one = new ByteArrayOutputStream(), three = new ByteArrayOutputStream();
        int c1 = JsonlClassifier.run(new ByteArrayInputStream(in), one, 1), c3 = JsonlClassifier.run(new ByteArrayInputStream(in), three, 3);
        assertEquals(c3, c1);
        assertEquals(three.toString(StandardCharsets.UTF_8), one.toString(StandardCharsets.UTF_8));
        check(lines, one.toString(StandardCharsets.UTF_8).lines().toList());
    }
}
