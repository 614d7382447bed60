package org.fabriclab.snapshot;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.Collections;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.OptionalLong;

import org.fabriclab.capture.Absent;
import org.fabriclab.capture.Bundle;
import org.fabriclab.capture.Capture;
import org.fabriclab.capture.HostPort;
import org.fabriclab.capture.Input;
import org.fabriclab.capture.PortAttr;
import org.fabriclab.capture.Readers;
import org.fabriclab.capture.Reading;
import org.fabriclab.capture.Tidy;
import org.fabriclab.capture.topology.Topology;

import org.fabriclab.result.Html;
import org.fabriclab.result.Renderable;

import tech.tablesaw.api.IntColumn;
import tech.tablesaw.api.StringColumn;
import tech.tablesaw.api.Table;

/**
 * Counters of one instant, per port. Immutable. Build with {@link #of(Path...)} or
 * {@link #of(List)}; the join rules live in {@link SnapshotBuilder}. Renders as a per-port overview
 * ({@link #table()}: readings, absent counters, link layer, rate, state, netdev); {@link #tidy()} has
 * every reading.
 *
 * <pre>{@code
 * Snapshot s = Snapshot.of(Path.of("incident-42/before"));
 * s.table();     // one row per port
 * s.tidy();      // one row per port and counter
 * }</pre>
 */
public final class Snapshot implements Renderable {
    private final String name;
    private final List<Capture> captures;
    private final Map<String, Map<String, Reading>> readings;
    private final Map<String, Map<String, Absent>> absents;
    private final Map<String, Map<String, String>> attrs;
    private final List<String> notes;
    private final List<String> unjoined;
    private final Map<String, String> joinedName;
    private final List<Reading> queueReadings;
    private volatile Topology topology;

    Snapshot(String name, List<Capture> captures, Map<String, Map<String, Reading>> readings,
             Map<String, Map<String, Absent>> absents, Map<String, Map<String, String>> attrs,
             List<String> notes, List<String> unjoined, Map<String, String> joinedName, List<Reading> queueReadings,
             List<String> skipped, List<Bundle> bundles, List<String> bundleNotes) {
        this.skipped = List.copyOf(skipped);
        this.bundles = List.copyOf(bundles);
        this.bundleNotes = List.copyOf(bundleNotes);
        this.joinedName = Map.copyOf(joinedName);
        this.queueReadings = List.copyOf(queueReadings);
        this.name = name;
        this.captures = List.copyOf(captures);
        this.readings = readings;
        this.absents = absents;
        this.attrs = attrs;
        this.notes = List.copyOf(notes);
        this.unjoined = List.copyOf(unjoined);
    }

    /**
     * Reads files and folders (a folder that is not itself a capture is read file by file). A file
     * found in a folder that is no capture at all (a {@code date} output, notes, a screenshot: a
     * {@link org.fabriclab.capture.NotACaptureException}) is skipped and named in {@link #warnings()};
     * a capture a reader recognised but found malformed, and any file named itself, still throw.
     *
     * @throws org.fabriclab.capture.CaptureException naming the file, line and what was expected; also
     *         when a folder holds no capture at all (the first stray file's reason)
     */
    public static Snapshot of(Path... paths) {
        return of(List.of(paths));
    }

    public static Snapshot of(List<Path> paths) {
        return of(paths, null);
    }

    /**
     * Reads the folder (or file) {@code path} as {@link #of(Path...)} does, naming it {@code name} and its files
     * {@code name/RELATIVE} in messages and readings: the folder of an archive already unpacked
     * ({@link org.fabriclab.capture.Unpacked#folder()}, named {@code ARCHIVE!/TOP}).
     */
    public static Snapshot of(Path path, String name) {
        return of(List.of(path), name);
    }

