package org.fabriclab.catalogue;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collections;
import java.util.EnumMap;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.TreeSet;

import org.fabriclab.result.Html;
import org.fabriclab.result.Renderable;

import tech.tablesaw.api.IntColumn;
import tech.tablesaw.api.LongColumn;
import tech.tablesaw.api.StringColumn;
import tech.tablesaw.api.Table;

/**
 * The counter catalogue, the single source of counter meaning. Three data files beside this class:
 * <ul>
 * <li>{@code counters.tsv}: one line per counter (canonical name, layer, kind, unit, scale, error
 * flag, direction, scope, roles, namespace, help);</li>
 * <li>{@code bindings.tsv}: one line per counter x source x raw name (pattern), with the vendor that
 * prints it, the field width and its overflow;</li>
 * <li>{@code provenance.tsv}: what each counter's names and units were verified against, per vendor.</li>
 * </ul>
 * Placeholders: {@code {n}} is a priority 0..7 ({@code prio{n}}), {@code {p}} is {@code prio0..prio7}
 * and {@code global}, {@code {b}} a FEC histogram bin 0..15 ({@code fec_hist{b}}, {@link CounterName#bin()}),
 * {@code {l}} a physical lane 0..11 ({@code phy_raw_errors_lane{l}}, {@link CounterName#lane()}), {@code {sl}}
 * an InfiniBand service level 0..15 ({@code PortXmitDataSL{sl}}, {@link CounterName#sl()});
 * a family of counters.tsv is expanded on load, one of a raw name in bindings.tsv when its source is indexed (on
 * {@link #load}; for {@link #standard()} on the source's first lookup), so such a lookup is one hash probe. {@code {q}} in
 * a raw name is a queue (ring) index: the binding returns it with the queue-less canonical name.
 * Code asks the catalogue for roles ({@link #counters(Role, Direction)}) and never lists counter
 * names of its own.
 *
 * <pre>{@code
 * Catalogue cat = Catalogue.standard();
 * cat.lookup(Source.ETHTOOL, "rx_pfc_ena_frames_pri3").get().canonical();   // "rx_prio3_pause" (bnxt_en)
 * cat.lookup(Source.ETHTOOL, "[3]: rx_ucast_bytes").get().queue();         // 3
 * cat.definition("PortXmitData").get().scale();                            // 4 (4-octet words)
 * cat.counters(Role.PAUSE_DURATION, Direction.RX);                         // rx_prio0_pause_duration, ...
 * }</pre>
 */
public final class Catalogue implements Renderable {
    /** A family's placeholders, the one scope its counters have, and how a refusal names both. */
    private record FamilyScope(List<String> placeholders, Scope scope, String what, String word) {}

    /** Each family placeholder goes with one scope, and that scope with it (the rows of counters.tsv are checked against these). */
    private static final List<FamilyScope> FAMILY_SCOPES = List.of(
            new FamilyScope(List.of("{n}", "{p}"), Scope.PRIORITY, "a priority family ({n} or {p})", "priority"),
            new FamilyScope(List.of("{b}"), Scope.BIN, "a histogram family ({b})", "bin"),
            new FamilyScope(List.of("{l}"), Scope.LANE, "a lane family ({l})", "lane"),
            new FamilyScope(List.of("{sl}"), Scope.SL, "a service-level family ({sl})", "sl"));

    public static final String COUNTERS = "counters.tsv", BINDINGS = "bindings.tsv", PROVENANCE = "provenance.tsv";
    static final List<String> COUNTER_COLUMNS = List.of("counter", "layer", "kind", "unit", "scale", "error", "direction",
            "scope", "roles", "namespace", "help");
    static final List<String> BINDING_COLUMNS = List.of("counter", "source", "vendor", "raw", "width", "overflow");
    static final List<String> PROVENANCE_COLUMNS = List.of("counter", "vendor", "verified_against");

    private static volatile Catalogue standard;

