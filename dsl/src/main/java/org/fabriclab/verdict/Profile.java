package org.fabriclab.verdict;

import java.util.ArrayList;
import java.util.Collection;
import java.util.Comparator;
import java.util.List;
import java.util.Objects;
import java.util.regex.Pattern;

import org.fabriclab.delta.DeltaProfile;
import org.fabriclab.delta.MovedDelta;

/**
 * A set of counters graded together. A profile may hold families ({@code rx_prio{n}_buf_discard});
 * {@link #resolve(Collection)} expands them against the counters a capture actually holds, so a
 * priority with PFC off (no {@code rx_prio3_pause}) is not demanded. Immutable. A moved delta is
 * classified against a profile ({@link MovedDelta#classify(DeltaProfile)}).
 *
 * <pre>{@code
 * Profile p = Profiles.ROCE_FULL.resolve(List.of("rx_prio3_pause", "rx_discards_phy"));
 * Verdicts v = delta(before, after).moved(TB).classify(Profiles.ROCE);
 * }</pre>
 */
public final class Profile implements DeltaProfile<Verdicts> {
    private final String name;
    private final List<ProfileCounter> counters;
    private final List<ProfileCounter> families;
    private final List<Pattern> familyPatterns;
    private final List<ProfileCounter> sorted;

    public Profile(String name, List<ProfileCounter> counters, List<ProfileCounter> families) {
        this.name = Objects.requireNonNull(name);
        this.counters = List.copyOf(counters);
        this.families = List.copyOf(families);
        this.familyPatterns = this.families.stream()
                .map(f -> Pattern.compile(f.name().replace("{n}", "[0-7]").replace("{p}", "(prio[0-7]|global)"))).toList();
        List<ProfileCounter> s = new ArrayList<>(this.counters);
        s.sort(Comparator.comparing(ProfileCounter::name));
        this.sorted = List.copyOf(s);
    }

    public static Profile of(String name, List<ProfileCounter> counters) { return new Profile(name, counters, List.of()); }

    public String name() { return name; }

    /** The concrete counters (families not included). */
    public List<ProfileCounter> counters() { return counters; }

    /** Families, expanded by {@link #resolve}. */
    public List<ProfileCounter> families() { return families; }

    /** The profile with its families expanded to the concrete counters in {@code available}. */
    public Profile resolve(Collection<String> available) {
        if (families.isEmpty()) return this;
        List<ProfileCounter> out = new ArrayList<>(counters);
        java.util.Set<String> have = new java.util.HashSet<>();
        for (ProfileCounter c : counters) have.add(c.name());
        for (int i = 0; i < families.size(); i++) {
            ProfileCounter f = families.get(i);
            Pattern p = familyPatterns.get(i);
            available.stream().filter(s -> p.matcher(s).matches()).sorted().forEach(h -> {
                if (have.add(h)) out.add(new ProfileCounter(h, f.layer(), f.cap(), false));
            });
        }
        return new Profile(name, out, List.of());
    }

    /** One verdict per port of {@code delta}, congestion bar {@link Classifier#DEFAULT_CONG_PER_GB}. */
    @Override public Verdicts classify(MovedDelta delta) { return Classifier.classify(delta, this, Classifier.DEFAULT_CONG_PER_GB); }

    /** One verdict per port of {@code delta}, congestion bar {@code congPerGb} per GB moved. */
    @Override public Verdicts classify(MovedDelta delta, double congPerGb) { return Classifier.classify(delta, this, congPerGb); }

    /** Counters sorted by name (code point order, as Python sorts), the order verdict lists use. */
    List<ProfileCounter> sorted() { return sorted; }

    @Override public boolean equals(Object o) {
        return o instanceof Profile p && p.name.equals(name) && p.counters.equals(counters) && p.families.equals(families);
    }

    @Override public int hashCode() { return Objects.hash(name, counters, families); }

    @Override public String toString() { return "Profile[" + name + ": " + counters.size() + " counters"
            + (families.isEmpty() ? "" : ", " + families.size() + " families") + "]"; }
}
