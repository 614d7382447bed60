package org.fabriclab.incident;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import org.fabriclab.catalogue.Layer;
import org.fabriclab.delta.CounterDelta;
import org.fabriclab.delta.Delta;
import org.fabriclab.delta.Status;
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
        if (b.known()) return d.moved(b.bytes()).classify(p, congPerGb).port(port).orElseThrow();
        Verdict v = d.moved(Double.POSITIVE_INFINITY).classify(p, congPerGb).port(port).orElseThrow();
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

    /** The profile's congestion counters that moved on the port. */
    static List<String> congestionMoved(Map<String, CounterDelta> m, Profile p) {
        return p.resolve(m).counters().stream().filter(c -> c.layer() == Layer.CONGESTION).map(ProfileCounter::name)
                .filter(n -> m.containsKey(n) && m.get(n).status() == Status.READABLE && m.get(n).delta() != 0).toList();
    }
}