    private final List<CounterDef> rows;
    private final Map<String, CounterDef> byPattern = new HashMap<>();
    private final Map<String, CounterName> byCanonical = new LinkedHashMap<>();
    private final Map<Role, List<CounterName>> byRole = new EnumMap<>(Role.class);
    /** The data lines of bindings.tsv, in file order. */
    private final List<TsvFile.Line> bindingLines;
    /** The data lines of bindings.tsv by their source cell (null: a line of one cell), each in file order. */
    private final Map<String, List<TsvFile.Line>> bindingLinesBySource = new HashMap<>();
    /** The rows of bindings.tsv (its lines cut into cells and checked), in file order; null until needed. */
    private volatile List<TsvFile.Row> bindingRows;
    /**
     * Each source's bindings, by {@link Source#ordinal()}; null until indexed. {@link #standard()} indexes a
     * source on its first lookup (a short command reads one to four of the 17 sources bindings.tsv names), {@link #load} all of
     * them in file order. An index is immutable once stored (final fields), so a lookup reads it unlocked.
     */
    private final SourceBindings[] bySource = new SourceBindings[Source.values().length];
    /**
     * For a source not indexed yet, the shapes ({@link QueueNames#shape}) of every raw name its lines bind,
     * by {@link Source#ordinal()}; null until needed. A name of another shape is bound by none of them, so
     * its lookup indexes nothing: the script reader's sniff asks every source in turn for each name of
     * each file it sniffs ({@code PortSelect}, which none binds), and would index all 17.
     */
    private final Shapes[] shapes = new Shapes[Source.values().length];
    /** The shape of the name last looked up in a source not indexed (the sniff asks for one name source by source). */
    private volatile Shaped lastShaped;
    /** Every binding in file order; null until asked for (or loaded eagerly). */
    private volatile List<Binding> bindings;
    /** Vendors by counter pattern; null until asked for. */
    private volatile Map<String, Set<String>> vendorsOf;
    /** Per canonical counter, the vendors of the bindings that map to it ({@link #vendorsNaming}); null until asked for. */
    private volatile Map<String, Set<String>> vendorsNaming;
    /** Null until read: {@link #standard()} reads {@value #PROVENANCE} (over half the catalogue's bytes) on first use. */
    private List<Provenance> provenance;

    /**
     * A catalogue of these rows. With {@code bindingRows} and {@code provenanceRows} (a catalogue loaded by
     * {@link #load}) every binding row is checked here, in file order; without ({@link #standard()}, whose
     * files the tests of every build check) a source's lines are cut, checked and indexed on its first lookup.
     */
    private Catalogue(List<TsvFile.Row> counters, List<TsvFile.Line> bindingLines, List<TsvFile.Row> bindingRows,
                      List<TsvFile.Row> provenanceRows) {
        List<CounterDef> defs = new ArrayList<>();
        Map<String, Set<Role>> roleSets = new HashMap<>();
        for (TsvFile.Row r : counters) {
            CounterDef d = parseCounter(r, roleSets);
            if (byPattern.containsKey(d.pattern())) throw r.error("counter '" + d.pattern() + "' is defined twice");
            for (Map.Entry<String, String> e : Priorities.expand(d.pattern()).entrySet()) {
                CounterName c = new CounterName(e.getValue(), d, e.getKey());
                if (byCanonical.putIfAbsent(c.name(), c) != null) throw r.error("counter '" + e.getValue() + "' is defined twice");
                for (Role role : d.roles()) {
                    List<CounterName> l = byRole.get(role);   // get/put, not computeIfAbsent: each lambda call site is linked on first use, cold
                    if (l == null) byRole.put(role, l = new ArrayList<>());
                    l.add(c);
                }
            }
            byPattern.put(d.pattern(), d);
            defs.add(d);
        }
        this.rows = List.copyOf(defs);
        this.bindingLines = bindingLines;
        this.bindingRows = bindingRows;
        if (bindingRows == null) {
            for (TsvFile.Line line : bindingLines) {
                String source = line.cell(1);
                List<TsvFile.Line> l = bindingLinesBySource.get(source);
                if (l == null) bindingLinesBySource.put(source, l = new ArrayList<>());
                l.add(line);
            }
        }
        if (provenanceRows != null) {
            indexAll();
            provenance = provenanceOf(provenanceRows);
        }
    }

    /**
     * One source's bindings: raw name to binding (families expanded), the queue patterns, and the
     * bindings each of its rows gave, in file order.
     */
    private record SourceBindings(Map<String, Binding> exact, QueueNames queues, List<List<Binding>> perRow) {}

    /** A source's bindings being built, row by row in file order. */
    private static final class SourceBuilder {
        final Map<String, Binding> exact = new HashMap<>();
        final QueueNames queues = new QueueNames();
        final Map<String, TsvFile.Row> seen = new HashMap<>();
        final List<List<Binding>> perRow = new ArrayList<>();

        SourceBindings done() { return new SourceBindings(exact, queues, perRow); }
    }

