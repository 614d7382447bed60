package org.fabriclab.snapshot;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;

import org.fabriclab.capture.Absent;
import org.fabriclab.capture.Capture;
import org.fabriclab.capture.CaptureException;
import org.fabriclab.capture.HostPort;
import org.fabriclab.capture.PortAttr;
import org.fabriclab.capture.Queues;
import org.fabriclab.capture.Reading;
import org.fabriclab.catalogue.Source;


/**
 * The join rules of a snapshot.
 * <ul>
 * <li>Identities are joined through attributes: a port carrying {@code lid L} is the same port as
 * {@code lid L/n}; one carrying {@code node_guid G} (or {@code guid G}) is the same as
 * {@code guid G/n}; one carrying {@code netdev X} is the same as {@code netdev X}.</li>
 * <li>A joined port is named by its most specific identity: device form ({@code mlx5_0/1}) over
 * {@code guid}, {@code lid}, {@code netdev}.</li>
 * <li>An {@code ethtool -S} dump that names no interface ({@code netdev ?}) is paired with the only
 * RDMA port of the snapshot, and the pairing is written to {@link Snapshot#notes()}; with several
 * RDMA ports it stays unjoined.</li>
 * <li>The same counter read twice for a port: equal values keep the wider field; a narrow field
 * pegged at its cap yields to a wider copy (the reason the wide copy exists); anything else is an
 * error naming both files.</li>
 * </ul>
 */
final class SnapshotBuilder {
    static final String UNNAMED_NETDEV = "netdev ?";

    private SnapshotBuilder() {}

    static Snapshot build(String name, List<Capture> captures, List<String> skipped) {
        return build(name, captures, skipped, List.of(), List.of());
    }

