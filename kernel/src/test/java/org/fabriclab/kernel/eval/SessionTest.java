package org.fabriclab.kernel.eval;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;

import org.fabriclab.verdict.Verdict;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;

import tech.tablesaw.api.Table;

/** The JShell session in this JVM: live values, DSL startup imports, magics, analysis. */
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
class SessionTest {
    Session s;

    @BeforeAll void open() { s = Session.open(); }

    @AfterAll void close() { s.close(); }

    @Test void valuesAreLiveObjectsOfTheKernelsClasses() {
        CellResult r = s.eval("var t = Table.create(\"ports\");\nt", 1);
        assertTrue(r.ok(), String.valueOf(r.error()));
        assertInstanceOf(Table.class, r.value(), "same Table class as the renderers see");
        assertSame(r.value(), s.eval("t", 2).value());
        CellResult v = s.eval("Classifier.classify(IB, Map.of(), Map.of(), 1e12, 1000)", 3);
        assertInstanceOf(Verdict.class, v.value());
        assertEquals("incomplete", ((Verdict) v.value()).verdict());
    }

    @Test void declarationsAndStatementsShowNoValue() {
        assertFalse(s.eval("int declared = 3;", 4).hasValue());
        assertFalse(s.eval("System.out.print(\"\");", 5).hasValue());
        assertEquals(4, s.eval("declared + 1", 6).value());
    }

    @Test void cellsSplitIntoSnippetsAndReportLines() {
        CellResult r = s.eval("int a = 1;\nint b = 2;\n\nint c = a / (b - 2);", 7);
        assertEquals("java.lang.ArithmeticException", r.error().ename());
        assertTrue(r.error().traceback().toString().contains("Cell[7] line 4"), r.error().traceback().toString());
    }

    @Test void kernelClassesAndTransportAreHiddenFromCells() {
        assertEquals("java.lang.ClassNotFoundException", s.eval("Class.forName(\"org.fabriclab.kernel.wire.KernelServer\")", 8).error().ename());
        assertEquals("java.lang.ClassNotFoundException", s.eval("Class.forName(\"picocli.CommandLine\")", 9).error().ename());
        assertTrue(s.eval("Class.forName(\"com.fasterxml.jackson.databind.ObjectMapper\")", 10).ok());
        CellResult compiled = s.eval("Object o = picocli.CommandLine.class;", 10);
        assertEquals("CompilationException", compiled.error().ename(), "javac does not see the kernel's jars either");
        assertTrue(s.eval("Object m = com.fasterxml.jackson.databind.ObjectMapper.class;", 10).ok());
        assertTrue(CellClasspath.hidden("org.jline.reader.LineReader"));
        assertFalse(CellClasspath.hidden("org.fabriclab.kernel.display.Display"));
        assertFalse(CellClasspath.compileClasspath("/a/jeromq-0.6.0.jar:/a/tablesaw-core-0.44.4.jar").contains("jeromq"));
    }

    @Test void completenessCompletionInspection() {
        assertEquals("complete", s.isComplete("int x = 1;"));
        assertEquals("incomplete", s.isComplete("if (true) {"));
        assertEquals("invalid", s.isComplete("int x = 1; }"));
        assertEquals("complete", s.isComplete("%vars"));
        Completion c = s.complete("snaps", 5);
        assertTrue(c.matches().contains("snapshot("), c.matches().toString());
        assertEquals(0, c.start());
        assertEquals(java.util.List.of("%classpath"), s.complete("%cl", 3).matches());
        String doc = s.inspect("delta(", 6);
        assertTrue(doc.contains("org.fabriclab.Fabric.delta") && doc.contains("The delta between two snapshots"), doc);
    }

    @Test void inspectGivesTheJavadocOfDslMethodsReachedThroughAVariableOrAChain() {
        assertTrue(s.eval("Delta inspected = null;", 21).ok());
        // JShell names the imported Delta by its simple name: "MovedDelta Delta.moved(double bytesMoved)"
        String moved = s.inspect("inspected.moved(", 16);
        assertTrue(moved.contains("Delta.moved(double bytesMoved)") && moved.contains("knowing how many bytes the test moved"), moved);
        String chained = s.inspect("inspected.moved(1e12).byLayer()", 24);
        assertTrue(chained.contains("byLayer()") && chained.contains("grouped by layer in rank order"), chained);
        String variable = s.inspect("inspected", 9);
        assertTrue(variable.contains("The delta between two snapshots"), "a variable shows its type's javadoc: " + variable);
        assertTrue(DslDocs.forSignature("String String.valueOf(Object o)", List.of("java.lang.*", "org.fabriclab.delta.*")).isEmpty(),
                "a JDK method stays without DSL javadoc");
    }