    /** The raw-name shapes of one source's lines (immutable once stored). */
    private record Shapes(Set<String> of) {}

    /** A name and its shape. */
    private record Shaped(String name, String shape) {}

    /**
     * False when no line of {@code source} can bind {@code rawName}: its shape is none of theirs. Each
     * binding is a raw name of a line (a family expanded: a member's shape is that of its pattern with the
     * member filled in) or a queue pattern, which {@link QueueNames} keys by the same shape.
     */
    private boolean mayBind(Source source, String rawName) {
        Shapes sh = shapes[source.ordinal()];
        if (sh == null) sh = shapes(source);
        Shaped last = lastShaped;
        if (last == null || last.name() != rawName) lastShaped = last = new Shaped(rawName, QueueNames.shape(rawName));
        return sh.of().contains(last.shape());
    }

    private synchronized Shapes shapes(Source source) {
        Shapes sh = shapes[source.ordinal()];
        if (sh != null) return sh;
        Set<String> of = new HashSet<>();
        for (TsvFile.Line line : bindingLinesBySource.getOrDefault(source.key(), List.of())) {
            String raw = line.cell(3);
            if (raw == null) continue;   // a malformed line: indexing the source reports it
            int q = raw.indexOf("{q}");
            if (q >= 0) of.add(QueueNames.shape(raw.substring(0, q)) + "#" + QueueNames.shape(raw.substring(q + 3)));
            else for (String name : Priorities.expand(raw).values()) of.add(QueueNames.shape(name));
        }
        return shapes[source.ordinal()] = new Shapes(of);
    }

    /** The bindings of {@code source}, indexed from its rows on first use. */
    private SourceBindings indexed(Source source) {
        SourceBindings b = bySource[source.ordinal()];
        return b != null ? b : index(source);
    }

    private synchronized SourceBindings index(Source source) {
        SourceBindings b = bySource[source.ordinal()];
        if (b != null) return b;
        SourceBuilder sb = new SourceBuilder();
        for (TsvFile.Line line : bindingLinesBySource.getOrDefault(source.key(), List.of())) addBinding(line.row(BINDING_COLUMNS), sb);
        return bySource[source.ordinal()] = sb.done();
    }

    /** Every line of bindings.tsv cut into cells, in file order (the first malformed line throws). */
    private List<TsvFile.Row> bindingRows() {
        List<TsvFile.Row> rs = bindingRows;
        return rs != null ? rs : (bindingRows = rows(bindingLines));   // a race cuts the same lines twice, harmlessly
    }

    /**
     * Checks and indexes every binding row in file order (so the first bad row is the one reported) and
     * returns every binding in file order. A source indexed before by a lookup keeps that index (its rows
     * give the same bindings again).
     */
    private synchronized List<Binding> indexAll() {
        if (bindings != null) return bindings;
        List<TsvFile.Row> bindingRows = bindingRows();
        Map<String, SourceBuilder> builders = new HashMap<>();
        for (TsvFile.Row r : bindingRows) {
            SourceBuilder sb = builders.get(r.get(1));
            if (sb == null) builders.put(r.get(1), sb = new SourceBuilder());
            addBinding(r, sb);
        }
        List<Binding> all = new ArrayList<>();
        Map<String, Integer> next = new HashMap<>();
        for (TsvFile.Row r : bindingRows) {
            int i = next.getOrDefault(r.get(1), 0);
            next.put(r.get(1), i + 1);
            all.addAll(builders.get(r.get(1)).perRow.get(i));
        }
        for (Map.Entry<String, SourceBuilder> e : builders.entrySet()) {
            int o = Source.of(e.getKey()).ordinal();
            if (bySource[o] == null) bySource[o] = e.getValue().done();
        }
        for (Source src : Source.values()) if (bySource[src.ordinal()] == null) bySource[src.ordinal()] = new SourceBuilder().done();
        return bindings = Collections.unmodifiableList(all);
    }

    private List<Provenance> provenanceOf(List<TsvFile.Row> provenanceRows) {
        List<Provenance> out = new ArrayList<>();
        for (TsvFile.Row r : provenanceRows) {
            String c = r.get(0);
            if (!byPattern.containsKey(c) && !byCanonical.containsKey(c)) throw r.error("provenance for unknown counter '" + c + "'");
            out.add(new Provenance(c, r.get(1), r.get(2)));
        }
        return out;
    }

