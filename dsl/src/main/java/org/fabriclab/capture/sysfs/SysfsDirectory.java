package org.fabriclab.capture.sysfs;

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

/**
 * Reads a directory laid out like sysfs: {@code /sys/class/infiniband} (device folders), one device
 * folder ({@code mlx5_0}, holding {@code ports/}) or one port folder ({@code mlx5_0/ports/1}). Only
 * the files {@link SysfsPorts} knows are opened; symlinks such as {@code device/} are not followed. A tree
 * unpacked from a tar of sysfs has its files padded with NUL bytes to 4096 (tar archives the stat size and
 * pads the shorter read); such a file is read up to the padding, with one warning for the tree.
 *
 * <pre>{@code
 * SysfsDirectory.read(Input.of(Path.of("/sys/class/infiniband")), ports, builder);
 * }</pre>
 */
final class SysfsDirectory {
    /** How a directory maps onto sysfs. */
    enum Layout { CLASS, DEVICE, PORT }

    private SysfsDirectory() {}

    /** The layout of {@code dir}, or null when it does not look like InfiniBand sysfs. */
    static Layout layout(Path dir) {
        if (dir == null || !Files.isDirectory(dir)) return null;
        if (Files.isDirectory(dir.resolve("ports"))) return Layout.DEVICE;
        if (isPortDir(dir)) return Layout.PORT;
        try (Stream<Path> s = Files.list(dir)) {
            return s.anyMatch(p -> Files.isDirectory(p.resolve("ports"))) ? Layout.CLASS : null;
        } catch (IOException e) {
            return null;
        }
    }

    /**
     * For one file inside a sysfs tree, its path below {@code class/infiniband/}: a counter
     * ({@code mlx5_0/ports/1/counters/symbol_error}), a port attribute ({@code mlx5_0/ports/1/state}) or
     * a device attribute ({@code mlx5_0/fw_ver}, when the folder beside it has {@code ports/}); null when
     * the path is not laid out like that. The path alone decides, as sysfs names carry the meaning.
     */
    static String fileRelative(Path file) {
        if (file == null || !Files.isRegularFile(file)) return null;
        Path f = file.toAbsolutePath().normalize();
        int n = f.getNameCount();
        String name = f.getFileName().toString();
        if (n >= 5 && SysfsPorts.COUNTER_DIRS.contains(f.getName(n - 2).toString())
                && f.getName(n - 4).toString().equals("ports") && isDigits(f.getName(n - 3).toString())) {
            return f.getName(n - 5) + "/ports/" + f.getName(n - 3) + "/" + f.getName(n - 2) + "/" + name;
        }
        if (n >= 4 && SysfsPorts.PORT_FILES.contains(name) && f.getName(n - 3).toString().equals("ports")
                && isDigits(f.getName(n - 2).toString())) {
            return f.getName(n - 4) + "/ports/" + f.getName(n - 2) + "/" + name;
        }
        if (n >= 2 && SysfsPorts.DEVICE_FILES.contains(name) && Files.isDirectory(f.resolveSibling("ports"))) {
            return f.getName(n - 2) + "/" + name;
        }
        return null;
    }

    private static boolean isDigits(String s) {
        if (s.isEmpty()) return false;
        for (int i = 0; i < s.length(); i++) if (!Character.isDigit(s.charAt(i))) return false;
        return true;
    }

    /**
     * A port folder: {@code counters/} or {@code hw_counters/} holding a sysfs file (named after its counter, no
     * extension), or {@code state} beside {@code link_layer}. A folder named {@code hw_counters/} that holds a saved
     * {@code grep} of them ({@code hw_counters/hw_counters.txt}, a hand collection's folder per tool) is no port folder.
     */
    private static boolean isPortDir(Path dir) {
        for (String d : SysfsPorts.COUNTER_DIRS) if (Files.isDirectory(dir.resolve(d)) && holdsSysfsFile(dir.resolve(d))) return true;
        return Files.isRegularFile(dir.resolve("state")) && Files.isRegularFile(dir.resolve("link_layer"));
    }

    /** Whether {@code dir} holds a file named as sysfs names one: no extension ({@code symbol_error}, not {@code hw_counters.txt}). */
    private static boolean holdsSysfsFile(Path dir) {
        try (Stream<Path> s = Files.list(dir)) {
            return s.anyMatch(p -> Files.isRegularFile(p) && p.getFileName().toString().indexOf('.') < 0);
        } catch (IOException e) {
            return false;
        }
    }

