package org.fabriclab.kernel.eval;

import java.io.File;
import java.io.IOException;
import java.io.InputStream;
import java.lang.reflect.Field;
import java.lang.reflect.Modifier;
import java.net.MalformedURLException;
import java.net.URL;
import java.net.URLClassLoader;
import java.security.CodeSigner;
import java.security.CodeSource;
import java.util.ArrayList;
import java.util.Collections;
import java.util.Enumeration;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.regex.Pattern;

import org.objectweb.asm.ClassWriter;
import org.objectweb.asm.MethodVisitor;
import org.objectweb.asm.Opcodes;

import jdk.jshell.spi.ExecutionControl.ClassBytecodes;
import jdk.jshell.spi.ExecutionControl.ClassInstallException;
import jdk.jshell.spi.ExecutionControl.InternalException;
import jdk.jshell.execution.LoaderDelegate;

/**
 * Loads cell classes for JShell's local execution. Parent chain: cell loader (cell classes and
 * jars added with {@code %classpath}) -> {@link Hiding} (the kernel's class path minus
 * {@link CellClasspath#hidden}) -> platform loader. Classes the kernel shares with cells (Tablesaw,
 * the DSL) are therefore the same {@code Class} objects on both sides, so a cell's value is the
 * live object the renderers know. Every class this loader defines, the cells' own and those of jars
 * added with {@code %classpath}, goes through {@link CellRewriter}.
 */
final class CellLoader implements LoaderDelegate {
    private static final Pattern WRAPPER = Pattern.compile("REPL\\.\\$JShell\\$\\d+[A-Z]*");

    private final Loader loader;
    private final Map<String, Class<?>> klasses = Collections.synchronizedMap(new LinkedHashMap<>());
    private final java.util.Set<String> compileOnly = ConcurrentHashMap.newKeySet();

    CellLoader(ClassLoader kernelLoader) {
        this.loader = new Loader(new Hiding(kernelLoader));
    }

    ClassLoader classLoader() { return loader; }

    @Override public void load(ClassBytecodes[] cbcs) throws ClassInstallException {
        boolean[] loaded = new boolean[cbcs.length];
        try {
            for (ClassBytecodes c : cbcs) loader.declare(c.name(), CellRewriter.rewrite(c.bytecodes()));
            for (int i = 0; i < cbcs.length; i++) {
                Class<?> k = loader.loadClass(cbcs[i].name());
                klasses.put(cbcs[i].name(), k);
                loaded[i] = true;
                k.getDeclaredMethods();
            }
        } catch (Throwable ex) {
            throw new ClassInstallException("load: " + ex.getMessage(), loaded);
        }
    }

    @Override public void classesRedefined(ClassBytecodes[] cbcs) {
        for (ClassBytecodes c : cbcs) loader.declare(c.name(), c.bytecodes());
    }

    /** Class path entries cells are compiled against but load through the parent (shared) loader. */
    void compileOnly(String classpath) {
        for (String p : classpath.split(File.pathSeparator)) if (!p.isBlank()) compileOnly.add(p);
    }

    @Override public void addToClasspath(String path) throws InternalException {
        try {
            for (String p : path.split(File.pathSeparator)) {
                if (p.isBlank() || compileOnly.contains(p)) continue;
                loader.addURL(new File(p).toURI().toURL());
            }
        } catch (MalformedURLException e) {
            throw new InternalException("Unable to resolve classpath " + path + ": " + e);
        }
    }

    @Override public Class<?> findClass(String name) throws ClassNotFoundException {
        Class<?> k = klasses.get(name);
        if (k == null) throw new ClassNotFoundException(name + " not found");
        return k;
    }

    /**
     * Nulls the static field {@code name} in the newest cell wrapper class declaring it (the value
     * of a dropped {@code $N} temporary). Searches newest first: the wrapper is almost always the
     * last class loaded. Returns whether a field was cleared.
     */
    boolean clearNewestValue(String name) {
        List<Class<?>> recent;
        synchronized (klasses) {
            recent = new ArrayList<>(klasses.values());
        }
        for (int i = recent.size() - 1; i >= 0; i--) {
            Field f = wrapperField(recent.get(i), name);
            if (f == null) continue;
            if (!Modifier.isStatic(f.getModifiers()) || f.getType().isPrimitive() || Modifier.isFinal(f.getModifiers())) return false;
            try {
                f.setAccessible(true);
                f.set(null, null);
                return true;
            } catch (ReflectiveOperationException | RuntimeException e) {
                return false;
            }
        }
        return false;
    }

