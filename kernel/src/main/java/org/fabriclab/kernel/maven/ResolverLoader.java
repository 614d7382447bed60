package org.fabriclab.kernel.maven;

import java.io.IOException;
import java.io.InputStream;
import java.net.URISyntaxException;
import java.net.URL;
import java.net.URLClassLoader;
import java.nio.file.DirectoryStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/**
 * Loads Apache Maven Resolver from {@code resolver/} beside the kernel's jar (or beside
 * {@code target/classes} in a build: Maven's dependency plugin copies the resolver and its
 * dependencies there), in a class loader of its own, on first use. The kernel's class path never
 * holds those jars, so a kernel that never runs {@code %maven} never reads them; cells never see
 * them (the cell loader's parent is the kernel's loader). Parent first, except
 * {@code org.fabriclab.kernel.maven.aether}, which this loader defines from the kernel's own class
 * files so that its references to the resolver bind here. {@code -Dfabriclab.resolver.dir=DIR}
 * names another folder.
 *
 * <pre>{@code
 * Resolver r = ResolverLoader.load();   // about 30 jars, once per session
 * }</pre>
 */
final class ResolverLoader extends URLClassLoader {
    static final String DIR_PROPERTY = "fabriclab.resolver.dir";
    static final String IMPL_PACKAGE = "org.fabriclab.kernel.maven.aether.";
    static final String IMPL = IMPL_PACKAGE + "AetherResolver";

    private final ClassLoader kernel;

    private ResolverLoader(URL[] jars, ClassLoader kernel) {
        super("fabriclab-maven-resolver", jars, kernel);
        this.kernel = kernel;
    }

    /**
     * A resolver in its own loader.
     *
     * @throws IllegalStateException when the resolver's folder is missing or empty (a broken build)
     */
    static Resolver load() {
        Path dir = directory();
        List<URL> jars = new ArrayList<>();
        try (DirectoryStream<Path> ds = Files.newDirectoryStream(dir, "*.jar")) {
            for (Path j : ds) jars.add(j.toUri().toURL());
        } catch (IOException e) {
            throw new IllegalStateException("%maven: Maven Resolver's jars are not in " + dir + " (" + e.getMessage()
                    + "); rebuild fabriclab (mvn install) or set -D" + DIR_PROPERTY);
        }
        if (jars.isEmpty()) throw new IllegalStateException("%maven: no Maven Resolver jars in " + dir + "; rebuild fabriclab (mvn install)");
        ResolverLoader l = new ResolverLoader(jars.toArray(URL[]::new), ResolverLoader.class.getClassLoader());
        try {
            return (Resolver) l.loadClass(IMPL).getConstructor().newInstance();
        } catch (ReflectiveOperationException | LinkageError e) {
            throw new IllegalStateException("%maven: cannot load Maven Resolver from " + dir + ": " + e, e);
        }
    }

    /** {@code resolver/} beside the jar or classes folder this class came from, or the property's folder. */
    static Path directory() {
        String p = System.getProperty(DIR_PROPERTY);
        if (p != null && !p.isBlank()) return Path.of(p);
        try {
            Path here = Path.of(ResolverLoader.class.getProtectionDomain().getCodeSource().getLocation().toURI());
            return here.getParent().resolve("resolver");
        } catch (URISyntaxException | RuntimeException e) {
            throw new IllegalStateException("%maven: cannot tell where the kernel's jar is (" + e + "); set -D" + DIR_PROPERTY);
        }
    }

    @Override protected Class<?> loadClass(String name, boolean resolve) throws ClassNotFoundException {
        if (!name.startsWith(IMPL_PACKAGE)) return super.loadClass(name, resolve);
        synchronized (getClassLoadingLock(name)) {
            Class<?> c = findLoadedClass(name);
            if (c == null) {
                String res = name.replace('.', '/') + ".class";
                try (InputStream in = kernel.getResourceAsStream(res)) {
                    if (in == null) throw new ClassNotFoundException(name);
                    byte[] b = in.readAllBytes();
                    c = defineClass(name, b, 0, b.length, ResolverLoader.class.getProtectionDomain());
                } catch (IOException e) {
                    throw new ClassNotFoundException(name, e);
                }
            }
            if (resolve) resolveClass(c);
            return c;
        }
    }
}