    /**
     * The provenance rows; the shipped catalogue's are parsed and checked here on first use (a short
     * command never shows them; the shipped file is checked by the tests of every build).
     */
    private synchronized List<Provenance> provenanceRows() {
        if (provenance == null) provenance = provenanceOf(TsvFile.parse(resource(PROVENANCE), PROVENANCE, PROVENANCE_COLUMNS));
        return provenance;
    }

    /**
     * One row of counters.tsv, checked. {@code roleSets} holds the role sets of the roles cells read so
     * far (59 distinct cells in the shipped file's 234 rows): a repeated cell is one probe, not a split,
     * a lookup per role and a set copy.
     */
    private static CounterDef parseCounter(TsvFile.Row r, Map<String, Set<Role>> roleSets) {
        try {
            String name = r.get(0);
            if (!isName(name)) throw new IllegalArgumentException("counter name '" + name + "' has characters outside [A-Za-z0-9_.{}-]");
            if (name.contains("{q}")) throw new IllegalArgumentException("counter '" + name + "': {q} belongs in bindings.tsv raw names; a per-queue counter's canonical name has no queue");
            long scale = Long.parseLong(r.get(4));
            if (scale <= 0) throw new IllegalArgumentException("scale " + scale + ": expected a whole number > 0");
            boolean error = switch (r.get(5)) {
                case "yes" -> true;
                case "no" -> false;
                default -> throw new IllegalArgumentException("error '" + r.get(5) + "': expected yes or no");
            };
            Set<Role> roles = roleSets.get(r.get(8));
            if (roles == null) {
                Set<Role> parsed = new LinkedHashSet<>();
                if (!r.get(8).equals("-")) for (String s : r.get(8).split(",")) parsed.add(Role.of(s));
                roleSets.put(r.get(8), roles = Set.copyOf(parsed));   // what CounterDef keeps (it copies no immutable set again)
            }
            Scope scope = Scope.of(r.get(7));
            boolean placeholder = name.indexOf('{') >= 0;
            for (FamilyScope f : FAMILY_SCOPES) {
                boolean family = false;   // a loop, not a stream: four pipelines per row, run cold, were a tenth of the load
                for (String p : f.placeholders()) family |= placeholder && name.contains(p);
                if (family != (scope == f.scope())) {
                    throw new IllegalArgumentException("scope " + scope + " of '" + name + "': " + f.what() + " has scope " + f.word() + ", and only it");
                }
            }
            return new CounterDef(name, Layer.of(r.get(1)), Kind.of(r.get(2)), r.get(3), scale, error,
                    Direction.of(r.get(6)), scope, roles, r.get(9), r.get(10));
        } catch (RuntimeException e) {
            throw r.error(e.getMessage());
        }
    }

    /**
     * Whether {@code name} matches {@code [A-Za-z0-9_.{}-]+}, tested char by char: the regex was compiled
     * anew for each of the catalogue's rows, a sixth of a short command's catalogue load.
     */
    static boolean isName(String name) {
        if (name.isEmpty()) return false;
        for (int i = 0; i < name.length(); i++) {
            char c = name.charAt(i);
            boolean ok = (c >= 'A' && c <= 'Z') || (c >= 'a' && c <= 'z') || (c >= '0' && c <= '9')
                    || c == '_' || c == '.' || c == '{' || c == '}' || c == '-';
            if (!ok) return false;
        }
        return true;
    }

