package org.fabriclab.kernel.eval;

import java.io.File;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.DirectoryStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicReference;
import java.util.stream.Collectors;

import jdk.jshell.Diag;
import jdk.jshell.EvalException;
import jdk.jshell.ExpressionSnippet;
import jdk.jshell.JShell;
import jdk.jshell.JShellException;
import jdk.jshell.Snippet;
import jdk.jshell.SnippetEvent;
import jdk.jshell.SourceCodeAnalysis;
import jdk.jshell.SourceCodeAnalysis.CompletionInfo;
import jdk.jshell.UnresolvedReferenceException;
import jdk.jshell.VarSnippet;

/**
 * One JShell session running cells in this JVM: evaluation with live values, completion,
 * inspection, completeness, interrupt. Used by the Jupyter kernel, the REPL and the notebook runner.
 *
 * <pre>{@code
 * try (Session s = Session.open()) {
 *     CellResult r = s.eval("var t = Table.create(\"t\"); t", 1);
 *     Object table = r.value();            // the live tech.tablesaw.api.Table
 * }
 * }</pre>
 *
 * Magics (first lines of a cell; {@code %help} lists them, {@link MagicHelp}): {@code %classpath},
 * {@code %maven}, {@code %mavenRepo}, {@code %time}, {@code %%time}, {@code %vars}, {@code %imports},
 * {@code %display}, {@code %help}; a cell that is only {@code exit} or {@code quit} asks the front
 * end to end the session ({@link CellResult#exitRequested()}).
 *
 * <p>Cost per cell: a cell (or its last snippet) that is one expression takes the value path
 * ({@link ValueCell}), three javac passes instead of JShell's four; JShell's {@code $N} variables
 * are dropped once their value is taken, so neither memory nor per-cell compile time grows with
 * the number of cells (a trivial cell measured 3.1-3.5 ms from the 200th to the 1,000th;
 * bench/jshell_floor.sh compares the paths); the source analysis, whose class-path indexer costs
 * about 0.6 s of CPU, is started only when completion, inspection or the kernel's idle time needs it
 * (splitting a cell into snippets holds it back: {@link SourceAnalysis}).
 */
public final class Session implements AutoCloseable {
    public static final List<String> MAGICS = MagicHelp.names();
    /** Cells that end the session, as IPython's {@code exit} and {@code quit}. */
    static final Set<String> EXIT_WORDS = Set.of("exit", "quit", "exit()", "quit()");

    private final JShell shell;
    /** Made on first use, its class-path indexer held back while only cells need it ({@link SourceAnalysis}). */
    private final SourceAnalysis sca;
    private final CellExecutionControl control;
    /** snippet id -> "Cell[n]" label and the cell line the snippet starts on. */
    private final Map<String, int[]> origin = new ConcurrentHashMap<>();
    /** Numbers the value path's hidden variables: a name is never declared twice (see {@link ValueCell}). */
    private final java.util.concurrent.atomic.AtomicLong valueIds = new java.util.concurrent.atomic.AtomicLong();
    /** {@code %maven}'s state (repositories, what it added); the resolver itself loads on the first {@code %maven}. */
    private final org.fabriclab.kernel.maven.MavenDependencies maven;
    /** What {@code %classpath} added, for {@code %maven}'s conflict check. */
    private final List<String> classpathAdded = new java.util.concurrent.CopyOnWriteArrayList<>();
    /**
     * Held while JShell is in use (a cell, completion, inspection, completeness, an idle warm-up cell): JShell is not
     * thread-safe, and {@link #warmWhileIdle} runs on another thread than the front end's; it only ever tries the lock.
     */
    private final java.util.concurrent.locks.ReentrantLock inUse = new java.util.concurrent.locks.ReentrantLock();
    /** JShell's in-memory class files: a value cell's are let go with its hidden variable ({@link CompiledClasses}). */
    private final CompiledClasses compiled;

    private Session(JShell shell, CellExecutionControl control) {
        this.shell = shell;
        this.control = control;
        this.compiled = CompiledClasses.of(shell);
        this.sca = new SourceAnalysis(shell);
        String cellPath = CellClasspath.compileClasspath(System.getProperty("java.class.path", ""));
        this.maven = org.fabriclab.kernel.maven.MavenDependencies.standard(() -> List.of(cellPath.split(File.pathSeparator)));
    }