    /**
     * The snapshot of {@code paths}; {@code name} (for one path) names it in messages instead of its path. An archive
     * among them (or in a folder) is unpacked into a temporary folder that is deleted once its files are read, also when
     * reading fails ({@link Readers#open}).
     */
    private static Snapshot of(List<Path> paths, String name) {
        Readers readers = Readers.standard();
        List<Capture> caps = new ArrayList<>();
        Map<Capture, Bundle> capBundles = new java.util.IdentityHashMap<>();   // the bundle a capture was read from
        Map<Capture, String> capFolders = new java.util.IdentityHashMap<>();   // the sub-folder of a given folder a capture was read from
        List<String> skipped = new ArrayList<>();
        Map<Bundle, List<String>> bundles = new java.util.LinkedHashMap<>();
        org.fabriclab.capture.NotACaptureException firstStray = null;
        for (Path p : paths) {
            try (org.fabriclab.capture.Opened opened = name == null ? readers.open(p) : readers.open(p, name)) {
                List<Input> files = opened.inputs();
                skipped.addAll(opened.notes());
                boolean inFolder = files.size() != 1 || !p.equals(files.get(0).path());
                // the folder given, against which each file's host sub-folder is found (onHostFolders)
                Path base = inFolder && java.nio.file.Files.isDirectory(p) ? p.toAbsolutePath().normalize() : null;
                for (Input f : files) {
                    if (f.bundle() != null) bundles.computeIfAbsent(f.bundle(), k -> new ArrayList<>());
                    try {
                        Capture c = readers.read(f);
                        caps.add(c);
                        if (f.bundle() != null) capBundles.put(c, f.bundle());
                        else if (base != null) subFolder(base, f.path()).ifPresent(sub -> capFolders.put(c, sub));
                    } catch (org.fabriclab.capture.NotACaptureException e) {
                        if (!inFolder) throw e;
                        if (firstStray == null) firstStray = e;
                        if (f.bundle() != null) bundles.get(f.bundle()).add(stray(f, e));
                        // the list of known formats is left to the error a file named itself gets
                        else skipped.add(e.skipped());
                    } catch (org.fabriclab.capture.CaptureException e) {
                        // a command the bundle's tool ran and that failed (perfquery without a subnet manager) voids no other file
                        if (f.bundle() == null) throw e;
                        bundles.get(f.bundle()).add(stray(f, e));
                    }
                }
            }
        }
        if (caps.isEmpty() && firstStray != null) throw firstStray;
        // which netdev is which RDMA port, as a bundle records it (a sosreport runs no rdma link)
        for (Bundle b : bundles.keySet()) b.netdevLinks().ifPresent(c -> { caps.add(c); capBundles.put(c, b); });   // named after the bundle's host too
        List<String> read = new ArrayList<>();
        for (Map.Entry<Bundle, List<String>> e : bundles.entrySet()) {
            read.add(e.getKey().summary());
            if (!e.getValue().isEmpty()) {
                skipped.add(e.getKey().name() + ": " + e.getValue().size() + " of its command outputs held no capture, skipped: "
                        + String.join("; ", e.getValue()));
            }
        }
        String shown = name != null ? name : paths.size() == 1 ? paths.get(0).toString() : paths.toString();
        List<Capture> named = onHostFolders(onBundleHosts(caps, capBundles), capFolders, read);
        return SnapshotBuilder.build(shown, named, skipped, List.copyOf(bundles.keySet()), read);
    }

    /**
     * The first folder of {@code file}'s path below the folder {@code base} (absolute, normalised; {@code before/node07/ethtool.txt}:
     * node07), if any.
     */
    private static java.util.Optional<String> subFolder(Path base, Path file) {
        if (file == null) return java.util.Optional.empty();
        Path rel;
        try {
            rel = base.relativize(file.toAbsolutePath().normalize());
        } catch (IllegalArgumentException e) {
            return java.util.Optional.empty();
        }
        if (rel.getNameCount() < 1 || rel.startsWith("..")) return java.util.Optional.empty();
        if (rel.getNameCount() == 1 && !java.nio.file.Files.isDirectory(file)) return java.util.Optional.empty();   // a file of the folder itself
        return java.util.Optional.of(rel.getName(0).toString());
    }

    /**
     * A snapshot folder of host folders ({@code before/node07/...}, {@code before/node08/...}, as a collection over several
     * hosts saves them): when one port's same counter is read in two of its sub-folders, the sub-folders are hosts, and
     * every port read in one is named after it ({@link HostPort}: {@code node07:mlx5_0/1}), as a multi-host output names
     * them; else (tools in folders of their own, {@code before/ethtool/}, {@code before/sysfs/}) the names stay. Said in
     * {@code notes}.
     */
    private static List<Capture> onHostFolders(List<Capture> caps, Map<Capture, String> folders, List<String> notes) {
        java.util.Set<String> subs = new java.util.TreeSet<>(folders.values());
        if (subs.size() < 2) return caps;
        Map<String, String> firstFolder = new java.util.HashMap<>();   // "port\0counter" -> the first sub-folder reading it
        String clash = null;
        for (Capture c : caps) {
            String sub = folders.get(c);
            if (sub == null) continue;
            for (org.fabriclab.capture.Reading r : c.readings()) {
                String key = r.port() + "\0" + r.counter();
                String was = firstFolder.putIfAbsent(key, sub);
                if (was != null && !was.equals(sub) && clash == null) clash = r.port() + " " + r.counter() + " in " + was + "/ and " + sub + "/";
            }
        }
        if (clash == null) return caps;
        notes.add("ports named after their host folders (" + String.join("/, ", subs) + "/): " + clash + " (one port's counter read twice "
                + "is two hosts)");
        List<Capture> out = new ArrayList<>(caps.size());
        for (Capture c : caps) {
            String sub = folders.get(c);
            out.add(sub == null ? c : onHost(c, sub));
        }
        return out;
    }

