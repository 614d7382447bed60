package org.fabriclab.kernel.cli;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;

/**
 * check, reconcile and plot end to end on captures in the tools' own formats (perfquery -x, ibstat,
 * perftest, mlxlink, UFM CSV, ethtool -S), read through the reader registry. The test: a 10 s
 * ib_write_bw at 11600 MB/sec on a 100 Gb/s port (3.0625e10 data words, 3 symbol errors).
 */
class AnalysisCommandsTest {
    record Run(int code, String out, String err) {}

    static Run run(String... args) {
        StringWriter out = new StringWriter(), err = new StringWriter();
        int code = Main.run(args, new PrintWriter(out), new PrintWriter(err));
        return new Run(code, out.toString(), err.toString());
    }

    static String fx(String name) {
        try {
            return Path.of(AnalysisCommandsTest.class.getResource(name).toURI()).toString();
        } catch (Exception e) {
            throw new AssertionError(e);
        }
    }

    @Test void checkDeltaZeroToleranceFails() {
        Run r = run("check", "--before", fx("before"), "--after", fx("after"), "--limit", "all=0");
        assertEquals(3, r.code(), r.out() + r.err());
        assertTrue(r.out().startsWith("policy zero-tolerance"), r.out());
        assertTrue(r.out().contains("fail mlx5_0/1 SymbolErrorCounter = 3 (limit 0)"), r.out());
    }

    @Test void checkExplicitLimitPasses() {
        Run r = run("check", "--before", fx("before"), "--after", fx("after"), "--limit", "all=0", "--limit", "symbol_error_counter=3");
        assertEquals(0, r.code(), r.out() + r.err());
    }

    @Test void checkBerPolicyOnCounterDerivedBer() {
        // 3 symbol errors over 10 s at 100 Gb/s = 3e-12
        Run fail = run("check", "--before", fx("before"), "--after", fx("after"), "--policy", "ber", "--pm-pause-time", "10");
        assertEquals(3, fail.code(), fail.out());
        assertTrue(fail.out().startsWith("policy ber (threshold 1.00e-12)"), fail.out());
        Run pass = run("check", "--before", fx("before"), "--after", fx("after"), "--policy", "ber", "--pm-pause-time", "10",
                "--ber-threshold", "1e-11");
        assertEquals(0, pass.code(), pass.out());
    }

    /**
     * Without --pm-pause-time the samples' spacing is the snapshots' own: timestamp.json 10 s apart (as collect writes
     * it) gives 3 errors / (100 Gb/s x 10 s) = 3e-12, the figure --pm-pause-time 10 gives above; without times,
     * ibdiagnet's 1 s, with a note saying so (3e-11 then).
     */
    @Test void checkTakesTheSnapshotsTimes(@TempDir Path dir) throws Exception {
        Path b = dir.resolve("before"), a = dir.resolve("after");
        for (Path[] side : new Path[][] {{Path.of(fx("before")), b}, {Path.of(fx("after")), a}}) {
            Files.createDirectories(side[1]);
            try (var files = Files.list(side[0])) {
                for (Path f : files.toList()) Files.copy(f, side[1].resolve(f.getFileName()));
            }
        }
        Files.writeString(b.resolve("timestamp.json"), "{\"epoch_ms\": 1767225600000, \"monotonic_ns\": 5000000000, \"boot_id\": \"x\"}");
        Files.writeString(a.resolve("timestamp.json"), "{\"epoch_ms\": 1767225610200, \"monotonic_ns\": 15000000000, \"boot_id\": \"x\"}");
        Run timed = run("check", "--before", b.toString(), "--after", a.toString(), "--policy", "ber", "--json");
        assertEquals(3, timed.code(), timed.out() + timed.err());
        assertTrue(timed.err().contains("the samples' spacing is the snapshots' own (timestamp.json, monotonic clock)"), timed.err());
        assertTrue(timed.out().contains("\"value\":3.0E-12"), timed.out());
        Run guessed = run("check", "--before", fx("before"), "--after", fx("after"), "--policy", "ber", "--json");
        assertTrue(guessed.err().contains("no time in the 'before' snapshot"), guessed.err());
        assertTrue(guessed.out().contains("\"value\":3.0E-11"), guessed.out());
    }

    @Test void checkReadsMlxlinkBerAsExtraPath() {
        Run r = run("check", fx("mlxlink.txt"), "--before", fx("before"), "--after", fx("after"), "--policy", "ber",
                "--pm-pause-time", "100", "--json");
        assertEquals(3, r.code(), r.out() + r.err());
        assertTrue(Arrays.stream(r.out().split("\n")).anyMatch(l -> l.contains("\"name\":\"effective_ber\"") && l.contains("\"result\":\"fail\"")
                && l.contains("\"policy\":\"ber\"")), r.out());
    }

