package org.fabriclab.verdict;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

import org.fabriclab.catalogue.Binding;
import org.fabriclab.catalogue.Catalogue;
import org.fabriclab.catalogue.CounterDef;
import org.fabriclab.catalogue.Source;

/**
 * The built-in profiles, read from the catalogue's {@code profiles.tsv} (data, not code). {@link #IB}
 * and {@link #ROCE} are the runbook's {@code PROFILES}, counter for counter and cap for cap. The
 * {@code -full} profiles grade every error counter the catalogue knows for that fabric; the counters
 * every capture of that kind carries are required, the rest optional, so a richer profile does not
 * turn ordinary captures into "incomplete". Each counter's layer is the catalogue's; the cap used
 * for values given directly is the width of its {@code given} binding (none: no cap).
 *
 * <pre>{@code
 * Profiles.named("roce-full").families();    // rx_prio{n}_buf_discard, rx_prio{n}_cong_discard, rx_{p}_pause
 * }</pre>
 */
public final class Profiles {
    /** The resource, beside the catalogue's files. */
    public static final String RESOURCE = "profiles.tsv";
    private static final Map<String, Profile> BUILT_IN = load(resource(), RESOURCE, Catalogue.standard());

    /** The runbook's InfiniBand profile (PMA names from perfquery plus mlx5 q-counters). */
    public static final Profile IB = BUILT_IN.get("ib");
    /** The runbook's RoCE profile (netdev names from ethtool plus q- and congestion counters). */
    public static final Profile ROCE = BUILT_IN.get("roce");
    /** Every classic PMA error counter, the q-counters as optional, remote access as its own class. */
    public static final Profile IB_FULL = BUILT_IN.get("ib-full");
    /** RoCE: every PFC-enabled priority found in the capture, discards on all priorities, stall events. */
    public static final Profile ROCE_FULL = BUILT_IN.get("roce-full");

    private Profiles() {}

    /** {@code ib}, {@code roce}, {@code ib-full}, {@code roce-full}. */
    public static Profile named(String name) {
        Profile p = BUILT_IN.get(name.toLowerCase(Locale.ROOT));
        if (p == null) {
            throw new IllegalArgumentException("unknown fabric profile '" + name + "'; expected " + String.join(", ", BUILT_IN.keySet()));
        }
        return p;
    }

    public static List<Profile> all() { return List.copyOf(BUILT_IN.values()); }

    /**
     * Profiles from text in the {@code profiles.tsv} format ({@code profile <TAB> counter <TAB> required|optional}),
     * typed by {@code catalogue}; {@code file} names the source in errors.
     *
     * @throws IllegalArgumentException naming the file and line of an unknown counter, a bad need or a malformed line
     */
    public static Map<String, Profile> load(String text, String file, Catalogue catalogue) {
        Map<String, List<ProfileCounter>> counters = new LinkedHashMap<>(), families = new LinkedHashMap<>();
        boolean header = false;
        int i = -1;
        for (int at = 0; at <= text.length(); ) {   // the lines of text.split("\r?\n", -1), without compiling and running a regex
            int end = text.indexOf('\n', at);
            if (end < 0) end = text.length();
            String line = text.substring(at, end < text.length() && end > at && text.charAt(end - 1) == '\r' ? end - 1 : end);
            at = end + 1;
            i++;
            if (line.isBlank() || line.startsWith("#")) continue;
            String[] c = line.split("\t", -1);
            if (c.length != 3) throw new IllegalArgumentException(where(file, i) + "expected 3 tab-separated cells (profile, counter, need), found " + c.length);
            if (!header) {
                if (!c[0].equals("profile") || !c[1].equals("counter") || !c[2].equals("need")) {
                    throw new IllegalArgumentException(where(file, i) + "expected the header profile<TAB>counter<TAB>need");
                }
                header = true;
                continue;
            }
            String profile = c[0].strip(), name = c[1].strip(), need = c[2].strip();
            boolean required = switch (need) {
                case "required" -> true;
                case "optional" -> false;
                default -> throw new IllegalArgumentException(where(file, i) + "need '" + need + "': expected required or optional");
            };
            CounterDef def = catalogue.definition(name).orElse(null);
            boolean family = name.contains("{");
            if (family) {
                def = null;
                for (CounterDef d : catalogue.rows()) {
                    if (d.pattern().equals(name)) { def = d; break; }
                }
            }
            if (def == null) throw new IllegalArgumentException(where(file, i) + "counter '" + name + "' is not in the catalogue (counters.tsv)");
            if (family && required) throw new IllegalArgumentException(where(file, i) + "family '" + name + "' can only be optional: its members exist only where the capture has them");
            Long cap = family ? null : capOf(catalogue, name);
            ProfileCounter pc = new ProfileCounter(name, def.layer(), cap, required);
            // loops and get/put, not streams and computeIfAbsent: each lambda is linked, and each pipeline run, cold
            Map<String, List<ProfileCounter>> byProfile = family ? families : counters;
            List<ProfileCounter> list = byProfile.get(profile);
            if (list == null) byProfile.put(profile, list = new ArrayList<>());
            for (ProfileCounter x : list) {
                if (x.name().equals(name)) throw new IllegalArgumentException(where(file, i) + "counter '" + name + "' twice in profile " + profile);
            }
            list.add(pc);
            if (!counters.containsKey(profile)) counters.put(profile, new ArrayList<>());
        }
        if (!header) throw new IllegalArgumentException(file + ": no header line; expected profile<TAB>counter<TAB>need");
        Map<String, Profile> out = new LinkedHashMap<>();
        for (String p : counters.keySet()) out.put(p, new Profile(p, counters.get(p), families.getOrDefault(p, List.of())));
        return out;
    }

    /** {@code "file:N: "} for line index {@code i}, made only for an error (a concatenation per line, run cold, was not free). */
    private static String where(String file, int i) { return file + ":" + (i + 1) + ": "; }

    /** The saturation cap of values given directly: the width of the counter's {@code given} binding. */
    private static Long capOf(Catalogue catalogue, String name) {
        Binding b = catalogue.lookup(Source.GIVEN, name).orElse(null);
        if (b == null) return null;
        var c = b.field().cap();
        return c.isPresent() ? c.getAsLong() : null;
    }

    private static String resource() {
        try (InputStream in = Catalogue.class.getResourceAsStream(RESOURCE)) {
            if (in == null) throw new IllegalStateException("profile resource " + RESOURCE + " missing from the classpath");
            return new String(in.readAllBytes(), StandardCharsets.UTF_8);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
