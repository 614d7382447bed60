package org.fabriclab.kernel.collect;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;

import org.fabriclab.kernel.cli.Main;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code fabriclab collect} as a user runs it: a separate process whose {@code PATH} holds the stub
 * tools ({@link StubHost}), then {@code show}, {@code classify} and {@code reconcile} on the folder it
 * wrote; and what a kill leaves (nothing, once the next run has cleaned up).
 */
class CollectCommandTest {
    @TempDir Path dir;

    record Run(int code, String out, String err) {}

    static Run cli(String... args) {
        StringWriter out = new StringWriter(), err = new StringWriter();
        int code = Main.run(args, new PrintWriter(out), new PrintWriter(err));
        return new Run(code, out.toString(), err.toString());
    }

    /** {@code java ... Main collect ARGS} with the stub host's PATH. */
    static ProcessBuilder collect(StubHost h, String... args) {
        List<String> cmd = new ArrayList<>(List.of(Path.of(System.getProperty("java.home"), "bin", "java").toString(),
                "-cp", System.getProperty("java.class.path"), "org.fabriclab.kernel.cli.Main", "collect"));
        cmd.addAll(List.of(args));
        ProcessBuilder pb = new ProcessBuilder(cmd);
        pb.environment().put("PATH", h.path());
        return pb;
    }

    static Run finish(Process p) throws Exception {
        String out = new String(p.getInputStream().readAllBytes());
        String err = new String(p.getErrorStream().readAllBytes());
        assertTrue(p.waitFor(120, TimeUnit.SECONDS));
        return new Run(p.exitValue(), out, err);
    }

    @Test void collectWithStubToolsOnPathThenShowClassifyAndReconcileTheFolder() throws Exception {
        StubHost h = StubHost.ib(dir.resolve("host"), StubHost.all());
        Path out = dir.resolve("incident-42");
        // the test command's own options (-D 10) need no quoting after --
        Run c = finish(collect(h, "--out", out.toString(), "--sysfs-root", h.sys.toString(), "--", "fake-perftest", "-D", "10").start());
        assertEquals(0, c.code(), c.err());
        assertTrue(c.out().contains("RDMA_Write BW"), "the test's output is shown as it runs: " + c.out());
        assertTrue(c.err().contains("collect: wrote " + out), c.err());
        assertFalse(c.err().contains("absent"), "every tool was found on the PATH: " + c.err());
        assertTrue(Files.isRegularFile(out.resolve("before/mlxlink.mlx5_0-1.txt")));

        Run show = cli("show", out.resolve("before").toString());
        assertEquals(0, show.code(), show.err());
        assertTrue(show.out().contains("SymbolErrorCounter") && show.out().contains("effective_ber"), show.out());
        Run classify = cli("classify", "--fabric", "ib", "--bytes", "1e12", "--before", out.resolve("before").toString(),
                "--after", out.resolve("after").toString());
        assertEquals(3, classify.code(), classify.out() + classify.err());
        assertTrue(classify.out().matches("(?s).*mlx5_0/1\\s+\\|\\s+ib\\s+\\|\\s+physical\\s+\\|\\s+SymbolErrorCounter.*"), classify.out());
        Run reconcile = cli("reconcile", "--perftest", out.resolve("test/stdout.txt").toString(), "--before", out.resolve("before").toString(),
                "--after", out.resolve("after").toString());
        assertTrue(reconcile.out().contains("mlx5_0/1 (client RDMA_Write BW): case"), reconcile.out() + reconcile.err());
    }

    @Test void anExistingIncidentIsRefusedWithExitTwo() throws Exception {
        StubHost h = StubHost.ib(dir.resolve("host"), List.of("perfquery"));
        Path out = Files.createDirectories(dir.resolve("incident"));
        Files.writeString(out.resolve("keep.txt"), "x");
        Run c = finish(collect(h, "--out", out.toString(), "--sysfs-root", h.sys.toString(), "--count", "1").start());
        assertEquals(2, c.code(), c.err());
        assertTrue(c.err().contains("--force"), c.err());
        assertEquals("x", Files.readString(out.resolve("keep.txt")));
    }