    /** A session over the kernel's own class path (minus the kernel-only jars), startup imports done. */
    public static Session open() {
        String cp = CellClasspath.compileClasspath(System.getProperty("java.class.path", ""));
        AtomicReference<CellExecutionControl> made = new AtomicReference<>();
        JShell.Builder builder = JShell.builder()
                .executionEngine(new CellExecutionProvider(Session.class.getClassLoader(), made::set), Map.of())
                .fileManager(CellFileManager::new)
                .compilerOptions("-proc:none", "-Xlint:none");
        JShell shell;
        // JShell's compiler starts from the JVM's java.class.path, read when the JShell is built, and
        // every later addToClasspath appends to it: without this, cells would compile against the
        // kernel's transport jars (and fail only when run, or bind to the wrong copy of a library
        // the user adds). So the property names the cell class path while the JShell is built.
        synchronized (Session.class) {
            String jvmClassPath = System.getProperty("java.class.path", "");
            System.setProperty("java.class.path", cp);
            try {
                shell = builder.build();
            } finally {
                System.setProperty("java.class.path", jvmClassPath);
            }
        }
        CellExecutionControl control = made.get();
        if (control == null) throw new IllegalStateException("JShell did not use the fabriclab execution engine");
        control.loader().compileOnly(cp);
        // cells read System.in, readLine and readPassword through the front end's Input source
        System.setIn(Input.stream());
        shell.addToClasspath(cp);
        Session s = new Session(shell, control);
        for (String imp : Startup.IMPORTS) {
            for (SnippetEvent e : shell.eval(imp)) {
                if (e.status() == Snippet.Status.REJECTED) {
                    throw new IllegalStateException("startup import failed: " + imp + ": " + s.diagnostics(e.snippet(), imp, 0, 0));
                }
            }
        }
        return s;
    }

    /**
     * JShell's source analysis for completion, documentation and type analysis, made on first use.
     * Making it starts JShell's indexer, which walks the JDK image and every class-path jar on a background
     * thread (about 0.6 s of CPU on a 2-core machine, measured as process CPU time after making it in an
     * otherwise idle JVM); the kernel therefore makes it when it is first needed or when the kernel has been
     * idle for a moment ({@link #prepareAnalysis()}), not while it starts and runs its first cells.
     */
    private SourceCodeAnalysis analysis() { return sca.full(); }

    /** The source analysis for splitting a cell into snippets: its indexer is not started for that ({@link SourceAnalysis}). */
    private SourceCodeAnalysis splitting() { return sca.forCells(); }

    /** Names of the variables defined now (what {@code %vars} lists). */
    List<String> variableNames() { return shell.variables().map(VarSnippet::name).collect(Collectors.toList()); }

    /** Makes the source analysis now (idle time) so the first completion finds the class index built. */
    public void prepareAnalysis() { sca.full(); }

    /** Whether {@link #prepareAnalysis()} (or a cell, completion or inspection that needed it) ran. */
    public boolean analysisReady() { return sca.made() && !sca.held(); }

    /** Throwaway expressions for {@link #warm}: the compile paths trivial and typical cells take. */
    private static final List<String> WARM_UP = List.of(
            "1 + 1", "\"warm\".length()", "Math.max(2L, 3L) * 4", "java.util.List.of(1, 2).size()",
            "new StringBuilder(\"a\").append(1).toString()", "String.valueOf(2.5d)");

    /**
     * Evaluates throwaway expressions the way cells are evaluated (each is dropped again) while the
     * next one is expected to end within {@code budgetMs} and fewer than {@code maxSnippets} ran, so
     * the first user cells do not pay for javac's first, interpreted compilations. Leaves no variables, imports or output behind.
     * Returns how many snippets ran.
     *
     * <pre>{@code
     * Session s = Session.open();
     * s.warm(200, 40);   // the kernel does this before serving its first cell
     * }</pre>
     */
    public int warm(long budgetMs, int maxSnippets) {
        long end = System.nanoTime() + budgetMs * 1_000_000L;
        long last = 0;
        int n = 0;
        // a snippet is started only when the previous one's time still fits in the budget
        while (n < maxSnippets && System.nanoTime() + last < end) {
            long t0 = System.nanoTime();
            CellResult r = eval(WARM_UP.get(n % WARM_UP.size()), 0);
            if (!r.ok()) throw new IllegalStateException("warm-up snippet failed: " + r.error());
            last = System.nanoTime() - t0;
            n++;
        }
        return n;
    }

    /** Runs a cell; {@code cellNumber} labels traceback frames ({@code Cell[n]}). */
    public CellResult eval(String code, int cellNumber) { return eval(code, cellNumber, null); }

    /**
     * Runs a cell for {@code owner}, the front end's handle for it: the cell's thread and every
     * thread it starts report {@code owner} as their {@link CellOwner}, so their output can go to
     * this cell also after it has ended.
     */
    public CellResult eval(String code, int cellNumber, Object owner) {
        inUse.lock();
        Object before = CellOwner.set(owner);
        control.cellStarted();
        try {
            return evalCell(code, cellNumber);
        } catch (StackOverflowError | OutOfMemoryError e) {
            List<String> tb = new ArrayList<>(List.of(e.getClass().getName() + ": " + e.getMessage() + " (while compiling Cell[" + cellNumber + "])"));
            if (e instanceof OutOfMemoryError) tb.add(memoryHint());
            return CellResult.failed(new CellError(e.getClass().getName(), String.valueOf(e.getMessage()), tb));
        } finally {
            control.cellEnded();
            CellOwner.set(before);
            inUse.unlock();
        }
    }

    /** Prefix of the variables an idle warm-up cell declares (each dropped again right after). */
    static final String WARM_NAME = "$fabriclabWarm";