    /** {@code c} with its ports named after {@code host} ({@link Capture#onHost}), its warnings kept. */
    private static Capture onHost(Capture c, String host) {
        return Capture.merge(c.file(), List.of(c.onHost(host)), c.warnings());
    }

    /**
     * The captures of bundles of two hosts or more (a sosreport of node07 and one of node08 in one snapshot folder) with
     * each port named after its bundle's host ({@link HostPort}: {@code node07:mlx5_0/1}), as a multi-host output names
     * them, so the hosts' ports do not collide; the host as {@link HostPort#shortHost} gives it. Bundles of one host (or
     * none) leave the names as the readers gave them.
     */
    private static List<Capture> onBundleHosts(List<Capture> caps, Map<Capture, Bundle> from) {
        java.util.Set<String> hosts = new java.util.LinkedHashSet<>();
        for (Bundle b : from.values()) b.host().ifPresent(h -> hosts.add(HostPort.shortHost(h)));
        if (hosts.size() < 2) return caps;
        List<Capture> out = new ArrayList<>(caps.size());
        for (Capture c : caps) {
            Bundle b = from.get(c);
            if (b == null || b.host().isEmpty()) { out.add(c); continue; }
            out.add(onHost(c, HostPort.shortHost(b.host().get())));
        }
        return out;
    }

    /** A bundle's file that gave no capture, for the one warning per bundle: its command, the line and the reason. */
    private static String stray(Input f, org.fabriclab.capture.CaptureException e) {
        String m = e.getMessage().replaceFirst(" \\(known: \\[[^\\]]*\\]\\)", "");
        if (m.startsWith(e.file() + ":")) m = m.substring(e.file().length() + 1).replaceFirst("^\\d+:", "").strip();
        String what = f.command() != null ? f.command() : f.fileName();
        return what + (e.line() > 0 ? " (line " + e.line() + ")" : "") + ": " + m;
    }

    private final List<Bundle> bundles;
    private final List<String> bundleNotes;

    /**
     * The bundles (sosreports, sysinfo-snapshots) this snapshot was read from, each saying which command outputs it
     * gave and how many other files were left unread ({@link Bundle#summary()}).
     */
    public List<Bundle> bundles() { return bundles; }

    /** One line per bundle read ({@link Bundle#summary()}): what it is, what was read, what was left. */
    public List<String> sources() { return bundleNotes; }

    /**
     * The time the snapshot's one bundle records ({@link Bundle#time()}); without a bundle, the first time a capture
     * records ({@link Capture#recordedTime()}: a Prometheus scrape's exporter clock); empty when none does, or with
     * several bundles.
     */
    public java.util.Optional<Bundle.Time> recordedTime() {
        if (bundles.size() > 1) return java.util.Optional.empty();
        if (bundles.size() == 1 && bundles.get(0).time().isPresent()) return bundles.get(0).time();
        for (Capture c : captures) if (c.recordedTime().isPresent()) return c.recordedTime();
        return java.util.Optional.empty();
    }

    /** Files of the snapshot's folders skipped as no capture ({@link #of(List)}), each message naming its file. */
    private final List<String> skipped;

    /** Joins captures already read. */
    public static Snapshot ofCaptures(String name, List<Capture> captures) {
        return SnapshotBuilder.build(name, captures, List.of());
    }

    public String name() { return name; }
    public List<Capture> captures() { return captures; }

    /** Joined port identities, in first-seen order. */
    public List<String> ports() {
        List<String> out = new ArrayList<>(readings.keySet());
        for (String p : absents.keySet()) if (!readings.containsKey(p)) out.add(p);
        return out;
    }

