package org.fabriclab.capture;

import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;

import org.fabriclab.catalogue.Binding;
import org.fabriclab.catalogue.Catalogue;
import org.fabriclab.catalogue.Field;
import org.fabriclab.catalogue.Kind;
import org.fabriclab.catalogue.Layer;
import org.fabriclab.catalogue.Overflow;
import org.fabriclab.catalogue.Source;

import org.fabriclab.result.Html;
import org.fabriclab.result.Renderable;

import tech.tablesaw.api.Table;

/**
 * What one reader made of one file (or directory): counter readings, absent counters, port
 * attributes, measurement tables that are not counters (BER, temperature, bandwidth, latency) and
 * how many noise lines were skipped. Immutable; build with {@link #builder}.
 *
 * <pre>{@code
 * Capture c = Readers.standard().read(Path.of("after/perfquery.txt"));
 * c.tidy();                  // one row per port and counter
 * c.wide();                  // one row per port, one column per counter
 * c.measurements("ber");     // typed extra table, when the format has one
 * }</pre>
 */
public final class Capture implements Renderable {
    private final Source source;
    private final String file;
    private final List<Reading> readings;
    private final List<Absent> absents;
    private final List<PortAttr> attrs;
    private final Map<String, Measurement> measurements;
    private final int noiseLines;
    private final List<String> warnings;
    private final Bundle.Time time;

    private Capture(Builder b) {
        this.source = b.source;
        this.file = b.file;
        this.readings = List.copyOf(b.readings);
        this.absents = List.copyOf(b.absents);
        this.attrs = List.copyOf(b.attrs);
        this.measurements = Collections.unmodifiableMap(new LinkedHashMap<>(b.measurements));
        this.noiseLines = b.noiseLines;
        this.warnings = List.copyOf(b.warnings);
        this.time = b.time;
    }

    public static Builder builder(Source source, String file) { return new Builder(source, file, Catalogue.standard()); }

    public static Builder builder(Source source, String file, Catalogue catalogue) { return new Builder(source, file, catalogue); }

    public Source source() { return source; }
    public String file() { return file; }
    public List<Reading> readings() { return readings; }
    public List<Absent> absents() { return absents; }
    public List<PortAttr> attrs() { return attrs; }
    /** Lines that were recognised as noise ({@code ibwarn:}, blank, banners) and skipped. */
    public int noiseLines() { return noiseLines; }
    /** What the reader noticed about the input without refusing it, as the reader wrote it. */
    public List<String> warnings() { return warnings; }

    /**
     * When the tool's output says it was taken, for a capture whose format records it (a Prometheus scrape's exporter
     * clock): a snapshot without {@code timestamp.json} or a date output takes its time from it
     * ({@link org.fabriclab.snapshot.Snapshot#recordedTime()}). Empty for most formats, which record none.
     */
    public java.util.Optional<Bundle.Time> recordedTime() { return java.util.Optional.ofNullable(time); }

    /**
     * The warnings, each starting with the file it is about: a warning the reader wrote without its
     * file ({@code "2 classic PM_INFO counter(s) differ ..."}) gets {@code "FILE: "} in front; one
     * that names its file (and line) already is kept as it is. What the CLI prints and a snapshot shows.
     */
    public List<String> locatedWarnings() {
        List<String> out = new ArrayList<>(warnings.size());
        for (String w : warnings) out.add(w.startsWith(file + ":") ? w : file + ": " + w);
        return out;
    }

    /** Names of the typed measurement tables this capture holds ("ber", "module", "bandwidth", ...). */
    public Set<String> measurementNames() { return measurements.keySet(); }

    /** The measurement table {@code name} as a Tablesaw table (built now if it was not: {@link Measurement#table()}). */
    public Optional<Table> measurements(String name) { return Optional.ofNullable(measurements.get(name)).map(Measurement::table); }