    /**
     * Throwaway cells of the shapes a first real cell has and the start-up warm-up ({@link #warm}) does not reach:
     * {@code var} declarations of generic and DSL types, a for-each with a condition, a method reference and a
     * lambda, a stream, an expression after statements. Names start with {@link #WARM_NAME} and are dropped.
     */
    static final List<String> IDLE_WARM_UP = List.of(
            "var " + WARM_NAME + "Map = new TreeMap<String, Long>();\n"
                    + "for (var w : List.of(\"a:1\", \"b:2\", \"a:3\")) if (w.startsWith(\"a\")) "
                    + WARM_NAME + "Map.merge(w.substring(0, 1), Long.parseLong(w.substring(2)), Long::sum);\n"
                    + WARM_NAME + "Map.size()",
            "var " + WARM_NAME + "List = new ArrayList<Reading>();\n"
                    + "long " + WARM_NAME + "Count = " + WARM_NAME + "List.stream().filter(r -> r.value() > 0).map(Reading::port).distinct().count();\n"
                    + WARM_NAME + "Count + " + WARM_NAME + "List.size()");

    /**
     * Evaluates the {@link #IDLE_WARM_UP} cells while {@code idle} says the front end is idle and nothing else uses
     * JShell (the lock is only tried: a cell arriving meanwhile waits for one warm-up cell at most), so javac's code
     * for them is compiled before a user's first such cell. Leaves no variable, import or output behind. Returns how
     * many cells ran.
     *
     * <pre>{@code
     * session.warmWhileIdle(() -> requestsActive.get() == 0);   // the kernel, after a quiet second
     * }</pre>
     */
    public int warmWhileIdle(java.util.function.BooleanSupplier idle) {
        int n = 0;
        for (String cell : IDLE_WARM_UP) {
            if (!idle.getAsBoolean() || !inUse.tryLock()) return n;
            try {
                CellResult r = eval(cell, 0);
                dropWarmVariables();
                if (!r.ok()) throw new IllegalStateException("idle warm-up cell failed: " + r.error());
            } finally {
                inUse.unlock();
            }
            n++;
        }
        return n;
    }

    private void dropWarmVariables() {
        shell.variables().filter(v -> v.name().startsWith(WARM_NAME)).toList().forEach(v -> {
            control.loader().clearOldValues(v.name());
            control.loader().clearNewestValue(v.name());
            dropQuietly(v);
        });
    }

    /**
     * Where a thread a cell started goes when it tries to end the JVM ({@link CellExit}): called on
     * that thread with its {@link CellOwner} and the error to show (what it tried, in which thread,
     * at which cell line). Without a listener the error is printed to {@code System.err}.
     */
    public void onBackgroundExit(java.util.function.BiConsumer<Object, CellError> listener) {
        control.onBackgroundExit((t, e) -> {
            String ename = e.getClass().getName();
            String evalue = e.getMessage() + " (in thread \"" + t.getName() + "\", started by a cell)";
            List<String> tb = new ArrayList<>();
            appendTrace(tb, e, ename, evalue, "");
            listener.accept(CellOwner.current(), new CellError(ename, evalue, tb));
        });
    }

    private CellResult evalCell(String code, int cellNumber) {
        if (EXIT_WORDS.contains(code.strip())) return CellResult.exit();
        String head = stripLeadingBlankLines(code);
        if (head.startsWith("%%")) return cellMagic(code, head, cellNumber);
        String rest = code;
        int consumed = 0;
        // magics: leading lines starting with %
        while (true) {
            String trimmed = stripLeadingBlankLines(rest);
            consumed += rest.length() - trimmed.length();
            rest = trimmed;
            if (!rest.startsWith("%")) break;
            int nl = rest.indexOf('\n');
            String line = nl < 0 ? rest : rest.substring(0, nl);
            int used = nl < 0 ? rest.length() : nl + 1;
            if (line.startsWith("%time ") || line.strip().equals("%time")) {
                String stmt = line.strip().substring("%time".length()).strip();
                if (stmt.isEmpty()) return CellResult.failed(magicError("%time needs a statement, as in %time var h = history(dir); or use %%time for a whole cell"));
                // the statement keeps its line number in tracebacks
                CellResult r = timed("\n".repeat(lineOf(code, consumed) - 1) + stmt, cellNumber);
                if (!r.ok() || rest.substring(used).isBlank()) return r;
                consumed += used;
                rest = rest.substring(used);
                continue;
            }
            CellError err = magic(line.strip());
            if (err != null) return CellResult.failed(err);
            consumed += used;
            rest = rest.substring(used);
        }
        // a cell that is one value expression: no need to split it into snippets first
        boolean wholeCellTried = false;
        if (rest.indexOf(';') < 0 && ValueCell.mayBeExpression(rest)) {
            wholeCellTried = true;
            CellResult r = evalAsValue(rest, cellNumber, lineOf(code, consumed + leadingWhitespace(rest)));
            if (r != null) return r;
        }
        CellResult last = CellResult.none();
        while (!rest.isBlank()) {
            CompletionInfo ci = splitting().analyzeCompletion(rest);
            String src = ci.source();
            String remaining = ci.remaining();
            if (src == null || src.isBlank()) {
                // incomplete or unparsable tail: hand it to JShell for its error message
                src = rest;
                remaining = "";
            }
            int lead = leadingWhitespace(rest);
            int startLine = lineOf(code, consumed + lead);
            CellResult r = null;
            // a lone snippet is the whole cell, already refused by the value path above
            boolean isWholeCell = wholeCellTried && remaining.isBlank();
            wholeCellTried = false;
            if (!isWholeCell && ci.completeness() == SourceCodeAnalysis.Completeness.COMPLETE && ValueCell.mayBeExpression(src)) {
                r = evalAsValue(src, cellNumber, startLine);
            }
            if (r == null) r = evalSnippet(src.stripLeading(), cellNumber, startLine, code);
            if (!r.ok()) return r;
            last = r;
            consumed += rest.length() - remaining.length();
            rest = remaining;
        }
        return last;
    }

