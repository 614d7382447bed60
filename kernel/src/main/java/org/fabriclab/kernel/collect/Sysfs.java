package org.fabriclab.kernel.collect;

import java.io.BufferedWriter;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;

/**
 * The InfiniBand class tree under a sysfs root ({@code /sys}, or a fake root for tests):
 * {@code ROOT/class/infiniband/DEV/ports/N/}. {@link #ports} finds the local ports (link layer, LID,
 * netdev); {@link #dump} writes what {@code grep -H . ROOT/class/infiniband/*}{@code /...} would print
 * for the device attributes, the port attributes and every file of {@code counters/},
 * {@code counters_ext/} and {@code hw_counters/}, one {@code path:value} line each, the form the sysfs
 * reader reads. Unreadable files (some counters refuse a read) are skipped and counted.
 *
 * <pre>{@code
 * Sysfs s = new Sysfs(Path.of("/sys"));
 * List<HostPort> ports = s.ports();
 * int unreadable = s.dump(tmp.resolve("sysfs.txt"));
 * }</pre>
 */
public final class Sysfs {
    static final List<String> DEVICE_FILES = List.of("node_guid", "sys_image_guid", "fw_ver", "hca_type", "board_id", "node_desc");
    static final List<String> PORT_FILES = List.of("lid", "sm_lid", "rate", "state", "phys_state", "link_layer", "cap_mask");
    static final List<String> COUNTER_DIRS = List.of("counters", "counters_ext", "hw_counters");

    private final Path root;

    public Sysfs(Path root) { this.root = root; }

    /** {@code ROOT/class/infiniband}. */
    public Path classDir() { return root.resolve("class").resolve("infiniband"); }

    public boolean present() { return Files.isDirectory(classDir()); }

    /** The devices' ports, sorted by device then port number. */
    public List<HostPort> ports() throws IOException {
        List<HostPort> out = new ArrayList<>();
        if (!present()) return out;
        for (Path dev : sorted(classDir())) {
            Path ports = dev.resolve("ports");
            if (!Files.isDirectory(ports)) continue;
            List<Path> nums = sorted(ports).stream().filter(p -> p.getFileName().toString().matches("\\d+")).toList();
            for (Path p : nums.stream().sorted(java.util.Comparator.comparingInt(x -> Integer.parseInt(x.getFileName().toString()))).toList()) {
                String ll = first(p.resolve("link_layer"));
                String lid = first(p.resolve("lid"));
                if (lid != null) lid = decimalLid(lid);
                String netdev = first(p.resolve("gid_attrs").resolve("ndevs").resolve("0"));
                if (netdev == null || netdev.isEmpty()) netdev = onlyNetdev(dev);
                out.add(new HostPort(dev.getFileName().toString(), Integer.parseInt(p.getFileName().toString()), ll,
                        "0".equals(lid) ? null : lid, netdev));
            }
        }
        return out;
    }

    /** Writes the {@code grep -H .} lines into {@code out}; returns how many files could not be read. */
    public int dump(Path out) throws IOException {
        int unreadable = 0;
        try (BufferedWriter w = Files.newBufferedWriter(out, StandardCharsets.UTF_8)) {
            for (Path dev : sorted(classDir())) {
                if (!Files.isDirectory(dev.resolve("ports"))) continue;
                for (String f : DEVICE_FILES) unreadable += line(w, dev.resolve(f));
                for (Path port : sorted(dev.resolve("ports"))) {
                    if (!Files.isDirectory(port)) continue;
                    for (String f : PORT_FILES) unreadable += line(w, port.resolve(f));
                    for (String d : COUNTER_DIRS) {
                        Path cd = port.resolve(d);
                        if (!Files.isDirectory(cd)) continue;
                        for (Path f : sorted(cd)) unreadable += line(w, f);
                    }
                }
            }
        }
        return unreadable;
    }

    /** One {@code path:value} line per non-empty line of the file, as grep -H . prints; 1 when unreadable. */
    private static int line(BufferedWriter w, Path f) throws IOException {
        if (!Files.isRegularFile(f)) return 0;
        String content;
        try {
            content = Files.readString(f, StandardCharsets.UTF_8);
        } catch (IOException | java.io.UncheckedIOException e) {
            return 1;
        }
        for (String l : content.split("\n")) {
            if (l.isEmpty()) continue;
            w.write(f.toString());
            w.write(':');
            w.write(l);
            w.write('\n');
        }
        return 0;
    }

    private static String first(Path f) {
        if (!Files.isRegularFile(f)) return null;
        try {
            String s = Files.readString(f, StandardCharsets.UTF_8).strip();
            int nl = s.indexOf('\n');
            return nl < 0 ? s : s.substring(0, nl);
        } catch (IOException | java.io.UncheckedIOException e) {
            return null;
        }
    }

    /** The netdev of a device whose {@code device/net/} holds exactly one. */
    private static String onlyNetdev(Path dev) {
        Path net = dev.resolve("device").resolve("net");
        if (!Files.isDirectory(net)) return null;
        try (Stream<Path> s = Files.list(net)) {
            List<Path> l = s.toList();
            return l.size() == 1 ? l.get(0).getFileName().toString() : null;
        } catch (IOException e) {
            return null;
        }
    }

    static String decimalLid(String v) {
        try {
            if (v.startsWith("0x") || v.startsWith("0X")) return Long.toString(Long.parseLong(v.substring(2), 16));
            return Long.toString(Long.parseLong(v));
        } catch (NumberFormatException e) {
            return null;
        }
    }

    private static List<Path> sorted(Path dir) throws IOException {
        try (Stream<Path> s = Files.list(dir)) {
            return s.sorted().toList();
        }
    }
}
