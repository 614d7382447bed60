package org.fabriclab.history;

import java.net.URL;
import java.net.URLClassLoader;
import java.nio.file.Files;
import java.nio.file.Path;

/**
 * The engines folder's class loader: {@code fabriclab-engines.jar} and {@code lib/*.jar}, parent the
 * DSL's. A native library that {@code lib/} already holds unpacked (a top-level {@code .so},
 * {@code .dylib} or {@code .dll} resource with a file of the same name beside the jars) is not
 * offered as a resource of the jars: a driver such as DuckDB's, which unpacks its bundled library
 * to a new temporary file when it finds it as a resource (72 MB, every JVM), then loads the copy
 * from its jar's folder in place. Everything else is an ordinary {@link URLClassLoader}.
 *
 * <pre>{@code
 * ClassLoader l = new EnginesClassLoader(urls, Path.of("engines/target/lib"), History.class.getClassLoader());
 * }</pre>
 */
final class EnginesClassLoader extends URLClassLoader {
    static { registerAsParallelCapable(); }

    private final Path lib;

    /** @param lib the folder of the jars, where unpacked native libraries may lie; null for none */
    EnginesClassLoader(URL[] urls, Path lib, ClassLoader parent) {
        super("fabriclab-engines", urls, parent);
        this.lib = lib;
    }

    @Override public URL getResource(String name) {
        return unpacked(name) ? null : super.getResource(name);
    }

    @Override public URL findResource(String name) {
        return unpacked(name) ? null : super.findResource(name);
    }

    /** A top-level native library resource that lies unpacked in {@code lib/}. */
    boolean unpacked(String name) {
        if (lib == null || name == null || name.isEmpty() || name.indexOf('/') >= 0) return false;
        if (!(name.contains(".so") || name.contains(".dylib") || name.contains(".dll"))) return false;
        return Files.isRegularFile(lib.resolve(name));
    }
}