    /** Checks one row of bindings.tsv and adds the bindings it gives (families expanded) to {@code sb}. */
    private void addBinding(TsvFile.Row r, SourceBuilder sb) {
        String counter = r.get(0), raw = r.get(3);
        String vendor = r.get(2).equals("-") ? "" : r.get(2);
        if (!vendor.isEmpty()) {   // "-" (every vendor's name, most lines) has no member to check: no split
            for (String v : vendor.split(",", -1)) {
                if (v.isEmpty() || v.equals("-")) {
                    throw r.error("vendor '" + vendor + "': expected -, one vendor, or a comma list of vendors with no empty member");
                }
            }
        }
        Source source;
        Field field;
        try {
            source = Source.of(r.get(1));
            field = Field.of(raw, r.get(4), r.get(5));
        } catch (RuntimeException e) {
            throw r.error(e.getMessage());
        }
        CounterDef def = byPattern.get(counter);
        Map<String, String> canon;
        if (def != null) {
            canon = Priorities.expand(counter);
        } else {
            CounterName c = byCanonical.get(counter);
            if (c == null) throw r.error("binding for unknown counter '" + counter + "'; define it in " + COUNTERS + " first");
            def = c.def();
            canon = Map.of(c.priority(), c.name());
        }
        if (raw.contains("{q}")) {
            if (def.scope() != Scope.QUEUE) throw r.error("raw name '" + raw + "' has a queue placeholder but counter '" + counter + "' has scope " + def.scope());
            if (Priorities.isFamily(raw)) throw r.error("raw name '" + raw + "': a queue pattern cannot also be a family (priority, bin, lane or sl)");
            Binding b = new Binding(def, counter, source, new Field(raw, field.width(), field.overflow()), vendor, Binding.NO_QUEUE);
            try {
                sb.queues.add(source, raw, b);
            } catch (IllegalArgumentException e) {
                throw r.error(e.getMessage());
            }
            remember(sb.seen, r, source, raw);
            sb.perRow.add(List.of(b));
            return;
        }
        if (def.scope() == Scope.QUEUE) throw r.error("counter '" + counter + "' has scope queue: its raw names need the {q} placeholder");
        Map<String, String> raws = Priorities.expand(raw);
        if (raws.size() > 1 && canon.size() == 1) {
            throw r.error("raw name '" + raw + "' is a priority family but '" + counter + "' is one counter; bind the family pattern");
        }
        List<Binding> out = new ArrayList<>(raws.size());
        for (Map.Entry<String, String> e : raws.entrySet()) {
            String c = raws.size() == 1 && canon.size() == 1 ? canon.values().iterator().next() : canon.get(e.getKey());
            if (c == null) {
                if (raws.size() == 1) throw r.error("raw name '" + raw + "' is one field but '" + counter + "' is a family; bind one member (" + canon.values().iterator().next() + ")");
                throw r.error("raw name '" + raw + "' expands to " + e.getKey() + ", which family '" + counter + "' lacks");
            }
            remember(sb.seen, r, source, e.getValue());
            Binding b = new Binding(def, c, source, new Field(e.getValue(), field.width(), field.overflow()), vendor, Binding.NO_QUEUE);
            sb.exact.put(e.getValue(), b);
            out.add(b);
        }
        sb.perRow.add(out);
    }

    /**
     * Vendors by counter pattern, from every binding row's vendor cell (rows are valid by then: checked on
     * load, or the shipped catalogue's by its tests).
     */
    private Map<String, Set<String>> vendors() {
        Map<String, Set<String>> m = vendorsOf;
        if (m != null) return m;
        m = new HashMap<>();
        for (TsvFile.Row r : bindingRows()) {
            CounterDef def = byPattern.get(r.get(0));
            if (def == null) {
                CounterName c = byCanonical.get(r.get(0));
                if (c == null) indexAll();   // throws, naming the first bad row (an unknown counter, or one before it)
                def = c.def();
            }
            Set<String> vendors = m.get(def.pattern());
            if (vendors == null) m.put(def.pattern(), vendors = new TreeSet<>());
            String vendor = r.get(2).equals("-") ? "" : r.get(2);
            if (vendor.isEmpty()) vendors.add(vendor);
            else for (String v : vendor.split(",")) vendors.add(v);
        }
        return vendorsOf = m;
    }

    private static void remember(Map<String, TsvFile.Row> seen, TsvFile.Row r, Source source, String raw) {
        TsvFile.Row prev = seen.put(raw, r);
        if (prev != null) {
            throw r.error("raw name '" + raw + "' in source " + source + " is bound twice (also " + prev.file() + ":" + prev.line()
                    + "); one raw name has one meaning per source");
        }
    }

    /** The catalogue shipped with fabriclab. */
    public static Catalogue standard() {
        Catalogue c = standard;
        if (c == null) {
            synchronized (Catalogue.class) {
                if (standard == null) standard = shipped();
                c = standard;
            }
        }
        return c;
    }

    /** A new catalogue of the shipped files, its sources indexed on first lookup (what {@link #standard()} holds). */
    static Catalogue shipped() {
        return new Catalogue(TsvFile.parse(resource(COUNTERS), COUNTERS, COUNTER_COLUMNS),
                TsvFile.lines(resource(BINDINGS), BINDINGS, BINDING_COLUMNS), null, null);
    }

    /** Whether {@code source}'s bindings are indexed yet (for tests of the lazy index). */
    boolean isIndexed(Source source) { return bySource[source.ordinal()] != null; }