    private CellResult evalSnippet(String src, int cell, int startLine, String cellCode) {
        List<SnippetEvent> events = shell.eval(src);
        CellResult result = CellResult.none();
        for (SnippetEvent e : events) {
            if (e.causeSnippet() != null) {
                if (e.status() == Snippet.Status.OVERWRITTEN) dropOverwritten(e.snippet());
                else noteDependent(e);
                continue;
            }
            Snippet sn = e.snippet();
            origin.put(sn.id(), new int[] {cell, startLine});
            if (e.status() == Snippet.Status.REJECTED) {
                return CellResult.failed(compileError(sn, src, cell, startLine));
            }
            if (e.previousStatus() == Snippet.Status.VALID || e.previousStatus() == Snippet.Status.RECOVERABLE_DEFINED) {
                dropOverwritten(sn); // a redefinition in place: nothing more to do
            }
            JShellException ex = e.exception();
            Object value = e.value() != null && control.isKey(e.value()) ? control.take(e.value()) : null;
            if (ex != null) return CellResult.failed(runtimeError(ex));
            if (shows(sn) && value != null && !ValueCell.isDisplayCall(src)) result = CellResult.value(value);
            else result = CellResult.none();
            dropTemporary(sn);
        }
        return result;
    }

    /**
     * Says on stderr what a redefinition in this cell did to an earlier declaration that depends on it, as the
     * {@code jshell} tool does: JShell recompiles such a variable without running its initializer again, so its value
     * is gone ({@code null}), or it cannot be used at all when its declaration no longer compiles; a method that no
     * longer compiles cannot be called. Without this the variable just read {@code null}, or "cannot find symbol".
     */
    private void noteDependent(SnippetEvent e) {
        if (!(e.snippet() instanceof jdk.jshell.DeclarationSnippet d) || d.name().startsWith("$")) return;
        Snippet.Status before = e.previousStatus();
        Snippet.Status now = e.status();
        if (!before.isDefined() && before != Snippet.Status.RECOVERABLE_NOT_DEFINED) return;
        String what = describe(d);
        String cause = e.causeSnippet() instanceof jdk.jshell.PersistentSnippet c ? kindName(c) + " " + c.name() : "a declaration";
        String note = null;
        if (d instanceof VarSnippet && now == Snippet.Status.VALID) {
            note = what + " was reset to null: the " + cause + " it depends on was redefined (its initializer is not run again; assign it anew)";
        } else if (now == Snippet.Status.RECOVERABLE_NOT_DEFINED || now == Snippet.Status.RECOVERABLE_DEFINED) {
            if (before == now) return;
            String why = shell.unresolvedDependencies(d).findFirst().map(u -> u + " is not defined")
                    .orElseGet(() -> shell.diagnostics(d).filter(Diag::isError).findFirst().map(g -> g.getMessage(Locale.ROOT).lines().findFirst().orElse("")).orElse("it no longer compiles"));
            note = what + " cannot be used until it compiles again against the redefined " + cause + " (" + why + ")"
                    + (d instanceof VarSnippet ? "; declare it anew" : "");
        }
        if (note != null) System.err.println("note: " + note);
    }

    private static String describe(jdk.jshell.DeclarationSnippet d) {
        if (d instanceof VarSnippet v) return "variable " + v.name() + " (" + v.typeName() + ")";
        if (d instanceof jdk.jshell.MethodSnippet m) return "method " + m.name() + "(" + m.parameterTypes() + ")";
        return kindName(d) + " " + d.name();
    }

    private static String kindName(jdk.jshell.PersistentSnippet s) {
        return switch (s.subKind()) {
            case CLASS_SUBKIND -> "class";
            case INTERFACE_SUBKIND -> "interface";
            case ENUM_SUBKIND -> "enum";
            case RECORD_SUBKIND -> "record";
            case ANNOTATION_TYPE_SUBKIND -> "annotation type";
            case METHOD_SUBKIND -> "method";
            default -> s.kind() == Snippet.Kind.VAR ? "variable" : "declaration";
        };
    }

    /**
     * Drops JShell's {@code $N} variable behind an expression cell once its value has been taken:
     * the value is shown (or returned) and nobody sees the name, so keeping it would hold every
     * displayed table in memory, and each live snippet makes every later compilation slower
     * (JShell lists all snippet classes on each compile; measured with bench/jshell_floor.sh).
     * Name a value ({@code var t = ...}) to keep it.
     */
    private void dropTemporary(Snippet sn) {
        if (!(sn instanceof VarSnippet v) || sn.subKind() != Snippet.SubKind.TEMP_VAR_EXPRESSION_SUBKIND) return;
        if (shell.status(sn) != Snippet.Status.VALID) return;
        control.loader().clearNewestValue(v.name());
        dropQuietly(v);
    }

