package org.fabriclab.verdict;

import java.util.ArrayList;
import java.util.Collection;
import java.util.HashSet;
import java.util.Map;
import java.util.Set;
import java.util.Comparator;
import java.util.List;
import java.util.Objects;
import java.util.regex.Pattern;

import org.fabriclab.capture.Reading;
import org.fabriclab.catalogue.Binding;
import org.fabriclab.catalogue.Catalogue;
import org.fabriclab.delta.CounterDelta;
import org.fabriclab.delta.DeltaProfile;
import org.fabriclab.delta.MovedDelta;
import org.fabriclab.result.Html;
import org.fabriclab.result.Renderable;

import tech.tablesaw.api.StringColumn;
import tech.tablesaw.api.Table;

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
public final class Profile implements DeltaProfile<Verdicts>, Renderable {
    private final String name;
    private final List<ProfileCounter> counters;
    private final List<ProfileCounter> families;
    /** The families as regexes ({@code {n}} = [0-7], {@code {p}} = prio[0-7] or global); compiled on first {@link #resolve}. */
    private volatile List<Pattern> familyPatterns;
    private final List<ProfileCounter> sorted;

    public Profile(String name, List<ProfileCounter> counters, List<ProfileCounter> families) {
        this.name = Objects.requireNonNull(name);
        this.counters = List.copyOf(counters);
        this.families = List.copyOf(families);
        List<ProfileCounter> s = new ArrayList<>(this.counters);
        s.sort(BY_NAME);
        this.sorted = List.copyOf(s);
    }

    /**
     * Counters by name, code point order. A class, not {@code Comparator.comparing(ProfileCounter::name)}, whose
     * lambda inside {@code Comparator} is not in the launcher's class-data archive and was spun on every start.
     */
    private static final class ByName implements Comparator<ProfileCounter> {
        @Override public int compare(ProfileCounter a, ProfileCounter b) { return a.name().compareTo(b.name()); }
    }