    private static String resource(String name) {
        try (InputStream in = Catalogue.class.getResourceAsStream(name)) {
            if (in == null) throw new IllegalStateException("catalogue resource " + name + " missing from the classpath");
            return new String(in.readAllBytes(), StandardCharsets.UTF_8);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /**
     * A catalogue from the text of its three files (named {@value #COUNTERS}, {@value #BINDINGS},
     * {@value #PROVENANCE} in errors).
     *
     * @throws IllegalArgumentException naming the file and line of the first malformed line
     */
    public static Catalogue load(String counters, String bindings, String provenance) {
        List<TsvFile.Row> c = TsvFile.parse(counters, COUNTERS, COUNTER_COLUMNS);
        List<TsvFile.Line> b = TsvFile.lines(bindings, BINDINGS, BINDING_COLUMNS);
        return new Catalogue(c, b, rows(b), TsvFile.parse(provenance, PROVENANCE, PROVENANCE_COLUMNS));
    }

    /**
     * A catalogue from a folder holding {@value #COUNTERS}, {@value #BINDINGS} and {@value #PROVENANCE}
     * (a copy of the shipped files, extended).
     *
     * @throws IllegalArgumentException naming the file and line of the first malformed line
     * @throws UncheckedIOException when a file cannot be read
     */
    public static Catalogue load(Path dir) {
        try {
            List<TsvFile.Row> c = TsvFile.parse(Files.readString(dir.resolve(COUNTERS)), dir.resolve(COUNTERS).toString(), COUNTER_COLUMNS);
            List<TsvFile.Line> b = TsvFile.lines(Files.readString(dir.resolve(BINDINGS)), dir.resolve(BINDINGS).toString(), BINDING_COLUMNS);
            return new Catalogue(c, b, rows(b),
                    TsvFile.parse(Files.readString(dir.resolve(PROVENANCE)), dir.resolve(PROVENANCE).toString(), PROVENANCE_COLUMNS));
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** The lines cut into checked rows, in file order (the first malformed line throws). */
    private static List<TsvFile.Row> rows(List<TsvFile.Line> lines) {
        List<TsvFile.Row> rows = new ArrayList<>(lines.size());
        for (TsvFile.Line line : lines) rows.add(line.row(BINDING_COLUMNS));
        return rows;
    }

    /**
     * What {@code rawName}, exactly as the tool printed it, means when read from {@code source};
     * empty when the catalogue does not know it. A per-queue name ({@code "[3]: rx_ucast_bytes"},
     * {@code "rx_queue_3_bytes"}) returns the queue-less canonical counter with {@link Binding#queue()}.
     */
    public Optional<Binding> lookup(Source source, String rawName) {
        SourceBindings s = bySource[source.ordinal()];
        if (s == null) {
            if (!mayBind(source, rawName)) return Optional.empty();
            s = index(source);
        }
        Binding b = s.exact().get(rawName);
        if (b != null) return Optional.of(b);
        return s.queues().lookup(source, rawName);
    }

    /** The catalogue row of a canonical counter name (families included: {@code rx_prio5_pause}). */
    public Optional<CounterDef> definition(String canonical) {
        CounterName c = byCanonical.get(canonical);
        return c == null ? Optional.empty() : Optional.of(c.def());
    }

    /** A concrete canonical counter with its priority, when catalogued. */
    public Optional<CounterName> counter(String canonical) { return Optional.ofNullable(byCanonical.get(canonical)); }

    /** The layer of a canonical counter, {@link Layer#INFORMATIVE} when uncatalogued. */
    public Layer layerOf(String canonical) {
        CounterName c = byCanonical.get(canonical);
        return c == null ? Layer.INFORMATIVE : c.layer();
    }

    /** True when {@code canonical} is catalogued with the error flag (what a fleet gate's {@code all=N} covers). */
    public boolean isError(String canonical) {
        CounterName c = byCanonical.get(canonical);
        return c != null && c.def().error();
    }

    /** True when {@code canonical} is catalogued with role {@code role}. */
    public boolean hasRole(String canonical, Role role) {
        CounterName c = byCanonical.get(canonical);
        return c != null && c.has(role);
    }

    /** Every row with role {@code role}, patterns unexpanded, in file order. */
    public List<CounterDef> withRole(Role role) {
        List<CounterDef> out = new ArrayList<>();
        for (CounterDef d : rows) if (d.has(role)) out.add(d);
        return out;
    }

    /** The concrete counters (families expanded) with role {@code role}, in file order. */
    public List<CounterName> counterNames(Role role) { return byRole.getOrDefault(role, List.of()); }

    /** The concrete counters with role {@code role} counting in {@code direction}, in file order. */
    public List<CounterName> counterNames(Role role, Direction direction) {
        List<CounterName> out = new ArrayList<>();
        for (CounterName c : counterNames(role)) if (c.direction() == direction) out.add(c);
        return out;
    }

    /** Names of the concrete counters with role {@code role}, in file order. */
    public List<String> counters(Role role) { return names(counterNames(role)); }

    /** Names of the concrete counters with role {@code role} counting in {@code direction}, in file order. */
    public List<String> counters(Role role, Direction direction) { return names(counterNames(role, direction)); }

    /** Names of the port-wide counters (no priority, no queue) with role {@code role} and {@code direction}, in file order. */
    public List<String> portCounters(Role role, Direction direction) {
        List<String> out = new ArrayList<>();
        for (CounterName c : counterNames(role, direction)) if (c.def().scope() == Scope.PORT) out.add(c.name());
        return out;
    }

    /** The counter of {@code role} in {@code direction} for {@code priority} ({@code "prio3"}, {@code "global"}), if catalogued. */
    public Optional<String> forPriority(Role role, Direction direction, String priority) {
        for (CounterName c : counterNames(role, direction)) if (c.priority().equals(priority)) return Optional.of(c.name());
        return Optional.empty();
    }

    /**
     * The first port-wide counter of {@code role} in {@code direction} in file order, the catalogue's
     * primary counter for that question (file order puts the InfiniBand PMA counters first).
     *
     * @throws IllegalStateException when the catalogue has none
     */
    public String primary(Role role, Direction direction) {
        List<String> c = portCounters(role, direction);
        if (c.isEmpty()) throw new IllegalStateException("the catalogue has no port counter with role " + role + " and direction " + direction);
        return c.get(0);
    }

    private static List<String> names(List<CounterName> cs) {
        List<String> out = new ArrayList<>(cs.size());
        for (CounterName c : cs) out.add(c.name());
        return Collections.unmodifiableList(out);
    }

    /**
     * Vendors with a binding that maps to {@code canonical} itself ({@code ""} for names every vendor shares): for
     * {@code rx_prio3_pause} the vendors printing a priority-3 pause count, not those printing only link pause
     * ({@code rx_global_pause}, the same row); {@link #vendorsOf} gives the row's.
     */
    public Set<String> vendorsNaming(String canonical) {
        Map<String, Set<String>> m = vendorsNaming;
        if (m == null) {
            // every source's bindings (indexed on this first call); per-queue patterns name no concrete counter
            m = new HashMap<>();
            for (Binding b : bindings()) {
                if (b.def().scope() == Scope.QUEUE) continue;
                Set<String> naming = m.get(b.canonical());
                if (naming == null) m.put(b.canonical(), naming = new TreeSet<>());
                if (b.vendor().isEmpty()) naming.add("");
                else for (String v : b.vendor().split(",")) naming.add(v);
            }
            vendorsNaming = m;
        }
        return Collections.unmodifiableSet(m.getOrDefault(canonical, Set.of()));
    }

    /** Vendors with a binding of the row of {@code canonical} ({@code ""} for names every vendor shares). */
    public Set<String> vendorsOf(String canonical) {
        CounterName c = byCanonical.get(canonical);
        return c == null ? Set.of() : Collections.unmodifiableSet(vendors().getOrDefault(c.def().pattern(), Set.of()));
    }

    /**
     * The fields {@code source} exposes the concrete counter {@code canonical} in (one per raw name:
     * {@code perfquery -x}'s one, ibdiagnet's 16-bit and 64-bit copies), in file order; queue patterns
     * included. Empty when the source does not expose it.
     */
    public List<Field> fields(String canonical, Source source) {
        List<Field> out = new ArrayList<>();
        for (List<Binding> row : indexed(source).perRow()) for (Binding b : row) if (b.canonical().equals(canonical)) out.add(b.field());
        return out;
    }

    /** Every row, patterns unexpanded, in file order. */
    public List<CounterDef> rows() { return rows; }

    /** Every binding, families expanded, queue patterns as written, in file order. */
    public List<Binding> bindings() { return indexAll(); }

    /** Every provenance row, in file order. */
    public List<Provenance> provenance() { return Collections.unmodifiableList(provenanceRows()); }

    /** Every concrete canonical name (families expanded). */
    public Set<String> canonicalNames() { return Collections.unmodifiableSet(byCanonical.keySet()); }

    /**
     * The catalogue as a table: one row per counter (families unexpanded) with its roles, the
     * sources that expose it and the vendors that name it.
     */
    @Override public Table table() {
        StringColumn counter = StringColumn.create("counter"), layer = StringColumn.create("layer"),
                kind = StringColumn.create("kind"), unit = StringColumn.create("unit");
        LongColumn scale = LongColumn.create("scale");
        StringColumn error = StringColumn.create("error"), direction = StringColumn.create("direction"),
                scope = StringColumn.create("scope"), roles = StringColumn.create("roles"),
                sources = StringColumn.create("sources"), vendors = StringColumn.create("vendors"),
                ns = StringColumn.create("namespace"), help = StringColumn.create("help");
        Map<String, Set<String>> src = new HashMap<>();
        for (Binding b : indexAll()) src.computeIfAbsent(b.def().pattern(), k -> new LinkedHashSet<>()).add(b.source().key());
        for (CounterDef d : rows) {
            counter.append(d.pattern()); layer.append(d.layer().label()); kind.append(d.kind().toString());
            unit.append(d.unit()); scale.append(d.scale()); error.append(d.error() ? "yes" : "no");
            direction.append(d.direction().toString()); scope.append(d.scope().toString());
            List<String> rl = new ArrayList<>();
            for (Role r : d.roles()) rl.add(r.label());
            roles.append(String.join(",", rl));
            sources.append(String.join(",", src.getOrDefault(d.pattern(), Set.of())));
            Set<String> v = new TreeSet<>(vendors().getOrDefault(d.pattern(), Set.of()));
            v.remove("");
            vendors.append(String.join(",", v));
            ns.append(d.namespace()); help.append(d.help());
        }
        return Table.create("counter catalogue", counter, layer, kind, unit, scale, error, direction, scope, roles,
                sources, vendors, ns, help);
    }

    /** The bindings as a table: one row per counter, source and raw name (families expanded). */
    public Table bindingsTable() {
        StringColumn counter = StringColumn.create("counter"), source = StringColumn.create("source"),
                vendor = StringColumn.create("vendor"), raw = StringColumn.create("raw_name");
        IntColumn width = IntColumn.create("width");
        StringColumn overflow = StringColumn.create("overflow"), layer = StringColumn.create("layer");
        for (Binding b : indexAll()) {
            counter.append(b.canonical()); source.append(b.source().key()); vendor.append(b.vendor());
            raw.append(b.field().rawName());
            if (b.field().width() > 0) width.append(b.field().width()); else width.appendMissing();
            overflow.append(b.field().overflow().toString()); layer.append(b.layer().label());
        }
        return Table.create("counter bindings", counter, source, vendor, raw, width, overflow, layer);
    }

    /** The provenance as a table: counter, vendor, what it was verified against. */
    public Table provenanceTable() {
        StringColumn counter = StringColumn.create("counter"), vendor = StringColumn.create("vendor"),
                against = StringColumn.create("verified_against");
        for (Provenance p : provenanceRows()) { counter.append(p.counter()); vendor.append(p.vendor()); against.append(p.verifiedAgainst()); }
        return Table.create("counter provenance", counter, vendor, against);
    }

    /** Counts of rows, concrete names, bindings, sources, vendors and provenance lines. */
    public List<String> summaryLines() {
        Set<String> sources = new TreeSet<>(), vendors = new TreeSet<>();
        List<Binding> bindings = indexAll();
        for (Binding b : bindings) { sources.add(b.source().key()); vendors.addAll(b.vendors()); }
        return List.of(rows.size() + " counters (" + byCanonical.size() + " concrete names with priorities expanded), " + bindings.size()
                        + " bindings from " + sources.size() + " sources " + sources + ", vendors " + vendors + ", " + provenanceRows().size() + " provenance lines",
                "bindingsTable() and provenanceTable() list the rest; counters(Role) answers a role");
    }

    @Override public String toString() { return "counter catalogue: " + String.join("; ", summaryLines()); }

    @Override public String toHtml() { return Html.section("counter catalogue", summaryLines(), table()); }

    @Override public Map<String, Object> toMap() {
        Map<String, Object> m = new java.util.LinkedHashMap<>();
        m.put("summary", summaryLines());
        m.put("counters", Html.rows(table()));
        return m;
    }
}