    /**
     * The fast path for a snippet that may be a value expression: JShell evaluates it as
     * {@code Object <hidden> = (expr);}, which skips the extra javac pass JShell spends inferring
     * an expression's static type for its {@code $N} variable (with the {@code $N} bookkeeping, more
     * than half of a trivial cell; bench/jshell_floor.sh). Returns {@code null} when JShell does not accept that form (a void
     * call, a declaration, a syntax or type error): nothing has run then, and the caller evaluates
     * the snippet as written, so every error message is JShell's own for the user's code.
     */
    private CellResult evalAsValue(String expr, int cell, int startLine) {
        Set<String> classFilesBefore = compiled.names();
        List<SnippetEvent> events = shell.eval(ValueCell.declaration(expr, valueIds.incrementAndGet()));
        SnippetEvent main = null;
        for (SnippetEvent e : events) if (e.causeSnippet() == null) main = e;
        if (main == null || !(main.snippet() instanceof VarSnippet v)) return null;
        if (main.status() != Snippet.Status.VALID) {
            dropQuietly(v);
            return null;
        }
        origin.put(v.id(), new int[] {cell, startLine});
        JShellException ex = main.exception();
        String key = main.value();
        Object value = key != null && control.isKey(key) ? control.take(key) : null;
        control.loader().clearNewestValue(v.name());
        dropQuietly(v);
        // the hidden variable alone was declared (nothing else recompiled) and is gone: so may its class files be
        if (events.size() == 1 && shell.status(v) == Snippet.Status.DROPPED) compiled.forgetNewSince(classFilesBefore);
        if (ex != null) return CellResult.failed(runtimeError(ex));
        return value == null || ValueCell.isDisplayCall(expr) ? CellResult.none() : CellResult.value(value);
    }

    private void dropQuietly(Snippet sn) {
        try {
            if (shell.status(sn).isActive()) shell.drop(sn);
        } catch (IllegalStateException | IllegalArgumentException ignored) {
            // already gone
        }
    }

    /** Expressions (and bare variable names) show their value; declarations and statements do not. */
    private static boolean shows(Snippet sn) {
        if (sn instanceof ExpressionSnippet) return sn.subKind() == Snippet.SubKind.VAR_VALUE_SUBKIND;
        if (sn instanceof VarSnippet) return sn.subKind() == Snippet.SubKind.TEMP_VAR_EXPRESSION_SUBKIND;
        return false;
    }

    private void dropOverwritten(Snippet old) {
        if (old instanceof VarSnippet v && old.kind() == Snippet.Kind.VAR && shell.status(old) == Snippet.Status.OVERWRITTEN) {
            control.loader().clearOldValues(v.name());
            try {
                shell.drop(v);
            } catch (IllegalStateException | IllegalArgumentException ignored) {
                // already gone
            }
        }
    }

    private CellError compileError(Snippet sn, String src, int cell, int startLine) {
        String msg = diagnostics(sn, src, cell, startLine);
        List<String> tb = new ArrayList<>(List.of(msg.split("\n")));
        return new CellError("CompilationException", firstLine(msg), tb);
    }

    private String diagnostics(Snippet sn, String src, int cell, int startLine) {
        StringBuilder sb = new StringBuilder();
        for (Diag d : shell.diagnostics(sn).collect(Collectors.toList())) {
            if (!d.isError()) continue;
            int pos = (int) Math.max(0, Math.min(src.length(), d.getStartPosition()));
            int line = startLine + lineOf(src, pos) - 1;
            int ls = src.lastIndexOf('\n', pos - 1) + 1;
            int le = src.indexOf('\n', pos);
            String text = src.substring(ls, le < 0 ? src.length() : le);
            if (sb.length() > 0) sb.append('\n');
            sb.append("Cell[").append(cell).append("] line ").append(line).append(": ")
              .append(d.getMessage(Locale.ROOT)).append('\n').append(text).append('\n')
              .append(" ".repeat(Math.max(0, pos - ls))).append('^');
        }
        if (sb.length() == 0) sb.append("Cell[").append(cell).append("] line ").append(startLine).append(": the code was rejected (").append(shell.status(sn)).append(")");
        return sb.toString();
    }

    private CellError runtimeError(JShellException ex) {
        if (ex instanceof UnresolvedReferenceException u) {
            String what = u.getSnippet().name();
            String msg = what + " uses something not defined yet: "
                    + shell.unresolvedDependencies((jdk.jshell.DeclarationSnippet) u.getSnippet()).collect(Collectors.joining(", "));
            return new CellError("jdk.jshell.UnresolvedReferenceException", msg, List.of("jdk.jshell.UnresolvedReferenceException: " + msg));
        }
        String ename = ex instanceof EvalException ee ? ee.getExceptionClassName() : ex.getClass().getName();
        String evalue = ex.getMessage() == null ? "" : ex.getMessage();
        if (control.stopRequested()) return interrupted(ex, ename, evalue);
        List<String> tb = new ArrayList<>();
        appendTrace(tb, ex, ename, evalue, "");
        if (ename.equals("java.lang.OutOfMemoryError")) tb.add(memoryHint());
        return new CellError(ename, evalue, tb);
    }

