package org.fabriclab.kernel.eval;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.lang.reflect.Proxy;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.List;
import java.util.concurrent.atomic.AtomicInteger;

import javax.tools.JavaCompiler;
import javax.tools.StandardJavaFileManager;
import javax.tools.StandardLocation;
import javax.tools.ToolProvider;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import com.sun.source.util.JavacTask;
import com.sun.source.util.Plugin;

/**
 * The file manager under JShell's: javac's per-task --multi-release reaches the standard one only when it changes;
 * javac's processor and plugin class loader finds nothing.
 */
class CellFileManagerTest {
    /** The standard file manager, recording every option handed to it. */
    private static StandardJavaFileManager recording(List<String> seen) {
        JavaCompiler javac = ToolProvider.getSystemJavaCompiler();
        StandardJavaFileManager std = javac.getStandardFileManager(null, null, StandardCharsets.UTF_8);
        return (StandardJavaFileManager) Proxy.newProxyInstance(CellFileManagerTest.class.getClassLoader(),
                new Class<?>[] {StandardJavaFileManager.class}, (proxy, m, args) -> {
                    if (m.getName().equals("handleOption")) {
                        @SuppressWarnings("unchecked") Iterator<String> it = (Iterator<String>) args[1];
                        List<String> rest = new ArrayList<>();
                        it.forEachRemaining(rest::add);
                        seen.add(args[0] + " " + String.join(" ", rest));
                        return m.invoke(std, args[0], rest.iterator());
                    }
                    return m.invoke(std, args);
                });
    }

    @Test void theSameReleaseIsHandedOnOnceAndEveryOtherOptionAlways() throws Exception {
        List<String> seen = new ArrayList<>();
        CellFileManager fm = new CellFileManager(recording(seen));
        for (int i = 0; i < 3; i++) assertTrue(fm.handleOption("--multi-release", List.of("17").iterator()));
        assertEquals(List.of("--multi-release 17"), seen, "one task's option, not three (each would drop the jar index)");
        assertTrue(fm.handleOption("--multi-release", List.of("21").iterator()));
        assertTrue(fm.handleOption("-classpath", List.of(System.getProperty("java.class.path")).iterator()));
        assertTrue(fm.handleOption("-classpath", List.of(System.getProperty("java.class.path")).iterator()));
        assertEquals(List.of("--multi-release 17", "--multi-release 21", "-classpath " + System.getProperty("java.class.path"),
                "-classpath " + System.getProperty("java.class.path")), seen, "a new release and every class path change reach it");
        assertTrue(fm.getLocationAsPaths(StandardLocation.CLASS_PATH).iterator().hasNext(), "the class path set through it is the standard one's");
        fm.close();
    }

    @Test void aSessionCompilesAgainstItsClassPathThroughIt() {
        try (Session s = Session.open()) {
            // the second and third tasks reuse the jar index the first one built: classes from jars still resolve
            for (int i = 0; i < 3; i++) {
                CellResult r = s.eval("tech.tablesaw.api.LongColumn.create(\"v\", new long[] {" + i + "}).size()", i + 1);
                assertTrue(r.ok(), String.valueOf(r.error()));
                assertEquals(1, r.value());
            }
        }
    }

    /** A javac plugin that asks to be started with every compilation; counts its starts. */
    public static final class StartingPlugin implements Plugin {
        static final AtomicInteger STARTS = new AtomicInteger();

        @Override public String getName() { return "fabriclab-test-plugin"; }

        @Override public void init(JavacTask task, String... args) { STARTS.incrementAndGet(); }

        @Override public boolean autoStart() { return true; }
    }

    @Test void javacLooksForNoPluginsOnTheCellClassPath(@TempDir Path dir) throws Exception {
        Path services = dir.resolve("META-INF/services/" + Plugin.class.getName());
        Files.createDirectories(services.getParent());
        Files.writeString(services, StartingPlugin.class.getName() + "\n");
        try (Session s = Session.open()) {
            assertTrue(s.eval("%classpath " + dir, 1).ok());
            int before = StartingPlugin.STARTS.get();
            CellResult r = s.eval("var fabriclabPluginProbe = 40 + 2;\nfabriclabPluginProbe", 2);
            assertTrue(r.ok(), String.valueOf(r.error()));
            assertEquals(42, r.value());
            assertEquals(before, StartingPlugin.STARTS.get(), "javac looked for plugins on the cell class path and started one");
        }
        CellFileManager fm = new CellFileManager(ToolProvider.getSystemJavaCompiler().getStandardFileManager(null, null, StandardCharsets.UTF_8));
        for (StandardLocation where : List.of(StandardLocation.CLASS_PATH, StandardLocation.ANNOTATION_PROCESSOR_PATH)) {
            ClassLoader loader = fm.getClassLoader(where);
            assertEquals(null, loader.getResource("org/fabriclab/kernel/eval/Session.class"), where + ": a loader over the class path");
            assertFalse(loader.getResources("META-INF/services/" + Plugin.class.getName()).hasMoreElements(), String.valueOf(where));
        }
        fm.close();
    }
}
