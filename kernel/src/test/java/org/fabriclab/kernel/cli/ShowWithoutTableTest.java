package org.fabriclab.kernel.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.File;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.TimeUnit;

import org.junit.jupiter.api.Test;

/**
 * {@code show} of captures with measurement tables (mlxlink, perftest) prints them without
 * initialising Tablesaw's {@code Table}, whose static initialiser runs a ClassGraph scan (~0.1-0.2 s
 * of a short command): in a JVM of its own, no ClassGraph class is loaded.
 */
class ShowWithoutTableTest {
    @Test void showPrintsMeasurementTablesWithoutAClassGraphScan() throws Exception {
        String cp = System.getProperty("surefire.test.class.path", System.getProperty("java.class.path"));
        Path ds = Path.of("..", "datasets");
        List<String> cmd = List.of(Path.of(System.getProperty("java.home"), "bin", "java").toString(), "-Djava.awt.headless=true",
                "-Xlog:class+load=info:stderr", "-cp", cp, "org.fabriclab.kernel.cli.Main", "show",
                ds.resolve(Path.of("degrading-optic", "mlxlink", "day00.txt")).toString(),
                ds.resolve(Path.of("reconcile-a-line-rate", "perftest.log")).toString());
        Process p = new ProcessBuilder(cmd).redirectError(ProcessBuilder.Redirect.PIPE).start();
        byte[] err = p.getErrorStream().readAllBytes();
        String out = new String(p.getInputStream().readAllBytes());
        assertTrue(p.waitFor(120, TimeUnit.SECONDS));
        String log = new String(err);
        assertEquals(0, p.exitValue(), log);
        assertTrue(out.contains("ber") && out.contains("bandwidth"), out);   // the tables were printed
        assertFalse(log.contains("io.github.classgraph."), "Table was initialised: " + String.join(File.pathSeparator, log.lines()
                .filter(l -> l.contains("classgraph")).limit(3).toList()));
    }
}
