package org.fabriclab.verdict;

import java.util.Arrays;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import org.fabriclab.catalogue.Layer;
import org.fabriclab.delta.Rules;
import org.fabriclab.delta.Status;

/**
 * One port's counter values given directly (before and after, caps from the profile), held by
 * counter index of a profile without families, and classified by {@link Classifier}'s rule without
 * a map per side or per answer. {@link Classifier#classify(Profile, Map, Map, double, double)} fills
 * one from its maps; {@code classify --jsonl} keeps one per profile and thread and refills it line
 * after line (set up once: the index, layers, caps and flags of the profile's sorted counters).
 * A value is kept as given until {@link #classify}: integers that fit in a {@code long} as such,
 * anything else as its {@link Number}, checked then in sorted counter order exactly as the map
 * entry point checks it. Not thread-safe.
 *
 * <pre>{@code
 * DirectValues v = new DirectValues(Profiles.IB);
 * v.before(v.index("SymbolErrorCounter"), 0);
 * v.after(v.index("SymbolErrorCounter"), 7);
 * v.classify(1e12, Classifier.DEFAULT_CONG_PER_GB);   // then v.label(), v.isDetail(i), v.isLive(i)
 * }</pre>
 */
public final class DirectValues {
    private final Profile profile;
    private final String[] names;
    private final Map<String, Integer> index;
    private final Layer[] layers;
    private final boolean[] required;
    private final long[] caps;
    private final boolean[] hasBefore, hasAfter, present, unusable, changed;
    private final long[] before, after;
    private final Number[] beforeNumber, afterNumber;
    private final double[] delta;
    private final byte[] state;
    private int code;
    private double bytes, congPerGb;

    /**
     * @throws IllegalArgumentException when {@code profile} has families (resolve it against the
     *                                  counters at hand first: {@link Profile#resolve(java.util.Collection)})
     */
    public DirectValues(Profile profile) {
        if (!profile.families().isEmpty()) throw new IllegalArgumentException("profile " + profile.name() + " has families: resolve it first");
        this.profile = profile;
        List<ProfileCounter> sorted = profile.sorted();
        int n = sorted.size();
        names = new String[n];
        index = new HashMap<>(2 * n);
        layers = new Layer[n];
        required = new boolean[n];
        caps = new long[n];
        for (int i = 0; i < n; i++) {
            ProfileCounter c = sorted.get(i);
            names[i] = c.name().intern();   // names parsed by Jackson are interned: equal keys are then the same string
            index.put(names[i], i);
            layers[i] = c.layer();
            required[i] = c.required();
            caps[i] = c.cap() == null ? 0 : c.cap();
        }
        hasBefore = new boolean[n];
        hasAfter = new boolean[n];
        present = new boolean[n];
        unusable = new boolean[n];
        changed = new boolean[n];
        before = new long[n];
        after = new long[n];
        beforeNumber = new Number[n];
        afterNumber = new Number[n];
        delta = new double[n];
        state = new byte[n];
    }

    /** The profile's counters, in sorted-name order (the order of every index here and of verdict lists). */
    public int size() { return names.length; }

    /** Counter {@code i}'s name. */
    public String name(int i) { return names[i]; }

    /** The index of {@code counter} in this profile, -1 when the profile does not grade it. */
    public int index(String counter) {
        Integer i = index.get(counter);
        return i == null ? -1 : i;
    }

    /** Forgets every value (both sides absent). */
    public void clear() {
        Arrays.fill(hasBefore, false);
        Arrays.fill(hasAfter, false);
        Arrays.fill(beforeNumber, null);
        Arrays.fill(afterNumber, null);
    }

    /** Counter {@code i}'s value before (a later call for the same counter replaces it). */
    public void before(int i, long value) { hasBefore[i] = true; before[i] = value; beforeNumber[i] = null; }

    /** Counter {@code i}'s value after. */
    public void after(int i, long value) { hasAfter[i] = true; after[i] = value; afterNumber[i] = null; }

    /** Counter {@code i}'s value before as given (a double, a big integer...), checked by {@link #classify}. */
    public void before(int i, Number value) { hasBefore[i] = true; beforeNumber[i] = value; }

    /** Counter {@code i}'s value after as given. */
    public void after(int i, Number value) { hasAfter[i] = true; afterNumber[i] = value; }

    /**
     * Classifies the values held: {@code bytesMoved} through the port, the congestion bar
     * {@code congPerGb} per GB moved. The answer is read from {@link #label()}, {@link #isDetail} and
     * {@link #isLive}, or {@link #verdict()}.
     *
     * @throws IllegalArgumentException bytes moved not above 0, or a value that is not an integer
     *                                  counter value (the first counter in sorted order that has one)
     */
    public void classify(double bytesMoved, double congPerGb) {
        Classifier.requireTraffic(bytesMoved);
        int n = names.length;
        for (int i = 0; i < n; i++) {
            present[i] = hasBefore[i] && hasAfter[i];
            unusable[i] = false;
            changed[i] = false;
            delta[i] = 0;
            if (!present[i]) continue;
            long bv = beforeNumber[i] != null ? Classifier.exactValue(names[i], beforeNumber[i]) : Classifier.exactValue(names[i], before[i]);
            long av = afterNumber[i] != null ? Classifier.exactValue(names[i], afterNumber[i]) : Classifier.exactValue(names[i], after[i]);
            before[i] = bv;
            after[i] = av;
            Status st = Rules.status(bv, av, caps[i]);
            if (st == Status.RESET || st == Status.PEGGED) { unusable[i] = true; continue; }
            changed[i] = av != bv;
            delta[i] = (double) (av - bv);
        }
        bytes = bytesMoved;
        this.congPerGb = congPerGb;
        code = Classifier.decide(layers, required, present, unusable, changed, delta, bytesMoved / 1e9, congPerGb, state);
    }

    /** The verdict's label: a layer's, "clean", "unusable" or "incomplete". */
    public String label() { return Classifier.label(code); }

    /**
     * Whether counter {@code i} is in the verdict's detail: a required counter absent (incomplete), a
     * counter reset or pegged (unusable), or a live counter of the deciding layer.
     */
    public boolean isDetail(int i) { return Classifier.inDetail(code, state[i], layers[i]); }

    /** Whether counter {@code i} moved and counts (none when the verdict is incomplete). */
    public boolean isLive(int i) { return Classifier.isLive(code, state[i]); }

    /** The whole verdict of the last {@link #classify}, with the reason for every counter not used and the rates. */
    public Verdict verdict() {
        Map<String, String> reasons = new LinkedHashMap<>();
        for (int i = 0; i < names.length; i++) {
            String reason = !present[i] ? (!hasBefore[i] && !hasAfter[i] ? "absent on both sides" : !hasBefore[i] ? "absent before" : "absent after")
                    : !unusable[i] ? null
                    : after[i] < before[i] ? "reset: after " + after[i] + " < before " + before[i]
                    : "pegged at " + caps[i];
            if (reason != null) reasons.put(names[i], reason);
        }
        return Classifier.answer(null, profile.name(), names, layers, present, unusable, changed, delta, state, code, bytes, congPerGb, reasons);
    }
}
