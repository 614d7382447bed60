package org.fabriclab.kernel.collect;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;

import org.fabriclab.capture.CaptureException;
import org.fabriclab.capture.Input;
import org.fabriclab.capture.Readers;
import org.fabriclab.incident.Layout;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;

/**
 * Takes one snapshot into a folder: every available tool once per port or netdev, in an order that
 * keeps the sources of the same counters close in time (sysfs counters, then perfquery; hw_counters,
 * then rdma statistic), the slow mlxlink last, then {@value Layout#TIMESTAMP}. Each output is then
 * offered to the readers: one no reader reads, or one from a tool that failed, is moved to
 * {@code unread/SNAPSHOT/} and its reason recorded, so the snapshot folder always reads.
 *
 * <pre>{@code
 * Map<String, Object> record = new SnapshotTaker(tools, sysfs, ports, Duration.ofSeconds(30), bootId)
 *         .take(incidentTmp, "before");
 * }</pre>
 */
public final class SnapshotTaker {
    static final ObjectMapper JSON = new ObjectMapper().enable(SerializationFeature.INDENT_OUTPUT);

    private final Tools tools;
    private final Sysfs sysfs;
    private final List<HostPort> ports;
    private final Duration timeout;
    private final String bootId;

    public SnapshotTaker(Tools tools, Sysfs sysfs, List<HostPort> ports, Duration timeout, String bootId) {
        this.tools = tools;
        this.sysfs = sysfs;
        this.ports = List.copyOf(ports);
        this.timeout = timeout;
        this.bootId = bootId;
    }

    /** One planned tool run: the tool, its arguments, the output file and an optional header line. */
    private record Planned(String tool, List<String> args, String file, String header) {}

    /**
     * Takes the snapshot {@code name} into {@code incident/name/}; returns its manifest record
     * (files, skipped tools, failed runs, unread outputs, time).
     */
    public Map<String, Object> take(Path incident, String name) throws IOException {
        Path dir = Files.createDirectory(incident.resolve(name));
        long mono0 = System.nanoTime();
        Instant wall0 = Instant.now();
        List<Map<String, Object>> files = new ArrayList<>(), skipped = new ArrayList<>(), failed = new ArrayList<>();
        Map<String, Path> moved = new LinkedHashMap<>();
        if (sysfs.present()) {
            long t = System.nanoTime();
            int unreadable = sysfs.dump(dir.resolve("sysfs.txt"));
            Map<String, Object> f = new LinkedHashMap<>();
            f.put("file", "sysfs.txt");
            f.put("tool", "sysfs");
            f.put("source", sysfs.classDir().toString());
            f.put("ms", (System.nanoTime() - t) / 1_000_000);
            if (unreadable > 0) f.put("unreadable_files", unreadable);
            files.add(f);
        } else {
            skipped.add(skip("sysfs", sysfs.classDir() + " not present"));
        }
        for (Planned p : plan()) {
            var exe = tools.find(p.tool());
            if (exe.isEmpty()) continue; // absent tools are listed once per snapshot below
            List<String> cmd = new ArrayList<>();
            cmd.add(exe.get().toString());
            cmd.addAll(p.args());
            Path out = dir.resolve(p.file());
            ToolRun r = ToolRun.run(cmd, out, p.header(), timeout);
            Map<String, Object> m = new LinkedHashMap<>();
            m.put("file", p.file());
            m.put("tool", p.tool());
            m.putAll(r.toMap());
            boolean empty = Files.size(out) == (p.header() == null ? 0 : p.header().length() + 1);
            if (!r.ok()) {
                if (empty) Files.delete(out); else moved.put(p.file(), out);
                m.put("file", empty ? null : unreadPath(name, p.file()));
                m.put("reason", r.timedOut() ? "timed out after " + timeout.toSeconds() + " s" : r.error() != null ? r.error()
                        : "exited " + r.exit());
                failed.add(m);
            } else if (empty) {
                Files.delete(out);
                m.put("file", null);
                m.put("reason", "printed nothing");
                failed.add(m);
            } else {
                files.add(m);
            }
        }
        for (String t : Tools.ALL) if (tools.find(t).isEmpty()) skipped.add(skip(t, "not on PATH"));
        long durationMs = (System.nanoTime() - mono0) / 1_000_000;
        Map<String, Object> ts = new LinkedHashMap<>();
        ts.put("snapshot", name);
        ts.put("wall_clock", wall0.toString());
        ts.put("epoch_ms", wall0.toEpochMilli());
        ts.put("monotonic_ns", mono0);
        ts.put("monotonic_clock", "CLOCK_MONOTONIC (System.nanoTime), ns since boot, at the start of the snapshot");
        ts.put("duration_ms", durationMs);
        ts.put("boot_id", bootId);
        JSON.writeValue(dir.resolve(Layout.TIMESTAMP).toFile(), ts);

        List<Map<String, Object>> unread = new ArrayList<>();
        for (Map.Entry<String, Path> e : moved.entrySet()) unread.add(moveUnread(incident, name, e.getValue(), "the tool failed"));
        for (Map<String, Object> f : files) {
            Path p = dir.resolve((String) f.get("file"));
            String why = unreadable(p);
            if (why != null) {
                unread.add(moveUnread(incident, name, p, why));
                f.put("file", unreadPath(name, (String) f.get("file")));
                f.put("unread", why);
            }
        }
        files.removeIf(f -> f.containsKey("unread"));

        Map<String, Object> rec = new LinkedHashMap<>();
        rec.put("name", name);
        rec.put("dir", name);
        rec.put("wall_clock", wall0.toString());
        rec.put("epoch_ms", wall0.toEpochMilli());
        rec.put("monotonic_ns", mono0);
        rec.put("duration_ms", durationMs);
        rec.put("files", files);
        rec.put("skipped", skipped);
        rec.put("failed", failed);
        rec.put("unread", unread);
        return rec;
    }

