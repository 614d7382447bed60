package org.fabriclab.kernel.maven;

import java.io.File;
import java.io.IOException;
import java.io.InputStream;
import java.util.Enumeration;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Properties;
import java.util.jar.JarEntry;
import java.util.jar.JarFile;

/**
 * Which Maven artifacts a class path already holds: each jar's
 * {@code META-INF/maven/GROUP/ARTIFACT/pom.properties} (what Maven's jar plugin writes; a shaded
 * jar lists every artifact it contains), else nothing for that jar. For {@code %maven}'s conflict
 * check against the kernel's jars cells see and the jars added with {@code %classpath}.
 *
 * <pre>{@code
 * Map<String, ClasspathArtifacts.Held> held = ClasspathArtifacts.scan(List.of("lib/guava-33.0.0-jre.jar"));
 * held.get("com.google.guava:guava").version();   // "33.0.0-jre"
 * }</pre>
 */
final class ClasspathArtifacts {
    private ClasspathArtifacts() {}

    /** An artifact on the class path: its version and the jar it is in. */
    record Held(String version, String jar) {}

    /** {@code group:artifact} -> what holds it, for the jars among {@code entries} (folders are skipped). */
    static Map<String, Held> scan(Iterable<String> entries) {
        Map<String, Held> out = new LinkedHashMap<>();
        for (String e : entries) {
            File f = new File(e);
            if (!f.isFile() || !f.getName().endsWith(".jar")) continue;
            try (JarFile jar = new JarFile(f, false)) {
                for (Enumeration<JarEntry> en = jar.entries(); en.hasMoreElements();) {
                    JarEntry je = en.nextElement();
                    String n = je.getName();
                    if (!n.startsWith("META-INF/maven/") || !n.endsWith("/pom.properties")) continue;
                    Properties p = new Properties();
                    try (InputStream in = jar.getInputStream(je)) {
                        p.load(in);
                    }
                    String g = p.getProperty("groupId"), a = p.getProperty("artifactId"), v = p.getProperty("version");
                    if (g != null && a != null && v != null) out.putIfAbsent(g.trim() + ":" + a.trim(), new Held(v.trim(), f.getPath()));
                }
            } catch (IOException | RuntimeException ex) {
                // not a readable jar: it cannot conflict by name either
            }
        }
        return out;
    }
}
