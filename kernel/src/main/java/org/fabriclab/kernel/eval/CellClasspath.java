package org.fabriclab.kernel.eval;

import java.io.File;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;

/**
 * What cells see: the DSL, Tablesaw, XChart, Jackson (and their own dependencies) and the JDK, but
 * not the kernel's transport, terminal and bytecode libraries (jeromq, jline, picocli, ASM) nor the kernel's own
 * classes, so a cell that adds another jeromq or jline jar does not collide with the kernel's.
 * The only kernel classes a cell may name are the display API and what rewritten cell classes call
 * (the exit guard and the stop check, see {@link CellRewriter}).
 * <p>For now cells also see the demo module ({@code fabriclab-demo}: {@code org.fabriclab.scenario},
 * {@code org.fabriclab.generate}), a kernel dependency for {@code ./fabriclab datasets} and
 * {@code demo}: the committed notebooks still import {@code Scenario}/{@code Expectations} for their
 * known-answer cells. Temporary: when issue 11 moves those checks out of the notebooks, add
 * {@code "fabriclab-demo-"} to {@link #HIDDEN_JARS} and {@code org.fabriclab.scenario.},
 * {@code org.fabriclab.generate.} to {@link #HIDDEN_PREFIXES}.
 *
 * <pre>{@code
 * CellClasspath.hidden("org.zeromq.ZMQ");                          // true
 * CellClasspath.hidden("tech.tablesaw.api.Table");                 // false
 * String cp = CellClasspath.compileClasspath(System.getProperty("java.class.path"));
 * }</pre>
 */
public final class CellClasspath {
    /** Packages the kernel uses for itself; cells load their own copies if they add them. */
    static final List<String> HIDDEN_PREFIXES = List.of(
            "org.zeromq.", "zmq.", "com.neilalexander.jnacl.", "org.jline.", "picocli.",
            "org.junit.", "org.opentest4j.", "org.apiguardian.", "org.objectweb.asm.", "org.commonmark.",
            "org.fabriclab.kernel.");
    /** Kernel classes cells may use. */
    static final Set<String> VISIBLE_KERNEL_CLASSES = Set.of(
            "org.fabriclab.kernel.display.Display",
            "org.fabriclab.kernel.display.DisplayLimits",
            "org.fabriclab.kernel.eval.Input",
            "org.fabriclab.kernel.eval.NoInputException",
            "org.fabriclab.kernel.eval.ExitGuard",
            "org.fabriclab.kernel.eval.CellExit",
            "org.fabriclab.kernel.eval.StopCheck",
            "org.fabriclab.kernel.eval.CellStopped");
    /** Jar name prefixes left off the compile class path. */
    static final List<String> HIDDEN_JARS = List.of(
            "jeromq-", "jnacl-", "jline-", "picocli-", "junit-", "opentest4j-", "apiguardian-", "asm-", "commonmark-", "surefire");

    private CellClasspath() {}

    /** True when a class name belongs to the kernel and must not be served to cell code. */
    public static boolean hidden(String className) {
        if (VISIBLE_KERNEL_CLASSES.contains(className)) return false;
        for (String p : HIDDEN_PREFIXES) if (className.startsWith(p)) return true;
        return false;
    }

    /** A resource path ({@code org/zeromq/ZMQ.class}) in a hidden package. */
    static boolean hiddenResource(String path) {
        if (path.startsWith("META-INF/")) return false;
        return hidden(path.replace('/', '.'));
    }

    /** The class path cells are compiled against: the JVM's, minus the kernel-only jars. */
    public static String compileClasspath(String jvmClasspath) {
        List<String> keep = new ArrayList<>();
        for (String e : jvmClasspath.split(File.pathSeparator)) {
            if (e.isBlank()) continue;
            String name = new File(e).getName();
            boolean drop = false;
            for (String h : HIDDEN_JARS) if (name.startsWith(h)) drop = true;
            if (!drop) keep.add(e);
        }
        return String.join(File.pathSeparator, keep);
    }
}
