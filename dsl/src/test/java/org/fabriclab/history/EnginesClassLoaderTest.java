package org.fabriclab.history;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;

import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.URL;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Collections;
import java.util.List;
import java.util.jar.Attributes;
import java.util.jar.JarEntry;
import java.util.jar.JarOutputStream;
import java.util.jar.Manifest;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class EnginesClassLoaderTest {
    @TempDir Path dir;

    @Test void aNativeLibraryUnpackedBesideTheJarsIsNotOfferedFromTheJar() throws IOException {
        Path lib = Files.createDirectories(dir.resolve("lib"));
        Path jar = jar(lib.resolve("driver.jar"));
        Files.writeString(lib.resolve("libdriver.so_linux_amd64"), "unpacked");
        try (EnginesClassLoader l = new EnginesClassLoader(new URL[] {jar.toUri().toURL()}, lib, null)) {
            assertNull(l.getResource("libdriver.so_linux_amd64"), "the driver loads the unpacked copy from its jar's folder");
            assertNull(l.findResource("libdriver.so_linux_amd64"));
            assertNotNull(l.getResource("libother.dylib"), "a native library with no unpacked copy is still the jar's");
            try (InputStream in = l.getResourceAsStream("notes.txt")) {
                assertEquals("kept", new String(in.readAllBytes(), StandardCharsets.UTF_8), "other resources are untouched");
            }
        }
    }

    @Test void withoutAnUnpackedCopyTheJarStillOffersItsLibrary() throws IOException {
        Path lib = Files.createDirectories(dir.resolve("lib"));
        Path jar = jar(lib.resolve("driver.jar"));
        try (EnginesClassLoader l = new EnginesClassLoader(new URL[] {jar.toUri().toURL()}, lib, null)) {
            URL u = l.getResource("libdriver.so_linux_amd64");
            assertNotNull(u);
            try (InputStream in = u.openStream()) {
                assertEquals("bundled", new String(in.readAllBytes(), StandardCharsets.UTF_8));
            }
        }
    }

    @Test void fabriclabsOwnServiceFilesComeFromTheEnginesJarAlone() throws IOException {
        Path lib = Files.createDirectories(dir.resolve("lib"));
        String own = "META-INF/services/org.fabriclab.history.SweepEngineProvider", other = "META-INF/services/java.sql.Driver";
        Path engines = jar(dir.resolve("fabriclab-engines.jar"), null, own, "org.example.Own", other, "org.example.OwnDriver");
        Path library = jar(lib.resolve("library.jar"), null, own, "org.example.Stray", other, "org.example.Driver");
        try (EnginesClassLoader l = new EnginesClassLoader(new URL[] {engines.toUri().toURL(), library.toUri().toURL()}, lib, null)) {
            List<URL> found = Collections.list(l.getResources(own));
            assertEquals(1, found.size(), "a library jar's file of the same name is not looked for: " + found);
            try (InputStream in = found.get(0).openStream()) {
                assertEquals("org.example.Own", new String(in.readAllBytes(), StandardCharsets.UTF_8));
            }
            assertEquals(2, Collections.list(l.getResources(other)).size(), "other service files are looked up in every jar");
            assertEquals(List.of(), Collections.list(l.getResources(own + "Missing")), "none where the engines jar has none");
        }
    }

    @Test void libJarsAreSearchedInTheEnginesJarsClassPathOrder() throws IOException {
        Path lib = Files.createDirectories(dir.resolve("lib"));
        Path engines = jar(dir.resolve("fabriclab-engines.jar"), "lib/b.jar lib/missing.jar lib/a.jar");
        List<Path> jars = List.of(jar(lib.resolve("a.jar"), null), jar(lib.resolve("b.jar"), null), jar(lib.resolve("c.jar"), null));
        assertEquals(List.of("b.jar", "a.jar", "c.jar"), names(EngineLoader.ordered(engines, jars)),
                "the manifest's order first (a listed jar that is absent skipped), then the unlisted by name");
        Path plain = jar(dir.resolve("plain.jar"), null);
        assertEquals(List.of("a.jar", "b.jar", "c.jar"), names(EngineLoader.ordered(plain, jars)), "no Class-Path: by name");
    }

    private static List<String> names(List<Path> ps) {
        return ps.stream().map(p -> p.getFileName().toString()).toList();
    }

    /** A jar with a manifest ({@code classPath} its Class-Path, or none) and {@code entries} as name, text pairs. */
    private static Path jar(Path p, String classPath, String... entries) throws IOException {
        Manifest m = new Manifest();
        m.getMainAttributes().put(Attributes.Name.MANIFEST_VERSION, "1.0");
        if (classPath != null) m.getMainAttributes().put(Attributes.Name.CLASS_PATH, classPath);
        try (OutputStream o = Files.newOutputStream(p); JarOutputStream j = new JarOutputStream(o, m)) {
            for (int i = 0; i + 1 < entries.length; i += 2) {
                j.putNextEntry(new JarEntry(entries[i]));
                j.write(entries[i + 1].getBytes(StandardCharsets.UTF_8));
                j.closeEntry();
            }
        }
        return p;
    }

    private static Path jar(Path p) throws IOException {
        try (OutputStream o = Files.newOutputStream(p); JarOutputStream j = new JarOutputStream(o)) {
            for (String[] e : new String[][] {{"libdriver.so_linux_amd64", "bundled"}, {"libother.dylib", "other"}, {"notes.txt", "kept"}}) {
                j.putNextEntry(new JarEntry(e[0]));
                j.write(e[1].getBytes(StandardCharsets.UTF_8));
                j.closeEntry();
            }
        }
        return p;
    }
}
