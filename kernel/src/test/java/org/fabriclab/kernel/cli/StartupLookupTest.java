package org.fabriclab.kernel.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.util.concurrent.TimeUnit;

import org.junit.jupiter.api.Test;

/**
 * A command does not look for Groovy: picocli's probe for {@code groovy.lang.Closure} (off through
 * {@code picocli.disable.closures}, {@link Main#noGroovyProbe}) searched, and so opened, every jar of the
 * class path on every start.
 */
class StartupLookupTest {
    @Test void noCommandSearchesTheClassPathForGroovy() throws Exception {
        String cp = System.getProperty("surefire.test.class.path", System.getProperty("java.class.path"));
        Process p = new ProcessBuilder(Path.of(System.getProperty("java.home"), "bin", "java").toString(),
                "-Dsun.misc.URLClassPath.debug=true", "-cp", cp, "org.fabriclab.kernel.cli.Main", "--version")
                .redirectErrorStream(true).start();
        String out = new String(p.getInputStream().readAllBytes());
        assertTrue(p.waitFor(120, TimeUnit.SECONDS));
        assertEquals(0, p.exitValue(), out);
        assertTrue(out.contains("fabriclab 0.1.0"), out);
        assertTrue(out.contains("URLClassPath"), "the JDK's class path lookups are traced: " + out);   // the trace works
        assertFalse(out.contains("loadClosureClass"), out);
    }

    @Test void aValueTheCallerSetIsKept() {
        String before = System.getProperty("picocli.disable.closures");
        try {
            System.setProperty("picocli.disable.closures", "false");
            Main.noGroovyProbe();
            assertEquals("false", System.getProperty("picocli.disable.closures"));
            System.clearProperty("picocli.disable.closures");
            Main.noGroovyProbe();
            assertEquals("true", System.getProperty("picocli.disable.closures"));
        } finally {
            if (before == null) System.clearProperty("picocli.disable.closures"); else System.setProperty("picocli.disable.closures", before);
        }
    }
}
