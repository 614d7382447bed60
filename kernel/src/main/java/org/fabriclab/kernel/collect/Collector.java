package org.fabriclab.kernel.collect;

import java.io.IOException;
import java.io.OutputStream;
import java.io.PrintWriter;
import java.nio.charset.StandardCharsets;
import java.nio.file.FileAlreadyExistsException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

import org.fabriclab.capture.Capture;
import org.fabriclab.capture.CaptureException;
import org.fabriclab.capture.Input;
import org.fabriclab.capture.PortAttr;
import org.fabriclab.capture.Readers;
import org.fabriclab.incident.Layout;
import org.fabriclab.io.AtomicFiles;
import org.fabriclab.snapshot.Snapshot;

/**
 * Writes an incident folder ({@link Layout}): finds the local ports (sysfs, {@code rdma link},
 * {@code ibstat}), then either takes {@code before/}, runs the test command, takes {@code after/}; or
 * takes a series {@code t0/, t1/, ...} every interval (a given number of times, or while a test
 * command runs, plus one after it exits). The whole folder is built beside the target and renamed
 * into place at the end ({@link AtomicFiles#directory}), so a failed or killed run leaves no
 * half-written incident; an existing non-empty folder is never overwritten unless asked.
 *
 * <pre>{@code
 * Collector.Result r = new Collector(config).run();
 * }</pre>
 */
public final class Collector {
    /** What to collect. {@code command} null: no test; {@code every} null: before/after around the command. */
    public record Config(Path out, boolean replace, Path sysfsRoot, Tools tools, List<String> command, Duration every,
                         Integer count, Duration toolTimeout, OutputStream echoOut, OutputStream echoErr, PrintWriter progress) {}

    /** The outcome: the folder written, the test command's exit code (null without one), the manifest. */
    public record Result(Path out, Integer testExit, Map<String, Object> manifest) {}

    private final Config c;

    public Collector(Config config) {
        this.c = config;
        if (config.command() == null && config.every() == null && (config.count() == null || config.count() != 1)) {
            throw new IllegalArgumentException("collect needs a test command after -- (snapshots before and after it), "
                    + "or --every INTERVAL --count N (a series)");
        }
        if (config.every() != null && config.command() == null && config.count() == null) {
            throw new IllegalArgumentException("--every needs --count N (or a test command after --, to sample while it runs)");
        }
        if (config.count() != null && config.count() < 1) throw new IllegalArgumentException("--count must be >= 1, found " + config.count());
        if (config.count() != null && config.command() != null) {
            throw new IllegalArgumentException("--count is for a series without a test command; with one, the series runs until it exits");
        }
        if (config.every() != null && config.every().isZero() && (config.count() == null || config.count() > 1)) {
            throw new IllegalArgumentException("--every must be > 0");
        }
    }

    /** Collects; the folder exists only if this returns. */
    public Result run() throws IOException, InterruptedException {
        if (c.command() != null) requireRunnable(c.command().get(0));
        Sysfs sysfs = new Sysfs(c.sysfsRoot());
        String bootId = bootId();
        Map<String, Object> manifest = new LinkedHashMap<>();
        try {
            return AtomicFiles.directory(c.out(), c.replace(), tmp -> {
                try {
                    return collect(tmp, sysfs, bootId, manifest);
                } catch (InterruptedException e) {
                    Thread.currentThread().interrupt();
                    throw new IOException("interrupted", e);
                }
            });
        } catch (FileAlreadyExistsException e) {
            throw new IllegalArgumentException(c.out() + ": exists and is not empty; collect never overwrites an incident folder "
                    + "(choose another --out, or --force to replace it)");
        }
    }

