package org.fabriclab.history;

import java.io.IOException;
import java.net.URL;
import java.net.URLClassLoader;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Collections;
import java.util.Enumeration;
import java.util.List;
import java.util.jar.JarFile;

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

    private static final String OWN_SERVICES = "META-INF/services/org.fabriclab.";
    private final Path lib;
    /** {@code fabriclab-engines.jar}, the first URL, when it is a jar file; null otherwise. */
    private final Path own;

    /** @param lib the folder of the jars, where unpacked native libraries may lie; null for none */
    EnginesClassLoader(URL[] urls, Path lib, ClassLoader parent) {
        super("fabriclab-engines", urls, parent);
        this.lib = lib;
        Path first = null;
        try {
            if (urls.length > 0 && "file".equals(urls[0].getProtocol()) && urls[0].getPath().endsWith(".jar")) first = Path.of(urls[0].toURI());
        } catch (java.net.URISyntaxException | IllegalArgumentException e) {
            first = null;
        }
        this.own = first;
    }

    /**
     * fabriclab's own service files ({@code META-INF/services/org.fabriclab.*}) come from
     * {@code fabriclab-engines.jar} alone (the first URL): looked up the ordinary way, one
     * {@link java.util.ServiceLoader} call opened every jar of {@code lib/} (Spark's ~170) to look for
     * a file none of them has. Only asked of this loader when the class path has no provider
     * ({@link EngineLoader#services}).
     */
    @Override public Enumeration<URL> getResources(String name) throws IOException {
        if (!name.startsWith(OWN_SERVICES) || own == null) return super.getResources(name);
        try (JarFile j = new JarFile(own.toFile())) {
            if (j.getJarEntry(name) == null) return Collections.emptyEnumeration();
        }
        return Collections.enumeration(List.of(new URL("jar:" + own.toUri().toURL() + "!/" + name)));
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