    @Test void aKilledCollectLeavesNoIncidentAndItsTemporaryGoesOnTheNextRun() throws Exception {
        StubHost h = StubHost.ib(dir.resolve("host"), List.of("perfquery", "ibstat"));
        Path out = dir.resolve("incident");
        ProcessBuilder pb = collect(h, "--out", out.toString(), "--sysfs-root", h.sys.toString(), "--", "fake-perftest");
        pb.environment().put("FAKE_PERFTEST_SECONDS", "60");
        pb.redirectErrorStream(true).redirectOutput(dir.resolve("log").toFile());
        Process p = pb.start();
        awaitLog(dir.resolve("log"), "collect: running");
        List<ProcessHandle> test = awaitSleeping(p);
        p.destroyForcibly().waitFor(30, TimeUnit.SECONDS);   // SIGKILL: no cleanup can run
        test.forEach(ProcessHandle::destroyForcibly);         // the orphaned test command (a kill -9 does not reach it)
        assertFalse(Files.exists(out), "never half-written");
        assertEquals(1, temporaries().size(), "the killed run's temporary is left: " + temporaries());

        Run again = finish(collect(h, "--out", out.toString(), "--sysfs-root", h.sys.toString(), "--count", "1").start());
        assertEquals(0, again.code(), again.err());
        assertTrue(temporaries().isEmpty(), "removed by the next run: " + temporaries());
        assertTrue(Files.isDirectory(out.resolve("t0")));
    }

    @Test void aTerminatedCollectRemovesItsTemporaryAndStopsTheTest() throws Exception {
        StubHost h = StubHost.ib(dir.resolve("host"), List.of("perfquery"));
        Path out = dir.resolve("incident");
        ProcessBuilder pb = collect(h, "--out", out.toString(), "--sysfs-root", h.sys.toString(), "--", "fake-perftest");
        pb.environment().put("FAKE_PERFTEST_SECONDS", "60");
        pb.redirectErrorStream(true).redirectOutput(dir.resolve("log").toFile());
        Process p = pb.start();
        awaitLog(dir.resolve("log"), "collect: running");
        List<ProcessHandle> test = awaitSleeping(p);
        p.destroy();   // SIGTERM: the shutdown hooks run
        assertTrue(p.waitFor(30, TimeUnit.SECONDS));
        assertFalse(Files.exists(out));
        assertTrue(temporaries().isEmpty(), "removed at exit: " + temporaries());
        for (ProcessHandle t : test) {
            t.onExit().get(10, TimeUnit.SECONDS);
            assertFalse(t.isAlive(), "the test command is stopped with collect");
        }
    }

    private List<Path> temporaries() throws IOException {
        try (Stream<Path> s = Files.list(dir)) {
            return s.filter(x -> x.getFileName().toString().startsWith("incident.tmp-")).toList();
        }
    }

    /** The test command's processes once it sleeps (its counters moved, its report not yet printed). */
    private static List<ProcessHandle> awaitSleeping(Process p) throws Exception {
        long end = System.nanoTime() + TimeUnit.SECONDS.toNanos(60);
        while (System.nanoTime() < end) {
            List<ProcessHandle> d = p.descendants().toList();
            if (d.stream().anyMatch(h -> h.info().command().orElse("").endsWith("sleep"))) return d;
            Thread.sleep(50);
        }
        throw new AssertionError("the test command never reached its sleep: " + p.descendants().toList());
    }

    private static void awaitLog(Path log, String text) throws Exception {
        long end = System.nanoTime() + TimeUnit.SECONDS.toNanos(60);
        while (System.nanoTime() < end) {
            if (Files.exists(log) && Files.readString(log).contains(text)) return;
            Thread.sleep(50);
        }
        throw new AssertionError("no '" + text + "' in " + (Files.exists(log) ? Files.readString(log) : "(no log)"));
    }
}
