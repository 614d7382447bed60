package org.fabriclab.snapshot;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.OptionalLong;

import org.fabriclab.capture.Absent;
import org.fabriclab.capture.Capture;
import org.fabriclab.capture.PortAttr;
import org.fabriclab.capture.Readers;
import org.fabriclab.capture.Reading;
import org.fabriclab.capture.Tidy;
import org.fabriclab.capture.topology.Topology;

import tech.tablesaw.api.Table;

/**
 * Counters of one instant, per port. Immutable. Build with {@link #of(Path...)} or
 * {@link #of(List)}; the join rules live in {@link SnapshotBuilder}.
 */
public final class Snapshot {
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
             List<String> notes, List<String> unjoined, Map<String, String> joinedName, List<Reading> queueReadings) {
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

    /** Reads files and folders (a folder that is not itself a capture is read file by file). */
    public static Snapshot of(Path... paths) {
        return of(List.of(paths));
    }

    public static Snapshot of(List<Path> paths) {
        Readers readers = Readers.standard();
        List<Capture> caps = new ArrayList<>();
        for (Path p : paths) for (Path f : readers.expand(p)) caps.add(readers.read(f));
        String name = paths.size() == 1 ? paths.get(0).toString() : paths.toString();
        return SnapshotBuilder.build(name, caps);
    }

    /** Joins captures already read. */
    public static Snapshot ofCaptures(String name, List<Capture> captures) {
        return SnapshotBuilder.build(name, captures);
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

    @Override public String toString() {
        return "Snapshot[" + name + ": " + ports().size() + " ports from " + captures.size() + " captures"
                + (unjoined.isEmpty() ? "" : ", unjoined " + unjoined) + "]";
    }

    static PortAttr attr(String port, String k, String v) { return new PortAttr(port, k, v, "", 0); }
}
