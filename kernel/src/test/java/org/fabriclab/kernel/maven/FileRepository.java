package org.fabriclab.kernel.maven;

import java.io.IOException;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.jar.JarEntry;
import java.util.jar.JarOutputStream;

import javax.tools.JavaCompiler;
import javax.tools.ToolProvider;

/**
 * A Maven repository in a folder, built by a test: each artifact a POM (with its dependencies) and
 * a jar of classes compiled from the given sources, laid out as Maven's default layout.
 *
 * <pre>{@code
 * FileRepository repo = new FileRepository(dir.resolve("repo"));
 * repo.add("com.example", "libb", "1.0", List.of(), "package b; public class B { public static int two() { return 2; } }");
 * repo.add("com.example", "liba", "1.0", List.of("com.example:libb:1.0"), "package a; public class A { ... b.B.two() ... }");
 * repo.url();   // file:/.../repo/
 * }</pre>
 */
final class FileRepository {
    final Path root;

    FileRepository(Path root) { this.root = root; }

    String url() { return root.toUri().toString(); }

    /** Adds {@code group:artifact:version} depending on {@code deps} (coordinates), its classes compiled from {@code sources}. */
    void add(String group, String artifact, String version, List<String> deps, String... sources) throws IOException {
        Path dir = root.resolve(group.replace('.', '/')).resolve(artifact).resolve(version);
        Files.createDirectories(dir);
        StringBuilder pom = new StringBuilder("<project xmlns=\"http://maven.apache.org/POM/4.0.0\"><modelVersion>4.0.0</modelVersion>")
                .append("<groupId>").append(group).append("</groupId><artifactId>").append(artifact)
                .append("</artifactId><version>").append(version).append("</version><dependencies>");
        for (String d : deps) {
            String[] c = d.split(":");
            pom.append("<dependency><groupId>").append(c[0]).append("</groupId><artifactId>").append(c[1])
               .append("</artifactId><version>").append(c[2]).append("</version></dependency>");
        }
        pom.append("</dependencies></project>");
        Files.writeString(dir.resolve(artifact + "-" + version + ".pom"), pom.toString());
        Path src = Files.createTempDirectory(root.getParent(), "src");
        Path classes = Files.createTempDirectory(root.getParent(), "classes");
        String[] args = new String[sources.length + 4];
        args[0] = "-d";
        args[1] = classes.toString();
        args[2] = "-cp";
        args[3] = System.getProperty("java.class.path") + java.io.File.pathSeparator + jarsUnder(root);
        for (int i = 0; i < sources.length; i++) {
            String pkg = sources[i].replaceAll("(?s)^\\s*package\\s+([\\w.]+);.*", "$1");
            String cls = sources[i].replaceAll("(?s).*public\\s+class\\s+(\\w+).*", "$1");
            Path f = src.resolve(pkg.replace('.', '/')).resolve(cls + ".java");
            Files.createDirectories(f.getParent());
            Files.writeString(f, sources[i]);
            args[4 + i] = f.toString();
        }
        JavaCompiler javac = ToolProvider.getSystemJavaCompiler();
        if (javac.run(null, null, null, args) != 0) throw new IllegalStateException("test sources do not compile");
        try (OutputStream o = Files.newOutputStream(dir.resolve(artifact + "-" + version + ".jar"));
             JarOutputStream jar = new JarOutputStream(o);
             var walk = Files.walk(classes)) {
            for (Path p : (Iterable<Path>) walk.filter(Files::isRegularFile)::iterator) {
                jar.putNextEntry(new JarEntry(classes.relativize(p).toString().replace('\\', '/')));
                jar.write(Files.readAllBytes(p));
                jar.closeEntry();
            }
            String props = "groupId=" + group + "\nartifactId=" + artifact + "\nversion=" + version + "\n";
            jar.putNextEntry(new JarEntry("META-INF/maven/" + group + "/" + artifact + "/pom.properties"));
            jar.write(props.getBytes(StandardCharsets.UTF_8));
            jar.closeEntry();
        }
    }

    private String jarsUnder(Path dir) throws IOException {
        if (!Files.isDirectory(dir)) return "";
        try (var w = Files.walk(dir)) {
            return String.join(java.io.File.pathSeparator, w.filter(p -> p.toString().endsWith(".jar")).map(Path::toString).toList());
        }
    }
}
