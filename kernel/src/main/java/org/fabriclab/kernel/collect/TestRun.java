package org.fabriclab.kernel.collect;

import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;

/**
 * The test command collect runs between its snapshots (perftest, a job, anything): started with the
 * terminal's stdin, its stdout and stderr copied both to collect's own (so the user sees perftest as
 * usual) and to {@code test/stdout.txt} and {@code test/stderr.txt} byte for byte.
 *
 * <pre>{@code
 * TestRun t = TestRun.start(List.of("ib_write_bw", "-D", "10", "host2"), tmp.resolve("test"), System.out, System.err);
 * t.waitFor(Long.MAX_VALUE);   // true once it exited
 * t.exitCode();
 * }</pre>
 */
public final class TestRun {
    private final List<String> command;
    private final Process process;
    private final Thread out, err;
    private final Instant started;
    private final long startedNs;
    private Instant ended;
    private long endedNs;
    private Thread hook;
    /** Set by the exit hook before it stops the command: the run is abandoned, not finished. */
    private final AtomicBoolean stoppedAtExit;

    private TestRun(List<String> command, Process process, Thread out, Thread err, Instant started, long startedNs,
            AtomicBoolean stoppedAtExit) {
        this.command = command;
        this.stoppedAtExit = stoppedAtExit;
        this.process = process;
        this.out = out;
        this.err = err;
        this.started = started;
        this.startedNs = startedNs;
    }

    /** Starts {@code command}; its output files go into {@code dir} (created). */
    public static TestRun start(List<String> command, Path dir, OutputStream echoOut, OutputStream echoErr) throws IOException {
        Files.createDirectories(dir);
        ProcessBuilder pb = new ProcessBuilder(command).redirectInput(ProcessBuilder.Redirect.INHERIT);
        // collect stopped by a signal stops its test command too (the incident is abandoned); the hook is
        // in place before the process starts, so no signal can fall between the two
        // (the flag is set first: the thread waiting for the command must not take that exit for the
        // command's own end and go on writing the after snapshot while the exit removes the folder)
        Process[] started = new Process[1];
        AtomicBoolean stoppedAtExit = new AtomicBoolean();
        Thread hook = new Thread(() -> {
            synchronized (started) {
                stoppedAtExit.set(true);
                if (started[0] != null) stop(started[0]);
            }
        }, "fabriclab-test-stop");
        Runtime.getRuntime().addShutdownHook(hook);
        Instant t = Instant.now();
        long ns = System.nanoTime();
        Process p;
        synchronized (started) {
            try {
                p = pb.start();
            } catch (IOException e) {
                Runtime.getRuntime().removeShutdownHook(hook);
                throw e;
            }
            started[0] = p;
        }
        OutputStream fo = Files.newOutputStream(dir.resolve(org.fabriclab.incident.Layout.TEST_STDOUT));
        OutputStream fe = Files.newOutputStream(dir.resolve(org.fabriclab.incident.Layout.TEST_STDERR));
        Thread a = tee(p.getInputStream(), fo, echoOut, "fabriclab-test-stdout");
        Thread b = tee(p.getErrorStream(), fe, echoErr, "fabriclab-test-stderr");
        TestRun run = new TestRun(command, p, a, b, t, ns, stoppedAtExit);
        run.hook = hook;
        return run;
    }

    private static Thread tee(InputStream in, OutputStream file, OutputStream echo, String name) {
        Thread t = new Thread(() -> {
            byte[] buf = new byte[8192];
            try (in; file) {
                int n;
                while ((n = in.read(buf)) >= 0) {
                    file.write(buf, 0, n);
                    if (echo != null) {
                        echo.write(buf, 0, n);
                        echo.flush();
                    }
                }
            } catch (IOException e) {
                // the process closed its end, or the file system failed: the exit code still tells
            }
        }, name);
        t.setDaemon(true);
        t.start();
        return t;
    }

    /**
     * Waits up to {@code millis} for the command to exit and its output to be copied; true once done.
     *
     * @throws InterruptedException when this thread is interrupted, or when the command was stopped
     *         because collect itself is exiting (SIGTERM, SIGINT): nothing more is to be collected
     */
    public boolean waitFor(long millis) throws InterruptedException {
        if (!process.waitFor(millis, TimeUnit.MILLISECONDS)) return false;
        if (stoppedAtExit.get()) throw new InterruptedException("collect is exiting: the test command was stopped with it");
        out.join();
        err.join();
        if (ended == null) {
            ended = Instant.now();
            endedNs = System.nanoTime();
            try {
                Runtime.getRuntime().removeShutdownHook(hook);
            } catch (IllegalStateException shuttingDown) {
                // the hook runs, harmlessly: the process has exited
            }
        }
        return true;
    }

    public boolean done() { return ended != null; }

    public int exitCode() { return process.exitValue(); }

    /** Stops the command (collect failed or was interrupted). */
    public void kill() { stop(process); }

    private static void stop(Process p) {
        if (!p.isAlive()) return;
        p.descendants().forEach(ProcessHandle::destroy);
        p.destroy();
    }

    /** The manifest entry. */
    public Map<String, Object> toMap() {
        Map<String, Object> m = new LinkedHashMap<>();
        m.put("command", command);
        m.put("exit_code", done() ? exitCode() : null);
        m.put("stdout", org.fabriclab.incident.Layout.TEST + "/" + org.fabriclab.incident.Layout.TEST_STDOUT);
        m.put("stderr", org.fabriclab.incident.Layout.TEST + "/" + org.fabriclab.incident.Layout.TEST_STDERR);
        m.put("started", started.toString());
        m.put("started_monotonic_ns", startedNs);
        if (done()) {
            m.put("ended", ended.toString());
            m.put("ended_monotonic_ns", endedNs);
            m.put("duration_s", (endedNs - startedNs) / 1e9);
        }
        return m;
    }
}
