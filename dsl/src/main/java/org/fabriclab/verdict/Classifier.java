package org.fabriclab.verdict;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import org.fabriclab.catalogue.Layer;
import org.fabriclab.delta.CounterDelta;
import org.fabriclab.delta.Delta;
import org.fabriclab.delta.MovedDelta;
import org.fabriclab.delta.Rules;
import org.fabriclab.delta.Status;

/**
 * The runbook's rule, once. Every entry point (values given as maps, JSON lines, a {@link MovedDelta}
 * between captured snapshots, the primitive-array path of {@link FleetClassifier}) reduces a port to
 * per-counter facts (present, unusable, changed, delta), each counter judged by the delta rule
 * ({@link Rules#status}), and calls {@link #decide}, which holds the rule:
 * <ol>
 * <li>a required counter absent on either side: "incomplete", detail the sorted missing names;</li>
 * <li>a counter reset (after &lt; before) or pegged (after at the cap): "unusable", detail the sorted
 * unusable names, live still reported;</li>
 * <li>otherwise every counter that moved is live, except a congestion counter whose delta per GB
 * moved does not exceed the rate bar (exclusive);</li>
 * <li>the verdict is the lowest layer among live counters (physical first), detail its counters.</li>
 * </ol>
 * Error counters are graded at zero tolerance, a fleet-gate convention; congestion as a rate per GB.
 *
 * <pre>{@code
 * Verdict v = Classifier.classify(Profiles.ROCE, before, after, 10e9, 1000);
 * }</pre>
 */
public final class Classifier {
    /** The runbook's congestion bar: more than 1000 pause/CNP per GB moved. Its convention, not a vendor threshold. */
    public static final double DEFAULT_CONG_PER_GB = 1000.0;
    /** The reason a profile counter neither snapshot holds is given ({@link Verdict#reasons()}). */
    static final String NOT_CAPTURED = "not in either snapshot";
    /** What the reason of an optional counter starts with ({@link Verdict#reasons()}). */
    static final String OPTIONAL = "optional, ";

    static final byte QUIET = 0, LIVE = 1, UNUSABLE = 2, MISSING = 3, SKIPPED = 4;
    static final int INCOMPLETE = -2, UNUSABLE_VERDICT = -1, CLEAN = 99;

    private Classifier() {}

    /**
     * The seed's {@code classify(before, after, bytes_moved, fabric, cong_per_gb)} on values given
     * directly; caps come from the profile.
     */
    public static Verdict classify(Profile profile, Map<String, ? extends Number> before, Map<String, ? extends Number> after,
                                   double bytesMoved, double congPerGb) {
        // a profile without families needs no union of the names; bytes moved are checked by DirectValues.classify
        DirectValues v = new DirectValues(profile.families().isEmpty() ? profile : profile.resolve(union(before, after)));
        for (int i = 0; i < v.size(); i++) {
            Number b = before.get(v.name(i)), a = after.get(v.name(i));
            if (b != null) v.before(i, b);
            if (a != null) v.after(i, a);
        }
        v.classify(bytesMoved, congPerGb);
        return v.verdict();
    }

    /** One verdict per port of a delta between captured snapshots; caps come from the source each value was read from. */
    public static Verdicts classify(MovedDelta d, Profile profile, double congPerGb) {
        requireTraffic(d.bytes());
        List<Verdict> out = new ArrayList<>();
        for (String port : d.ports()) out.add(port(port, d.port(port), profile, d.bytes(), congPerGb));
        return new Verdicts(out);
    }

