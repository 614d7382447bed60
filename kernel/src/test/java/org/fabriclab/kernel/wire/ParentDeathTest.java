package org.fabriclab.kernel.wire;

import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Map;
import java.util.concurrent.TimeUnit;

import org.junit.jupiter.api.Test;

/** The kernel exits by itself when the process that started it (JPY_PARENT_PID) dies. */
class ParentDeathTest {
    @Test void kernelExitsWhenItsParentDies() throws Exception {
        Process parent = new ProcessBuilder("sleep", "120").start();
        try (TestKernel k = new TestKernel(Map.of("JPY_PARENT_PID", String.valueOf(parent.pid())))) {
            assertTrue(k.process.isAlive());
            parent.destroy();
            assertTrue(k.process.waitFor(15, TimeUnit.SECONDS), "kernel still running after its parent died");
        } finally {
            parent.destroyForcibly();
        }
    }
}