    /**
     * The live value of the variable {@code name}: the static field in the newest cell wrapper
     * class declaring it ({@code %vars} reads values this way, not through their strings);
     * {@code absent} when no wrapper declares it or it cannot be read.
     */
    Object value(String name, Object absent) {
        List<Class<?>> recent;
        synchronized (klasses) {
            recent = new ArrayList<>(klasses.values());
        }
        for (int i = recent.size() - 1; i >= 0; i--) {
            Field f = wrapperField(recent.get(i), name);
            if (f == null || !Modifier.isStatic(f.getModifiers())) continue;
            try {
                f.setAccessible(true);
                return f.get(null);
            } catch (ReflectiveOperationException | RuntimeException e) {
                return absent;
            }
        }
        return absent;
    }

    /** The field {@code name} a cell wrapper class declares; null for other classes or no such field. */
    private static Field wrapperField(Class<?> k, String name) {
        if (!WRAPPER.matcher(k.getName()).matches()) return null;
        try {
            return k.getDeclaredField(name);
        } catch (NoSuchFieldException | LinkageError e) {
            return null;
        }
    }

    /**
     * Frees the value of an overwritten variable: nulls the static field {@code name} in every
     * cell wrapper class but the newest one declaring it (JShell keeps old wrapper classes loaded,
     * so without this a redefined big table would stay reachable). Returns how many were cleared.
     */
    int clearOldValues(String name) {
        List<Field> fields = new ArrayList<>();
        synchronized (klasses) {
            for (Class<?> k : klasses.values()) {
                Field f = wrapperField(k, name);
                if (f != null && Modifier.isStatic(f.getModifiers()) && !f.getType().isPrimitive()) fields.add(f);
            }
        }
        int cleared = 0;
        for (int i = 0; i < fields.size() - 1; i++) {
            try {
                Field f = fields.get(i);
                if (Modifier.isFinal(f.getModifiers())) continue;
                f.setAccessible(true);
                if (f.get(null) != null) { f.set(null, null); cleared++; }
            } catch (ReflectiveOperationException | RuntimeException ignored) {
                // inaccessible: leave it
            }
        }
        return cleared;
    }

    /** The cell classes' own loader: declared class bytes first, then added jars. */
    static final class Loader extends URLClassLoader {
        private final Map<String, byte[]> bytes = new ConcurrentHashMap<>();

        Loader(ClassLoader parent) { super("fabriclab-cells", new URL[0], parent); }

        void declare(String name, byte[] b) { bytes.put(name, b); }

        /**
         * JShell's own classes (package {@link #REPL}: the cells' wrappers and {@link #JSHELL_CANCEL}) are looked
         * for here first: no other loader has that package, and asking the parent first made the application
         * class loader search every jar of the kernel's class path for each of them (JFR over trivial cells,
         * issue 9: about a thirtieth of a cell's time). Every other class is loaded parent first, as before.
         */
        @Override protected Class<?> loadClass(String name, boolean resolve) throws ClassNotFoundException {
            if (!name.startsWith(REPL)) return super.loadClass(name, resolve);
            synchronized (getClassLoadingLock(name)) {
                Class<?> k = findLoadedClass(name);
                if (k == null) k = findClass(name);
                if (resolve) resolveClass(k);
                return k;
            }
        }

