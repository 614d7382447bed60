package org.fabriclab.kernel.eval;

import java.lang.reflect.Field;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import java.util.logging.Level;
import java.util.logging.Logger;

import jdk.jshell.JShell;

/**
 * The class files JShell keeps in memory for the cells it compiled, so a value cell's class file
 * can be let go once its snippet is dropped. JShell's file manager keeps every class it ever
 * compiled, and javac lists them all for JShell's {@code REPL} package on each of a cell's tasks
 * (then JShell removes them from javac's symbol table again after the task): with one class file
 * per evaluated expression, every cell costs a little more than the one before (JFR over 600
 * trivial cells, issue 9: about a tenth of a cell's compile time at cell 450, in
 * {@code ClassFinder.includeClassFile} and JShell's purge loop). Only the class files a value cell
 * itself created are let go, after its hidden variable is dropped: nothing refers to them (the
 * name was never visible), the loaded class stays loaded, and no later compilation needs them.
 *
 * <p>JShell does not export that store: it is reached by reflection, which needs
 * {@code --add-opens=jdk.jshell/jdk.jshell=ALL-UNNAMED} (the {@code fabriclab} launcher passes it
 * for the kernel, REPL and notebook runs). Without it every method here does nothing and the
 * session works as before.
 *
 * <pre>{@code
 * CompiledClasses files = CompiledClasses.of(shell);
 * Set<String> before = files.names();
 * shell.eval("Object $fabriclabValue7 = (1 + 1\n);");   // ... value taken, snippet dropped
 * files.forgetNewSince(before);                        // its class file goes too
 * }</pre>
 */
final class CompiledClasses {
    private static final Logger LOG = Logger.getLogger(CompiledClasses.class.getName());
    /** class name -> in-memory class file, JShell's own map (touched only on the thread that runs JShell's compiles). */
    private final Map<String, ?> files;

    private CompiledClasses(Map<String, ?> files) { this.files = files; }

    /** The store of {@code shell}, or one that does nothing when JShell's package is not opened to this code. */
    @SuppressWarnings("unchecked")   // JShell's map is keyed by binary class name
    static CompiledClasses of(JShell shell) {
        try {
            Object taskFactory = field(shell, "taskFactory");
            Object fileManager = field(taskFactory, "fileManager");
            Object map = field(fileManager, "classObjects");
            if (map instanceof Map<?, ?> m) return new CompiledClasses((Map<String, ?>) m);
            LOG.fine("JShell's class file store is no map here; class files are kept");
        } catch (ReflectiveOperationException | RuntimeException e) {
            LOG.log(Level.FINE, "JShell's class file store is not reachable (no --add-opens=jdk.jshell/jdk.jshell=ALL-UNNAMED); class files are kept", e);
        }
        return new CompiledClasses(null);
    }

    private static Object field(Object owner, String name) throws ReflectiveOperationException {
        Field f = owner.getClass().getDeclaredField(name);
        f.setAccessible(true);   // InaccessibleObjectException (a RuntimeException) when the package is not opened
        return f.get(owner);
    }

    /** Whether the store was reached (else nothing is ever let go). */
    boolean reachable() { return files != null; }

    /** Names of the class files held now (a copy). */
    Set<String> names() { return files == null ? Set.of() : new TreeSet<>(files.keySet()); }

    /** How many class files are held. */
    int size() { return files == null ? 0 : files.size(); }

    /** Lets go of every class file not in {@code before}; returns how many. */
    int forgetNewSince(Set<String> before) {
        if (files == null) return 0;
        int n = files.size();
        files.keySet().removeIf(name -> !before.contains(name));
        return n - files.size();
    }
}
