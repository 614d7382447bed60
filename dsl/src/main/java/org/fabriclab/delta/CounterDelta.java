package org.fabriclab.delta;

import org.fabriclab.capture.Reading;
import org.fabriclab.catalogue.Layer;

/**
 * One counter on one port across one test. {@code before}/{@code after} are null when absent;
 * {@code delta} is null unless both are present and the counter is not a gauge. {@code perGb} is
 * the delta per GB moved (NaN when no byte count was given). {@code reason} says why a delta is not
 * readable.
 */
public record CounterDelta(String port, String counter, Layer layer, Long before, Long after, Long delta,
                           Status status, double perGb, String reason, Reading beforeReading, Reading afterReading) {

    /** Where the after value came from ("perfquery_x ..."), for explanations. */
    public String provenance() {
        Reading r = afterReading != null ? afterReading : beforeReading;
        if (r == null) return "";
        return r.source().key() + " " + r.file() + ":" + r.line() + " (" + r.field().describe() + ")";
    }
}
