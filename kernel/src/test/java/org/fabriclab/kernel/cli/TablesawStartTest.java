package org.fabriclab.kernel.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.File;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.TimeUnit;

import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * With the launcher's class path (every jar named, tablesaw-core among them), Tablesaw is
 * initialised by a class-path scan of tablesaw-core alone ({@link TablesawStart}); its CSV reader and
 * writer must still be registered, and the class path property must be whole again afterwards.
 */
class TablesawStartTest {
    @Test void tablesawReadsAndWritesCsvAfterTheNarrowScan(@TempDir Path dir) throws Exception {
        String cp = System.getProperty("surefire.test.class.path", System.getProperty("java.class.path"));
        Assumptions.assumeTrue(List.of(cp.split(File.pathSeparator)).stream().anyMatch(e -> new File(e).getName().startsWith("tablesaw-core")),
                "needs the jars on the class path itself: " + cp);
        Path png = dir.resolve("p.png");
        Process p = new ProcessBuilder(Path.of(System.getProperty("java.home"), "bin", "java").toString(), "-Djava.awt.headless=true",
                "-cp", cp, "org.fabriclab.kernel.cli.Main", "plot", "pause", Path.of("..", "datasets", "roce-pause-storm", "pause-series.csv").toString(),
                "--out", png.toString()).redirectErrorStream(true).start();
        String out = new String(p.getInputStream().readAllBytes());
        assertTrue(p.waitFor(120, TimeUnit.SECONDS));
        assertEquals(0, p.exitValue(), out);   // Table.read().csv found its reader
        assertTrue(Files.size(png) > 1000);
        Process q = new ProcessBuilder(Path.of(System.getProperty("java.home"), "bin", "java").toString(),
                "-cp", cp, "org.fabriclab.kernel.cli.Main", "show", Path.of("..", "datasets", "ib-marginal-optic", "before").toString(), "--csv")
                .redirectErrorStream(true).start();
        String csv = new String(q.getInputStream().readAllBytes());
        assertTrue(q.waitFor(120, TimeUnit.SECONDS));
        assertEquals(0, q.exitValue(), csv);
        assertTrue(csv.startsWith("source,file,line,port,counter"), csv);
    }

    @Test void theClassPathPropertyIsRestored() {
        String before = System.getProperty("java.class.path");
        TablesawStart.init();
        assertEquals(before, System.getProperty("java.class.path"));
    }
}