    /**
     * What a user needs after an OutOfMemoryError: the heap's limit, how much is still held (the cell's variables
     * keep what they reference, also when the cell failed), and how to free it or raise the limit.
     */
    static String memoryHint() {
        Runtime rt = Runtime.getRuntime();
        System.gc();
        long mib = 1024 * 1024;
        long max = rt.maxMemory() / mib, used = (rt.totalMemory() - rt.freeMemory()) / mib;
        return "The kernel's heap may grow to " + max + " MiB; " + used + " MiB are still in use: variables (also those this cell"
                + " declared before it failed) keep what they reference. Set large ones to null or restart the kernel;"
                + " for a larger heap: ./fabriclab install --heap 70% (or 12g), or JAVA_TOOL_OPTIONS=-Xmx12g for one run.";
    }

    /**
     * A cell the kernel stopped: {@code Interrupted: the cell was stopped at Cell[n] line m}, the
     * innermost cell line the stack shows, then what the cell ended with when that was its own
     * exception (an InterruptedException from a sleep, a DSL loop's own) rather than the stop itself.
     */
    private CellError interrupted(Throwable t, String ename, String evalue) {
        String where = null;
        for (StackTraceElement f : t.getStackTrace()) {
            if (f.getFileName() != null && f.getFileName().startsWith("#")) { where = frame(f); break; }
        }
        String what = where == null ? "the cell was stopped before it ran" : "the cell was stopped at " + where;
        List<String> tb = new ArrayList<>();
        tb.add("Interrupted: " + what);
        boolean ownException = !ename.equals(CellStopped.class.getName()) && !ename.equals("java.lang.ThreadDeath");
        if (ownException) appendTrace(tb, t, ename, evalue, "it ended with ");
        return new CellError("Interrupted", what, tb);
    }

    private void appendTrace(List<String> tb, Throwable t, String ename, String evalue, String prefix) {
        tb.add(prefix + ename + (evalue.isEmpty() ? "" : ": " + evalue));
        List<String> frames = new ArrayList<>();
        for (StackTraceElement f : t.getStackTrace()) {
            String cls = f.getClassName();
            if (cls.startsWith("jdk.internal.reflect.") || cls.startsWith("java.lang.reflect.")
                    || cls.startsWith("org.fabriclab.kernel.eval.") || cls.equals("java.lang.Thread")) continue;
            frames.add("\tat " + frame(f));
        }
        int shown = 0;
        for (int i = 0; i < frames.size(); ) {
            if (shown >= 12) { tb.add("\t..."); break; }
            // recursion (a StackOverflowError's 1,024 frames): a run of the same frames once, then how often it repeats
            int[] cycle = repeatedCycle(frames, i);
            int period = cycle[0], times = cycle[1];
            for (int j = 0; j < period; j++) tb.add(frames.get(i + j));
            shown += period;
            if (times > 1) {
                tb.add("\t... " + (period == 1 ? "the frame above" : "the " + period + " frames above") + " repeated " + (times - 1) + " more times");
            }
            i += period * times;
        }
        Throwable c = t.getCause();
        if (c != null && c != t) {
            String cn = c instanceof EvalException ee ? ee.getExceptionClassName() : c.getClass().getName();
            appendTrace(tb, c, cn, c.getMessage() == null ? "" : c.getMessage(), "Caused by: ");
        }
    }

    /** {period, times}: the shortest run of at most 4 frames from {@code i} that repeats 3 times or more in a row, else {1, 1}. */
    static int[] repeatedCycle(List<String> frames, int i) {
        for (int p = 1; p <= 4 && i + p <= frames.size(); p++) {
            int times = 1;
            while (i + (times + 1) * p <= frames.size() && frames.subList(i + times * p, i + (times + 1) * p).equals(frames.subList(i, i + p))) times++;
            if (times >= 3) return new int[] {p, times};
        }
        return new int[] {1, 1};
    }

    private String frame(StackTraceElement f) {
        String file = f.getFileName();
        if (file != null && file.startsWith("#")) {
            int[] o = origin.get(file.substring(1));
            String method = f.getMethodName();
            String where = method.isEmpty() || method.startsWith("do_it$") ? "" : " (" + simpleClass(f.getClassName()) + method + ")";
            if (o != null) return "Cell[" + o[0] + "] line " + (o[1] + Math.max(1, f.getLineNumber()) - 1) + where;
            return "snippet " + file + " line " + f.getLineNumber() + where;
        }
        return f.toString();
    }

    private static String simpleClass(String cls) {
        // REPL.$JShell$12$Foo -> Foo. ; REPL.$JShell$12 -> ""
        int i = cls.lastIndexOf('$');
        String tail = i < 0 ? cls : cls.substring(i + 1);
        return tail.isEmpty() || tail.matches("\\d+[A-Z]*") ? "" : tail + ".";
    }

