package org.fabriclab.kernel.cli;

import java.io.File;
import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * Where Jupyter looks for kernelspecs, by jupyter_core's own rules ({@code jupyter_core.paths}:
 * {@code jupyter_data_dir()} and {@code jupyter_path()}), computed from an environment and an OS
 * name so tests can inject both. The per-user data directory is the first of:
 * <ol>
 *   <li>{@code $JUPYTER_DATA_DIR} when set and not empty;</li>
 *   <li>with {@code JUPYTER_PLATFORM_DIRS} set to anything but {@code no/n/false/off/0/0.0}
 *       (case-insensitive), platformdirs' user data dir: {@code $XDG_DATA_HOME/jupyter} or
 *       {@code ~/.local/share/jupyter} on Linux; {@code $XDG_DATA_HOME/Jupyter} (platformdirs 4.6
 *       and later) or {@code ~/Library/Application Support/Jupyter} on macOS ({@code jupyter} under
 *       a Homebrew Python, which this process cannot see);
 *       {@code %LOCALAPPDATA%\Jupyter} on Windows;</li>
 *   <li>otherwise {@code ~/Library/Jupyter} on macOS; {@code %APPDATA%\jupyter} on Windows (without
 *       {@code APPDATA}: {@code %JUPYTER_CONFIG_DIR%\data}, else {@code ~\.jupyter\data}); on Linux
 *       and other Unix {@code $XDG_DATA_HOME/jupyter}, else {@code ~/.local/share/jupyter}.</li>
 * </ol>
 * {@code ~} is {@code $HOME} ({@code %USERPROFILE%} on Windows, as Python's {@code expanduser}),
 * the JVM's {@code user.home} when that is unset, with symbolic links resolved as jupyter_core
 * does. Kernelspecs are searched in {@code $JUPYTER_PATH} (every entry), the data dir, the Python
 * environment's {@code share/jupyter} (unknown here) and {@code /usr/local/share/jupyter},
 * {@code /usr/share/jupyter} (not on Windows).
 *
 * <pre>{@code
 * JupyterPaths.of(Map.of("HOME", "/home/ana"), "Linux").dataDir();   // /home/ana/.local/share/jupyter
 * JupyterPaths.of(System.getenv(), System.getProperty("os.name")).kernelsDir();
 * }</pre>
 */
final class JupyterPaths {
    /** A data directory and the rule that chose it, for the install message. */
    record DataDir(Path path, String rule) {}

    private final Map<String, String> env;
    private final String os;   // "linux", "mac", "windows"

    private JupyterPaths(Map<String, String> env, String osName) {
        this.env = env;
        String o = osName.toLowerCase(Locale.ROOT);
        this.os = o.startsWith("mac") || o.startsWith("darwin") ? "mac" : o.startsWith("windows") ? "windows" : "linux";
    }

    static JupyterPaths of(Map<String, String> env, String osName) {
        return new JupyterPaths(env, osName);
    }

    /** Jupyter's per-user data directory ({@code jupyter --data-dir}). */
    DataDir dataDir() {
        String data = get("JUPYTER_DATA_DIR");
        if (data != null) return new DataDir(Path.of(data), "$JUPYTER_DATA_DIR");
        if (platformDirs()) {
            String xdg = env.getOrDefault("XDG_DATA_HOME", "").isBlank() ? null : env.get("XDG_DATA_HOME");   // platformdirs strips it
            switch (os) {
                case "windows" -> {
                    String local = get("LOCALAPPDATA");
                    if (local == null) throw new IllegalArgumentException("JUPYTER_PLATFORM_DIRS is set but LOCALAPPDATA is not: set JUPYTER_DATA_DIR or use --prefix");
                    return new DataDir(Path.of(local, "Jupyter"), "JUPYTER_PLATFORM_DIRS: %LOCALAPPDATA%");
                }
                case "mac" -> {
                    return xdg != null ? new DataDir(Path.of(xdg.strip(), "Jupyter"), "JUPYTER_PLATFORM_DIRS: $XDG_DATA_HOME")
                            : new DataDir(home().resolve("Library/Application Support/Jupyter"), "JUPYTER_PLATFORM_DIRS: ~/Library/Application Support");
                }
                default -> {
                    return xdg != null ? new DataDir(Path.of(xdg.strip(), "jupyter"), "JUPYTER_PLATFORM_DIRS: $XDG_DATA_HOME")
                            : new DataDir(home().resolve(".local/share/jupyter"), "JUPYTER_PLATFORM_DIRS: ~/.local/share");
                }
            }
        }
        switch (os) {
            case "mac" -> {
                return new DataDir(home().resolve("Library/Jupyter"), "macOS default ~/Library/Jupyter");
            }
            case "windows" -> {
                String appdata = get("APPDATA");
                if (appdata != null) return new DataDir(real(Path.of(appdata, "jupyter")), "%APPDATA%");
                if (get("JUPYTER_NO_CONFIG") != null) {
                    throw new IllegalArgumentException("JUPYTER_NO_CONFIG is set and APPDATA is not: Jupyter's data dir is a temporary folder; set JUPYTER_DATA_DIR or use --prefix");
                }
                String config = get("JUPYTER_CONFIG_DIR");
                return config != null ? new DataDir(Path.of(config, "data"), "%JUPYTER_CONFIG_DIR%\\data")
                        : new DataDir(home().resolve(".jupyter").resolve("data"), "~\\.jupyter\\data");
            }
            default -> {
                String xdg = get("XDG_DATA_HOME");
                return xdg != null ? new DataDir(Path.of(xdg, "jupyter"), "$XDG_DATA_HOME")
                        : new DataDir(home().resolve(".local/share/jupyter"), "~/.local/share (XDG default)");
            }
        }
    }

    /** {@code DATA_DIR/kernels}, where {@code install --user} writes. */
    Path kernelsDir() {
        return dataDir().path().resolve("kernels");
    }

    /**
     * The data folders Jupyter searches for {@code kernels/} that this process can know:
     * {@code $JUPYTER_PATH} entries, the user data dir, and on Unix the system folders (the
     * Python environment's own {@code sys.prefix/share/jupyter} is searched too but unknown here).
     */
    List<Path> searchPath() {
        List<Path> out = new ArrayList<>();
        String jp = get("JUPYTER_PATH");
        String sep = os.equals("windows") ? ";" : File.pathSeparator;
        if (jp != null) for (String p : jp.split(java.util.regex.Pattern.quote(sep))) if (!p.isBlank()) out.add(Path.of(p));
        out.add(dataDir().path());
        if (!os.equals("windows")) {
            out.add(Path.of("/usr/local/share/jupyter"));
            out.add(Path.of("/usr/share/jupyter"));
        }
        return out;
    }

    /** True when Jupyter finds kernelspecs under {@code dataDir/kernels} without further setup. */
    boolean searched(Path dataDir) {
        Path want = real(dataDir);
        for (Path p : searchPath()) if (real(p).equals(want)) return true;
        return false;
    }

    /** jupyter_core's {@code envset}: set, and not one of no/n/false/off/0/0.0. */
    private boolean platformDirs() {
        String v = env.get("JUPYTER_PLATFORM_DIRS");
        return v != null && !List.of("no", "n", "false", "off", "0", "0.0").contains(v.toLowerCase(Locale.ROOT));
    }

    /** The home folder as Python's expanduser("~") finds it, symbolic links resolved. */
    private Path home() {
        String h;
        if (os.equals("windows")) {
            h = env.containsKey("USERPROFILE") ? env.get("USERPROFILE")
                    : env.containsKey("HOMEPATH") ? env.getOrDefault("HOMEDRIVE", "") + env.get("HOMEPATH") : null;
        } else {
            h = env.containsKey("HOME") ? (env.get("HOME").isEmpty() ? "/" : env.get("HOME")) : null;   // expanduser: "" is "/"
        }
        if (h == null) h = System.getProperty("user.home");   // Python falls back to the password database
        return real(Path.of(h));
    }

    private static Path real(Path p) {
        try {
            return p.toRealPath();
        } catch (IOException e) {
            return p.toAbsolutePath().normalize();
        }
    }

    /** A variable's value, null when unset or empty (jupyter_core treats empty as unset). */
    private String get(String name) {
        String v = env.get(name);
        return v == null || v.isEmpty() ? null : v;
    }
}