    private static final Comparator<ProfileCounter> BY_NAME = new ByName();

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
        List<Pattern> patterns = familyPatterns();
        for (int i = 0; i < families.size(); i++) {
            ProfileCounter f = families.get(i);
            Pattern p = patterns.get(i);
            available.stream().filter(s -> p.matcher(s).matches()).sorted().forEach(h -> {
                if (have.add(h)) out.add(new ProfileCounter(h, f.layer(), f.cap(), false));
            });
        }
        return new Profile(name, out, List.of());
    }

    private List<Pattern> familyPatterns() {
        List<Pattern> ps = familyPatterns;
        if (ps == null) {   // a race compiles the same patterns twice, harmlessly
            List<Pattern> out = new ArrayList<>(families.size());
            for (ProfileCounter f : families) out.add(Pattern.compile(f.name().replace("{n}", "[0-7]").replace("{p}", "(prio[0-7]|global)")));
            familyPatterns = ps = List.copyOf(out);
        }
        return ps;
    }

    /** One verdict per port of {@code delta}, congestion bar {@link Classifier#DEFAULT_CONG_PER_GB}. */
    @Override public Verdicts classify(MovedDelta delta) { return Classifier.classify(delta, this, Classifier.DEFAULT_CONG_PER_GB); }

    /** One verdict per port of {@code delta}, congestion bar {@code congPerGb} per GB moved. */
    @Override public Verdicts classify(MovedDelta delta, double congPerGb) { return Classifier.classify(delta, this, congPerGb); }

    /**
     * The profile resolved for one port of a delta: families expanded against the port's counters,
     * and a required counter the port's NIC cannot have demoted to optional. The NIC is known by the
     * vendors of the port's catalogued readings ({@link Binding#vendor()}); a required counter that no
     * binding of those vendors, nor any binding every vendor shares, maps is "not exposed" by that
     * NIC (bnxt_en has no per-priority buffer discard, ice no pause-storm counter, be2net no pause count of
     * one priority: its link pause is another member of the family, not the counter asked for), so its absence is
     * noted rather than making the port "incomplete". A name the drivers of several vendors print
     * (mlx5's {@code packet_seq_err}, which bnxt_re prints too) does not tell which of them made the NIC:
     * the NIC is known by the names only one vendor prints, and by the several-vendor names only when the
     * port has no such name. A port with no vendor-specific reading (values given directly, IB PMA only)
     * keeps every requirement.
     */
    public Profile resolve(Map<String, CounterDelta> port) {
        Catalogue cat = Catalogue.standard();
        Set<String> vendors = new HashSet<>(), shared = new HashSet<>();
        for (CounterDelta c : port.values()) {
            Reading r = c.afterReading() != null ? c.afterReading() : c.beforeReading();
            if (r == null || !r.catalogued()) continue;
            List<String> v = cat.lookup(r.source(), r.rawName()).map(Binding::vendors).orElse(List.of());
            if (v.size() == 1) vendors.add(v.get(0));
            else shared.addAll(v);
        }
        if (vendors.isEmpty()) vendors = shared;
        Profile p = resolve(port.keySet());
        if (vendors.isEmpty()) return p;
        List<ProfileCounter> out = new ArrayList<>(p.counters.size());
        boolean changed = false;
        for (ProfileCounter c : p.counters) {
            if (c.required() && !port.containsKey(c.name()) && !exposedBy(cat, c.name(), vendors)) {
                out.add(new ProfileCounter(c.name(), c.layer(), c.cap(), false));
                changed = true;
            } else {
                out.add(c);
            }
        }
        return changed ? new Profile(name, out, List.of()) : p;
    }

    /**
     * Whether one of {@code vendors} names {@code counter} itself: a binding of another member of its family (be2net's
     * link pause {@code rx_pause_frames} for {@code rx_prio3_pause}) does not count, the NIC still has no name for it.
     */
    private static boolean exposedBy(Catalogue cat, String counter, Set<String> vendors) {
        Set<String> v = cat.vendorsNaming(counter);
        if (v.isEmpty() || v.contains("")) return true;
        for (String x : vendors) if (v.contains(x)) return true;
        return false;
    }

    /** Counters sorted by name (code point order, as Python sorts), the order verdict lists use. */
    List<ProfileCounter> sorted() { return sorted; }

    @Override public boolean equals(Object o) {
        return o instanceof Profile p && p.name.equals(name) && p.counters.equals(counters) && p.families.equals(families);
    }

    @Override public int hashCode() { return Objects.hash(name, counters, families); }

    /** One row per counter and family: counter, layer, rank, need (required/optional), cap (for values given directly). */
    @Override public Table table() {
        StringColumn counter = StringColumn.create("counter"), layer = StringColumn.create("layer"), need = StringColumn.create("need"),
                cap = StringColumn.create("cap");
        List<ProfileCounter> all = new ArrayList<>(counters);
        all.sort(Comparator.comparing((ProfileCounter c) -> c.layer().ordinal()).thenComparing(ProfileCounter::name));
        all.addAll(families);
        for (ProfileCounter c : all) {
            counter.append(c.name()); layer.append(c.layer().label());
            need.append(families.contains(c) ? "optional, every member the capture holds" : c.required() ? "required" : "optional");
            cap.append(c.cap() == null ? "" : Long.toString(c.cap()));
        }
        return Table.create("profile " + name, counter, layer, need, cap);
    }

    /** Counts and how the profile grades: required absent = incomplete, reset/pegged = unusable, the lowest live layer wins. */
    public List<String> summaryLines() {
        long req = counters.stream().filter(ProfileCounter::required).count();
        return List.of(counters.size() + " counters (" + req + " required, " + (counters.size() - req) + " optional)"
                        + (families.isEmpty() ? "" : ", " + families.size() + " families expanded against the capture"),
                "a required counter absent: incomplete; a counter reset or pegged: unusable; otherwise the lowest-ranked layer "
                        + "with a counter that moved decides (congestion only above the per-GB bar)");
    }

    @Override public String toHtml() { return Html.section("profile " + name, summaryLines(), table()); }

    @Override public Map<String, Object> toMap() {
        Map<String, Object> m = new java.util.LinkedHashMap<>();
        m.put("name", name);
        m.put("summary", summaryLines());
        m.put("counters", Html.rows(table()));
        return m;
    }

    @Override public String toString() { return "profile " + name + ": " + summaryLines().get(0); }
}