    /** As {@link #build(String, List, List)}, read from {@code bundles} ({@link Snapshot#bundles()}), {@code sources} one line each. */
    static Snapshot build(String name, List<Capture> captures, List<String> skipped, List<org.fabriclab.capture.Bundle> bundles,
                          List<String> sources) {
        List<String> notes = new ArrayList<>();
        captures = unnamedApart(captures, notes);
        UnionFind uf = new UnionFind();
        Map<String, Map<String, String>> rawAttrs = new LinkedHashMap<>();
        Set<String> ids = new LinkedHashSet<>();
        for (Capture c : captures) {
            for (String p : c.ports()) { ids.add(p); uf.add(p); }
            for (PortAttr a : c.attrs()) rawAttrs.computeIfAbsent(a.port(), k -> new LinkedHashMap<>()).put(a.key(), a.value());
        }
        // join through attributes
        for (Map.Entry<String, Map<String, String>> e : rawAttrs.entrySet()) {
            String p = e.getKey();
            Map<String, String> kv = e.getValue();
            String portNum = kv.getOrDefault(PortAttr.PORT_NUM, suffixPort(p));
            if (portNum == null) continue;
            String lid = kv.get(PortAttr.LID);
            // an identity is looked for on the port's own host (HostPort: node01:mlx5_0/1 joins node01:lid 17/1)
            if (lid != null) link(uf, ids, p, HostPort.within(p, "lid " + normaliseLid(lid) + "/" + portNum));
            // an all-zero GUID identifies nothing: never joined through
            String ng = kv.get(PortAttr.NODE_GUID);
            if (ng != null && !PortAttr.isZeroGuid(ng)) link(uf, ids, p, HostPort.within(p, "guid " + ng.toLowerCase() + "/" + portNum));
            String g = kv.get(PortAttr.GUID);
            if (g != null && !PortAttr.isZeroGuid(g)) link(uf, ids, p, HostPort.within(p, "guid " + g.toLowerCase() + "/" + portNum));
            String nd = kv.get(PortAttr.NETDEV);
            if (nd != null) link(uf, ids, p, HostPort.within(p, "netdev " + nd));
        }
        // pair an unnamed netdev with the only RDMA (device-form) port (of its host, in a multi-host output)
        for (String unnamed : List.copyOf(ids)) {
            if (!HostPort.local(unnamed).equals(UNNAMED_NETDEV)) continue;
            String host = HostPort.host(unnamed);
            Set<String> deviceRoots = new TreeSet<>();
            for (String id : ids) if (isDeviceForm(id) && java.util.Objects.equals(HostPort.host(id), host)) deviceRoots.add(uf.find(id));
            if (deviceRoots.size() == 1) {
                String root = deviceRoots.iterator().next();
                uf.union(unnamed, root);
                notes.add("ethtool dump without an interface name joined to " + bestName(uf, ids, root)
                        + ", the only RDMA port " + (host == null ? "in this snapshot" : "of " + host + " in this snapshot"));
            }
        }
        // a sosreport or sysinfo-snapshot records which netdev is which PCI function: its joins are made from that, never by elimination
        if (bundles.isEmpty()) pairByElimination(uf, ids, captures, rawAttrs, notes);
        // representative names
        // the best name of each joined group, found in one pass over the ids (not one pass per id: a fabric's thousands of ports)
        Map<String, String> bestOfGroup = new HashMap<>();
        for (String id : ids) bestOfGroup.merge(uf.find(id), id, SnapshotBuilder::better);
        Map<String, String> rep = new HashMap<>();
        for (String id : ids) rep.put(id, bestOfGroup.get(uf.find(id)));
        for (String id : ids) if (!rep.get(id).equals(id) && !HostPort.local(id).equals(UNNAMED_NETDEV)) notes.add(id + " joined as " + rep.get(id));

        Map<String, Map<String, Reading>> readings = new LinkedHashMap<>();
        Map<String, Map<String, Absent>> absents = new LinkedHashMap<>();
        Map<String, Map<String, String>> attrs = new LinkedHashMap<>();
        Map<String, PortAttr> guids = new HashMap<>();   // port + key -> the first GUID read for it
        List<Reading> queues = new ArrayList<>();
        for (Capture c : captures) {
            for (Reading r : c.readings()) {
                if (r.isQueue()) { queues.add(r.onPort(rep.get(r.port()))); continue; }
                String port = rep.get(r.port());
                Reading renamed = rename(r, port);
                Map<String, Reading> m = readings.computeIfAbsent(port, k -> new LinkedHashMap<>());
                Reading prev = m.get(r.counter());
                m.put(r.counter(), prev == null ? renamed : merge(prev, renamed, notes));
            }
            for (Absent a : c.absents()) {
                String port = rep.get(a.port());
                absents.computeIfAbsent(port, k -> new LinkedHashMap<>())
                        .putIfAbsent(a.counter(), new Absent(a.source(), a.file(), a.line(), port, a.counter(), a.rawName(), a.reason()));
            }
            for (PortAttr a : c.attrs()) {
                attrs.computeIfAbsent(rep.get(a.port()), k -> new LinkedHashMap<>()).putIfAbsent(a.key(), a.value());
                sameDevice(guids, rep.get(a.port()), a);
            }
        }
        // per-queue counters: kept as they are for the tidy table, summed to their port for everything else
        Queues.Sum sum = Queues.sumToPort(queues);
        for (Reading r : sum.readings()) {
            Map<String, Reading> m = readings.computeIfAbsent(r.port(), k -> new LinkedHashMap<>());
            Reading prev = m.get(r.counter());
            m.put(r.counter(), prev == null ? r : merge(prev, r, notes));
        }
        for (String o : sum.overflowed()) notes.add(o + ": the queues sum above 2^63-1; no port total");
        // a value read elsewhere beats an "absent" from another file
        absents.forEach((p, m) -> m.keySet().removeIf(k -> readings.getOrDefault(p, Map.of()).containsKey(k)));
        absents.values().removeIf(Map::isEmpty);

        List<String> unjoined = new ArrayList<>();
        boolean hasDevice = ids.stream().anyMatch(SnapshotBuilder::isDeviceForm);
        if (hasDevice) {
            // ports known only by attributes (a topology's far ends, an ibstat) hold no counter to lose
            Set<String> seen = new LinkedHashSet<>(rep.values());
            for (String p : seen) {
                if (!isDeviceForm(p) && (readings.containsKey(p) || absents.containsKey(p))) unjoined.add(p);
            }
        }
        return new Snapshot(name, captures, readings, absents, attrs, notes, unjoined, rep, queues, skipped, bundles, sources);
    }

