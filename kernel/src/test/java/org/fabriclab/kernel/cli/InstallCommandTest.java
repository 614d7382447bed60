package org.fabriclab.kernel.cli;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.Map;

import javax.imageio.ImageIO;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;

class InstallCommandTest {
    @Test void writesKernelspecWithLogos(@TempDir Path dir) throws Exception {
        Path launcher = dir.resolve("fabriclab");
        Files.writeString(launcher, "#!/bin/sh\n");
        Files.setPosixFilePermissions(launcher, PosixFilePermissions.fromString("rwxr-xr-x"));
        StringWriter out = new StringWriter();
        int rc = Main.run(new String[] {"install", "--prefix", dir.resolve("p").toString(), "--no-cds", "--launcher", launcher.toString()},
                new PrintWriter(out), new PrintWriter(new StringWriter()));
        assertEquals(0, rc);
        Path spec = dir.resolve("p/share/jupyter/kernels/fabriclab");
        assertTrue(out.toString().contains(spec.toString()), out.toString());
        JsonNode k = new ObjectMapper().readTree(spec.resolve("kernel.json").toFile());
        assertEquals("Java (fabriclab)", k.path("display_name").asText());
        assertEquals("message", k.path("interrupt_mode").asText());
        assertEquals(launcher.toAbsolutePath().toString(), k.path("argv").get(0).asText());
        assertTrue(Path.of(k.path("argv").get(0).asText()).isAbsolute());
        assertEquals("kernel", k.path("argv").get(1).asText());
        assertEquals("{connection_file}", k.path("argv").get(2).asText());
        for (int size : new int[] {32, 64}) {
            var img = ImageIO.read(spec.resolve("logo-" + size + "x" + size + ".png").toFile());
            assertArrayEquals(new int[] {size, size}, new int[] {img.getWidth(), img.getHeight()});
        }
    }

    @Test void sizesTheHeapForAnalysisAndSaysWhatItChose(@TempDir Path dir) throws Exception {
        Path launcher = dir.resolve("fabriclab");
        Files.writeString(launcher, "#!/bin/sh\n");
        Files.setPosixFilePermissions(launcher, PosixFilePermissions.fromString("rwxr-xr-x"));
        StringWriter out = new StringWriter();
        assertEquals(0, Main.run(new String[] {"install", "--prefix", dir.resolve("p").toString(), "--no-cds", "--launcher", launcher.toString()},
                new PrintWriter(out), new PrintWriter(new StringWriter())));
        assertTrue(out.toString().contains("Kernel heap: at most 70% of RAM"), out.toString());
        String opts = new ObjectMapper().readTree(dir.resolve("p/share/jupyter/kernels/fabriclab/kernel.json").toFile())
                .path("env").path("FABRICLAB_JAVA_OPTS").asText();
        assertTrue(opts.contains("-XX:MaxRAMPercentage=70") && !opts.contains("TieredStopAtLevel"), opts);
        StringWriter sized = new StringWriter();
        assertEquals(0, Main.run(new String[] {"install", "--prefix", dir.resolve("q").toString(), "--no-cds", "--launcher", launcher.toString(),
                "--heap", "12g"}, new PrintWriter(sized), new PrintWriter(new StringWriter())));
        assertTrue(sized.toString().contains("Kernel heap: at most 12g"), sized.toString());
        assertTrue(new ObjectMapper().readTree(dir.resolve("q/share/jupyter/kernels/fabriclab/kernel.json").toFile())
                .path("env").path("FABRICLAB_JAVA_OPTS").asText().startsWith("-Xmx12g "));
        StringWriter err = new StringWriter();
        assertEquals(Main.BAD_INPUT, Main.run(new String[] {"install", "--prefix", dir.resolve("r").toString(), "--no-cds",
                "--launcher", launcher.toString(), "--heap", "lots"}, new PrintWriter(new StringWriter()), new PrintWriter(err)));
        assertTrue(err.toString().contains("--heap lots"), err.toString());
    }

