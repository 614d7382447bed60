package org.fabriclab.kernel.eval;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.lang.reflect.Proxy;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.List;

import javax.tools.JavaCompiler;
import javax.tools.StandardJavaFileManager;
import javax.tools.StandardLocation;
import javax.tools.ToolProvider;

import org.junit.jupiter.api.Test;

/** The file manager under JShell's: javac's per-task --multi-release reaches the standard one only when it changes. */
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
}