    /**
     * Several files whose counters name no interface ({@code ethtool -S} dumps without their command line, one per NIC)
     * are several ports, not one port read twice: each is named after its file ({@code netdev ? ethtool-eth1.txt}), so the
     * same file name pairs them across snapshots; one such file keeps {@code netdev ?} (paired with the only RDMA port).
     */
    static List<Capture> unnamedApart(List<Capture> captures, List<String> notes) {
        // per host (HostPort: node01:netdev ?), how many files hold an unnamed port of it: one host's files are counted
        // apart from another's (a host folder or a multi-host output gives each host its one unnamed dump)
        Map<String, Integer> files = new java.util.HashMap<>();
        for (Capture c : captures) {
            Set<String> hosts = new LinkedHashSet<>();
            for (String port : unnamedPorts(c)) hosts.add(String.valueOf(HostPort.host(port)));
            for (String h : hosts) files.merge(h, 1, Integer::sum);
        }
        if (files.values().stream().allMatch(n -> n < 2)) return captures;
        List<Capture> out = new ArrayList<>();
        List<String> names = new ArrayList<>();
        int apart = 0;
        for (Capture c : captures) {
            boolean renamed = false;
            for (String port : unnamedPorts(c)) {
                if (files.get(String.valueOf(HostPort.host(port))) < 2) continue;
                String name = port + " " + java.nio.file.Path.of(c.file()).getFileName();
                names.add(name);
                c = c.withPort(port, name);
                renamed = true;
            }
            if (renamed) apart++;
            out.add(c);
        }
        notes.add(apart + " files name no interface (no '# ethtool -S NETDEV' line): each is its own port, named after its file: "
                + String.join(", ", names));
        return out;
    }

    /**
     * Refuses a port given two GUIDs (node or port) in one snapshot: two devices under one name, as two hosts' captures
     * are without their host ({@code pdsh -N}, two hosts' {@code ibstat} files in one folder); an all-zero GUID says nothing.
     *
     * @throws CaptureException naming both files and lines
     */
    private static void sameDevice(Map<String, PortAttr> guids, String port, PortAttr a) {
        if (!a.key().equals(PortAttr.NODE_GUID) && !a.key().equals(PortAttr.GUID) || PortAttr.isZeroGuid(a.value())) return;
        PortAttr first = guids.putIfAbsent(port + "\n" + a.key(), a);
        if (first == null || first.value().trim().equalsIgnoreCase(a.value().trim())) return;
        throw new CaptureException(a.file(), a.line(), "port " + port + " has " + a.key() + " " + a.value() + " here and " + first.value()
                + " in " + first.file() + ":" + first.line() + "; expected one device per port name in one snapshot (two hosts' "
                + "captures without their host? pdsh's 'HOST: ' labels, or each host's files in a snapshot of its own, keep them apart)");
    }

    /** The ports of {@code c} that are an unnamed netdev ({@code netdev ?}, or {@code HOST:netdev ?}). */
    private static Set<String> unnamedPorts(Capture c) {
        Set<String> out = new LinkedHashSet<>();
        for (Reading r : c.readings()) if (HostPort.local(r.port()).equals(UNNAMED_NETDEV)) out.add(r.port());
        return out;
    }