    private Result collect(Path tmp, Sysfs sysfs, String bootId, Map<String, Object> manifest) throws IOException, InterruptedException {
        List<HostPort> ports = discover(tmp, sysfs);
        if (ports.isEmpty()) {
            throw new IllegalArgumentException("nothing to collect on this host: no RDMA port found (" + sysfs.classDir()
                    + (sysfs.present() ? " has none" : " absent") + "; rdma link and ibstat: "
                    + (c.tools().find("rdma").isPresent() || c.tools().find("ibstat").isPresent() ? "none listed" : "not on PATH") + ")");
        }
        manifest.put("format", "fabriclab incident folder");
        manifest.put("layout_version", Layout.VERSION);
        manifest.put("created_by", "fabriclab collect");
        manifest.put("host", host());
        manifest.put("kernel", System.getProperty("os.name") + " " + System.getProperty("os.version"));
        manifest.put("boot_id", bootId);
        manifest.put("created", Instant.now().toString());
        manifest.put("kind", c.every() == null && c.command() != null ? "before-after" : "series");
        if (c.every() != null) manifest.put("interval_s", c.every().toNanos() / 1e9);
        manifest.put("sysfs_root", c.sysfsRoot().toString());
        manifest.put("tools", c.tools().table());
        List<Map<String, Object>> portList = new ArrayList<>();
        for (HostPort p : ports) portList.add(p.toMap());
        manifest.put("ports", portList);
        c.progress().printf(Locale.ROOT, "collect: %d ports (%s); tools: %s%n", ports.size(),
                String.join(", ", ports.stream().map(HostPort::id).toList()), toolsLine());
        c.progress().flush();
        SnapshotTaker taker = new SnapshotTaker(c.tools(), sysfs, ports, c.toolTimeout(), bootId);
        List<Map<String, Object>> snaps = new ArrayList<>();
        manifest.put("snapshots", snaps);
        TestRun test = null;
        try {
            if (c.every() == null && c.command() != null) {
                snaps.add(snapshot(taker, tmp, Layout.BEFORE));
                test = startTest(tmp);
                test.waitFor(Long.MAX_VALUE);
                testDone(test);
                snaps.add(snapshot(taker, tmp, Layout.AFTER));
            } else {
                test = series(taker, tmp, snaps);
            }
        } finally {
            if (test != null && !test.done()) test.kill();
        }
        if (test != null) manifest.put("test", test.toMap());
        if (snaps.size() >= 2) {
            Map<String, Object> a = snaps.get(0), b = snaps.get(snaps.size() - 1);
            manifest.put("elapsed_s", ((long) b.get("monotonic_ns") - (long) a.get("monotonic_ns")) / 1e9);
        }
        manifest.put("warnings", joinWarnings(tmp, snaps));
        SnapshotTaker.JSON.writeValue(tmp.resolve(Layout.MANIFEST).toFile(), manifest);
        return new Result(c.out(), test == null ? null : test.exitCode(), manifest);
    }

    private TestRun series(SnapshotTaker taker, Path tmp, List<Map<String, Object>> snaps) throws IOException, InterruptedException {
        long every = c.every() == null ? 0 : c.every().toNanos();
        long start = System.nanoTime();
        TestRun test = null;
        for (int k = 0; ; k++) {
            snaps.add(snapshot(taker, tmp, Layout.series(k)));
            if (k == 0 && c.command() != null) test = startTest(tmp);
            if (test == null && k + 1 >= c.count()) return null;
            if (test != null && test.done()) return test;   // this was the snapshot after the command exited
            long next = start + (k + 1) * every;
            long wait = next - System.nanoTime();
            if (test != null) {
                if (test.waitFor(Math.max(0, wait / 1_000_000))) testDone(test);   // exited: the next snapshot is the last
            } else if (wait > 0) {
                Thread.sleep(wait / 1_000_000, (int) (wait % 1_000_000));
            }
        }
    }

    private Map<String, Object> snapshot(SnapshotTaker taker, Path tmp, String name) throws IOException {
        Map<String, Object> rec = taker.take(tmp, name);
        c.progress().printf(Locale.ROOT, "collect: %s: %d files in %.2f s%s%n", name, ((List<?>) rec.get("files")).size(),
                ((Long) rec.get("duration_ms")) / 1e3, problems(rec));
        c.progress().flush();
        return rec;
    }

    private static String problems(Map<String, Object> rec) {
        List<String> p = new ArrayList<>();
        for (Object o : (List<?>) rec.get("failed")) {
            Map<?, ?> m = (Map<?, ?>) o;
            p.add(m.get("tool") + " " + m.get("reason"));
        }
        int unread = ((List<?>) rec.get("unread")).size();
        if (unread > 0) p.add(unread + " output(s) no reader reads, kept in " + Layout.UNREAD + "/");
        return p.isEmpty() ? "" : " (" + String.join("; ", p) + ")";
    }

    private TestRun startTest(Path tmp) throws IOException {
        c.progress().println("collect: running " + String.join(" ", c.command()));
        c.progress().flush();
        return TestRun.start(c.command(), tmp.resolve(Layout.TEST), c.echoOut(), c.echoErr());
    }

