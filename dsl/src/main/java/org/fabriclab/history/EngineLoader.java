package org.fabriclab.history;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.MalformedURLException;
import java.net.URL;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.ServiceLoader;
import java.util.jar.Attributes;
import java.util.jar.JarFile;
import java.util.jar.Manifest;
import java.util.stream.Stream;

/**
 * Finds the engines module (DuckDB, Spark) lazily, on the first call that needs it, so that neither
 * the DSL jar nor the kernel's start-up pays for it. Looked up in order: the class path (tests,
 * {@code spark-submit}, an application that depends on {@code fabriclab-engines}); the folder named
 * by the system property {@code fabriclab.engines} or the environment variable
 * {@code FABRICLAB_ENGINES}; {@code engines/target} under {@code fabriclab.home} (the checkout the
 * {@code fabriclab} launcher runs from). A folder holds {@code fabriclab-engines.jar} and
 * {@code lib/*.jar}; they are loaded in a class loader of their own whose parent is the DSL's
 * ({@link EnginesClassLoader}: native libraries unpacked in {@code lib/} are loaded in place).
 *
 * <pre>{@code
 * List<SweepEngineProvider> all = EngineLoader.services(SweepEngineProvider.class);
 * }</pre>
 */
public final class EngineLoader {
    private static volatile ClassLoader loader;

    private EngineLoader() {}

    /** The providers of {@code service} on the class path, else in the engines folder; empty when neither has any. */
    public static <S> List<S> services(Class<S> service) {
        List<S> out = new ArrayList<>();
        ServiceLoader.load(service, EngineLoader.class.getClassLoader()).forEach(out::add);
        if (!out.isEmpty()) return out;
        ClassLoader l = folderLoader();
        if (l != null) ServiceLoader.load(service, l).forEach(out::add);
        return out;
    }

    /** Where the engines folder was looked for, for error messages. */
    static String whereLooked() {
        return "the class path, -Dfabriclab.engines / FABRICLAB_ENGINES, and engines/target under -Dfabriclab.home"
                + " (build it with: mvn -q install -DskipTests)";
    }

    private static ClassLoader folderLoader() {
        ClassLoader l = loader;
        if (l != null) return l;
        synchronized (EngineLoader.class) {
            if (loader != null) return loader;
            Path dir = folder();
            if (dir == null) return null;
            List<URL> urls = new ArrayList<>();
            Path lib = dir.resolve("lib");
            try {
                urls.add(dir.resolve("fabriclab-engines.jar").toUri().toURL());
                if (Files.isDirectory(lib)) {
                    try (Stream<Path> s = Files.list(lib)) {
                        List<Path> jars = s.filter(p -> p.toString().endsWith(".jar")).sorted().toList();
                        for (Path p : ordered(dir.resolve("fabriclab-engines.jar"), jars)) urls.add(p.toUri().toURL());
                    }
                }
            } catch (MalformedURLException e) {
                throw new IllegalStateException(e);
            } catch (IOException e) {
                throw new UncheckedIOException(e);
            }
            loader = new EnginesClassLoader(urls.toArray(URL[]::new), Files.isDirectory(lib) ? lib : null, EngineLoader.class.getClassLoader());
            return loader;
        }
    }

    /**
     * {@code jars} (lib/'s) in the order the engines jar's manifest lists them ({@code Class-Path}: Maven's
     * dependency order, DuckDB and Arrow before Spark), then any it does not list, by name. A class loader
     * opens its jars in search order, reading each one's central directory (Spark's 170 jars: ~10 MB of
     * heap and their CPU); searched by name, a DuckDB-only load opened about 40 of them before DuckDB's.
     */
    static List<Path> ordered(Path enginesJar, List<Path> jars) {
        Map<String, Path> byName = new LinkedHashMap<>();
        for (Path p : jars) byName.put(p.getFileName().toString(), p);
        List<Path> out = new ArrayList<>();
        for (String entry : manifestClassPath(enginesJar)) {
            Path p = byName.remove(entry.substring(entry.lastIndexOf('/') + 1));
            if (p != null) out.add(p);
        }
        out.addAll(byName.values());
        return out;
    }

    /** The {@code Class-Path} entries of {@code jar}'s manifest; empty when it has none or cannot be read. */
    private static List<String> manifestClassPath(Path jar) {
        try (JarFile j = new JarFile(jar.toFile())) {
            Manifest m = j.getManifest();
            String cp = m == null ? null : m.getMainAttributes().getValue(Attributes.Name.CLASS_PATH);
            return cp == null || cp.isBlank() ? List.of() : List.of(cp.trim().split("\\s+"));
        } catch (IOException e) {
            return List.of();
        }
    }

    private static Path folder() {
        String p = System.getProperty("fabriclab.engines", System.getenv("FABRICLAB_ENGINES"));
        if (p != null && !p.isBlank()) return Files.isRegularFile(Path.of(p, "fabriclab-engines.jar")) ? Path.of(p) : null;
        String home = System.getProperty("fabriclab.home");
        if (home == null) return null;
        Path d = Path.of(home, "engines", "target");
        return Files.isRegularFile(d.resolve("fabriclab-engines.jar")) ? d : null;
    }
}