    /** The readings of one port by canonical counter name. */
    public Map<String, Reading> readings(String port) {
        return Collections.unmodifiableMap(readings.getOrDefault(port, Map.of()));
    }

    public Optional<Reading> reading(String port, String counter) {
        return Optional.ofNullable(readings.getOrDefault(port, Map.of()).get(counter));
    }

    public OptionalLong value(String port, String counter) {
        Reading r = readings.getOrDefault(port, Map.of()).get(counter);
        return r == null ? OptionalLong.empty() : OptionalLong.of(r.value());
    }

    /** Counters the capture named but held no value for, by canonical name. */
    public Map<String, Absent> absents(String port) {
        return Collections.unmodifiableMap(absents.getOrDefault(port, Map.of()));
    }

    public Map<String, String> attrs(String port) {
        return Collections.unmodifiableMap(attrs.getOrDefault(port, Map.of()));
    }

    public Optional<String> attr(String port, String key) {
        return Optional.ofNullable(attrs.getOrDefault(port, Map.of()).get(key));
    }

    /**
     * Where {@link #attr(String, String)}'s value was read: the first capture attribute of that key on a
     * port joined as {@code port} (the one the snapshot kept), with its file and line.
     *
     * <pre>{@code
     * s.attrSource("mlx5_0/1", PortAttr.PFC_ENABLED).map(a -> a.file() + ":" + a.line());   // Optional[before/mlnx_qos.txt:12]
     * }</pre>
     */
    public Optional<PortAttr> attrSource(String port, String key) {
        List<PortAttr> all = attrSources(port, key);
        return all.isEmpty() ? Optional.empty() : Optional.of(all.get(0));
    }

    /** Every capture attribute of {@code key} on a port joined as {@code port}, in capture order: the kept one first, then any other file's. */
    public List<PortAttr> attrSources(String port, String key) {
        return attrIndex().getOrDefault(port, Map.of()).getOrDefault(key, List.of());
    }

    /** Every capture attribute by joined port and key, in capture order: made on first use, once (not a scan of every attribute per question). */
    private Map<String, Map<String, List<PortAttr>>> attrIndex() {
        Map<String, Map<String, List<PortAttr>>> m = attrIndex;
        if (m == null) {   // a race makes the same index twice, harmlessly
            m = new HashMap<>();
            for (Capture c : captures) {
                for (PortAttr a : c.attrs()) {
                    m.computeIfAbsent(joinedName.getOrDefault(a.port(), a.port()), k -> new HashMap<>())
                            .computeIfAbsent(a.key(), k -> new ArrayList<>()).add(a);
                }
            }
            attrIndex = m;
        }
        return m;
    }

    private volatile Map<String, Map<String, List<PortAttr>>> attrIndex;

    /**
     * The links of the snapshot's topology captures ({@code ibnetdiscover}, {@code iblinkinfo},
     * {@code ibdiagnet2.lst} / {@code .net_dump}), each end named by its joined port identity (a link
     * end whose LID or GUID another capture carries gets that port's name, e.g. {@code lid 2052/7} or
     * {@code mlx5_0/1}); empty when the snapshot holds no topology capture.
     *
     * <pre>{@code
     * Snapshot s = Snapshot.of(Path.of("t0"));   // perfquery -l dumps and ibnetdiscover -p
     * s.topology().peer("lid 10/1");             // Optional[lid 2/7]
     * }</pre>
     */
    public Topology topology() {
        Topology t = topology;
        if (t == null) {
            t = Topology.of(captures).renamed(id -> joinedName.getOrDefault(id, id));
            topology = t;
        }
        return t;
    }

    /** How ports were joined (alias used, unnamed netdev paired with the only RDMA port, ...). */
    public List<String> notes() { return notes; }

    /**
     * What the readers warned about while reading this snapshot's captures (an aggregate {@code
     * perfquery -a} read as port 255, classic copies that disagree with the 64-bit ones, per-QP blocks
     * skipped, ...), each starting with its file ({@link Capture#locatedWarnings()}), in capture order;
     * then the files of its folders skipped as no capture.
     */
    public List<String> warnings() {
        List<String> out = new ArrayList<>();
        for (Capture c : captures) out.addAll(c.locatedWarnings());
        out.addAll(skipped);
        return out;
    }

    /** Ports that could not be joined to any other identity although another capture may hold them. */
    public List<String> unjoined() { return unjoined; }

