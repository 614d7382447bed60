package org.fabriclab.incident;

import java.util.ArrayList;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.Set;
import java.util.List;
import java.util.Map;

import org.fabriclab.catalogue.Binding;
import org.fabriclab.catalogue.Catalogue;
import org.fabriclab.catalogue.Layer;
import org.fabriclab.catalogue.Role;
import org.fabriclab.catalogue.Source;
import org.fabriclab.delta.CounterDelta;
import org.fabriclab.delta.Delta;
import org.fabriclab.delta.Status;
import org.fabriclab.verdict.Classifier;
import org.fabriclab.verdict.Profile;
import org.fabriclab.verdict.ProfileCounter;
import org.fabriclab.verdict.Verdict;

/**
 * One port's verdict under one profile with the bytes the port moved. With a byte count it is the
 * classifier's verdict. Without one (no readable data counter, or no traffic) only congestion needs
 * it: the port is graded with congestion left out, and the verdict stands when no congestion counter
 * of the profile moved or a higher layer decides; otherwise it is "incomplete" (the byte count is
 * missing), never a guess.
 *
 * <pre>{@code
 * Verdict v = Grading.verdict(delta, "mlx5_0/1", Profiles.IB, bytes, 1000);
 * }</pre>
 */
final class Grading {
    /** The detail of a verdict that lacks the byte count. */
    static final String BYTES = "bytes moved";

    private Grading() {}

    static Verdict verdict(Delta d, String port, Profile p, BytesMoved b, double congPerGb) {
        // the port alone: d.moved(bytes) would make the delta of every port again, once per port graded
        if (b.known()) return Classifier.classify(d, port, p, b.bytes(), congPerGb);
        Verdict v = Classifier.classify(d, port, p, Double.POSITIVE_INFINITY, congPerGb);
        Map<String, String> reasons = new LinkedHashMap<>(v.reasons());
        List<String> moved = congestionMoved(d.port(port), p);
        if (v.isClean() && !moved.isEmpty()) {
            reasons.put(BYTES, "unknown (" + b.how() + "); congestion (" + String.join(", ", moved)
                    + " moved) is graded per GB moved: give the bytes moved");
            return new Verdict(port, v.profile(), Verdict.INCOMPLETE, List.of(BYTES), List.of(), reasons, Map.of(), Double.NaN, congPerGb);
        }
        reasons.put(BYTES, "unknown (" + b.how() + "); this verdict does not depend on it"
                + (moved.isEmpty() ? " (no congestion counter moved)" : " (a higher layer decides)"));
        return new Verdict(port, v.profile(), v.verdict(), v.detail(), v.live(), reasons, Map.of(), Double.NaN, congPerGb);
    }

    /**
     * True when every counter an incomplete verdict misses comes only from sources the port's captures
     * do not hold at all (hw_counters or {@code rdma statistic} not collected beside {@code perfquery}), as
     * opposed to a counter missing from a source that was captured (PFC off on a priority: ethtool read,
     * {@code rx_prio3_pause} absent). Then the profile cannot be applied to this capture, rather than the
     * port lacking a counter.
     */
    /**
     * Whether {@code port} holds none of the counters {@code a} or {@code b} reads (resolved for the port): an
     * Ethernet port without RDMA counters (a sosreport's management NIC), which neither profile can grade. Link-level
     * (802.3x) pause, the {@code global} member of the pause family ({@code rx_global_pause}), does not count: any
     * Ethernet NIC counts it (tg3, e1000e, igb), so it tells no RDMA port.
     */
    static boolean nothingToGrade(Delta d, String port, Profile a, Profile b) {
        Map<String, CounterDelta> m = d.port(port);
        Catalogue cat = Catalogue.standard();
        for (Profile p : List.of(a, b)) {
            for (org.fabriclab.verdict.ProfileCounter c : p.resolve(m).counters()) {
                if (m.containsKey(c.name()) && !linkPause(cat, c.name())) return false;
            }
        }
        return true;
    }

    /** True for the link-level member of the pause family ({@code rx_global_pause}, {@code tx_global_pause}). */
    private static boolean linkPause(Catalogue cat, String counter) {
        return cat.counter(counter).map(n -> n.has(Role.PAUSE) && n.priority().equals("global")).orElse(false);
    }

    static boolean sourcesNotCaptured(Verdict v, Delta d, String port) {
        if (!v.verdict().equals(Verdict.INCOMPLETE) || v.detail().contains(BYTES)) return false;
        Set<Source> have = new HashSet<>();
        for (CounterDelta c : d.port(port).values()) {
            if (c.beforeReading() != null) have.add(c.beforeReading().source());
            if (c.afterReading() != null) have.add(c.afterReading().source());
        }
        for (String missing : v.detail()) {
            for (Source s : SourcesOf.MAP.getOrDefault(missing, Set.of())) if (have.contains(s)) return false;
        }
        return true;
    }

    /** The sources binding each counter of the standard catalogue (given values aside), made once: not a scan of every binding per port. */
    private static final class SourcesOf {
        static final Map<String, Set<Source>> MAP = make();

        private static Map<String, Set<Source>> make() {
            Map<String, Set<Source>> m = new java.util.HashMap<>();
            for (Binding b : Catalogue.standard().bindings()) {
                if (b.source() != Source.GIVEN) m.computeIfAbsent(b.canonical(), k -> java.util.EnumSet.noneOf(Source.class)).add(b.source());
            }
            return m;
        }
    }

    /** The verdict with the missing required counters of an incomplete one left out: what the captured counters say, provisionally. */
    static Verdict provisional(Delta d, String port, Profile p, Verdict incomplete, BytesMoved b, double congPerGb) {
        List<ProfileCounter> cs = new ArrayList<>();
        for (ProfileCounter c : p.counters()) cs.add(incomplete.detail().contains(c.name()) ? new ProfileCounter(c.name(), c.layer(), c.cap(), false) : c);
        Profile q = new Profile(p.name() + " without " + String.join(", ", incomplete.detail()), cs, p.families());
        return verdict(d, port, q, b, congPerGb);
    }

    /** The profile's congestion counters that moved on the port. */
    static List<String> congestionMoved(Map<String, CounterDelta> m, Profile p) {
        return p.resolve(m).counters().stream().filter(c -> c.layer() == Layer.CONGESTION).map(ProfileCounter::name)
                .filter(n -> m.containsKey(n) && m.get(n).status() == Status.READABLE && m.get(n).delta() != 0).toList();
    }
}
