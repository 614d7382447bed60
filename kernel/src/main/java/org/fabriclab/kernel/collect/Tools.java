package org.fabriclab.kernel.collect;

import java.io.File;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * The fabric tools collect runs, found on a {@code PATH} (the process's, or one given for tests):
 * {@code perfquery}, {@code ibstat} (infiniband-diags), {@code ethtool}, {@code rdma} (iproute2),
 * {@code mlxlink} (mstflint / MFT), {@code mlnx_qos} (MLNX_OFED / mlnx-tools), {@code dcb} (iproute2). An absent tool is skipped and noted, never an error.
 *
 * <pre>{@code
 * Tools t = Tools.onPath(System.getenv("PATH"));
 * t.find("perfquery");   // Optional[/usr/sbin/perfquery]
 * }</pre>
 */
public final class Tools {
    public static final List<String> ALL = List.of("perfquery", "ibstat", "ethtool", "rdma", "mlxlink", "mlnx_qos", "dcb");

    private final List<Path> dirs;

    private Tools(List<Path> dirs) { this.dirs = dirs; }

    /** The directories of a {@code PATH} string (null or empty: none). */
    public static Tools onPath(String path) {
        if (path == null || path.isBlank()) return new Tools(List.of());
        return new Tools(java.util.Arrays.stream(path.split(File.pathSeparator)).filter(s -> !s.isEmpty()).map(Path::of).toList());
    }

    /** The first executable {@code name} on the path. */
    public Optional<Path> find(String name) {
        for (Path d : dirs) {
            Path p = d.resolve(name);
            if (Files.isRegularFile(p) && Files.isExecutable(p)) return Optional.of(p);
        }
        return Optional.empty();
    }

    /** Every known tool and where it is (null: absent), for the manifest. */
    public Map<String, String> table() {
        Map<String, String> m = new LinkedHashMap<>();
        for (String t : ALL) m.put(t, find(t).map(Path::toString).orElse(null));
        return m;
    }
}
