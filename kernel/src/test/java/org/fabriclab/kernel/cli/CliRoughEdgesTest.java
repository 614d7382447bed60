package org.fabriclab.kernel.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.FileTime;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.stream.Stream;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;

import picocli.CommandLine;

/** The CLI rough edges of issue 11 point 5, one test each. */
class CliRoughEdgesTest {
    static AnalysisCommandsTest.Run run(String... args) { return AnalysisCommandsTest.run(args); }

    static String fx(String name) { return AnalysisCommandsTest.fx(name); }

    static final Path DATASETS = Path.of("..", "datasets");

    static List<List<String>> commands(CommandLine cl, List<String> prefix) {
        List<List<String>> out = new ArrayList<>();
        for (var e : cl.getSubcommands().entrySet()) {
            List<String> name = new ArrayList<>(prefix);
            name.add(e.getKey());
            out.add(name);
            out.addAll(commands(e.getValue(), name));
        }
        return out;
    }

    @Test void helpWorksOnEveryCommand() {
        List<List<String>> all = commands(Main.commandLine(), List.of());
        assertTrue(all.size() >= 15, all.toString());
        // picocli warns on System.err itself when a description is not a valid format string (a bare '%')
        java.io.PrintStream stderr = System.err;
        java.io.ByteArrayOutputStream warnings = new java.io.ByteArrayOutputStream();
        System.setErr(new java.io.PrintStream(warnings, true));
        try {
            for (List<String> c : all) {
                List<String> args = new ArrayList<>(c);
                args.add("--help");
                var r = run(args.toArray(new String[0]));
                assertEquals(0, r.code(), c + " --help: " + r.err());
                assertTrue(r.out().contains("Usage:"), c + " --help: " + r.out());
            }
        } finally {
            System.setErr(stderr);
        }
        assertFalse(warnings.toString().contains("picocli WARN"), warnings.toString());
        String pause = run("plot", "pause", "--help").out();
        assertTrue(pause.contains("80%") && pause.contains("99%") && !pause.contains("%%"), pause);
        assertEquals(0, run("--help").code());
        assertFalse(Main.kernelFastPath(new String[] {"kernel", "--help"}), "kernel --help is not a connection file");
        assertTrue(Main.kernelFastPath(new String[] {"kernel", "/run/user/1/kernel-1.json"}));
    }

    @Test void checkTakesIbdiagnetsDashP() {
        var pass = run("check", "--before", fx("before"), "--after", fx("after"), "-P", "all=0", "-P", "SymbolErrorCounter=3");
        assertEquals(0, pass.code(), pass.out() + pass.err());
        var fail = run("check", "--before", fx("before"), "--after", fx("after"), "-P", "SymbolErrorCounter=2", "--limit", "all=0");
        assertEquals(3, fail.code(), fail.out() + fail.err());
        assertTrue(fail.out().contains("fail mlx5_0/1 SymbolErrorCounter = 3 (limit 2)"), fail.out());
    }

    @Test void berPrintsInScientificNotationAndTheSummaryShowsTheBerItself() {
        var r = run("check", fx("mlxlink.txt"), "--before", fx("before"), "--after", fx("after"), "--policy", "ber", "--pm-pause-time", "100");
        assertEquals(3, r.code(), r.out() + r.err());
        // mlxlink: 1 effective physical error, BER 2E-12
        assertTrue(r.out().contains("fail mlx5_0/1 effective_ber = 2.00e-12 (1 errors) (limit 1.00e-12)"), r.out());
        assertFalse(r.out().contains("0.000000000002"), "no BER as a row of zeros: " + r.out());
        assertTrue(r.out().matches("(?s).*\\|\\s+2\\.00e-12\\s+\\|\\s+1\\.00e-12\\s+\\|.*"), r.out());
        assertEquals("7.00e-10", TableOutput.number(7e-10));
        assertEquals("0", TableOutput.number(0));
        assertEquals("12.5", TableOutput.number(12.5));
        // an optical power computed from dBm (10^(dBm/10)) reads to 6 significant digits, a count held in a double whole
        assertEquals("1.65691", TableOutput.number(1.6569141239736633));
        assertEquals("123456789", TableOutput.number(123456789.0));
    }