    @Test void recursionInATracebackIsShownOnceWithItsCount() {
        CellResult r = s.eval("int down(int n) { return down(n + 1) + 1; }\ndown(0)", 22);
        List<String> tb = r.error().traceback();
        assertEquals("java.lang.StackOverflowError", r.error().ename());
        assertEquals("\tat Cell[22] line 1 (down)", tb.get(1), tb.toString());
        assertTrue(tb.get(2).matches("\t\\.\\.\\. the frame above repeated \\d+ more times"), tb.toString());
        assertTrue(tb.size() <= 4, "one frame and its count, not twelve copies: " + tb);
        CellResult mutual = s.eval("int ping(int n) { return pong(n) + 1; }\nint pong(int n) { return ping(n) + 1; }\nping(0)", 23);
        List<String> mt = mutual.error().traceback();
        assertTrue(mt.stream().anyMatch(l -> l.matches("\t\\.\\.\\. the 2 frames above repeated \\d+ more times")), mt.toString());
        assertEquals(List.of(1, 1), java.util.Arrays.stream(Session.repeatedCycle(List.of("a", "b", "a", "b"), 0)).boxed().toList(),
                "twice is not yet a run");
    }

    @Test void aCellEndingInDisplayShowsTheDisplayNotItsId() {
        assertFalse(s.eval("display(\"a table\");", 24).hasValue(), "display(x); as the last line: no Out[] of the id");
        assertFalse(s.eval("int shownBefore = 1;\ndisplay(List.of(shownBefore))", 25).hasValue(), "nor as the last snippet of several");
        assertTrue(s.eval("String keptId = display(\"x\");", 26).ok());
        assertTrue(s.eval("keptId", 27).value().toString().matches("[0-9a-f-]{36}"), "a named id is kept");
        assertEquals(36, s.eval("display(\"y\").length()", 28).value(), "an expression using the id shows its value");
    }

    @Test void magics() {
        CellResult bad = s.eval("%classpath /no/such.jar", 11);
        assertEquals("IllegalArgumentException", bad.error().ename());
        assertEquals("IllegalArgumentException", s.eval("%nope", 12).error().ename());
        assertTrue(s.eval("%imports\n1 + 1", 13).hasValue(), "code after magic lines runs");
    }

    @Test void anInterruptWhileCompilingStopsTheCellWhenItStarts() throws Exception {
        java.util.concurrent.atomic.AtomicBoolean done = new java.util.concurrent.atomic.AtomicBoolean();
        Thread stopper = new Thread(() -> {
            while (!done.get()) {
                s.stop(); // asks again and again, also while the cell compiles
                Thread.onSpinWait();
            }
        });
        stopper.setDaemon(true);
        stopper.start();
        CellResult r = s.eval("{ long n = 0; while (true) { n++; } }", 14);
        done.set(true);
        stopper.join(5000);
        assertFalse(r.ok());
        assertEquals("Interrupted", r.error().ename(), r.error().traceback().toString());
        assertTrue(r.error().traceback().get(0).startsWith("Interrupted: the cell was stopped"), r.error().traceback().toString());
        assertTrue(s.eval("1", 15).ok(), "the next cell runs normally");
    }

    @Test void valueCellsShowTheirValueAndLeaveNothingBehind() {
        assertEquals(2, s.eval("1 + 1", 16).value());
        assertEquals(3, s.eval("1 +\n  2 // a comment on the last line", 17).value(), "multi-line, trailing comment");
        assertFalse(s.eval("java.util.Map.of().get(\"absent\")", 18).hasValue(), "a null value shows nothing");
        assertFalse(s.eval("System.out.print(\"\")", 19).hasValue(), "a void call falls back to JShell and shows nothing");
        java.util.List<String> vars = s.variableNames();
        assertTrue(vars.stream().noneMatch(v -> v.startsWith("$")), "no $N or hidden variables stay defined: " + vars);
        CellResult ref = s.eval("$1", 20);
        assertEquals("CompilationException", ref.error().ename(), "JShell's $N names are dropped");
    }

    @Test void distinctCellsAreCompiledOnceEach() {
        // issue 9: one fixed hidden name made cell N compile N times (a redefinition attempt per earlier cell)
        try (Session fresh = Session.open()) {
            for (int i = 1; i <= 25; i++) assertEquals(i * 3 + 1, fresh.eval(i + " * 3 + 1", i).value());
            for (int i = 1; i <= 10; i++) assertEquals(i * 2, fresh.eval("int c" + i + " = " + i + ";\nc" + i + " * 2", 30 + i).value());
            assertEquals(0, fresh.redefineAttempts(), "no cell is compiled into a class name an earlier cell used");
        }
    }

