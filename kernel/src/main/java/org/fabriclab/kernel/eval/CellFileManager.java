package org.fabriclab.kernel.eval;

import java.io.File;
import java.io.IOException;
import java.nio.file.Path;
import java.util.Collection;
import java.util.Iterator;
import java.util.List;
import java.util.Objects;

import javax.tools.FileObject;
import javax.tools.ForwardingJavaFileManager;
import javax.tools.JavaFileObject;
import javax.tools.StandardJavaFileManager;
import javax.tools.StandardLocation;

/**
 * The file manager under JShell's own (given to {@code JShell.Builder.fileManager}): javac's
 * standard one, with one repeated option made a no-op. javac's {@code JavacTool.getTask} passes
 * {@code --multi-release <release>} to the file manager at the start of <em>every</em> task, and
 * the standard file manager answers any such option by dropping its index of the class path's
 * jars (which package directories each jar holds). JShell runs three javac tasks per cell (parse,
 * analyse, compile) and, after each, makes javac list its {@code REPL} package again, so every task
 * re-indexed every directory of every class-path jar: about a tenth of a trivial cell's time with
 * the kernel's class path (JFR, issue 9). Here the option reaches the standard file manager when
 * its value changes (the first time, in practice), so the index is built once and dropped, as
 * before, when the class path itself changes ({@code %classpath}: {@code -classpath}). Which jars
 * and classes javac sees is unchanged; folders on the class path are listed afresh each time by
 * the standard file manager anyway (it indexes only jars).
 *
 * <p>The class loader javac asks for on the class path (and the processor path) is one that finds
 * nothing. javac uses it only to look for annotation processors, which JShell switches off
 * ({@code -proc:none}), and for javac plugins: on every task it asked the standard file manager
 * for a new class loader over the class-path jars and looked for
 * {@code META-INF/services/com.sun.source.util.Plugin} in each of them and in the kernel's own
 * jars (JFR over trivial cells, issue 9: about a twentieth of a cell's time). So a javac plugin
 * on the cell class path is not started (the kernel never asks for one); what cells compile
 * against and run with is unchanged (JShell loads cells through its own execution engine).
 *
 * <pre>{@code
 * JShell.builder().fileManager(CellFileManager::new)
 * }</pre>
 */
final class CellFileManager extends ForwardingJavaFileManager<StandardJavaFileManager> implements StandardJavaFileManager {
    static final String MULTI_RELEASE = "--multi-release";
    private String multiRelease;

    /** What javac gets for processors and plugins: no classes, no resources (see the class comment). */
    static final ClassLoader NO_PLUGINS = new ClassLoader("fabriclab-no-javac-plugins", null) {
        @Override protected Class<?> loadClass(String name, boolean resolve) throws ClassNotFoundException {
            throw new ClassNotFoundException(name + " (javac processors and plugins are not loaded in cells)");
        }

        @Override public java.net.URL getResource(String name) { return null; }

        @Override public java.util.Enumeration<java.net.URL> getResources(String name) { return java.util.Collections.emptyEnumeration(); }
    };

    CellFileManager(StandardJavaFileManager standard) { super(standard); }

    @Override public ClassLoader getClassLoader(Location location) {
        if (location == StandardLocation.CLASS_PATH || location == StandardLocation.ANNOTATION_PROCESSOR_PATH) return NO_PLUGINS;
        return fileManager.getClassLoader(location);
    }

    @Override public synchronized boolean handleOption(String current, Iterator<String> remaining) {
        if (MULTI_RELEASE.equals(current) && remaining.hasNext()) {
            String value = remaining.next();
            if (Objects.equals(value, multiRelease)) return true;   // the same release again: nothing to change
            boolean handled = fileManager.handleOption(current, List.of(value).iterator());
            if (handled) multiRelease = value;
            return handled;
        }
        return fileManager.handleOption(current, remaining);
    }

    // what StandardJavaFileManager adds, forwarded (its default methods would not reach the standard one)

    @Override public boolean isSameFile(FileObject a, FileObject b) { return fileManager.isSameFile(a, b); }

    @Override public Iterable<? extends JavaFileObject> getJavaFileObjectsFromFiles(Iterable<? extends File> files) {
        return fileManager.getJavaFileObjectsFromFiles(files);
    }

    @Override public Iterable<? extends JavaFileObject> getJavaFileObjectsFromPaths(Collection<? extends Path> paths) {
        return fileManager.getJavaFileObjectsFromPaths(paths);
    }

    @SuppressWarnings("deprecation")
    @Override public Iterable<? extends JavaFileObject> getJavaFileObjectsFromPaths(Iterable<? extends Path> paths) {
        return fileManager.getJavaFileObjectsFromPaths(paths);
    }

    @Override public Iterable<? extends JavaFileObject> getJavaFileObjects(File... files) { return fileManager.getJavaFileObjects(files); }

    @Override public Iterable<? extends JavaFileObject> getJavaFileObjects(Path... paths) { return fileManager.getJavaFileObjects(paths); }

    @Override public Iterable<? extends JavaFileObject> getJavaFileObjectsFromStrings(Iterable<String> names) {
        return fileManager.getJavaFileObjectsFromStrings(names);
    }

    @Override public Iterable<? extends JavaFileObject> getJavaFileObjects(String... names) { return fileManager.getJavaFileObjects(names); }

    @Override public void setLocation(Location location, Iterable<? extends File> files) throws IOException {
        fileManager.setLocation(location, files);
    }

    @Override public void setLocationFromPaths(Location location, Collection<? extends Path> paths) throws IOException {
        fileManager.setLocationFromPaths(location, paths);
    }

    @Override public void setLocationForModule(Location location, String moduleName, Collection<? extends Path> paths) throws IOException {
        fileManager.setLocationForModule(location, moduleName, paths);
    }

    @Override public Iterable<? extends File> getLocation(Location location) { return fileManager.getLocation(location); }

    @Override public Iterable<? extends Path> getLocationAsPaths(Location location) { return fileManager.getLocationAsPaths(location); }

    @Override public Path asPath(FileObject file) { return fileManager.asPath(file); }

    @Override public void setPathFactory(PathFactory f) { fileManager.setPathFactory(f); }
}