        @Override protected Class<?> findClass(String name) throws ClassNotFoundException {
            byte[] b = bytes.get(name);
            if (b == null && name.equals(JSHELL_CANCEL)) b = cancelClass();
            if (b != null) return defineClass(name, b, 0, b.length, (CodeSource) null);
            // a class from an added jar or folder: rewritten like cell classes (a library's main()
            // calling System.exit must not end the kernel either)
            URL url = findResource(name.replace('.', '/') + ".class");
            if (url == null) throw new ClassNotFoundException(name);
            byte[] original;
            try (InputStream in = url.openStream()) {
                original = in.readAllBytes();
            } catch (IOException e) {
                throw new ClassNotFoundException(name + ": " + e.getMessage(), e);
            }
            byte[] safe = CellRewriter.rewrite(original);
            if (safe == original) return super.findClass(name); // untouched: URLClassLoader defines it (package, manifest, signers)
            int dot = name.lastIndexOf('.');
            if (dot > 0 && getDefinedPackage(name.substring(0, dot)) == null) {
                definePackage(name.substring(0, dot), null, null, null, null, null, null, null);
            }
            return defineClass(name, safe, 0, safe.length, new CodeSource(location(url), (CodeSigner[]) null));
        }

        /** The jar or folder a class resource came from ({@code jar:file:/a.jar!/p/C.class} -> {@code file:/a.jar}). */
        private static URL location(URL resource) {
            try {
                String s = resource.toString();
                if (s.startsWith("jar:")) return new URL(s.substring(4, s.indexOf("!/")));
                return resource;
            } catch (MalformedURLException | StringIndexOutOfBoundsException e) {
                return resource;
            }
        }

        @Override public void addURL(URL url) { super.addURL(url); }
    }

    /**
     * Java 25's JShell instruments snippet classes with calls to {@code REPL.$Cancel$.stopCheck()}
     * and loads that class in its own {@code invoke}, which {@link CellExecutionControl} replaces;
     * the cells' stop check is {@link StopCheck}, so here the class is a no-op of the same shape.
     */
    static final String JSHELL_CANCEL = "REPL.$Cancel$";
    /** JShell's package for the classes it generates ({@code REPL.$JShell$12}, {@code REPL.$Cancel$}), with its dot. */
    static final String REPL = "REPL.";

    private static byte[] cancelClass() {
        ClassWriter w = new ClassWriter(0);
        w.visit(Opcodes.V17, Opcodes.ACC_PUBLIC | Opcodes.ACC_SUPER, "REPL/$Cancel$", null, "java/lang/Object", null);
        w.visitField(Opcodes.ACC_PUBLIC | Opcodes.ACC_STATIC | Opcodes.ACC_VOLATILE, "allStop", "Z", null, null).visitEnd();
        MethodVisitor m = w.visitMethod(Opcodes.ACC_PUBLIC | Opcodes.ACC_STATIC, "stopCheck", "()V", null, null);
        m.visitCode();
        m.visitInsn(Opcodes.RETURN);
        m.visitMaxs(0, 0);
        m.visitEnd();
        w.visitEnd();
        return w.toByteArray();
    }

    /** Serves the kernel's classes and resources except the hidden ones. */
    static final class Hiding extends ClassLoader {
        private final ClassLoader kernel;

        Hiding(ClassLoader kernel) {
            super("fabriclab-cell-parent", ClassLoader.getPlatformClassLoader());
            this.kernel = kernel;
        }

        @Override protected Class<?> findClass(String name) throws ClassNotFoundException {
            if (CellClasspath.hidden(name)) throw new ClassNotFoundException(name + " (kernel-internal: not on the cell class path)");
            return kernel.loadClass(name);
        }

        @Override protected URL findResource(String name) {
            return CellClasspath.hiddenResource(name) ? null : kernel.getResource(name);
        }

        @Override protected Enumeration<URL> findResources(String name) throws IOException {
            if (CellClasspath.hiddenResource(name)) return Collections.emptyEnumeration();
            if (name.startsWith("META-INF/services/")) {
                // service files of hidden libraries would name classes cells cannot load
                List<URL> keep = new ArrayList<>();
                for (URL u : Collections.list(kernel.getResources(name))) {
                    String s = u.toString();
                    boolean drop = false;
                    for (String h : CellClasspath.HIDDEN_JARS) if (s.contains("/" + h)) drop = true;
                    if (!drop) keep.add(u);
                }
                return Collections.enumeration(keep);
            }
            return kernel.getResources(name);
        }
    }
}
