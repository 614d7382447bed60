package org.fabriclab.history;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import java.util.Map;

import org.junit.jupiter.api.Test;

/** How a history states its sampling step: seconds, milliseconds, or none when no port was sampled twice. */
class HistoryStepTextTest {
    private static History of(long[] time, int[] port, List<String> ports) {
        return History.of("h", ports, time, port, Map.of("PortXmitWait", new long[time.length]), Map.of(), 0);
    }

    @Test void aMinuteStepIsInSeconds() {
        History h = of(new long[] {0, 60_000, 120_000}, new int[] {0, 0, 0}, List.of("a"));
        assertEquals("step 60 s", h.stepText());
        assertTrue(h.toString().contains("step 60 s"), h.toString());
    }

    @Test void aSubSecondStepIsInMilliseconds() {
        assertEquals("step 500 ms", of(new long[] {0, 500, 1000}, new int[] {0, 0, 0}, List.of("a")).stepText());
    }

    /** One sample a port has no interval: the step is a placeholder, and said to be none rather than "step 0 s". */
    @Test void oneSampleAPortHasNoStep() {
        History h = of(new long[] {0, 0}, new int[] {0, 1}, List.of("a", "b"));
        assertEquals("no step (one sample a port)", h.stepText());
        assertTrue(h.toString().contains("no step"), h.toString());
    }
}
