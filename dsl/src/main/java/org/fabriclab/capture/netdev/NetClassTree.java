package org.fabriclab.capture.netdev;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;

import org.fabriclab.capture.Capture;
import org.fabriclab.capture.CaptureException;
import org.fabriclab.capture.Input;
import org.fabriclab.capture.PortAttr;

/**
 * A copied {@code /sys/class/net} tree ({@code cp -r}, or unpacked from a tar of {@code /sys}, whose files tar pads with
 * NUL bytes to 4096): the class folder ({@code net/eth0/statistics/rx_bytes}) or one interface's folder
 * ({@code eth0/statistics/rx_bytes}, named by the folder). Each {@code statistics/} file is one reading, at line 1 of
 * that file; the interface's {@code speed}, {@code operstate}, {@code mtu} and {@code carrier_changes} are read as
 * {@link NetClassReader} reads them from a grep.
 *
 * <pre>{@code
 * NetClassTree.interfaces(Path.of("before/net"));   // [before/net/eth0, before/net/ib0]
 * }</pre>
 */
final class NetClassTree {
    private static final String STATISTICS = "statistics";

    private NetClassTree() {}

    /** The interface folders of {@code dir}: itself when it holds {@code statistics/}, else its sub-folders that do. */
    static List<Path> interfaces(Path dir) {
        if (Files.isDirectory(dir.resolve(STATISTICS))) return List.of(dir);
        List<Path> out = new ArrayList<>();
        for (Path p : list(dir)) if (Files.isDirectory(p.resolve(STATISTICS))) out.add(p);
        return out;
    }

    /** Reads every interface folder of {@code in}; returns how many counters. */
    static int read(Input in, Capture.Builder b) {
        int counts = 0;
        for (Path dir : interfaces(in.path())) {
            String ifname = dir.getFileName().toString();
            String port = LinkStats.start(b, ifname, in.childName(dir), 0);
            for (Path f : list(dir.resolve(STATISTICS))) {
                if (!Files.isRegularFile(f)) continue;
                String name = in.childName(f), field = f.getFileName().toString();
                String v = value(f, name);
                if (v.isEmpty()) { b.absent(b.source(), port, field, name, 1, "the file is empty"); continue; }
                b.counter(b.source(), port, field, LinkStats.count(v, field, name, 1), name, 1);
                counts++;
            }
            for (String attr : List.of("speed", "operstate", "mtu", "carrier_changes")) {
                Path f = dir.resolve(attr);
                if (!Files.isRegularFile(f)) continue;
                String name = in.childName(f), v = value(f, name);
                if (v.isEmpty()) continue;   // a down link's speed reads as an error, copied as nothing
                switch (attr) {
                    case "speed" -> { String g = LinkStats.rateGbps(v); if (g != null) b.attr(port, PortAttr.RATE_GBPS, g, name, 1); }
                    case "operstate" -> b.attr(port, LinkStats.OPERSTATE, v, name, 1);
                    case "mtu" -> b.attr(port, LinkStats.MTU, v, name, 1);
                    default -> { b.counter(b.source(), port, attr, LinkStats.count(v, attr, name, 1), name, 1); counts++; }
                }
            }
        }
        return counts;
    }

    /** The file's first line, tar's NUL padding cut off. */
    private static String value(Path f, String name) {
        String content;
        try {
            content = new String(Files.readAllBytes(f), StandardCharsets.UTF_8);
        } catch (IOException e) {
            throw new CaptureException(name, 0, "cannot read the sysfs file: " + e.getMessage(), e);
        }
        int nul = content.indexOf('\0');
        if (nul >= 0) {
            for (int i = nul; i < content.length(); i++) {
                if (content.charAt(i) != '\0') throw new CaptureException(name, 1, "binary content (NUL byte), expected a sysfs value");
            }
            content = content.substring(0, nul);
        }
        int nl = content.indexOf('\n');
        return (nl < 0 ? content : content.substring(0, nl)).strip();
    }

    private static List<Path> list(Path dir) {
        try (Stream<Path> s = Files.list(dir)) {
            return s.sorted().toList();
        } catch (IOException e) {
            return List.of();
        }
    }
}