    /** {@code %%time}: the rest of the cell (the magic's line left blank, so line numbers hold), timed. */
    private CellResult cellMagic(String code, String head, int cellNumber) {
        int nl = head.indexOf('\n');
        String magicLine = (nl < 0 ? head : head.substring(0, nl)).strip();
        if (!magicLine.equals("%%time")) {
            return CellResult.failed(magicError("unknown cell magic " + magicLine.split("\\s+")[0] + "; known: %%time (%help lists every magic)"));
        }
        int at = code.length() - head.length();
        String body = code.substring(0, at) + "\n" + (nl < 0 ? "" : head.substring(nl + 1));
        return timed(body, cellNumber);
    }

    /** Evaluates {@code code} as a cell and prints IPython's {@code %time} lines after it. */
    private CellResult timed(String code, int cellNumber) {
        CellTimer.Sample t0 = CellTimer.sample(control.runNanos());
        CellResult r = evalCell(code, cellNumber);
        System.out.flush();
        System.out.print(CellTimer.report(t0, CellTimer.sample(control.runNanos())));
        System.out.flush();
        return r;
    }

    /** {@code %vars}: IPython's {@code %whos}: name, declared type, size hint or short value. */
    private String vars() {
        Object absent = new Object();
        List<VarsTable.Var> vars = new ArrayList<>();
        shell.variables().forEach(v -> {
            if (v.name().startsWith("$") || !shell.status(v).isActive()) return;
            Object value = control.loader().value(v.name(), absent);
            vars.add(new VarsTable.Var(v.name(), v.typeName(), value == absent ? new VarsTable.Unread(safeValue(v)) : value));
        });
        return VarsTable.format(vars);
    }

    private CellError magic(String line) {
        String[] parts = line.split("\\s+", 2);
        String arg = parts.length > 1 ? parts[1].trim() : "";
        switch (parts[0]) {
            case "%classpath" -> {
                if (arg.isEmpty()) return magicError("%classpath needs a path: a jar, a folder of classes, or dir/*");
                try {
                    for (String p : expand(arg)) {
                        shell.addToClasspath(p);
                        classpathAdded.add(p);
                    }
                } catch (UncheckedIOException e) {
                    return magicError("%classpath " + arg + ": " + e.getCause().getMessage());
                }
                return null;
            }
            case "%vars" -> {
                System.out.print(vars());
                return null;
            }
            case "%maven" -> {
                try {
                    org.fabriclab.kernel.maven.MavenDependencies.Outcome o = maven.maven(arg, classpathAdded, jar -> shell.addToClasspath(jar.toString()));
                    System.out.print(o.out());
                    if (!o.conflicts().isEmpty()) System.err.print(o.conflicts());
                } catch (IllegalArgumentException | IllegalStateException e) {
                    return magicError(e.getMessage());
                }
                return null;
            }
            case "%mavenRepo" -> {
                try {
                    System.out.print(maven.repository(arg));
                } catch (IllegalArgumentException e) {
                    return magicError(e.getMessage());
                }
                return null;
            }
            case "%display" -> {
                try {
                    var limits = org.fabriclab.kernel.display.Display.display;
                    if (arg.equals("reset")) limits.reset();
                    else if (!arg.isEmpty()) limits.set(arg);
                    System.out.println(limits);
                } catch (IllegalArgumentException e) {
                    return magicError("%display: " + e.getMessage());
                }
                return null;
            }
            case "%help" -> {
                System.out.print(MagicHelp.text());
                return null;
            }
            case "%imports" -> {
                shell.imports().forEach(i -> System.out.println(i.source().strip()));
                return null;
            }
            default -> { return magicError("unknown magic " + parts[0] + "; known: " + String.join(", ", MAGICS) + " (%help explains them)"); }
        }
    }

    private String safeValue(VarSnippet v) {
        try {
            return shell.varValue(v);
        } catch (RuntimeException e) {
            return "?";
        }
    }

    private static CellError magicError(String msg) {
        return new CellError("IllegalArgumentException", msg, List.of("IllegalArgumentException: " + msg));
    }

    private static List<String> expand(String arg) {
        List<String> out = new ArrayList<>();
        for (String p : arg.split(File.pathSeparator)) {
            if (p.endsWith("/*")) {
                Path dir = Path.of(p.substring(0, p.length() - 2));
                try (DirectoryStream<Path> ds = Files.newDirectoryStream(dir, "*.jar")) {
                    for (Path j : ds) out.add(j.toAbsolutePath().toString());
                } catch (IOException e) {
                    throw new UncheckedIOException(e);
                }
            } else {
                Path path = Path.of(p);
                if (!Files.exists(path)) throw new UncheckedIOException(new IOException("no such file: " + p));
                out.add(path.toAbsolutePath().toString());
            }
        }
        return out;
    }

    /** {@code body} run while no cell, warm-up cell or other request uses JShell. */
    private <T> T locked(java.util.function.Supplier<T> body) {
        inUse.lock();
        try {
            return body.get();
        } finally {
            inUse.unlock();
        }
    }

    /** "complete", "incomplete" or "invalid" (Jupyter's is_complete statuses). */
    public String isComplete(String code) { return locked(() -> isCompleteLocked(code)); }