    /** Every measurement table as a Tablesaw table, in the reader's order (each built now if it was not). */
    public Map<String, Table> allMeasurements() {
        Map<String, Table> out = new LinkedHashMap<>();
        measurements.forEach((k, m) -> out.put(k, m.table()));
        return Collections.unmodifiableMap(out);
    }

    /**
     * Every measurement table as the reader made it, in the reader's order, without building a
     * Tablesaw table ({@link Measurement}: printing and reading these does not initialise {@code Table}).
     */
    public Map<String, Measurement> measurementViews() { return measurements; }

    /** Ports in first-seen order. */
    public List<String> ports() {
        Set<String> s = new LinkedHashSet<>();
        for (Reading r : readings) s.add(r.port());
        for (Absent a : absents) s.add(a.port());
        for (PortAttr a : attrs) s.add(a.port());
        return new ArrayList<>(s);
    }

    /** The value of a canonical counter on a port, if read (a per-queue counter: the sum of its queues). */
    public Optional<Reading> reading(String port, String counter) {
        boolean queues = false;
        for (Reading r : readings) {
            if (!r.port().equals(port) || !r.counter().equals(counter)) continue;
            if (!r.isQueue()) return Optional.of(r);
            queues = true;
        }
        if (!queues) return Optional.empty();
        // a per-queue counter: its port total
        List<Reading> mine = new ArrayList<>();
        for (Reading r : readings) if (r.isQueue() && r.port().equals(port) && r.counter().equals(counter)) mine.add(r);
        return Queues.sumToPort(mine).readings().stream().findFirst();
    }

    /** The per-queue readings of a counter on a port, in queue order as read. */
    public List<Reading> queueReadings(String port, String counter) {
        List<Reading> out = new ArrayList<>();
        for (Reading r : readings) if (r.isQueue() && r.port().equals(port) && r.counter().equals(counter)) out.add(r);
        return out;
    }

    /** The attribute {@code key} of {@code port}, if the capture carried it. */
    public Optional<String> attr(String port, String key) {
        for (PortAttr a : attrs) if (a.port().equals(port) && a.key().equals(key)) return Optional.of(a.value());
        return Optional.empty();
    }

    /** The tidy table: {@code source, file, line, port, counter, raw_name, value, unit, ...}. */
    public Table tidy() { return Tidy.table(file, readings, absents); }

    /**
     * One row per port, one exact {@code LongColumn} per canonical counter (missing where absent);
     * per-queue counters are summed to their port ({@link Queues#sumToPort}).
     */
    public Table wide() { return Tidy.wide(file, readings); }

    /** The tidy table ({@link #tidy()}): what the capture renders as. */
    @Override public Table table() { return tidy(); }

    /** Source and file, readings, ports, absent counters, skipped noise, measurement tables, warnings. */
    public List<String> summaryLines() {
        List<String> out = new ArrayList<>();
        out.add(source + " " + file + ": " + readings.size() + " readings, " + ports().size() + " ports " + ports()
                + (absents.isEmpty() ? "" : ", " + absents.size() + " absent")
                + (noiseLines == 0 ? "" : ", " + noiseLines + " noise lines skipped"));
        measurements.forEach((k, t) -> out.add("table " + k + ": " + t.rowCount() + " rows x " + t.columnCount() + " columns"));
        for (String w : warnings) out.add("warning: " + w);
        return out;
    }

    @Override public String toString() { return "capture " + String.join("\n  ", summaryLines()) + "\n"; }

    @Override public String toHtml() {
        StringBuilder sb = new StringBuilder(Html.section("capture " + file, summaryLines(), tidy()));
        measurements.forEach((k, t) -> sb.append("<h5>").append(Html.esc(k)).append("</h5>").append(Html.table(t.table(), 50)));
        return sb.toString();
    }

    @Override public Map<String, Object> toMap() {
        Map<String, Object> m = new LinkedHashMap<>();
        m.put("source", source.key());
        m.put("file", file);
        m.put("ports", ports());
        m.put("summary", summaryLines());
        m.put("readings", Html.rows(tidy()));
        m.put("tables", new ArrayList<>(measurements.keySet()));
        return m;
    }

