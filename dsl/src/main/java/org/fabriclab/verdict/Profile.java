package org.fabriclab.verdict;

import java.util.ArrayList;
import java.util.Collection;
import java.util.Comparator;
import java.util.List;

/**
 * A set of counters graded together. A profile may hold families ({@code rx_prio{n}_buf_discard});
 * {@link #resolve(Collection)} expands them against the counters a capture actually holds, so a
 * priority with PFC off (no {@code rx_prio3_pause}) is not demanded.
 *
 * <pre>{@code
 * Profile p = Profiles.ROCE_FULL.resolve(List.of("rx_prio3_pause", "rx_discards_phy"));
 * }</pre>
 */
public record Profile(String name, List<ProfileCounter> counters, List<ProfileCounter> families) {

    public Profile {
        counters = List.copyOf(counters);
        families = List.copyOf(families);
    }

    public static Profile of(String name, List<ProfileCounter> counters) { return new Profile(name, counters, List.of()); }

    /** The profile with its families expanded to the concrete counters in {@code available}. */
    public Profile resolve(Collection<String> available) {
        if (families.isEmpty()) return this;
        List<ProfileCounter> out = new ArrayList<>(counters);
        for (ProfileCounter f : families) {
            String regex = f.name().replace("{n}", "[0-7]").replace("{p}", "(prio[0-7]|global)");
            List<String> hits = available.stream().filter(s -> s.matches(regex)).sorted().toList();
            for (String h : hits) {
                if (out.stream().noneMatch(c -> c.name().equals(h))) out.add(new ProfileCounter(h, f.layer(), f.cap(), false));
            }
        }
        return new Profile(name, out, List.of());
    }

    /** Counter names sorted as Python sorts strings (code point order), the order verdict lists use. */
    List<ProfileCounter> sorted() {
        List<ProfileCounter> s = new ArrayList<>(counters);
        s.sort(Comparator.comparing(ProfileCounter::name));
        return s;
    }
}