    /** The runs of one snapshot, in order. */
    private List<Planned> plan() {
        List<Planned> out = new ArrayList<>();
        for (HostPort p : ports) {
            if (p.infiniband()) {
                out.add(new Planned("perfquery", List.of("-x", "-C", p.device(), "-P", Integer.toString(p.port())),
                        "perfquery-x." + p.fileName() + ".txt", null));
            }
        }
        out.add(new Planned("rdma", List.of("-j", "statistic", "show"), "rdma-statistic.json", null));
        List<String> netdevs = new ArrayList<>();
        for (HostPort p : ports) if (p.netdev() != null && !netdevs.contains(p.netdev())) netdevs.add(p.netdev());
        for (String n : netdevs) {
            out.add(new Planned("ethtool", List.of("-S", n), "ethtool-S." + Collector.safe(n) + ".txt", "# ethtool -S " + n));
            // the transceiver's diagnostics (rx/tx power and bias per lane, against its own thresholds); a DAC or a NIC
            // without module access fails here, which the manifest records and the snapshot does without
            out.add(new Planned("ethtool", List.of("-m", n), "ethtool-m." + Collector.safe(n) + ".txt", "# ethtool -m " + n));
            // the link settings: Speed gives a RoCE port its link rate (reconcile, the BER check) where sysfs gives none
            out.add(new Planned("ethtool", List.of(n), "ethtool." + Collector.safe(n) + ".txt", "# ethtool " + n));
            // what the host says about PFC on the netdev (settings, and dcb -s's per-priority PFC frames): neither names it in its output
            out.add(new Planned("mlnx_qos", List.of("-i", n), "mlnx_qos." + Collector.safe(n) + ".txt", "# mlnx_qos -i " + n));
            out.add(new Planned("dcb", List.of("-s", "pfc", "show", "dev", n), "dcb-pfc." + Collector.safe(n) + ".txt", "# dcb -s pfc show dev " + n));
        }
        out.add(new Planned("rdma", List.of("-j", "link", "show"), "rdma-link.json", null));
        out.add(new Planned("ibstat", List.of(), "ibstat.txt", null));
        for (HostPort p : ports) {
            List<String> args = List.of("-d", p.device(), "-p", Integer.toString(p.port()), "-m", "-c");
            // mlxlink does not name the port in its output: the command line does, for the reader
            out.add(new Planned("mlxlink", args, "mlxlink." + p.fileName() + ".txt", "# mlxlink " + String.join(" ", args)));
        }
        return out;
    }

    /** Why no reader reads {@code p}, or null when one does. */
    static String unreadable(Path p) {
        try {
            Readers.standard().read(Input.of(p));
            return null;
        } catch (CaptureException e) {
            return e.getMessage();
        } catch (RuntimeException e) {
            return e.toString();
        }
    }

    private static String unreadPath(String snapshot, String file) {
        return Layout.UNREAD + "/" + snapshot + "/" + file;
    }

    private static Map<String, Object> moveUnread(Path incident, String snapshot, Path file, String why) throws IOException {
        Path dir = Files.createDirectories(incident.resolve(Layout.UNREAD).resolve(snapshot));
        Files.move(file, dir.resolve(file.getFileName()), StandardCopyOption.REPLACE_EXISTING);
        Map<String, Object> m = new LinkedHashMap<>();
        m.put("file", unreadPath(snapshot, file.getFileName().toString()));
        m.put("reason", why);
        return m;
    }

    private static Map<String, Object> skip(String tool, String why) {
        Map<String, Object> m = new LinkedHashMap<>();
        m.put("tool", tool);
        m.put("reason", why);
        return m;
    }

    /** Files in a folder, for tests and the summary. */
    static List<String> list(Path dir) throws IOException {
        try (Stream<Path> s = Files.list(dir)) {
            return s.map(p -> p.getFileName().toString()).sorted().toList();
        }
    }
}
