package org.fabriclab.kernel.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.Map;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** jupyter_core's jupyter_data_dir() rules, each case against an injected environment (never the real HOME). */
class JupyterPathsTest {
    static Map<String, String> env(String... kv) {
        Map<String, String> m = new HashMap<>();
        for (int i = 0; i < kv.length; i += 2) m.put(kv[i], kv[i + 1]);
        return m;
    }

    static Path data(Map<String, String> env, String os) {
        return JupyterPaths.of(env, os).dataDir().path();
    }

    @Test void jupyterDataDirWinsEverywhere(@TempDir Path t) throws Exception {
        for (String os : new String[] {"Linux", "Mac OS X", "Windows 11"}) {
            assertEquals(Path.of("/d"), data(env("JUPYTER_DATA_DIR", "/d", "HOME", t.toString(), "XDG_DATA_HOME", "/x",
                    "APPDATA", "/a", "JUPYTER_PLATFORM_DIRS", "1"), os), os);
        }
        assertEquals(t.toRealPath().resolve(".local/share/jupyter"), data(env("JUPYTER_DATA_DIR", "", "HOME", t.toString()), "Linux"),
                "an empty JUPYTER_DATA_DIR is unset");
    }

    @Test void linuxDefaultFromHomeThenXdg(@TempDir Path t) throws Exception {
        assertEquals(t.toRealPath().resolve(".local/share/jupyter"), data(env("HOME", t.toString()), "Linux"));
        assertEquals(Path.of("/xdg/data/jupyter"), data(env("HOME", t.toString(), "XDG_DATA_HOME", "/xdg/data"), "Linux"));
        assertEquals(t.toRealPath().resolve(".local/share/jupyter"), data(env("HOME", t.toString(), "XDG_DATA_HOME", ""), "Linux"));
        assertEquals(Path.of("/xdg/data/jupyter"), data(env("HOME", t.toString(), "XDG_DATA_HOME", "/xdg/data"), "FreeBSD"), "other Unix as Linux");
    }

    @Test void homeSymlinksAreResolvedAsJupyterCoreDoes(@TempDir Path t) throws Exception {
        Path real = Files.createDirectories(t.resolve("real-home"));
        Path link = Files.createSymbolicLink(t.resolve("home-link"), real);
        assertEquals(real.toRealPath().resolve(".local/share/jupyter"), data(env("HOME", link.toString()), "Linux"));
    }

    @Test void macOsDefaults(@TempDir Path t) throws Exception {
        assertEquals(t.toRealPath().resolve("Library/Jupyter"), data(env("HOME", t.toString(), "XDG_DATA_HOME", "/x"), "Mac OS X"),
                "XDG_DATA_HOME is not read on macOS without JUPYTER_PLATFORM_DIRS");
        assertEquals(t.toRealPath().resolve("Library/Application Support/Jupyter"),
                data(env("HOME", t.toString(), "JUPYTER_PLATFORM_DIRS", "1"), "Mac OS X"));
        assertEquals(Path.of("/x/Jupyter"), data(env("HOME", t.toString(), "JUPYTER_PLATFORM_DIRS", "1", "XDG_DATA_HOME", "/x"), "Mac OS X"));
    }

    @Test void windowsDefaults(@TempDir Path t) throws Exception {
        assertEquals(t.toRealPath().resolve("jupyter"), data(env("APPDATA", t.toString(), "USERPROFILE", "/u"), "Windows 10"));
        assertEquals(Path.of("/cfg/data"), data(env("JUPYTER_CONFIG_DIR", "/cfg", "USERPROFILE", "/u"), "Windows 10"), "no APPDATA: config dir/data");
        assertEquals(t.toRealPath().resolve(".jupyter/data"), data(env("USERPROFILE", t.toString()), "Windows 10"));
        assertEquals(Path.of("/local/Jupyter"), data(env("APPDATA", "/a", "LOCALAPPDATA", "/local", "JUPYTER_PLATFORM_DIRS", "yes"), "Windows 10"));
        assertThrows(IllegalArgumentException.class, () -> data(env("USERPROFILE", "/u", "JUPYTER_NO_CONFIG", "1"), "Windows 10"),
                "Jupyter would use a temporary folder");
    }

    @Test void platformDirsFlagFollowsEnvset(@TempDir Path t) throws Exception {
        Path home = t.toRealPath();
        for (String off : new String[] {"0", "no", "N", "false", "OFF", "0.0"}) {
            assertEquals(home.resolve("Library/Jupyter"), data(env("HOME", t.toString(), "JUPYTER_PLATFORM_DIRS", off), "Mac OS X"), off);
        }
        for (String on : new String[] {"1", "yes", "true", "", "anything"}) {
            assertEquals(home.resolve("Library/Application Support/Jupyter"), data(env("HOME", t.toString(), "JUPYTER_PLATFORM_DIRS", on), "Mac OS X"),
                    "'" + on + "' counts as set");
        }
        assertEquals(home.resolve(".local/share/jupyter"), data(env("HOME", t.toString(), "JUPYTER_PLATFORM_DIRS", "1", "XDG_DATA_HOME", "  "), "Linux"),
                "platformdirs strips XDG_DATA_HOME");
    }

    @Test void searchPathHasJupyterPathTheDataDirAndTheSystemFolders(@TempDir Path t) {
        JupyterPaths p = JupyterPaths.of(env("HOME", t.toString(), "JUPYTER_PATH", "/a/share/jupyter:/b/share/jupyter"), "Linux");
        assertTrue(p.searched(Path.of("/a/share/jupyter")));
        assertTrue(p.searched(Path.of("/b/share/jupyter/")));
        assertTrue(p.searched(p.dataDir().path()));
        assertTrue(p.searched(Path.of("/usr/local/share/jupyter")));
        assertFalse(p.searched(t.resolve("prefix/share/jupyter")));
        assertFalse(JupyterPaths.of(env("USERPROFILE", "/u", "APPDATA", "/a"), "Windows 10").searched(Path.of("/usr/share/jupyter")));
    }
}