    private String isCompleteLocked(String code) {
        String rest = code;
        while (!rest.isBlank()) {
            if (stripLeadingBlankLines(rest).startsWith("%")) {
                int nl = rest.indexOf('\n', rest.indexOf('%'));
                if (nl < 0) return "complete";
                rest = rest.substring(nl + 1);
                continue;
            }
            CompletionInfo ci = splitting().analyzeCompletion(rest);
            switch (ci.completeness()) {
                case DEFINITELY_INCOMPLETE, CONSIDERED_INCOMPLETE -> { return "incomplete"; }
                case UNKNOWN -> { return "invalid"; }
                case EMPTY -> { return "complete"; }
                default -> rest = ci.remaining();
            }
        }
        return "complete";
    }

    /** Completions at {@code cursor}: JShell's source analysis, or the magic names after a {@code %}. */
    public Completion complete(String code, int cursor) { return locked(() -> completeLocked(code, cursor)); }

    private Completion completeLocked(String code, int cursor) {
        cursor = Math.max(0, Math.min(cursor, code.length()));
        int ls = code.lastIndexOf('\n', cursor - 1) + 1;
        String line = code.substring(ls, cursor);
        if (line.stripLeading().startsWith("%") && !line.contains(" ")) {
            String word = line.stripLeading();
            List<String> m = MAGICS.stream().filter(x -> x.startsWith(word)).toList();
            return new Completion(m, cursor - word.length(), cursor);
        }
        int[] anchor = new int[1];
        Set<String> matches = new LinkedHashSet<>();
        for (SourceCodeAnalysis.Suggestion s : analysis().completionSuggestions(code, cursor, anchor)) {
            matches.add(s.continuation());
        }
        return new Completion(new ArrayList<>(matches), anchor[0], cursor);
    }

    /** Signature and javadoc of what is at {@code cursor}, or empty when nothing is known there. */
    public String inspect(String code, int cursor) { return locked(() -> inspectLocked(code, cursor)); }

    private String inspectLocked(String code, int cursor) {
        cursor = Math.max(0, Math.min(cursor, code.length()));
        List<SourceCodeAnalysis.Documentation> docs = analysis().documentation(code, cursor, true);
        if (docs.isEmpty()) {
            // cursor on a name rather than inside a call: ask as if the call were open
            int end = cursor;
            while (end < code.length() && Character.isJavaIdentifierPart(code.charAt(end))) end++;
            String probe = code.substring(0, end) + "(";
            docs = analysis().documentation(probe, probe.length(), true);
        }
        if (docs.isEmpty()) {
            int end = cursor;
            while (end < code.length() && Character.isJavaIdentifierPart(code.charAt(end))) end++;
            int st = cursor;
            while (st > 0 && (Character.isJavaIdentifierPart(code.charAt(st - 1)) || code.charAt(st - 1) == '.')) st--;
            String expr = code.substring(st, end);
            if (!expr.isEmpty()) {
                String type = analysis().analyzeType(expr, expr.length());
                if (type != null && !type.isEmpty()) return expr + " : " + type + DslDocs.forType(type, typeImports());
            }
            return "";
        }
        StringBuilder sb = new StringBuilder();
        for (SourceCodeAnalysis.Documentation d : docs) {
            if (sb.length() > 0) sb.append("\n\n");
            sb.append(d.signature());
            String jd = d.javadoc();
            if (jd != null && !jd.isBlank()) sb.append("\n").append(jd.strip());
            else sb.append(DslDocs.forSignature(d.signature(), typeImports()));
        }
        return sb.toString();
    }

    /** The session's type imports as JShell names them ({@code org.fabriclab.delta.*}), for {@link DslDocs}. */
    private List<String> typeImports() {
        return shell.imports().filter(i -> !i.isStatic()).map(jdk.jshell.ImportSnippet::fullname).toList();
    }

    /** Stops the running cell (see {@link CellExecutionControl#stop()}). Safe from any thread. */
    public void stop() { control.stop(); }

    /** How often JShell compiled a snippet a second time because a class name was taken (see {@link ValueCell}). */
    long redefineAttempts() { return control.redefineAttempts(); }

    /** JShell's in-memory class files now, or -1 when they cannot be seen ({@link CompiledClasses}). */
    int compiledClassFiles() { return compiled.reachable() ? compiled.size() : -1; }

    /** True while a cell's code is running. */
    public boolean busy() { return control.busy(); }

    @Override public void close() {
        sca.release();   // JShell's indexer thread is shared by every session in this JVM
        shell.close();
    }

    private static String stripLeadingBlankLines(String s) {
        int i = 0;
        while (true) {
            int nl = s.indexOf('\n', i);
            if (nl < 0 || !s.substring(i, nl).isBlank()) return s.substring(i);
            i = nl + 1;
        }
    }

    private static int leadingWhitespace(String s) {
        int i = 0;
        while (i < s.length() && Character.isWhitespace(s.charAt(i))) i++;
        return i;
    }

    /** 1-based line of a position. */
    static int lineOf(String s, int pos) {
        int line = 1;
        for (int i = 0; i < Math.min(pos, s.length()); i++) if (s.charAt(i) == '\n') line++;
        return line;
    }

    private static String firstLine(String s) {
        int nl = s.indexOf('\n');
        return nl < 0 ? s : s.substring(0, nl);
    }
}