    /**
     * Reads every known file of the folder {@code in} (its files named after it: {@link Input#child}); returns the number
     * of unreadable files (each also a warning).
     */
    static int read(Input in, SysfsPorts ports, Capture.Builder b) {
        Path dir = in.path();
        Layout layout = layout(dir);
        if (layout == null) {
            throw new CaptureException(in.name(), 0, "directory does not look like /sys/class/infiniband, a device "
                    + "folder (with ports/) or a ports/<n> folder (with counters/ or hw_counters/)");
        }
        int[] unreadable = {0, 0};   // [0] files that could not be read, [1] files zero-padded by tar
        switch (layout) {
            case CLASS -> {
                for (Path dev : sorted(in, dir)) if (Files.isDirectory(dev.resolve("ports"))) device(in, dev, ports, b, unreadable);
            }
            case DEVICE -> device(in, dir, ports, b, unreadable);
            case PORT -> {
                Path devDir = dir.getParent() == null ? null : dir.getParent().getParent();
                String dev = devDir == null || devDir.getFileName() == null ? "?" : devDir.getFileName().toString();
                port(in, dev, dir, ports, b, unreadable);
            }
        }
        if (unreadable[1] > 0) {
            b.warn(in.name() + ": " + unreadable[1] + " file(s) end in NUL bytes, as tar pads a sysfs file it archives "
                    + "('File shrank by N bytes; padding with zeros'); each was read up to the padding");
        }
        return unreadable[0];
    }

    private static void device(Input in, Path dev, SysfsPorts ports, Capture.Builder b, int[] unreadable) {
        String name = dev.getFileName().toString();
        for (Path port : sorted(in, dev.resolve("ports"))) {
            if (Files.isDirectory(port)) port(in, name, port, ports, b, unreadable);
        }
        for (String f : SysfsPorts.DEVICE_FILES) {
            Path p = dev.resolve(f);
            if (Files.isRegularFile(p)) file(in, name + "/" + f, p, ports, b, unreadable);
        }
    }

    private static void port(Input in, String dev, Path port, SysfsPorts ports, Capture.Builder b, int[] unreadable) {
        String rel = dev + "/ports/" + port.getFileName();
        for (Path f : sorted(in, port)) {
            String n = f.getFileName().toString();
            if (Files.isRegularFile(f) && SysfsPorts.PORT_FILES.contains(n)) file(in, rel + "/" + n, f, ports, b, unreadable);
        }
        for (String d : SysfsPorts.COUNTER_DIRS) {
            Path cd = port.resolve(d);
            if (!Files.isDirectory(cd)) continue;
            for (Path f : sorted(in, cd)) {
                if (Files.isRegularFile(f)) file(in, rel + "/" + d + "/" + f.getFileName(), f, ports, b, unreadable);
            }
        }
    }

    private static void file(Input in, String rel, Path p, SysfsPorts ports, Capture.Builder b, int[] unreadable) {
        String name = in.childName(p);
        String content;
        try {
            content = new String(Files.readAllBytes(p), StandardCharsets.UTF_8);
        } catch (IOException e) {
            b.warn(name + ": cannot read (" + e.getMessage() + "); skipped");
            unreadable[0]++;
            return;
        }
        int nul = content.indexOf('\0');
        if (nul >= 0) {
            // tar archives a sysfs file at its stat size, 4096, and pads what read() gave with zeros
            if (!isPadding(content, nul)) throw new CaptureException(name, 1, "binary content (NUL byte), expected a sysfs value");
            content = content.substring(0, nul);
            unreadable[1]++;
        }
        int nl = content.indexOf('\n');
        ports.entry(rel, nl < 0 ? content : content.substring(0, nl), name, 1);
    }

    /** Whether everything from {@code from} on is NUL: the zeros tar pads a shrunk file with. */
    static boolean isPadding(String content, int from) {
        for (int i = from; i < content.length(); i++) if (content.charAt(i) != '\0') return false;
        return true;
    }

    private static List<Path> sorted(Input in, Path dir) {
        try (Stream<Path> s = Files.list(dir)) {
            return new ArrayList<>(s.sorted().toList());
        } catch (IOException e) {
            throw new CaptureException(in.childName(dir), 0, "cannot list directory: " + e.getMessage());
        }
    }
}