    @Test void aGivenRateThatDisagreesWithTheCapturedOneIsWarnedWithBothCases() throws Exception {
        // the fixture's port is 100 Gb/s (ibstat) and perftest ran at about 97 Gb/s: case A; at a given 50 Gb/s it would be C
        var r = run("reconcile", "--perftest", fx("ib_write_bw_client.txt"), "--before", fx("before"), "--after", fx("after"), "--rate-gbps", "50");
        assertTrue(r.out().contains("warning: mlx5_0/1 (client RDMA_Write BW): --rate-gbps 50 disagrees with the captured link rate 100 Gb/s: "
                + "case C at the given rate, case A at the captured rate"), r.out());
        var j = run("reconcile", "--perftest", fx("ib_write_bw_client.txt"), "--before", fx("before"), "--after", fx("after"), "--rate-gbps", "50", "--json");
        JsonNode d = new ObjectMapper().readTree(j.out()).get("rate_disagreements").get(0);
        assertEquals("C", d.get("case_at_given_rate").asText());
        assertEquals("A", d.get("case_at_captured_rate").asText());
        var same = run("reconcile", "--perftest", fx("ib_write_bw_client.txt"), "--before", fx("before"), "--after", fx("after"), "--rate-gbps", "100");
        assertFalse(same.out().contains("disagrees"), same.out());
        var check = run("check", "--before", fx("before"), "--after", fx("after"), "--policy", "ber", "--rate-gbps", "200");
        assertTrue(check.out().contains("warning: mlx5_0/1: --rate-gbps 200 disagrees with the captured link rate 100 Gb/s"), check.out());
    }

    @Test void plotPauseTakesTheBundledPauseSeries(@TempDir Path dir) throws Exception {
        Path png = dir.resolve("pause.png");
        var r = run("plot", "pause", DATASETS.resolve("roce-pause-storm/pause-series.csv").toString(), "--out", png.toString());
        assertEquals(0, r.code(), r.out() + r.err());
        assertTrue(r.out().contains("tx prio3: 60 port-intervals") && r.out().contains("18 above 80%, 13 above 99%; watchdog fired in 2"), r.out());
        assertTrue(Files.size(png) > 1000);
        // the pause-series reader (capture/pauseseries) reads it: a bad cell is exit 2 naming the file, line and column
        Path bad = Files.writeString(dir.resolve("bad.csv"), "timestamp,port,rx_prio3_pause\n1700000000000,mlx5_0/1,lots\n");
        var b = run("plot", "pause", bad.toString(), "--out", dir.resolve("b.png").toString());
        assertEquals(2, b.code());
        assertTrue(b.err().contains("bad.csv:2: column rx_prio3_pause")
                && b.err().contains("'lots'"), b.err());
        assertFalse(Files.exists(dir.resolve("b.png")), "nothing written on bad input");
    }

    @Test void joinNotesCollapseIntoOneLineAndVerboseShowsThemAll() {
        String b = DATASETS.resolve("ib-marginal-optic/before").toString(), a = DATASETS.resolve("ib-marginal-optic/after").toString();
        var r = run("classify", "--fabric", "ib", "--bytes", "1e12", "--before", b, "--after", a);
        assertEquals(3, r.code(), r.err());
        List<String> lines = r.err().lines().toList();
        assertEquals(1, lines.size(), r.err());
        assertTrue(lines.get(0).matches("fabriclab: join notes: \\d+ \\(before \\d+, after \\d+\\): .*narrow counter copies pegged.*--verbose.*"), lines.get(0));
        var v = run("classify", "--fabric", "ib", "--bytes", "1e12", "--before", b, "--after", a, "--verbose");
        assertTrue(v.err().lines().count() > 5, v.err());
        assertTrue(v.err().contains("copy pegged at 4294967295"), v.err());
    }

