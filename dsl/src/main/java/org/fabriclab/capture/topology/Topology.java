package org.fabriclab.capture.topology;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.function.UnaryOperator;

import org.fabriclab.capture.Capture;
import org.fabriclab.result.Html;
import org.fabriclab.result.Renderable;

import tech.tablesaw.api.Table;

/**
 * The links of a fabric, as topology captures give them: which port is at the other end of a port's
 * link and what kind of link it is. Immutable. A snapshot with a topology capture offers it with port
 * names joined to the snapshot's ({@code Snapshot.topology()}); health rules take link pairs from it
 * ({@code Series.withTopology}).
 * <p>The {@value #LINKS} table: {@code node_guid, port_guid, port, lid, node_type, node_desc,
 * peer_node_guid, peer_port_guid, peer_port, peer_lid, peer_node_type, peer_node_desc, width, speed,
 * state, file, line}; GUIDs {@code 0x} + 16 hex digits (empty when the tool does not print them),
 * LIDs decimal (missing when unknown), node types {@code CA}, {@code SW}, {@code RT}.
 *
 * <pre>{@code
 * Topology t = Topology.of(Readers.standard().read(Path.of("ibnetdiscover-p.txt")));
 * t.peer("guid 0x7cfe9003003b4bde/1");    // Optional[guid 0x7cfe9003009ce5b0/10]
 * t.kind("guid 0x7cfe9003003b4bde/1");    // Optional[host-switch]
 * }</pre>
 */
public final class Topology implements Renderable {
    /** The measurement-table name topology readers use. */
    public static final String LINKS = "links";

    private final List<Link> links;
    private final Map<String, String> rename;
    private final Map<String, Link> byEnd = new HashMap<>();

    private Topology(List<Link> links, Map<String, String> rename) {
        this.links = List.copyOf(links);
        this.rename = Map.copyOf(rename);
        for (Link l : this.links) {
            byEnd.putIfAbsent(name(l.a()), l);
            byEnd.putIfAbsent(name(l.b()), l);
        }
    }

    /** The port identity of an end, as renamed by {@link #renamed} (a snapshot's joined name). */
    public String name(Link.End e) { return rename.getOrDefault(e.id(), e.id()); }

    /** The links of every capture given that holds a {@value #LINKS} table (others are ignored). */
    public static Topology of(Capture... captures) { return of(List.of(captures)); }

    public static Topology of(List<Capture> captures) {
        List<Link> out = new ArrayList<>();
        for (Capture c : captures) c.measurements(LINKS).ifPresent(t -> out.addAll(fromTable(t)));
        return new Topology(out, Map.of());
    }

    /** The topology of explicit links. */
    public static Topology ofLinks(List<Link> links) { return new Topology(links, Map.of()); }

    /** True when no capture carried links. */
    public boolean isEmpty() { return links.isEmpty(); }

    public List<Link> links() { return links; }

    /** The port at the other end of {@code port}'s link. */
    public Optional<String> peer(String port) {
        Link l = byEnd.get(port);
        if (l == null) return Optional.empty();
        return Optional.of(name(l.a()).equals(port) ? name(l.b()) : name(l.a()));
    }

    /** {@code host-switch} or {@code switch-switch}; empty when the port is not in the topology or a node type is unknown. */
    public Optional<String> kind(String port) {
        Link l = byEnd.get(port);
        return l == null ? Optional.empty() : Optional.ofNullable(l.kind());
    }

    /** Every port's peer (both directions). */
    public Map<String, String> peers() {
        Map<String, String> m = new LinkedHashMap<>();
        for (Link l : links) { m.put(name(l.a()), name(l.b())); m.put(name(l.b()), name(l.a())); }
        return m;
    }

    /** Every port's link kind where both node types are known. */
    public Map<String, String> kinds() {
        Map<String, String> m = new LinkedHashMap<>();
        for (Link l : links) {
            if (l.kind() == null) continue;
            m.put(name(l.a()), l.kind());
            m.put(name(l.b()), l.kind());
        }
        return m;
    }

    /**
     * The same links with port identities renamed by {@code rename} (a snapshot's joined names:
     * {@code guid 0x.../1} becomes {@code mlx5_0/1} when an ibstat of that host is in the snapshot).
     */
    public Topology renamed(UnaryOperator<String> rename) {
        Map<String, String> names = new HashMap<>();
        for (Link l : links) {
            names.put(l.a().id(), rename.apply(l.a().id()));
            names.put(l.b().id(), rename.apply(l.b().id()));
        }
        return new Topology(links, names);
    }

    /** The {@value #LINKS} table, one row per link. */
    public Table table() { return LinkTable.table(links); }

    @Override public String toHtml() {
        return Html.section("topology", List.of(links.size() + " links"), table());
    }

    @Override public Map<String, Object> toMap() {
        Map<String, Object> m = new LinkedHashMap<>();
        m.put("links", Html.rows(table()));
        return m;
    }

    @Override public String toString() { return "Topology[" + links.size() + " links]"; }

    private static List<Link> fromTable(Table t) {
        List<Link> out = new ArrayList<>();
        for (int i = 0; i < t.rowCount(); i++) {
            Link.End a = new Link.End(t.stringColumn("node_guid").get(i), t.stringColumn("port_guid").get(i),
                    t.intColumn("port").get(i), t.intColumn("lid").isMissing(i) ? -1 : t.intColumn("lid").get(i),
                    t.stringColumn("node_type").get(i), t.stringColumn("node_desc").get(i));
            Link.End b = new Link.End(t.stringColumn("peer_node_guid").get(i), t.stringColumn("peer_port_guid").get(i),
                    t.intColumn("peer_port").get(i), t.intColumn("peer_lid").isMissing(i) ? -1 : t.intColumn("peer_lid").get(i),
                    t.stringColumn("peer_node_type").get(i), t.stringColumn("peer_node_desc").get(i));
            out.add(new Link(a, b, t.stringColumn("width").get(i), t.stringColumn("speed").get(i), t.stringColumn("state").get(i),
                    t.stringColumn("file").get(i), t.intColumn("line").get(i)));
        }
        return out;
    }
}
