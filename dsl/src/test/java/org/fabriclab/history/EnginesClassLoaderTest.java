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
import java.util.jar.JarEntry;
import java.util.jar.JarOutputStream;

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
