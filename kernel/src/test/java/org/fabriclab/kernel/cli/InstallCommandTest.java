package org.fabriclab.kernel.cli;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;

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