    /**
     * A named netdev that no attribute joined (the snapshot holds no {@code rdma link}, so {@code ethtool -S ens1f0np0} and
     * the {@code hw_counters} of {@code mlx5_0} do not name each other) is paired with the RDMA port of its host that no
     * netdev joined, when each is the only one of its kind there: the only such RDMA port, and the only such netdev whose
     * counters grade a layer (a RoCE NIC's pause, discard and error counters; a management NIC's {@code ethtool -S} holds
     * none the catalogue grades). Two NICs without {@code rdma link} stay apart. The pairing is written to the notes. Not
     * for a bundle (sosreport, sysinfo-snapshot): it records the netdevs' PCI functions, and where those leave a port unjoined
     * (two netdevs on one function, a bond's slaves, sources that disagree) the port stays unjoined, with the reason.
     */
    static void pairByElimination(UnionFind uf, Set<String> ids, List<Capture> captures, Map<String, Map<String, String>> attrs,
                                  List<String> notes) {
        Map<String, Set<String>> groups = new HashMap<>();
        for (String id : ids) groups.computeIfAbsent(uf.find(id), k -> new LinkedHashSet<>()).add(id);
        // per host: the RDMA ports no netdev joined, and the named netdevs no RDMA port joined
        Map<String, List<String>> devices = new HashMap<>(), netdevs = new HashMap<>();
        for (Map.Entry<String, Set<String>> g : groups.entrySet()) {
            boolean device = false, netdev = false, knowsNetdev = false;
            for (String id : g.getValue()) {
                device |= isDeviceForm(id);
                String local = HostPort.local(id);
                netdev |= local.startsWith("netdev ") && !local.equals(UNNAMED_NETDEV);
                knowsNetdev |= attrs.getOrDefault(id, Map.of()).containsKey(PortAttr.NETDEV);
            }
            String host = String.valueOf(HostPort.host(g.getKey()));
            if (device && !netdev && !knowsNetdev) devices.computeIfAbsent(host, k -> new ArrayList<>()).add(g.getKey());
            else if (netdev && !device) netdevs.computeIfAbsent(host, k -> new ArrayList<>()).add(g.getKey());
        }
        if (devices.isEmpty() || netdevs.isEmpty()) return;
        org.fabriclab.catalogue.Catalogue cat = org.fabriclab.catalogue.Catalogue.standard();
        Set<String> graded = new java.util.HashSet<>();
        for (Capture c : captures) {
            for (Reading r : c.readings()) {
                if (graded.contains(r.port()) || !ids.contains(r.port())) continue;
                var def = cat.definition(r.counter());
                if (def.isPresent() && def.get().layer() != org.fabriclab.catalogue.Layer.INFORMATIVE) graded.add(r.port());
            }
        }
        for (Map.Entry<String, List<String>> e : devices.entrySet()) {
            List<String> nd = new ArrayList<>();
            for (String root : netdevs.getOrDefault(e.getKey(), List.of())) {
                if (groups.get(root).stream().anyMatch(graded::contains)) nd.add(root);
            }
            if (e.getValue().size() != 1 || nd.size() != 1) continue;
            String device = e.getValue().get(0), netdev = nd.get(0);
            String deviceName = groups.get(device).stream().filter(SnapshotBuilder::isDeviceForm).findFirst().orElse(device);
            String netdevName = groups.get(netdev).stream().filter(id -> HostPort.local(id).startsWith("netdev ")).findFirst().orElse(netdev);
            uf.union(netdev, device);
            notes.add(netdevName + " joined to " + deviceName + " by elimination: the only RDMA port "
                    + (HostPort.host(device) == null ? "" : "of " + HostPort.host(device) + " ") + "no netdev names and the only netdev with "
                    + "counters to grade (no rdma link in the snapshot; rdma link -j joins them by name)");
        }
    }

    private static void link(UnionFind uf, Set<String> ids, String a, String b) {
        if (ids.contains(b)) uf.union(a, b);
    }

    /**
     * One value for a port's counter read twice in one snapshot: equal values keep the wider field; a pegged narrow copy
     * gives way to its wide copy; two tools' readings keep one by {@link #preferred}; one tool's two copies under two
     * raw names (mlx4's sysfs {@code counters/} and {@code counters_ext/}) keep the larger, which counts; each with a note.
     *
     * @throws CaptureException naming both files and lines when one raw name holds two values (files of two moments mixed)
     */
    private static Reading merge(Reading a, Reading b, List<String> notes) {
        if (a.value() == b.value()) return b.field().width() > a.field().width() ? b : a;
        Reading narrow = a.field().width() <= b.field().width() ? a : b;
        Reading wide = narrow == a ? b : a;
        if (narrow.field().width() > 0 && narrow.field().width() < wide.field().width()
                && narrow.field().isPegged(narrow.value()) && wide.value() >= narrow.value()) {
            notes.add(narrow.port() + " " + narrow.counter() + ": " + narrow.field().describe() + " copy pegged at "
                    + narrow.value() + " (" + narrow.file() + ":" + narrow.line() + "); using the " + wide.field().describe()
                    + " copy " + wide.value() + " (" + wide.file() + ":" + wide.line() + ")");
            return wide;
        }
        if (a.source() != b.source()) {
            // two tools read the same counter some milliseconds apart on a live port: keep one by a fixed
            // preference (the wider field, then perfquery -x over sysfs, hw_counters over rdma), and say so
            Reading keep = preferred(a, b), drop = keep == a ? b : a;
            notes.add(keep.port() + " " + keep.counter() + ": " + keep.source() + " " + keep.value() + " (" + keep.file() + ":"
                    + keep.line() + ") kept over " + drop.source() + " " + drop.value() + " (" + drop.file() + ":" + drop.line()
                    + "): different tools, read at different moments");
            return keep;
        }
        if (!a.rawName().equals(b.rawName())) {
            // one tool's two copies of one counter under two names (mlx4's sysfs counters/multicast_rcv_packets beside its
            // counters_ext/port_multicast_rcv_packets, one of them left at 0): keep the copy that counts, and say so
            Reading keep = b.value() > a.value() ? b : a, drop = keep == a ? b : a;
            notes.add(keep.port() + " " + keep.counter() + ": " + keep.rawName() + " " + keep.value() + " (" + keep.file() + ":"
                    + keep.line() + ") kept over " + drop.rawName() + " " + drop.value() + " (" + drop.file() + ":" + drop.line()
                    + "): two copies of one counter, the larger one counts");
            return keep;
        }
        throw new CaptureException(b.file(), b.line(), "port " + b.port() + " counter " + b.counter() + " = " + b.value()
                + " conflicts with " + a.value() + " read from " + a.file() + ":" + a.line()
                + "; expected one value per port and counter in one snapshot (are 'before' and 'after' files mixed?)"
                + (a.file().equals(b.file()) ? "; a file holding the tool's output two or more times is an incident of its own: "
                        + "incident(\"" + b.file() + "\") or fabriclab classify " + b.file() + " reads each run as a snapshot" : ""));
    }