    /**
     * Per-queue readings (ring counters, {@link Reading#isQueue()}), ports renamed; {@link #readings(String)}
     * holds their sum per port and counter instead.
     */
    public List<Reading> queueReadings() { return queueReadings; }

    /** The tidy table of the joined snapshot (ports renamed to their joined identity; per-queue rows with their queue). */
    public Table tidy() {
        List<Reading> all = new ArrayList<>();
        readings.values().forEach(m -> all.addAll(m.values()));
        all.addAll(queueReadings);
        List<Absent> abs = new ArrayList<>();
        absents.values().forEach(m -> abs.addAll(m.values()));
        return Tidy.table(name, all, abs);
    }

    /** One row per port, one exact long column per counter. */
    public Table wide() {
        List<Reading> all = new ArrayList<>();
        readings.values().forEach(x -> all.addAll(x.values()));
        return Tidy.wide(name, all);
    }

    /** The port attribute table (port, key, value). */
    public Table attributes() {
        var port = tech.tablesaw.api.StringColumn.create("port");
        var key = tech.tablesaw.api.StringColumn.create("key");
        var value = tech.tablesaw.api.StringColumn.create("value");
        attrs.forEach((p, kv) -> kv.forEach((k, v) -> { port.append(p); key.append(k); value.append(v); }));
        return Table.create(name + " (attributes)", port, key, value);
    }

    /** One row per port: port, readings, catalogued, absent, link_layer, rate_gbps, state, netdev. */
    @Override public Table table() {
        StringColumn port = StringColumn.create("port"), ll = StringColumn.create(PortAttr.LINK_LAYER),
                rate = StringColumn.create(PortAttr.RATE_GBPS), state = StringColumn.create(PortAttr.STATE), netdev = StringColumn.create(PortAttr.NETDEV);
        IntColumn n = IntColumn.create("readings"), cat = IntColumn.create("catalogued"), abs = IntColumn.create("absent");
        for (String p : ports()) {
            Map<String, Reading> r = readings(p);
            port.append(p); n.append(r.size()); cat.append((int) r.values().stream().filter(Reading::catalogued).count()); abs.append(absents(p).size());
            ll.append(attr(p, PortAttr.LINK_LAYER).orElse("")); rate.append(attr(p, PortAttr.RATE_GBPS).orElse(""));
            state.append(attr(p, PortAttr.STATE).orElse("")); netdev.append(attr(p, PortAttr.NETDEV).orElse(""));
        }
        return Table.create("snapshot " + name, port, n, cat, abs, ll, rate, state, netdev);
    }

    /** Ports, captures by format, join notes, the readers' warnings and unjoined ports. */
    public List<String> summaryLines() {
        List<String> out = new ArrayList<>();
        Map<String, Integer> bySource = new java.util.TreeMap<>();
        for (Capture c : captures) bySource.merge(c.source().key(), 1, Integer::sum);
        out.add(ports().size() + (ports().size() == 1 ? " port" : " ports") + " from " + captures.size() + " captures " + bySource);
        for (String n : notes) out.add("join: " + n);
        for (String w : warnings()) out.add("warning: " + w);
        if (!unjoined.isEmpty()) out.add("unjoined: " + unjoined);
        return out;
    }

    @Override public String toString() {
        StringBuilder sb = new StringBuilder("snapshot " + name + ": " + String.join("; ", summaryLines()) + "\n");
        Table t = table();
        for (int i = 0; i < t.rowCount(); i++) {
            sb.append("  ").append(t.stringColumn("port").get(i)).append(": ").append(t.intColumn("readings").get(i)).append(" readings");
            for (String k : List.of(PortAttr.LINK_LAYER, PortAttr.RATE_GBPS, PortAttr.STATE, PortAttr.NETDEV)) {
                String v = t.stringColumn(k).get(i);
                if (!v.isEmpty()) sb.append(", ").append(k).append(' ').append(v);
            }
            sb.append('\n');
        }
        return sb.toString();
    }

    @Override public String toHtml() { return Html.section("snapshot " + name, summaryLines(), table()); }

    @Override public Map<String, Object> toMap() {
        Map<String, Object> m = new java.util.LinkedHashMap<>();
        m.put("name", name);
        m.put("summary", summaryLines());
        m.put("ports", Html.rows(table()));
        return m;
    }

    static PortAttr attr(String port, String k, String v) { return new PortAttr(port, k, v, "", 0); }
}