    /**
     * One capture from the captures of the files of a multi-file dump (see {@link MultiFileDump}):
     * readings, absents, attributes, noise and warnings concatenated; a measurement table several
     * parts have is appended when the columns agree, else kept as {@code name#2}, {@code name#3}.
     */
    public static Capture merge(String file, List<Capture> parts, List<String> warnings) {
        return merge(file, parts, warnings, false);
    }

    /**
     * As {@link #merge(String, List, List)}; {@code oneFile} when the parts are one file's, in order (the commands of a
     * pasted session): a table's {@value #RUN_COLUMN} column, the ordinal of a run in its file, then continues from part
     * to part (perftest's runs of a session numbered 1, 2, 3 as in a file without its prompts, not 1, 1, 1).
     */
    static Capture merge(String file, List<Capture> parts, List<String> warnings, boolean oneFile) {
        Builder b = new Builder(parts.get(0).source(), file, Catalogue.standard());
        int runs = 0;   // the runs of the parts before this one
        // parts read from several files (an ibdiagnet folder): each table row says which file it came from, as readings and
        // attributes do, rather than every table standing under the merged capture's one name
        boolean filed = !oneFile && parts.stream().map(Capture::file).distinct().count() > 1;
        for (Capture c : parts) {
            b.readings.addAll(c.readings);
            b.absents.addAll(c.absents);
            b.attrs.addAll(c.attrs);
            b.noiseLines += c.noiseLines;
            b.warnings.addAll(c.warnings);
            int last = 0;
            for (Map.Entry<String, Measurement> e : c.measurements.entrySet()) {
                Table part = e.getValue().table();
                if (filed && !part.containsColumn(FILE_COLUMN)) part = withFile(part, c.file());
                if (oneFile && part.containsColumn(RUN_COLUMN) && part.column(RUN_COLUMN) instanceof tech.tablesaw.api.IntColumn run) {
                    for (int i = 0; i < run.size(); i++) if (!run.isMissing(i)) last = Math.max(last, run.getInt(i));
                    if (runs > 0) {
                        part = part.copy();
                        tech.tablesaw.api.IntColumn moved = part.intColumn(RUN_COLUMN);
                        for (int i = 0; i < moved.size(); i++) if (!moved.isMissing(i)) moved.set(i, moved.getInt(i) + runs);
                    }
                }
                Measurement have = b.measurements.get(e.getKey());
                if (have == null) { b.measurements.put(e.getKey(), Measurement.of(part == e.getValue().table() ? part.copy() : part)); continue; }
                if (sameColumns(have.table(), part)) { have.table().append(part); continue; }
                int k = 2;
                while (b.measurements.containsKey(e.getKey() + "#" + k)) k++;
                b.measurements.put(e.getKey() + "#" + k, part == e.getValue().table() ? e.getValue() : Measurement.of(part));
            }
            runs += last;
        }
        b.warnings.addAll(warnings);
        for (Capture c : parts) if (b.time == null) b.time = c.time;
        return b.build();
    }

    /** The column a merged capture's measurement tables name each row's file in, when its parts came from several files. */
    static final String FILE_COLUMN = "file";

    /** A copy of {@code t} with a first column {@value #FILE_COLUMN} holding {@code file} on every row. */
    private static Table withFile(Table t, String file) {
        Table c = Table.create(t.name());
        c.addColumns(tech.tablesaw.api.StringColumn.create(FILE_COLUMN, java.util.Collections.nCopies(t.rowCount(), file)));
        for (var col : t.columns()) c.addColumns(col.copy());
        return c;
    }

    /** The column of a measurement table that numbers a run within its file (perftest's {@code run}). */
    static final String RUN_COLUMN = "run";

