package org.fabriclab.verdict;

import org.fabriclab.work.Cancellation;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import org.fabriclab.catalogue.Layer;
import org.fabriclab.delta.Rules;
import org.fabriclab.delta.Status;

/**
 * The classifier over a whole fleet held in primitive columns: one {@code long[]} per profile
 * counter for "before" and one for "after", indexed by port; {@link Rules#ABSENT} marks a counter
 * absent on that side. Caps come from the profile. Each counter is judged by the delta rule
 * ({@link Rules#status(long, long, long)}), the port by {@link Classifier#decide}, the same code the
 * per-port entry points use; results stay primitive (a verdict code and a live bit-mask per port)
 * until a {@link Verdict} is asked for.
 *
 * <pre>{@code
 * FleetClassifier fc = new FleetClassifier(Profiles.IB);
 * FleetClassifier.Result r = fc.classify(before, after, bytes, 1000);   // before[counter][port]
 * r.verdict(17);                                                        // Verdict of port 17
 * }</pre>
 */
public final class FleetClassifier {
    private final Profile profile;
    private final List<ProfileCounter> sorted;
    private final Layer[] layers;
    private final boolean[] required;
    private final long[] caps;

    public FleetClassifier(Profile profile) {
        this.profile = profile;
        this.sorted = profile.sorted();
        if (sorted.size() > 64) throw new IllegalArgumentException("a fleet profile holds at most 64 counters");
        int n = sorted.size();
        layers = new Layer[n];
        required = new boolean[n];
        caps = new long[n];
        for (int i = 0; i < n; i++) {
            ProfileCounter c = sorted.get(i);
            layers[i] = c.layer();
            required[i] = c.required();
            caps[i] = c.cap() == null ? 0 : c.cap();
        }
    }

    /** Counter names in column order (sorted by name, as verdict lists are). */
    public List<String> counters() { return sorted.stream().map(ProfileCounter::name).toList(); }

    /**
     * Classifies every port. {@code before[i][p]} is counter {@code counters().get(i)} on port p.
     * {@code bytes[p]} is what the test moved through port p.
     */
    public Result classify(long[][] before, long[][] after, double[] bytes, double congPerGb) {
        int n = layers.length;
        if (before.length != n || after.length != n) throw new IllegalArgumentException("expected " + n + " counter columns");
        int ports = bytes.length;
        int[] codes = new int[ports];
        long[] stateMask = new long[ports];
        long[] liveMask = new long[ports];
        boolean[] present = new boolean[n], unusable = new boolean[n], changed = new boolean[n];
        double[] delta = new double[n];
        byte[] state = new byte[n];
        Cancellation cancel = Cancellation.ofCurrentThread();
        for (int p = 0; p < ports; p++) {
            if (!(bytes[p] > 0)) throw new IllegalArgumentException("port " + p + ": bytes moved must be > 0");
            if ((p & 0xFFFF) == 0) cancel.check();
            for (int i = 0; i < n; i++) {
                long b = before[i][p], a = after[i][p];
                Status st = Rules.status(b, a, caps[i]);
                present[i] = st != Status.MISSING;
                unusable[i] = st == Status.RESET || st == Status.PEGGED;
                changed[i] = present[i] && a != b;
                delta[i] = (double) (a - b);
            }
            int code = Classifier.decide(layers, required, present, unusable, changed, delta, bytes[p] / 1e9, congPerGb, state);
            codes[p] = code;
            long sm = 0, lm = 0;
            for (int i = 0; i < n; i++) {
                if (state[i] == Classifier.LIVE) lm |= 1L << i;
                if (state[i] == Classifier.UNUSABLE || state[i] == Classifier.MISSING) sm |= 1L << i;
            }
            liveMask[p] = lm;
            stateMask[p] = sm;
        }
        return new Result(codes, liveMask, stateMask);
    }

    /** Primitive results; {@link #verdict(int)} materialises one port. */
    public final class Result {
        private final int[] codes;
        private final long[] liveMask;
        private final long[] stateMask;

        Result(int[] codes, long[] liveMask, long[] stateMask) {
            this.codes = codes;
            this.liveMask = liveMask;
            this.stateMask = stateMask;
        }

        public int size() { return codes.length; }

        /** The verdict label of port {@code p}. */
        public String label(int p) {
            int c = codes[p];
            if (c == Classifier.INCOMPLETE) return Verdict.INCOMPLETE;
            if (c == Classifier.UNUSABLE_VERDICT) return Verdict.UNUSABLE;
            if (c == Classifier.CLEAN) return Verdict.CLEAN;
            return Layer.values()[c].label();
        }

        public Verdict verdict(int p) {
            int c = codes[p];
            List<String> detail = new ArrayList<>(), live = new ArrayList<>();
            for (int i = 0; i < sorted.size(); i++) {
                String name = sorted.get(i).name();
                boolean isLive = (liveMask[p] >>> i & 1) != 0;
                if (isLive) live.add(name);
                if (c == Classifier.INCOMPLETE || c == Classifier.UNUSABLE_VERDICT) {
                    if ((stateMask[p] >>> i & 1) != 0) detail.add(name);
                } else if (c != Classifier.CLEAN && isLive && layers[i].ordinal() == c) {
                    detail.add(name);
                }
            }
            if (c == Classifier.INCOMPLETE) live.clear();
            Map<String, String> none = new LinkedHashMap<>();
            return new Verdict(Integer.toString(p), profile.name(), label(p), detail, live, none, Map.of(), Double.NaN, Double.NaN);
        }
    }
}
