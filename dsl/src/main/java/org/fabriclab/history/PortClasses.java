package org.fabriclab.history;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import org.fabriclab.capture.topology.Link;
import org.fabriclab.capture.topology.Topology;

/**
 * Which class each port belongs to, for per-class sweeps and thresholds: from a {@link Topology} the
 * link kinds {@value #SWITCH_SWITCH} (trunk links) and {@value #HOST_SWITCH} (access links), every
 * other port {@value #UNCLASSIFIED} (not in the topology, or a node type unknown). Class indexes
 * follow {@link #names()}; the unclassified class is always last.
 *
 * <pre>{@code
 * PortClasses c = PortClasses.of(Topology.of(capture("ibdiagnet2.lst")));
 * c.of("guid 0x0c42a10300010000/1");      // "host-switch"
 * engine.sweep(h, rule, th, labels, c, Progress.NONE).byClass();
 * }</pre>
 */
public final class PortClasses {
    public static final String SWITCH_SWITCH = "switch-switch", HOST_SWITCH = "host-switch", UNCLASSIFIED = "unclassified";
    /** The single class of {@link #none()}. */
    public static final String ALL = "all ports";

    private final List<String> names;
    private final Map<String, Integer> byPort;

    private PortClasses(List<String> names, Map<String, Integer> byPort) {
        this.names = List.copyOf(names);
        this.byPort = Map.copyOf(byPort);
    }

    /** One class holding every port: a plain sweep. */
    public static PortClasses none() { return new PortClasses(List.of(ALL), Map.of()); }

    /**
     * The link kind of every port in {@code t}. A port is known under both names its link end has
     * ({@code guid <node GUID>/<port>}, which snapshots use, and {@code guid <port GUID>/<port>}, which
     * UFM telemetry uses) and under the topology's joined name.
     */
    public static PortClasses of(Topology t) {
        Map<String, String> m = new LinkedHashMap<>();
        for (Link l : t.links()) {
            String k = l.kind();
            if (k == null) continue;
            for (Link.End e : List.of(l.a(), l.b())) {
                m.putIfAbsent(t.name(e), k);
                m.putIfAbsent(e.id(), k);
                if (!e.portGuid().isEmpty()) m.putIfAbsent("guid " + e.portGuid() + "/" + e.port(), k);
            }
        }
        return of(m, List.of(SWITCH_SWITCH, HOST_SWITCH));
    }

    /**
     * The link kind each port of {@code h} carries ({@code Series.withTopology}, or a telemetry history's
     * {@code link_kind} column); ports with none are {@value #UNCLASSIFIED}.
     */
    public static PortClasses of(History h) {
        Map<String, String> m = new LinkedHashMap<>();
        for (int p = 0; p < h.ports().size(); p++) {
            String k = h.series().linkKind(p);
            if (k != null && !k.isBlank()) m.put(h.ports().get(p), k);
        }
        return of(m, List.of(SWITCH_SWITCH, HOST_SWITCH));
    }

    /**
     * Classes given port by port; {@code order} lists the class names first (others follow in order
     * of appearance), {@value #UNCLASSIFIED} last for every port not in {@code classOf}.
     *
     * @throws IllegalArgumentException when a port's class is blank or named {@value #UNCLASSIFIED} explicitly
     */
    public static PortClasses of(Map<String, String> classOf, List<String> order) {
        List<String> names = new ArrayList<>(order);
        for (String c : classOf.values()) {
            if (c == null || c.isBlank()) throw new IllegalArgumentException("a port class needs a name");
            if (!names.contains(c)) names.add(c);
        }
        if (names.contains(UNCLASSIFIED)) throw new IllegalArgumentException("'" + UNCLASSIFIED + "' is the class of ports given none");
        names.add(UNCLASSIFIED);
        Map<String, Integer> idx = new HashMap<>();
        for (var e : classOf.entrySet()) idx.put(e.getKey(), names.indexOf(e.getValue()));
        return new PortClasses(names, idx);
    }

    public static PortClasses of(Map<String, String> classOf) { return of(classOf, List.of()); }

    /** The class names, by index; the last is {@value #UNCLASSIFIED} unless this is {@link #none()}. */
    public List<String> names() { return names; }

    public int count() { return names.size(); }

    /** The class index of {@code port}. */
    public int indexOf(String port) {
        Integer i = byPort.get(port);
        return i != null ? i : names.size() - 1;
    }

    /** The class name of {@code port}. */
    public String of(String port) { return names.get(indexOf(port)); }

    /** True for {@link #none()}: one class. */
    public boolean isNone() { return names.size() == 1; }

    /** Every port given a class, with its class index (ports not listed are in the last class). */
    public Map<String, Integer> ports() { return byPort; }

    @Override public String toString() {
        return "PortClasses[" + String.join(", ", names) + "; " + byPort.size() + " port names]";
    }
}
