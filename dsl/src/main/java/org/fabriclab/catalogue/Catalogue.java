package org.fabriclab.catalogue;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStream;
import java.io.InputStreamReader;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Collections;
import java.util.EnumMap;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

import tech.tablesaw.api.IntColumn;
import tech.tablesaw.api.LongColumn;
import tech.tablesaw.api.StringColumn;
import tech.tablesaw.api.Table;

/**
 * The counter catalogue loaded from its resource file ({@code counters.tsv}). Families written as
 * patterns ({@code rx_{p}_pause}) are expanded on load into one entry per priority, so a lookup is
 * one hash probe.
 *
 * <pre>{@code
 * Catalogue cat = Catalogue.standard();
 * cat.lookup(Source.ETHTOOL, "rx_prio3_pause").get().canonical();   // "rx_prio3_pause"
 * cat.lookup(Source.SYSFS, "symbol_error").get().canonical();       // "SymbolErrorCounter"
 * cat.definition("PortXmitData").get().scale();                     // 4 (4-octet words)
 * }</pre>
 */
public final class Catalogue {
    private static final String RESOURCE = "counters.tsv";
    private static volatile Catalogue standard;

    private final List<CounterDef> rows;
    private final Map<Source, Map<String, Binding>> bySource = new EnumMap<>(Source.class);
    private final Map<String, CounterDef> byCanonical = new HashMap<>();

    private Catalogue(List<CounterDef> rows) {
        this.rows = List.copyOf(rows);
        for (CounterDef def : rows) {
            for (String canonical : expand(def.pattern())) {
                byCanonical.put(canonical, def);
            }
            for (Map.Entry<Source, List<Field>> e : def.fields().entrySet()) {
                Map<String, Binding> m = bySource.computeIfAbsent(e.getKey(), k -> new HashMap<>());
                for (Field f : e.getValue()) {
                    List<String> raws = expand(f.rawName());
                    List<String> canon = expand(def.pattern());
                    for (int i = 0; i < raws.size(); i++) {
                        String c = canon.size() == raws.size() ? canon.get(i) : canon.get(0);
                        Field concrete = new Field(raws.get(i), f.width(), f.overflow());
                        m.put(raws.get(i), new Binding(def, c, e.getKey(), concrete));
                    }
                }
            }
        }
    }

    /** The catalogue shipped with fabriclab. */
    public static Catalogue standard() {
        Catalogue c = standard;
        if (c == null) {
            synchronized (Catalogue.class) {
                if (standard == null) {
                    try (InputStream in = Catalogue.class.getResourceAsStream(RESOURCE)) {
                        if (in == null) throw new IllegalStateException("catalogue resource " + RESOURCE + " missing");
                        standard = load(in, RESOURCE);
                    } catch (IOException e) {
                        throw new UncheckedIOException(e);
                    }
                }
                c = standard;
            }
        }
        return c;
    }

    /** Loads a catalogue in the {@code counters.tsv} format; {@code name} is used in error messages. */
    public static Catalogue load(InputStream in, String name) throws IOException {
        BufferedReader r = new BufferedReader(new InputStreamReader(in, StandardCharsets.UTF_8));
        String line;
        int lineNo = 0;
        String[] header = null;
        List<CounterDef> rows = new ArrayList<>();
        while ((line = r.readLine()) != null) {
            lineNo++;
            if (line.isBlank() || line.startsWith("#")) continue;
            String[] cells = line.split("\t", -1);
            if (header == null) { header = cells; continue; }
            if (cells.length != header.length) {
                throw new IllegalArgumentException(name + ":" + lineNo + ": expected " + header.length
                        + " tab-separated cells, found " + cells.length);
            }
            Map<String, String> row = new LinkedHashMap<>();
            for (int i = 0; i < header.length; i++) row.put(header[i], cells[i].trim());
            try {
                rows.add(parseRow(row));
            } catch (RuntimeException e) {
                throw new IllegalArgumentException(name + ":" + lineNo + ": " + e.getMessage(), e);
            }
        }
        return new Catalogue(rows);
    }