    static Path launcher(Path dir) throws Exception {
        Path launcher = dir.resolve("fabriclab");
        Files.writeString(launcher, "#!/bin/sh\n");
        Files.setPosixFilePermissions(launcher, PosixFilePermissions.fromString("rwxr-xr-x"));
        return launcher;
    }

    /** Runs install with an injected environment (never the real HOME); returns stdout, asserts exit 0. */
    static String install(Map<String, String> env, String... args) throws Exception {
        var cl = Main.commandLine();
        StringWriter out = new StringWriter(), err = new StringWriter();
        cl.setOut(new PrintWriter(out));
        cl.setErr(new PrintWriter(err));
        InstallCommand cmd = cl.getSubcommands().get("install").getCommand();
        cmd.env = env;
        cmd.osName = "Linux";
        assertEquals(0, cl.execute(args), err.toString());
        return out.toString();
    }

    @Test void userInstallFollowsJupyterDataDirRules(@TempDir Path dir) throws Exception {
        Path home = java.nio.file.Files.createDirectories(dir.resolve("home")).toRealPath();
        String l = launcher(dir).toString();
        String out = install(Map.of("HOME", home.toString()), "install", "--user", "--no-cds", "--launcher", l);
        Path spec = home.resolve(".local/share/jupyter/kernels/fabriclab/kernel.json");
        assertTrue(Files.isRegularFile(spec), out);
        assertTrue(out.contains(spec.getParent().toString()) && out.contains("XDG default"), out);
        install(Map.of("HOME", home.toString(), "XDG_DATA_HOME", dir.resolve("xdg").toString()), "install", "--no-cds", "--launcher", l);
        assertTrue(Files.isRegularFile(dir.resolve("xdg/jupyter/kernels/fabriclab/kernel.json")), "--user is the default; XDG_DATA_HOME read");
        out = install(Map.of("HOME", home.toString(), "XDG_DATA_HOME", dir.resolve("xdg").toString(), "JUPYTER_DATA_DIR", dir.resolve("jd").toString()),
                "install", "--user", "--no-cds", "--launcher", l);
        assertTrue(Files.isRegularFile(dir.resolve("jd/kernels/fabriclab/kernel.json")), out);
        assertTrue(out.contains("$JUPYTER_DATA_DIR"), out);
    }

    @Test void prefixInstallSaysJupyterPathIsNeeded(@TempDir Path dir) throws Exception {
        String l = launcher(dir).toString();
        Path data = dir.resolve("p/share/jupyter").toAbsolutePath();
        String out = install(Map.of("HOME", dir.toString()), "install", "--prefix", dir.resolve("p").toString(), "--no-cds", "--launcher", l);
        assertTrue(out.contains("export JUPYTER_PATH=" + data + "\n") || out.trim().endsWith("export JUPYTER_PATH=" + data), out);
        out = install(Map.of("HOME", dir.toString(), "JUPYTER_PATH", "/other"), "install", "--prefix", dir.resolve("p").toString(), "--no-cds", "--launcher", l);
        assertTrue(out.contains("export JUPYTER_PATH=" + data + ":$JUPYTER_PATH"), "keeps the entries already there: " + out);
        out = install(Map.of("HOME", dir.toString(), "JUPYTER_PATH", data.toString()), "install", "--prefix", dir.resolve("p").toString(), "--no-cds", "--launcher", l);
        assertFalse(out.contains("export"), "already on the search path: " + out);
        assertTrue(out.contains("on Jupyter's search path"), out);
    }

    @Test void refusesToOverwriteTheInputNotebook(@TempDir Path dir) throws Exception {
        Path nb = dir.resolve("in.ipynb");
        Files.writeString(nb, "{\"nbformat\": 4, \"nbformat_minor\": 5, \"metadata\": {}, \"cells\": []}");
        String before = Files.readString(nb);
        StringWriter err = new StringWriter();
        int rc = Main.run(new String[] {"run", nb.toString(), "-o", nb.toString()}, new PrintWriter(new StringWriter()), new PrintWriter(err));
        assertEquals(Main.BAD_INPUT, rc);
        assertTrue(err.toString().contains("never overwritten"), err.toString());
        assertEquals(before, Files.readString(nb));
    }
}