    /**
     * One port's verdict when {@code bytesMoved} bytes crossed it: what {@code d.moved(bytesMoved).classify(profile,
     * congPerGb)} gives for {@code port}, without the delta of every port being made again for that byte count (a
     * counter's delta and status do not depend on it). For grading each port of a large delta with its own bytes:
     * {@code incident(dir)} on a fabric-wide capture.
     *
     * <pre>{@code
     * Verdict v = Classifier.classify(delta(before, after), "lid 17/1", Profiles.IB, 1e12, 1000);
     * }</pre>
     *
     * @throws IllegalArgumentException when {@code bytesMoved} is not above 0
     */
    public static Verdict classify(Delta d, String port, Profile profile, double bytesMoved, double congPerGb) {
        requireTraffic(bytesMoved);
        return port(port, d.port(port), profile, bytesMoved, congPerGb);
    }

    private static Verdict port(String port, Map<String, CounterDelta> m, Profile profile, double bytes, double congPerGb) {
        List<ProfileCounter> sorted = profile.resolve(m).sorted();
        int n = sorted.size();
        boolean[] present = new boolean[n], unusable = new boolean[n], changed = new boolean[n];
        double[] delta = new double[n];
        Map<String, String> reasons = new LinkedHashMap<>();
        for (int i = 0; i < n; i++) {
            CounterDelta c = m.get(sorted.get(i).name());
            if (c == null) { reasons.put(sorted.get(i).name(), NOT_CAPTURED); continue; }
            present[i] = c.status() != Status.MISSING;
            if (c.reason() != null) reasons.put(c.counter(), c.reason());
            if (c.status() == Status.RESET || c.status() == Status.PEGGED) { unusable[i] = true; continue; }
            if (c.status() != Status.READABLE) continue;
            changed[i] = c.delta() != 0;
            delta[i] = (double) c.delta();
        }
        return build(port, profile.name(), sorted, present, unusable, changed, delta, bytes, congPerGb, reasons);
    }

    private static Verdict build(String port, String profileName, List<ProfileCounter> sorted, boolean[] present,
                                 boolean[] unusable, boolean[] changed, double[] delta, double bytes, double congPerGb,
                                 Map<String, String> reasons) {
        int n = sorted.size();
        String[] names = new String[n];
        Layer[] layers = new Layer[n];
        boolean[] required = new boolean[n];
        for (int i = 0; i < n; i++) { names[i] = sorted.get(i).name(); layers[i] = sorted.get(i).layer(); required[i] = sorted.get(i).required(); }
        byte[] state = new byte[n];
        int code = decide(layers, required, present, unusable, changed, delta, bytes / 1e9, congPerGb, state);
        return answer(port, profileName, names, layers, present, unusable, changed, delta, state, code, bytes, congPerGb, reasons);
    }

    /**
     * The verdict {@link #decide} reached ({@code code}, {@code state}), counters in sorted-name order: its
     * label, detail and live counters, the congestion counters' rates per GB, and {@code reasons} (the
     * reason for every counter not used) with the optional ones marked.
     */
    static Verdict answer(String port, String profileName, String[] names, Layer[] layers, boolean[] present, boolean[] unusable,
                          boolean[] changed, double[] delta, byte[] state, int code, double bytes, double congPerGb,
                          Map<String, String> reasons) {
        double gb = bytes / 1e9;
        List<String> detail = new ArrayList<>(), live = new ArrayList<>();
        Map<String, Double> perGb = new LinkedHashMap<>();
        for (int i = 0; i < names.length; i++) {
            if (isLive(code, state[i])) live.add(names[i]);
            if (inDetail(code, state[i], layers[i])) detail.add(names[i]);
            if (layers[i] == Layer.CONGESTION && present[i] && !unusable[i] && changed[i]) perGb.put(names[i], delta[i] / gb);
            if (state[i] == SKIPPED) reasons.computeIfPresent(names[i], (k, r) -> OPTIONAL + r);
        }
        return new Verdict(port, profileName, label(code), detail, live, reasons, perGb, bytes, congPerGb);
    }

    /** The label of a verdict {@link #decide} returned: a layer's, "clean", "unusable" or "incomplete". */
    static String label(int code) {
        if (code == INCOMPLETE) return Verdict.INCOMPLETE;
        if (code == UNUSABLE_VERDICT) return Verdict.UNUSABLE;
        if (code == CLEAN) return Verdict.CLEAN;
        return Layer.values()[code].label();
    }

