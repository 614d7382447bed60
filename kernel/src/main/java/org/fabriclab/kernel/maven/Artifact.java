package org.fabriclab.kernel.maven;

import java.nio.file.Path;

/**
 * One resolved artifact: Maven coordinates, the file in the local repository, and the artifact
 * that needed it ({@code null} for one the user asked for).
 *
 * <pre>{@code
 * new Artifact("com.example", "liba", "1.0", Path.of("/home/me/.m2/repository/com/example/liba/1.0/liba-1.0.jar"), null);
 * }</pre>
 */
public record Artifact(String groupId, String artifactId, String version, Path file, String neededBy) {
    /** {@code groupId:artifactId}, the key two versions of one library share. */
    public String key() { return groupId + ":" + artifactId; }

    /** {@code groupId:artifactId:version}. */
    public String coordinates() { return key() + ":" + version; }
}