    @Test void checkOneSample() throws Exception {
        Run r = run("check", fx("after"), "--limit", "LinkDownedCounter=2", "--json");
        assertEquals(0, r.code(), r.out() + r.err());
        JsonNode row = new ObjectMapper().readTree(r.out().split("\n")[0]);
        assertEquals("sample", row.get("basis").asText());
        assertEquals(2, row.get("count").asLong());
        assertEquals("pass", row.get("result").asText());
    }

    @Test void checkBadInputExitsTwo() {
        Run r = run("check", "--before", fx("before"), "--after", fx("after"), "--limit", "nosuch=1");
        assertEquals(2, r.code());
        assertTrue(r.err().contains("unknown counter 'nosuch'"), r.err());
        assertEquals(2, run("check", "--before", fx("before")).code());
        Run missing = run("check", "does/not/exist.txt");
        assertEquals(2, missing.code());
        assertTrue(missing.err().contains("does/not/exist.txt"), missing.err());
        assertEquals(2, run("check", fx("after"), "--policy", "lenient").code());
        Run zero = run("check", "--before", fx("before"), "--after", fx("after"), "--pm-pause-time", "0");
        assertEquals(2, zero.code());
        assertTrue(zero.err().contains("--pm-pause-time 0 means one sample"), zero.err());
    }

    @Test void reconcilePrintsCaseA() throws Exception {
        Run r = run("reconcile", "--perftest", fx("ib_write_bw_client.txt"), "--before", fx("before"), "--after", fx("after"));
        assertEquals(0, r.code(), r.out() + r.err());
        assertTrue(r.out().contains("case A"), r.out());
        assertTrue(r.out().contains("perftest reports payload"), r.out());
        Run j = run("reconcile", "--perftest", fx("ib_write_bw_client.txt"), "--before", fx("before"), "--after", fx("after"), "--json",
                "--duration", "10", "--rate-gbps", "100");
        JsonNode n = new ObjectMapper().readTree(j.out());
        assertEquals("A", n.get("rows").get(0).get("case").asText());
        assertEquals(98.0, n.get("rows").get(0).get("counter_gbps").asDouble(), 1e-9);
    }

    @Test void plotsWriteFiles(@TempDir Path dir) throws Exception {
        Path png = dir.resolve("rec.png");
        Run r = run("plot", "reconcile", "--perftest", fx("ib_write_bw_client.txt"), "--before", fx("before"), "--after", fx("after"), "--out", png.toString());
        assertEquals(0, r.code(), r.out() + r.err());
        assertArrayEquals(new byte[] {(byte) 0x89, 'P', 'N', 'G'}, Arrays.copyOf(Files.readAllBytes(png), 4));
        Path svg = dir.resolve("ber.svg");
        Run b = run("plot", "ber", fx("ufm_rules_5min.csv"), "--out", svg.toString());
        assertEquals(0, b.code(), b.out() + b.err());
        assertTrue(Files.readString(svg).contains("<svg"));
        Path pause = dir.resolve("pause.png");
        Run p = run("plot", "pause", fx("pause/t0.txt"), fx("pause/t1.txt"), fx("pause/t2.txt"), "--interval", "60", "--out", pause.toString());
        assertEquals(0, p.code(), p.out() + p.err());
        // the pause analysis: the window per priority against the references, and the series' intervals
        assertTrue(p.out().contains("rx prio3: 1100 pause frames, 4.01 s paused"), p.out());
        assertTrue(p.out().contains("rx prio3: 2 port-intervals of about 60.00 s") && p.out().contains("watchdog fired in 1"), p.out());
        assertTrue(p.out().contains("SIGCOMM 2016") && p.out().contains("3036"), p.out());
        assertTrue(Files.size(pause) > 1000);
        // two snapshots are one interval: the window bars alone (no one-point timeline, no one-dot CDF), so an SVG can hold it
        Run two = run("plot", "pause", fx("pause/t0.txt"), fx("pause/t1.txt"), "--out", dir.resolve("p.svg").toString());
        assertEquals(0, two.code(), two.out() + two.err());
        assertTrue(Files.readString(dir.resolve("p.svg")).contains("<svg"));
        Run cdf = run("plot", "pause", fx("pause/t0.txt"), fx("pause/t1.txt"), "--cdf", "--out", dir.resolve("c.svg").toString());
        assertEquals(0, cdf.code(), cdf.out() + cdf.err());
        assertTrue(cdf.out().contains("no CDF; drawing the window bars"), cdf.out());
        // three snapshots: window bars and timeline in a PNG; --window alone fits an SVG
        assertEquals(2, run("plot", "pause", fx("pause/t0.txt"), fx("pause/t1.txt"), fx("pause/t2.txt"), "--out", dir.resolve("w.svg").toString()).code(),
                "two charts do not fit one SVG");
        assertEquals(0, run("plot", "pause", fx("pause/t0.txt"), fx("pause/t1.txt"), fx("pause/t2.txt"), "--window", "--out", dir.resolve("w.svg").toString()).code());
    }
}
