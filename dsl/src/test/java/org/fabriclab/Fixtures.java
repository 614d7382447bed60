package org.fabriclab;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import org.fabriclab.capture.Capture;
import org.fabriclab.catalogue.Source;
import org.fabriclab.snapshot.Snapshot;

/**
 * Captures built in test code through {@link Capture#builder}, the way a reader builds them, so
 * every check sees typed readings (catalogue widths, overflow, scale).
 */
public final class Fixtures {
    private Fixtures() {}

    /** An ordered map from alternating name/value pairs. */
    public static Map<String, Long> counters(Object... kv) {
        Map<String, Long> m = new LinkedHashMap<>();
        for (int i = 0; i < kv.length; i += 2) m.put((String) kv[i], ((Number) kv[i + 1]).longValue());
        return m;
    }

    /** One capture of one port: counters read as {@code src} raw names, plus attributes. */
    public static Capture capture(String file, Source src, String port, Map<String, Long> counters, Map<String, String> attrs) {
        Capture.Builder b = Capture.builder(src, file);
        int line = 1;
        for (var e : counters.entrySet()) b.counter(port, e.getKey(), e.getValue(), line++);
        for (var e : attrs.entrySet()) b.attr(port, e.getKey(), e.getValue(), line++);
        return b.build();
    }

    public static Snapshot snapshot(String name, Capture... caps) { return Snapshot.ofCaptures(name, List.of(caps)); }

    /** A one-port snapshot read through {@code perfquery -x} (64-bit fields). */
    public static Snapshot pqx(String name, String port, Map<String, Long> counters, Map<String, String> attrs) {
        return snapshot(name, capture(name + "/perfquery_x.txt", Source.PERFQUERY_X, port, counters, attrs));
    }
}
