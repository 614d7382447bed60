package org.fabriclab.kernel.cli;

import java.io.IOException;
import java.nio.file.Path;

import org.fabriclab.io.AtomicFiles;

/**
 * Writes a file atomically ({@link AtomicFiles}): a temporary beside the target, then a rename;
 * mode 0644 under the usual umask; stale temporaries of killed runs removed first.
 */
public final class AtomicWrite {
    private AtomicWrite() {}

    public static void write(Path target, byte[] bytes) throws IOException {
        AtomicFiles.write(target, bytes);
    }
}