    /** The reading kept when two sources disagree: the wider field, then the source earlier in {@link #SOURCE_PREFERENCE}. */
    static Reading preferred(Reading a, Reading b) {
        if (a.field().width() != b.field().width()) return a.field().width() > b.field().width() ? a : b;
        int ia = SOURCE_PREFERENCE.indexOf(a.source()), ib = SOURCE_PREFERENCE.indexOf(b.source());
        if (ia < 0) ia = SOURCE_PREFERENCE.size();
        if (ib < 0) ib = SOURCE_PREFERENCE.size();
        return ib < ia ? b : a;
    }

    /** Source order for {@link #preferred}: the PMA's 64-bit query first, then the kernel's views. */
    static final List<Source> SOURCE_PREFERENCE = List.of(Source.PERFQUERY_X, Source.PERFQUERY, Source.HW_COUNTERS, Source.SYSFS,
            Source.RDMA, Source.ETHTOOL);

    private static Reading rename(Reading r, String port) {
        if (r.port().equals(port)) return r;
        return new Reading(r.source(), r.file(), r.line(), port, r.counter(), r.rawName(), r.value(), r.unit(), r.scale(),
                r.field(), r.kind(), r.layer(), r.catalogued());
    }

    static boolean isDeviceForm(String id) {
        return !id.contains(" ") && id.contains("/");
    }

    private static int rank(String port) {
        if (isDeviceForm(port)) return 0;
        String id = HostPort.local(port);
        if (id.startsWith("guid ")) return 1;
        if (id.startsWith("lid ")) return 2;
        if (id.startsWith("netdev ") && !id.equals(UNNAMED_NETDEV)) return 3;
        return 4;
    }

    private static String bestName(UnionFind uf, Set<String> ids, String root) {
        String best = null;
        for (String id : ids) if (uf.find(id).equals(root)) best = best == null ? id : better(best, id);
        return best == null ? root : best;
    }

    /** The name a joined port goes by, of two of its ids: the lower {@link #rank}, then the first in code point order. */
    private static String better(String a, String b) {
        return rank(b) < rank(a) || (rank(b) == rank(a) && b.compareTo(a) < 0) ? b : a;
    }

    private static String suffixPort(String id) {
        int slash = id.lastIndexOf('/');
        if (slash < 0 || slash == id.length() - 1) return null;
        String s = id.substring(slash + 1);
        for (int i = 0; i < s.length(); i++) if (!Character.isDigit(s.charAt(i))) return null;
        return s;
    }

    /** LIDs are joined in decimal; {@code 0x00a4} and {@code 164} are the same LID. */
    static String normaliseLid(String lid) {
        java.util.OptionalLong v = PortAttr.lidNumber(lid);
        return v.isPresent() ? Long.toString(v.getAsLong()) : lid.trim();
    }

    private static final class UnionFind {
        private final Map<String, String> parent = new HashMap<>();

        void add(String x) { parent.putIfAbsent(x, x); }

        String find(String x) {
            add(x);
            String p = parent.get(x);
            if (p.equals(x)) return x;
            String r = find(p);
            parent.put(x, r);
            return r;
        }

        void union(String a, String b) {
            String ra = find(a), rb = find(b);
            if (!ra.equals(rb)) parent.put(rb, ra);
        }
    }
}
