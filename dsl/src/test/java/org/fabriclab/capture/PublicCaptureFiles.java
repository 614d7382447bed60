package org.fabriclab.capture;

import java.nio.file.Files;
import java.nio.file.Path;

import org.junit.jupiter.api.Assumptions;

/**
 * Locates the public conformance captures through the system property
 * {@code fabriclab.publicCaptures}; tests are skipped when it is "none" (a bare clone).
 *
 * <pre>{@code
 * Path pm = PublicCaptureFiles.file("ibdiagnet2_pm_hca_block_sequoia.pm");
 * }</pre>
 */
public final class PublicCaptureFiles {
    private PublicCaptureFiles() {}

    /** The public captures folder; the calling test is skipped when the property is "none" (a bare clone). */
    public static Path dir() {
        String dir = System.getProperty("fabriclab.publicCaptures", "none");
        Assumptions.assumeTrue(!dir.isBlank() && !dir.equals("none") && !dir.startsWith("${"),
                "public captures not available (fabriclab.publicCaptures=" + dir + ")");
        return Path.of(dir);
    }

    /** One public capture; a file missing from a present folder fails rather than skips. */
    public static Path file(String name) {
        Path p = dir().resolve(name);
        if (!Files.exists(p)) throw new AssertionError("public capture missing: " + p);
        return p;
    }
}
