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

    public static Path file(String name) {
        String dir = System.getProperty("fabriclab.publicCaptures", "none");
        Assumptions.assumeTrue(!dir.isBlank() && !dir.equals("none") && !dir.startsWith("${"),
                "public captures not available (fabriclab.publicCaptures=" + dir + ")");
        Path p = Path.of(dir).resolve(name);
        if (!Files.exists(p)) throw new AssertionError("public capture missing: " + p);
        return p;
    }
}