    /**
     * A part of this capture ({@link Runs}): its source and file with only {@code readings}, {@code absents} and
     * {@code attrs}; its measurement tables when {@code tables}, its noise count when {@code noise}; {@code warnings}.
     */
    Capture part(List<Reading> readings, List<Absent> absents, List<PortAttr> attrs, boolean tables, boolean noise, List<String> warnings) {
        Builder b = new Builder(source, file, Catalogue.standard());
        b.readings.addAll(readings);
        b.absents.addAll(absents);
        b.attrs.addAll(attrs);
        if (tables) b.measurements.putAll(measurements);
        if (noise) b.noiseLines = noiseLines;
        b.warnings.addAll(warnings);
        return b.build();
    }

    /**
     * This capture with port {@code from} called {@code to} in its readings, absents and attributes (measurement tables
     * unchanged): a snapshot gives each of several files that name no port ({@code netdev ?}) a port of its own.
     */
    public Capture withPort(String from, String to) {
        Builder b = new Builder(source, file, Catalogue.standard());
        for (Reading r : readings) b.readings.add(r.port().equals(from) ? r.onPort(to) : r);
        for (Absent a : absents) b.absents.add(a.port().equals(from) ? new Absent(a.source(), a.file(), a.line(), to, a.counter(), a.rawName(), a.reason()) : a);
        for (PortAttr a : attrs) b.attrs.add(a.port().equals(from) ? new PortAttr(to, a.key(), a.value(), a.file(), a.line()) : a);
        b.measurements.putAll(measurements);
        b.noiseLines = noiseLines;
        b.warnings.addAll(warnings);
        b.time = time;
        return b.build();
    }

    /**
     * This capture as one host's ({@link HostOutput}): every port {@code P} of its readings, absents, attributes and of the
     * {@code port} column ({@link Tidy#PORT}) of its measurement tables named {@code HOST:P} ({@link HostPort}); its warnings are left out
     * (the multi-host read keeps them once per host group, not once per host).
     */
    public Capture onHost(String host) {
        Builder b = new Builder(source, file, Catalogue.standard());
        for (Reading r : readings) b.readings.add(r.onPort(HostPort.of(host, r.port())));
        for (Absent a : absents) b.absents.add(new Absent(a.source(), a.file(), a.line(), HostPort.of(host, a.port()), a.counter(), a.rawName(), a.reason()));
        for (PortAttr a : attrs) b.attrs.add(new PortAttr(HostPort.of(host, a.port()), a.key(), a.value(), a.file(), a.line()));
        measurements.forEach((k, m) -> b.measurements.put(k, m.withStrings(Tidy.PORT, p -> p == null || p.isEmpty() ? p : HostPort.of(host, p))));
        b.noiseLines = noiseLines;
        b.time = time;
        return b.build();
    }

    private static boolean sameColumns(Table a, Table b) {
        if (a.columnCount() != b.columnCount()) return false;
        for (int i = 0; i < a.columnCount(); i++) {
            if (!a.column(i).name().equals(b.column(i).name()) || !a.column(i).type().name().equals(b.column(i).type().name())) return false;
        }
        return true;
    }

    /** Accumulates what a reader finds; types counters through the catalogue. */
    public static final class Builder {
        private final Source source;
        private final String file;
        private final Catalogue catalogue;
        private final List<Reading> readings = new ArrayList<>();
        private final List<Absent> absents = new ArrayList<>();
        private final List<PortAttr> attrs = new ArrayList<>();
        private final Map<String, Measurement> measurements = new LinkedHashMap<>();
        private final List<String> warnings = new ArrayList<>();
        private int noiseLines;
        private Bundle.Time time;

        private Builder(Source source, String file, Catalogue catalogue) {
            this.source = source;
            this.file = file;
            this.catalogue = catalogue;
        }

        public String file() { return file; }
        public Source source() { return source; }

        /** Adds a counter read as {@code rawName} from this builder's source. */
        public Builder counter(String port, String rawName, long value, int line) {
            return counter(source, port, rawName, value, line);
        }

