package org.fabriclab.kernel.eval;

import java.lang.reflect.Method;
import java.util.logging.Level;
import java.util.logging.Logger;

import jdk.jshell.JShell;
import jdk.jshell.SourceCodeAnalysis;

/**
 * JShell's source analysis for one session, made on first use, with its class-path indexer held
 * back while only cells need it. Making the analysis starts JShell's indexer, which walks the JDK
 * image and every class-path jar on a background thread (about 0.6 s of CPU); splitting a cell
 * into snippets ({@link SourceCodeAnalysis#analyzeCompletion}) does not use that index, only
 * completion, inspection and type analysis do. So {@link #forCells()} makes the analysis with the
 * indexing suspended (JShell's own {@code suspendIndexing}, which its indexer checks before each
 * path), and {@link #full()} (a completion, an inspection, the kernel's idle time) lets it go on:
 * a first multi-snippet cell, such as a first capture read right after the kernel started, no
 * longer shares a small machine's cores with the indexer (issue 9).
 *
 * <p>{@code suspendIndexing} is public in JShell's non-exported implementation class: it is
 * reached by reflection, which needs {@code --add-opens=jdk.jshell/jdk.jshell=ALL-UNNAMED} (the
 * launcher passes it). Without it the indexer runs as soon as the analysis is made, as before.
 * JShell's indexer is one thread for the whole JVM: a held session's indexing blocks the other
 * sessions' until {@link #full()} or {@link #release()} ({@link Session#close()}).
 *
 * <pre>{@code
 * SourceAnalysis a = new SourceAnalysis(shell);
 * a.forCells().analyzeCompletion("var x = 1; x");   // no indexing yet
 * a.full().completionSuggestions("Str", 3, anchor); // indexing goes on
 * }</pre>
 */
final class SourceAnalysis {
    private static final Logger LOG = Logger.getLogger(SourceAnalysis.class.getName());

    /**
     * JShell's suspendIndexing and resumeIndexing, looked up (without initialising JShell's class) before the analysis is
     * made: the indexer starts when it is made, so the suspension has to follow at once (the indexer checks it before each
     * path); null when not reachable. A holder, so a session that never splits a cell never looks them up.
     */
    private static final class Indexing {
        static final Method SUSPEND = method("suspendIndexing"), RESUME = method("resumeIndexing");
    }
    private final JShell shell;
    private SourceCodeAnalysis sca;
    /** Whether this holder suspended the analysis' indexing and has not resumed it yet. */
    private boolean held;

    SourceAnalysis(JShell shell) { this.shell = shell; }

    /** The analysis for splitting cells: made with its indexing suspended when it does not exist yet. */
    synchronized SourceCodeAnalysis forCells() {
        if (sca == null) {
            Method suspend = Indexing.SUSPEND;
            sca = shell.sourceCodeAnalysis();
            held = call(suspend, sca);
        }
        return sca;
    }

    /** The analysis with its indexing going on (made when it does not exist yet). */
    synchronized SourceCodeAnalysis full() {
        if (sca == null) sca = shell.sourceCodeAnalysis();
        release();
        return sca;
    }

    /** Lets the indexing go on if this holder suspended it. */
    synchronized void release() {
        if (held) held = !call(Indexing.RESUME, sca);
    }

    /** Whether the analysis exists. */
    synchronized boolean made() { return sca != null; }

    /** Whether its indexing is suspended by this holder. */
    synchronized boolean held() { return held; }

    private static Method method(String name) {
        try {
            Method m = Class.forName("jdk.jshell.SourceCodeAnalysisImpl", false, JShell.class.getClassLoader()).getMethod(name);
            m.setAccessible(true);   // InaccessibleObjectException (a RuntimeException) when jdk.jshell is not opened
            return m;
        } catch (ReflectiveOperationException | RuntimeException e) {
            LOG.log(Level.FINE, "JShell's " + name + " is not reachable (no --add-opens=jdk.jshell/jdk.jshell=ALL-UNNAMED)", e);
            return null;
        }
    }

    private static boolean call(Method m, SourceCodeAnalysis sca) {
        if (m == null || !m.getDeclaringClass().isInstance(sca)) return false;
        try {
            m.invoke(sca);
            return true;
        } catch (ReflectiveOperationException | RuntimeException e) {
            LOG.log(Level.FINE, "JShell's " + m.getName() + " failed", e);
            return false;
        }
    }
}
