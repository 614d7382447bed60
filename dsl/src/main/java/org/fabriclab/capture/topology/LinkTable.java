package org.fabriclab.capture.topology;

import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;

import org.fabriclab.capture.Capture;
import org.fabriclab.capture.CaptureException;
import org.fabriclab.capture.Measurement;
import org.fabriclab.capture.PortAttr;

import tech.tablesaw.api.IntColumn;
import tech.tablesaw.api.StringColumn;
import tech.tablesaw.api.Table;

/**
 * Collects the links a topology reader finds and puts them into a capture: the
 * {@value Topology#LINKS} table and, for every end, the port attributes that join it to ports read
 * elsewhere ({@code node_guid}, {@code guid}, {@code port_num}, {@code lid}, {@code node_desc},
 * {@code node_type}). A link read twice (each end lists it, as in a topology file) is kept once.
 */
final class LinkTable {
    private final String file;
    private final List<Link> links = new ArrayList<>();
    private final Set<String> seen = new HashSet<>();
    private final Set<String> described = new HashSet<>();

    LinkTable(String file) { this.file = file; }

    /** Adds a link unless the same pair of ends was added before (in either direction). */
    void add(Link l) {
        String a = l.a().id(), b = l.b().id();
        String key = a.compareTo(b) <= 0 ? a + "\u0000" + b : b + "\u0000" + a;
        if (seen.add(key)) links.add(l);
    }

    int size() { return links.size(); }

    /** Writes the table and the attributes; a file without a single link is an error naming {@code what}. */
    void emit(Capture.Builder b, String what) {
        if (links.isEmpty()) throw new CaptureException(file, 0, "no link found; expected " + what);
        b.measurements(Topology.LINKS, measurement(links));
        for (Link l : links) {
            describe(b, l.a(), l.line());
            describe(b, l.b(), l.line());
        }
    }

    private void describe(Capture.Builder b, Link.End e, int line) {
        String id = e.id();
        if (!described.add(id)) return;
        if (!e.nodeGuid().isEmpty()) b.attr(id, PortAttr.NODE_GUID, e.nodeGuid(), line);
        if (!e.portGuid().isEmpty()) b.attr(id, PortAttr.GUID, e.portGuid(), line);
        b.attr(id, PortAttr.PORT_NUM, Integer.toString(e.port()), line);
        if (isUnicast(e.lid())) b.attr(id, PortAttr.LID, Integer.toString(e.lid()), line);
        if (!e.desc().isEmpty()) b.attr(id, PortAttr.NODE_DESC, e.desc(), line);
        if (!e.type().isEmpty()) b.attr(id, "node_type", e.type(), line);
    }

    /** The links table of {@code links} (see {@link Topology#LINKS} for the columns). */
    static Table table(List<Link> links) { return measurement(links).table(); }

    /** The links table of {@code links}, its Tablesaw table not built yet ({@link Measurement}). */
    static Measurement measurement(List<Link> links) {
        StringColumn ng = StringColumn.create("node_guid"), pg = StringColumn.create("port_guid"), ty = StringColumn.create("node_type");
        StringColumn de = StringColumn.create("node_desc");
        IntColumn po = IntColumn.create("port"), li = IntColumn.create("lid");
        StringColumn png = StringColumn.create("peer_node_guid"), ppg = StringColumn.create("peer_port_guid");
        StringColumn pty = StringColumn.create("peer_node_type"), pde = StringColumn.create("peer_node_desc");
        IntColumn ppo = IntColumn.create("peer_port"), pli = IntColumn.create("peer_lid");
        StringColumn wi = StringColumn.create("width"), sp = StringColumn.create("speed"), st = StringColumn.create("state");
        StringColumn fi = StringColumn.create("file");
        IntColumn ln = IntColumn.create("line");
        for (Link l : links) {
            Link.End a = l.a(), b = l.b();
            ng.append(a.nodeGuid()); pg.append(a.portGuid()); po.append(a.port()); lid(li, a.lid()); ty.append(a.type()); de.append(a.desc());
            png.append(b.nodeGuid()); ppg.append(b.portGuid()); ppo.append(b.port()); lid(pli, b.lid()); pty.append(b.type());
            pde.append(b.desc());
            wi.append(l.width()); sp.append(l.speed()); st.append(l.state()); fi.append(l.file()); ln.append(l.line());
        }
        return Measurement.of(Topology.LINKS, ng, pg, po, li, ty, de, png, ppg, ppo, pli, pty, pde, wi, sp, st, fi, ln);
    }

    private static void lid(IntColumn c, int lid) {
        if (isUnicast(lid)) c.append(lid); else c.appendMissing();
    }

    /**
     * A unicast LID (1 to 0xBFFF): 0 is none, and 0xFFFF (65535, the permissive LID) is what ibnetdiscover
     * prints for a port the SM has not given a LID; such a value names no port and joins nothing.
     */
    static boolean isUnicast(int lid) { return lid > 0 && lid <= 0xBFFF; }

    /** {@code 0x} and 16 lowercase hex digits from {@code 5c257303009ab1c0}, {@code 0x5C25...}; a {@link CaptureException} otherwise. */
    static String guid(String text, String file, int line) {
        String t = text.strip();
        String h = t.startsWith("0x") || t.startsWith("0X") ? t.substring(2) : t;
        if (h.isEmpty() || h.length() > 16 || !h.chars().allMatch(c -> Character.digit(c, 16) >= 0)) {
            throw new CaptureException(file, line, "expected a GUID (up to 16 hex digits), found '" + abbreviate(t) + "'");
        }
        String g = "0x" + "0".repeat(16 - h.length()) + h.toLowerCase(java.util.Locale.ROOT);
        if (PortAttr.isZeroGuid(g)) throw new CaptureException(file, line, "all-zero GUID cannot identify a link end");
        return g;
    }

    /** A decimal or {@code 0x} hex number of at most 9 digits (a port, a LID). */
    static int number(String text, boolean hex, String what, String file, int line) {
        String t = text.strip();
        try {
            if (t.startsWith("0x") || t.startsWith("0X")) { t = t.substring(2); hex = true; }
            if (t.isEmpty() || t.length() > 9) throw new NumberFormatException();
            for (int i = 0; i < t.length(); i++) if (Character.digit(t.charAt(i), hex ? 16 : 10) < 0) throw new NumberFormatException();
            return Integer.parseInt(t, hex ? 16 : 10);
        } catch (NumberFormatException e) {
            throw new CaptureException(file, line, "expected " + what + (hex ? " (hex)" : "") + ", found '" + abbreviate(text.strip()) + "'");
        }
    }

    static String abbreviate(String s) { return s.length() <= 60 ? s : s.substring(0, 57) + "..."; }
}