        /**
         * Adds a counter read from {@code src} (a file may hold several: a perfquery dump mixes classic
         * and {@code -x} blocks; sysfs mixes {@code counters/} and {@code hw_counters/}).
         */
        public Builder counter(Source src, String port, String rawName, long value, int line) {
            return counter(src, port, rawName, value, file, line);
        }

        /**
         * Adds a counter read from another file than the capture's own: a sysfs tree holds one file
         * per counter, and the reading points at that file (line 1), not at the folder.
         */
        public Builder counter(Source src, String port, String rawName, long value, String file, int line) {
            Optional<Binding> b = catalogue.lookup(src, rawName);
            if (b.isPresent()) {
                // a per-queue binding gives the queue-less canonical name and the queue index
                Binding bd = b.get();
                readings.add(new Reading(src, file, line, port, bd.canonical(), rawName, value, bd.def().unit(),
                        bd.def().scale(), bd.field(), bd.kind(), bd.layer(), true,
                        bd.queue() == Binding.NO_QUEUE ? Reading.PORT_LEVEL : bd.queue()));
            } else {
                readings.add(new Reading(src, file, line, port, rawName, rawName, value, "count", 1,
                        new Field(rawName, 0, Overflow.UNKNOWN), Kind.COUNTER, Layer.INFORMATIVE, false));
            }
            return this;
        }

        /** Records a counter the file names without a value. */
        public Builder absent(Source src, String port, String rawName, int line, String reason) {
            return absent(src, port, rawName, file, line, reason);
        }

        /** Records a counter another file (a sysfs tree's counter file) names without a value. */
        public Builder absent(Source src, String port, String rawName, String file, int line, String reason) {
            String canonical = catalogue.lookup(src, rawName).map(Binding::canonical).orElse(rawName);
            absents.add(new Absent(src, file, line, port, canonical, rawName, reason));
            return this;
        }

        public Builder absent(String port, String rawName, int line, String reason) {
            return absent(source, port, rawName, line, reason);
        }

        public Builder attr(String port, String key, String value, int line) {
            return attr(port, key, value, file, line);
        }

        /** An attribute another file (a sysfs tree's {@code rate} or {@code link_layer} file) gives. */
        public Builder attr(String port, String key, String value, String file, int line) {
            attrs.add(new PortAttr(port, key, value, file, line));
            return this;
        }

        /** Adds (or replaces) a typed measurement table such as "ber", "module", "bandwidth", "latency". */
        public Builder measurements(String name, Table table) {
            measurements.put(name, Measurement.of(table));
            return this;
        }

        /**
         * Adds (or replaces) a measurement table whose Tablesaw table is built only when asked for
         * ({@link Measurement}); what readers use, so a capture that is only printed builds none.
         */
        public Builder measurements(String name, Measurement measurement) {
            measurements.put(name, measurement);
            return this;
        }

        public Builder noise(int lines) { noiseLines += lines; return this; }

        public Builder warn(String warning) { warnings.add(warning); return this; }

        /** The time the output records it was taken at ({@link Capture#recordedTime()}): epoch ms, and how it was read. */
        public Builder recordedAt(long epochMs, String how) { time = new Bundle.Time(epochMs, file, how); return this; }

        public int readingCount() { return readings.size(); }

        /**
         * Appends everything {@code part} holds after what this builder holds: readings, absent
         * counters, attributes, measurement tables (a name already here is replaced), noise lines and
         * warnings, each list in its own order. A reader that parses a large file in chunks, each
         * into its own builder, appends them in file order and gets what one builder fed line by line
         * would hold.
         */
        public Builder append(Builder part) {
            readings.addAll(part.readings);
            absents.addAll(part.absents);
            attrs.addAll(part.attrs);
            measurements.putAll(part.measurements);
            noiseLines += part.noiseLines;
            warnings.addAll(part.warnings);
            return this;
        }

        public Capture build() { return new Capture(this); }
    }
}