    private static CounterDef parseRow(Map<String, String> row) {
        Map<Source, List<Field>> fields = new EnumMap<>(Source.class);
        for (Map.Entry<String, String> e : row.entrySet()) {
            Source s;
            try { s = Source.ofColumn(e.getKey()); } catch (IllegalArgumentException notASource) { continue; }
            String cell = e.getValue();
            if (cell.isEmpty() || cell.equals("-")) continue;
            List<Field> list = new ArrayList<>();
            for (String part : cell.split("\\|")) list.add(Field.parse(part.trim()));
            fields.put(s, List.copyOf(list));
        }
        return new CounterDef(row.get("canonical"), Layer.of(row.get("layer")), row.get("namespace"),
                Kind.of(row.get("kind")), row.get("unit"), Long.parseLong(row.get("scale")),
                Collections.unmodifiableMap(fields), row.get("help"), row.get("provenance"));
    }

    /** Expands {@code {n}} to 0..7 and {@code {p}} to prio0..prio7, global. */
    static List<String> expand(String pattern) {
        if (pattern.contains("{n}")) {
            List<String> out = new ArrayList<>(8);
            for (int i = 0; i < 8; i++) out.add(pattern.replace("{n}", Integer.toString(i)));
            return out;
        }
        if (pattern.contains("{p}")) {
            List<String> out = new ArrayList<>(9);
            for (int i = 0; i < 8; i++) out.add(pattern.replace("{p}", "prio" + i));
            out.add(pattern.replace("{p}", "global"));
            return out;
        }
        return List.of(pattern);
    }

    /** What {@code rawName} means when read from {@code source}; empty when the catalogue does not know it. */
    public Optional<Binding> lookup(Source source, String rawName) {
        Map<String, Binding> m = bySource.get(source);
        return m == null ? Optional.empty() : Optional.ofNullable(m.get(rawName));
    }

    /** The catalogue row of a canonical counter name (families included: {@code rx_prio5_pause}). */
    public Optional<CounterDef> definition(String canonical) {
        return Optional.ofNullable(byCanonical.get(canonical));
    }

    /** The layer of a canonical counter, {@link Layer#INFORMATIVE} when uncatalogued. */
    public Layer layerOf(String canonical) {
        CounterDef d = byCanonical.get(canonical);
        return d == null ? Layer.INFORMATIVE : d.layer();
    }

    /** Every row, patterns unexpanded, in file order. */
    public List<CounterDef> rows() { return rows; }

    /** Every concrete canonical name (families expanded). */
    public java.util.Set<String> canonicalNames() { return Collections.unmodifiableSet(byCanonical.keySet()); }

    /** The catalogue as a table: one row per counter and source. */
    public Table table() {
        StringColumn canonical = StringColumn.create("counter");
        StringColumn layer = StringColumn.create("layer");
        StringColumn ns = StringColumn.create("namespace");
        StringColumn kind = StringColumn.create("kind");
        StringColumn unit = StringColumn.create("unit");
        LongColumn scale = LongColumn.create("scale");
        StringColumn source = StringColumn.create("source");
        StringColumn raw = StringColumn.create("raw_name");
        IntColumn width = IntColumn.create("width");
        StringColumn overflow = StringColumn.create("overflow");
        StringColumn help = StringColumn.create("help");
        for (CounterDef d : rows) {
            for (Map.Entry<Source, List<Field>> e : d.fields().entrySet()) {
                for (Field f : e.getValue()) {
                    canonical.append(d.pattern()); layer.append(d.layer().label()); ns.append(d.namespace());
                    kind.append(d.kind().toString()); unit.append(d.unit()); scale.append(d.scale());
                    source.append(e.getKey().key()); raw.append(f.rawName());
                    if (f.width() > 0) width.append(f.width()); else width.appendMissing();
                    overflow.append(f.overflow().toString()); help.append(d.help());
                }
            }
        }
        return Table.create("counter catalogue", canonical, layer, ns, kind, unit, scale, source, raw, width,
                overflow, help);
    }
}
