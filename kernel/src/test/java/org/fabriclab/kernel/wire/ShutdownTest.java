package org.fabriclab.kernel.wire;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Map;
import java.util.concurrent.TimeUnit;

import org.junit.jupiter.api.Test;

import com.fasterxml.jackson.databind.JsonNode;

/** shutdown_request on the control channel: a reply, then the process ends with status 0. */
class ShutdownTest {
    @Test void shutdownRepliesThenExits() throws Exception {
        try (TestKernel k = new TestKernel(Map.of())) {
            String id = k.send(k.control, "shutdown_request", TestKernel.JSON.createObjectNode().put("restart", true));
            JsonNode r = k.reply(k.control, id, 10_000);
            assertEquals("ok", r.path("content").path("status").asText());
            assertTrue(r.path("content").path("restart").asBoolean());
            assertTrue(k.process.waitFor(10, TimeUnit.SECONDS), "kernel still running after shutdown");
            assertEquals(0, k.process.exitValue());
            // closing the sockets under the threads blocked on them ends those threads quietly (a race: not every run)
            assertFalse(k.log().contains("Exception in thread"), k.log());
        }
    }
}