    @Test void plotsAndNotebooksAreWrittenWithTheUsualModeNotOwnerOnly(@TempDir Path dir) throws Exception {
        Path png = dir.resolve("rec.png");
        assertEquals(0, run("plot", "reconcile", "--perftest", fx("ib_write_bw_client.txt"), "--before", fx("before"), "--after", fx("after"),
                "--out", png.toString()).code());
        Path plain = Files.createFile(dir.resolve("plain"));
        assertEquals(Files.getPosixFilePermissions(plain), Files.getPosixFilePermissions(png), "0644 under the usual umask, as any new file");
        assertTrue(Files.getPosixFilePermissions(png).contains(java.nio.file.attribute.PosixFilePermission.OTHERS_READ));
        Path nb = dir.resolve("nb.ipynb");
        org.fabriclab.kernel.notebook.Notebook.read(Path.of("..", "notebooks", "01-ib-incident.ipynb")).write(nb);
        assertEquals(Files.getPosixFilePermissions(plain), Files.getPosixFilePermissions(nb));
    }

    @Test void staleTemporariesOfKilledPlotAndDatasetsRunsAreRemovedByTheNextRun(@TempDir Path dir) throws Exception {
        Path png = dir.resolve("pause.png");
        // a killed writer (pid above Linux's default pid_max: never alive), and one from before pids were recorded
        Path dead = Files.writeString(dir.resolve(".pause.png.4194305-k1.tmp"), "half");
        Path legacy = Files.writeString(dir.resolve(".pause.png8812345678.tmp"), "half");
        Files.setLastModifiedTime(legacy, FileTime.fromMillis(System.currentTimeMillis() - 2 * 3_600_000));
        Path other = Files.writeString(dir.resolve(".other.png.4194305-k1.tmp"), "not this target's");
        assertEquals(0, run("plot", "pause", fx("pause/t0.txt"), fx("pause/t1.txt"), fx("pause/t2.txt"), "--out", png.toString()).code());
        assertFalse(Files.exists(dead));
        assertFalse(Files.exists(legacy));
        assertTrue(Files.exists(other), "only the target's own temporaries");
        Path ds = dir.resolve("ds");
        Path staleDir = Files.createDirectories(dir.resolve("ds.tmp-4194305-k2"));
        Files.writeString(staleDir.resolve("big"), "x".repeat(1000));
        assertEquals(0, run("datasets", "--out", ds.toString(), "--history-ports", "2", "--history-days", "1").code());
        assertFalse(Files.exists(staleDir));
        assertTrue(Files.isDirectory(ds.resolve("ib-marginal-optic")));
        try (Stream<Path> s = Files.list(dir)) {
            assertEquals(List.of(".other.png.4194305-k1.tmp", "ds", "pause.png"), s.map(p -> p.getFileName().toString()).sorted().toList());
        }
    }

    @Test void aFailedPlotLeavesNoTemporary(@TempDir Path dir) throws Exception {
        Path png = dir.resolve("p.png");
        Files.writeString(png, "the previous plot");
        // two snapshots of a port with no pause counters: nothing to plot, bad input
        var r = run("plot", "pause", fx("before"), fx("after"), "--out", png.toString());
        assertEquals(2, r.code(), r.out() + r.err());
        assertTrue(r.err().contains("no pause counters") && r.err().contains("ethtool -S"), r.err());
        assertEquals("the previous plot", Files.readString(png));
        try (Stream<Path> s = Files.list(dir)) {
            assertEquals(List.of("p.png"), s.map(p -> p.getFileName().toString()).toList());
        }
    }

    @Test void classifyHelpDocumentsTheJsonlInput() {
        var r = run("classify", "--help");
        assertEquals(0, r.code());
        String h = r.out();
        for (String s : List.of("--jsonl", "\"fabric\"", "\"bytes\"", "\"cong_per_gb\"", "\"before\"", "\"after\"", "{\"error\"", "\"verdict\""))
            assertTrue(h.contains(s), s + " in " + h);
        assertTrue(Arrays.stream(h.split("\n")).anyMatch(l -> l.contains("e.g. {\"fabric\":\"ib\"")), h);
    }
}