    /**
     * Whether a counter of {@code layer} in {@code state} is in verdict {@code code}'s detail: a required
     * counter absent (incomplete), a counter reset or pegged (unusable), or a live counter of the deciding layer.
     */
    static boolean inDetail(int code, byte state, Layer layer) {
        if (code == INCOMPLETE) return state == MISSING;
        if (code == UNUSABLE_VERDICT) return state == UNUSABLE;
        if (code == CLEAN) return false;
        return state == LIVE && layer.ordinal() == code;
    }

    /** Whether a counter in {@code state} moved and counts in verdict {@code code} (none when it is incomplete). */
    static boolean isLive(int code, byte state) { return code != INCOMPLETE && state == LIVE; }

    /**
     * The rule on primitive facts, counters in sorted-name order. Fills {@code state} and returns
     * {@link #INCOMPLETE}, {@link #UNUSABLE_VERDICT}, {@link #CLEAN} or the ordinal of the worst layer.
     * Allocation-free, so the benchmark measures the rule and not the collections around it.
     */
    public static int decide(Layer[] layers, boolean[] required, boolean[] present, boolean[] unusable, boolean[] changed,
                             double[] delta, double gb, double congPerGb, byte[] state) {
        int n = layers.length;
        boolean anyMissing = false;
        for (int i = 0; i < n; i++) {
            if (!present[i]) {
                state[i] = required[i] ? MISSING : SKIPPED;
                anyMissing |= required[i];
            } else {
                state[i] = QUIET;
            }
        }
        if (anyMissing) return INCOMPLETE;
        boolean anyUnusable = false;
        int worst = Integer.MAX_VALUE;
        for (int i = 0; i < n; i++) {
            if (state[i] == SKIPPED) continue;
            if (unusable[i]) { state[i] = UNUSABLE; anyUnusable = true; continue; }
            if (!changed[i]) continue;
            if (layers[i] != Layer.CONGESTION || delta[i] / gb > congPerGb) {
                if (layers[i] == Layer.INFORMATIVE) continue;
                state[i] = LIVE;
                worst = Math.min(worst, layers[i].ordinal());
            }
        }
        if (anyUnusable) return UNUSABLE_VERDICT;
        return worst == Integer.MAX_VALUE ? CLEAN : worst;
    }

    static void requireTraffic(double bytesMoved) {
        if (!(bytesMoved > 0)) {
            throw new IllegalArgumentException("bytes moved must be > 0: a counter delta with no traffic behind it is not a measurement");
        }
    }

    private static java.util.Set<String> union(Map<String, ?> a, Map<String, ?> b) {
        java.util.Set<String> s = new java.util.HashSet<>(a.keySet());
        s.addAll(b.keySet());
        return s;
    }

    private static long exact(String name, Number n) {
        if (n instanceof Long || n instanceof Integer || n instanceof Short || n instanceof Byte) return n.longValue();
        if (n instanceof java.math.BigInteger bi) {
            if (bi.bitLength() < 64) return bi.longValue();
            throw new IllegalArgumentException(name + ": value " + bi + " does not fit in 64 bits");
        }
        double d = n.doubleValue();
        if (d == Math.rint(d) && Math.abs(d) < 0x1p63) return (long) d;
        throw new IllegalArgumentException(name + ": expected an integer counter value, found " + n);
    }

    /** {@link #exact}, refusing the one value that stands for "absent" in primitive columns ({@link Rules#ABSENT}). */
    static long exactValue(String name, Number n) {
        return exactValue(name, exact(name, n));
    }

    /** {@code v}, unless it is the one value that stands for "absent" in primitive columns ({@link Rules#ABSENT}). */
    static long exactValue(String name, long v) {
        if (v == Rules.ABSENT) throw new IllegalArgumentException(name + ": " + v + " is not a counter value");
        return v;
    }
}