    @Test void valueCellsLeaveNoClassFilesBehindAndLaterCellsStillSeeWhatIsKept() {
        // issue 9: JShell kept every value cell's class file, and javac listed them all on every task of every later cell
        try (Session fresh = Session.open()) {
            int start = fresh.compiledClassFiles();
            assertTrue(start >= 0, "JShell's class file store is reachable (the launcher and surefire open jdk.jshell)");
            assertTrue(fresh.eval("var kept = 5;\nclass Kept { int twice() { return 2 * kept; } }", 1).ok());
            int withKept = fresh.compiledClassFiles();
            assertTrue(withKept > start, "a named variable's and a class's files stay: " + start + " -> " + withKept);
            for (int i = 1; i <= 60; i++) assertEquals(i * 3 + 1, fresh.eval(i + " * 3 + 1", 1 + i).value());
            assertEquals(List.of(2, 4), fresh.eval("java.util.stream.Stream.of(1, 2).map(x -> x * 2).toList()", 70).value(), "a lambda inside a value cell");
            assertEquals("anon", fresh.eval("new Object() { public String toString() { return \"anon\"; } }.toString()", 71).value(), "an anonymous class inside a value cell");
            assertEquals(withKept, fresh.compiledClassFiles(), "value cells let their class files go, the kept ones stay");
            assertEquals(10, fresh.eval("new Kept().twice()", 72).value(), "a later cell still compiles against the kept class and variable");
            assertEquals(11, fresh.eval("kept + 6", 73).value());
            assertEquals("java.lang.ArithmeticException", fresh.eval("1 / (kept - 5)", 74).error().ename());
            assertEquals(withKept, fresh.compiledClassFiles(), "a value cell that threw lets go of its class file too");
        }
    }

    @Test void idleWarmUpCellsRunOnlyWhileIdleAndLeaveNothingBehind() {
        try (Session fresh = Session.open()) {
            assertEquals(0, fresh.warmWhileIdle(() -> false), "not idle: nothing runs");
            java.util.concurrent.atomic.AtomicInteger asked = new java.util.concurrent.atomic.AtomicInteger();
            assertEquals(1, fresh.warmWhileIdle(() -> asked.incrementAndGet() == 1), "stops as soon as the front end is busy");
            assertEquals(Session.IDLE_WARM_UP.size(), fresh.warmWhileIdle(() -> true));
            assertTrue(fresh.variableNames().isEmpty(), "no warm-up variable stays defined: " + fresh.variableNames());
            assertEquals("CompilationException", fresh.eval(Session.WARM_NAME + "Map", 1).error().ename(), "its names are gone");
            assertTrue(fresh.eval("var m = new TreeMap<String, Long>();\nm.merge(\"a\", 1L, Long::sum);\nm.size()", 2).ok());
            assertEquals(1, fresh.eval("m.size()", 3).value(), "a user's cell of the same shape afterwards");
        }
    }

    @Test void valueCellErrorsAreJShellsOwnAndPointAtTheCell() {
        CellResult compile = s.eval("undefinedThing + 1", 21);
        assertEquals("CompilationException", compile.error().ename());
        String tb = String.join("\n", compile.error().traceback());
        assertTrue(tb.contains("Cell[21] line 1") && tb.contains("undefinedThing") && !tb.contains(ValueCell.NAME), tb);
        CellResult run = s.eval("\n\n1 / (1 - 1)", 22);
        assertEquals("java.lang.ArithmeticException", run.error().ename());
        assertTrue(String.join("\n", run.error().traceback()).contains("Cell[22] line 3"), run.error().traceback().toString());
    }

    @Test void aShownValueIsNotKeptAlive() throws Exception {
        CellResult r = s.eval("new byte[1 << 20]", 23);
        java.lang.ref.WeakReference<Object> ref = new java.lang.ref.WeakReference<>(r.value());
        r = null;
        for (int i = 0; i < 50 && ref.get() != null; i++) {
            System.gc();
            Thread.sleep(20);
        }
        assertEquals(null, ref.get(), "the session holds no reference to a displayed value");
    }

    @Test void sourceAnalysisIsMadeOnlyWhenNeeded() {
        try (Session fresh = Session.open()) {
            assertEquals(4, fresh.eval("2 * 2", 1).value());
            assertFalse(fresh.analysisReady(), "a value cell needs no snippet splitting, so no class-path indexer yet");
            assertEquals(3, fresh.eval("int a = 1;\na + 2", 2).value());
            assertFalse(fresh.analysisReady(), "a multi-snippet cell splits with it, its class-path indexer held back");
            assertTrue(fresh.complete("Strin", 5).matches().contains("String"), "a completion lets the indexer go on");
            assertTrue(fresh.analysisReady());
        }
    }

    @Test void splittingACellDoesNotIndexTheClassPath() throws Exception {
        // JShell's indexer (about 0.6 s of CPU) is suspended instead of sharing the cores with a first heavy cell
        try (Session fresh = Session.open()) {
            assertEquals(3, fresh.eval("int a = 1;\na + 2", 1).value());
            assertEquals(1, indexingSuspensions(fresh), "JShell's own suspension count for its indexer");
            fresh.prepareAnalysis();
            assertEquals(0, indexingSuspensions(fresh), "the kernel's idle time lets it go on");
        }
    }

    /** JShell's count of suspendIndexing calls not yet resumed, for the session's source analysis (JShell internals). */
    private static int indexingSuspensions(Session session) throws ReflectiveOperationException {
        Object holder = field(session, "sca");
        Object analysis = field(holder, "sca");
        return (int) field(analysis, "suspend");
    }

    private static Object field(Object owner, String name) throws ReflectiveOperationException {
        java.lang.reflect.Field f = owner.getClass().getDeclaredField(name);
        f.setAccessible(true);
        return f.get(owner);
    }
}