    private void testDone(TestRun t) {
        Map<String, Object> m = t.toMap();
        c.progress().printf(Locale.ROOT, "collect: test command exited %d after %.1f s%n", t.exitCode(), (Double) m.get("duration_s"));
        c.progress().flush();
    }

    /** The ports from sysfs, then rdma link and ibstat (run once here, their output discarded). */
    private List<HostPort> discover(Path tmp, Sysfs sysfs) throws IOException {
        Map<String, HostPort> ports = new LinkedHashMap<>();
        for (HostPort p : sysfs.ports()) ports.put(p.id(), p);
        Path d = Files.createDirectory(tmp.resolve(".discovery"));
        try {
            for (List<String> args : List.of(List.of("rdma", "-j", "link", "show"), List.of("ibstat"))) {
                var exe = c.tools().find(args.get(0));
                if (exe.isEmpty()) continue;
                List<String> cmd = new ArrayList<>(args);
                cmd.set(0, exe.get().toString());
                Path out = d.resolve(args.get(0) + ".out");
                if (!ToolRun.run(cmd, out, null, c.toolTimeout()).ok() || Files.size(out) == 0) continue;
                Capture cap;
                try {
                    cap = Readers.standard().read(Input.of(out));
                } catch (CaptureException e) {
                    continue;
                }
                for (String id : cap.ports()) merge(ports, id, cap);
                for (PortAttr a : cap.attrs()) merge(ports, a.port(), cap);
            }
        } finally {
            AtomicFiles.deleteTree(d);
        }
        return new ArrayList<>(ports.values());
    }

    private static void merge(Map<String, HostPort> ports, String id, Capture cap) {
        int slash = id.lastIndexOf('/');
        if (id.contains(" ") || slash <= 0 || !id.substring(slash + 1).matches("\\d+")) return;
        HostPort p = ports.getOrDefault(id, new HostPort(id.substring(0, slash), Integer.parseInt(id.substring(slash + 1)), null, null, null));
        String lid = cap.attr(id, PortAttr.LID).orElse(null);
        p = p.withLinkLayer(cap.attr(id, PortAttr.LINK_LAYER).orElse(null)).withLid("0".equals(lid) ? null : lid)
                .withNetdev(cap.attr(id, PortAttr.NETDEV).orElse(null));
        ports.put(id, p);
    }

    /** Whether each snapshot joins (one value per port and counter); a failure is kept as a warning. */
    private static List<String> joinWarnings(Path tmp, List<Map<String, Object>> snaps) {
        List<String> out = new ArrayList<>();
        for (Map<String, Object> s : snaps) {
            try {
                Snapshot.of(tmp.resolve((String) s.get("dir")));
            } catch (CaptureException e) {
                out.add(s.get("name") + ": the captures do not join into one snapshot: " + e.getMessage());
            }
        }
        return out;
    }

    private void requireRunnable(String exe) {
        if (exe.contains("/")) {
            if (!Files.isExecutable(Path.of(exe))) throw new IllegalArgumentException("test command " + exe + ": not an executable file");
        } else if (c.tools().find(exe).isEmpty()) {
            throw new IllegalArgumentException("test command '" + exe + "' not found on PATH");
        }
    }

    private String toolsLine() {
        List<String> found = new ArrayList<>(), absent = new ArrayList<>();
        for (String t : Tools.ALL) (c.tools().find(t).isPresent() ? found : absent).add(t);
        return (found.isEmpty() ? "none" : String.join(", ", found)) + (absent.isEmpty() ? "" : " (absent, skipped: " + String.join(", ", absent) + ")");
    }

    private static String bootId() {
        try {
            return Files.readString(Path.of("/proc/sys/kernel/random/boot_id"), StandardCharsets.US_ASCII).strip();
        } catch (IOException | RuntimeException e) {
            return "";
        }
    }

    private static String host() {
        try {
            return java.net.InetAddress.getLocalHost().getHostName();
        } catch (IOException e) {
            String h = System.getenv("HOSTNAME");
            return h == null ? "" : h;
        }
    }

    /** A name safe in a file name: letters, digits, '.', '_' and '-' kept, anything else '_'. */
    static String safe(String s) {
        return s.replaceAll("[^A-Za-z0-9._-]", "_");
    }
}
