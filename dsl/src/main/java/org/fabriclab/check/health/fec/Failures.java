package org.fabriclab.check.health.fec;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

import org.fabriclab.catalogue.Layer;
import org.fabriclab.history.Labels;

/**
 * Labelled failures: per port, the times (epoch ms) of the failures that led to data loss. Read from a
 * {@link Labels} file ({@code port,layer,start_ms,end_ms}): every incident of layer {@code physical} is a
 * failure at its {@code start_ms}. A port's samples from its first failure on are under repair and are
 * neither trained on nor scored ({@link #usable}).
 *
 * <pre>{@code
 * Failures f = Failures.of(Labels.load(Path.of("datasets/link-resiliency/labels.csv")));
 * f.next("guid 0x.../3", t);   // the next failure after t, or -1
 * }</pre>
 */
public final class Failures {
    private final Map<String, long[]> byPort;

    private Failures(Map<String, long[]> byPort) { this.byPort = byPort; }

    public static Failures of(Labels labels) {
        Map<String, List<Long>> m = new TreeMap<>();
        for (Labels.Incident i : labels.of(Layer.PHYSICAL)) m.computeIfAbsent(i.port(), k -> new ArrayList<>()).add(i.startMs());
        Map<String, long[]> out = new HashMap<>();
        m.forEach((p, l) -> {
            long[] a = l.stream().mapToLong(Long::longValue).toArray();
            Arrays.sort(a);
            out.put(p, a);
        });
        return new Failures(out);
    }

    /** No labelled failure: a history nobody labelled (a replay runs, nothing is graded). */
    public static Failures none() { return new Failures(Map.of()); }

    /** Failures given directly: port to failure times. */
    public static Failures of(Map<String, long[]> failures) {
        Map<String, long[]> out = new HashMap<>();
        failures.forEach((p, a) -> { long[] c = a.clone(); Arrays.sort(c); out.put(p, c); });
        return new Failures(out);
    }

    /** The first failure of {@code port} strictly after {@code t}, -1 when none. */
    public long next(String port, long t) {
        long[] a = byPort.get(port);
        if (a == null) return -1;
        for (long f : a) if (f > t) return f;
        return -1;
    }

    /** The first failure of {@code port}, -1 when none. */
    public long first(String port) {
        long[] a = byPort.get(port);
        return a == null ? -1 : a[0];
    }

    /** True when a sample of {@code port} at {@code t} is before its first failure (or it never failed). */
    public boolean usable(String port, long t) {
        long f = first(port);
        return f < 0 || t < f;
    }

    /** Ports with a failure. */
    public List<String> ports() { return byPort.keySet().stream().sorted().toList(); }

    /** Number of failures (a port's first failure only: later ones fall in its repair). */
    public int count() { return byPort.size(); }

    /** True when no port has a labelled failure ({@link #none()}, or labels of other layers only). */
    public boolean isEmpty() { return byPort.isEmpty(); }

    @Override public String toString() { return "Failures[" + byPort.size() + " ports]"; }
}
