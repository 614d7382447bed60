package org.fabriclab.capture;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.nio.file.Path;
import java.util.Set;

import org.junit.jupiter.api.extension.AfterEachCallback;
import org.junit.jupiter.api.extension.BeforeEachCallback;
import org.junit.jupiter.api.extension.ExtensionContext;

/**
 * Fails a test that leaves one of this JVM's unpacked-archive folders behind, whatever it read or failed on
 * ({@code @ExtendWith(LeavesNoUnpackedFolder.class)}): the folders before the test are taken, those after it must be the same.
 */
public final class LeavesNoUnpackedFolder implements BeforeEachCallback, AfterEachCallback {
    private static final ExtensionContext.Namespace NS = ExtensionContext.Namespace.create(LeavesNoUnpackedFolder.class);

    @Override public void beforeEach(ExtensionContext c) throws Exception {
        c.getStore(NS).put("before", ArchiveFixture.unpackedFolders());
    }

    @Override @SuppressWarnings("unchecked") public void afterEach(ExtensionContext c) throws Exception {
        Set<Path> now = ArchiveFixture.unpackedFolders();
        now.removeAll(c.getStore(NS).get("before", Set.class));
        assertEquals(Set.of(), now, "unpacked folders left behind");
    }
}
