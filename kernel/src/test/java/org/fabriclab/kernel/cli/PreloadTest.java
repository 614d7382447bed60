package org.fabriclab.kernel.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.fabriclab.capture.Readers;
import org.fabriclab.catalogue.Catalogue;
import org.junit.jupiter.api.Test;

/**
 * The commands that read captures load the catalogue and the readers on two daemon threads beside the
 * command line parsing ({@link Preload}); the others start nothing. What the thread loads is the
 * one instance the command then uses.
 */
class PreloadTest {
    @Test void captureCommandsLoadTheCatalogueAndReadersInTheBackground() throws InterruptedException {
        for (String command : new String[] {"show", "classify", "check", "reconcile", "plot", "collect"}) {
            var threads = Preload.start(command);
            assertEquals(2, threads.size(), command);
            for (Thread t : threads) {
                assertTrue(t.isDaemon(), command);   // never keeps the JVM alive
                t.join(120_000);
                assertFalse(t.isAlive(), command);
            }
        }
        assertSame(Catalogue.standard(), Catalogue.standard());
        assertSame(Readers.standard(), Readers.standard());
    }

    @Test void otherCommandsStartNothing() {
        for (String command : new String[] {"kernel", "repl", "run", "demo", "warmup", "install", "datasets", "help", "cds-training"}) {
            assertTrue(Preload.start(command).isEmpty(), command);
        }
        assertTrue(Preload.start(null).isEmpty());
    }
}
