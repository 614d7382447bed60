package org.fabriclab.check.health.replay;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

import org.fabriclab.capture.topology.Link;
import org.fabriclab.capture.topology.Topology;
import org.fabriclab.series.Series;

/**
 * A hand-written fabric and telemetry for the replay tests. Switches A, B, C, D, E; links (name: ends):
 * ab1, ab2 (A-B), ae1, ae2 (A-E), be1, be2 (B-E), cd1, cd2, cd3 (C-D), de1, de2 (D-E), the access link
 * h1 (host H - E) and ec1 (E-C). Ports per switch: A 4, B 4, C 4, D 5, E 8. Telemetry: one sample per hour for 40 days on every port; packets rise 1e9 per hour;
 * a port's receive errors rise at the hours given, so the packet-drop-rate rule raises a one-sample alert
 * at exactly those hours (every other rule is skipped for lack of counters).
 */
final class Fabric4 {
    static final long HOUR = 3_600_000L, T0 = 1_767_225_600_000L;
    static final int HOURS = 40 * 24;
    static final Map<String, String[]> LINKS = new LinkedHashMap<>();
    static {
        link("ab1", "A", 1, "B", 1); link("ab2", "A", 2, "B", 2);
        link("ae1", "A", 3, "E", 1); link("ae2", "A", 4, "E", 2);
        link("be1", "B", 3, "E", 3); link("be2", "B", 4, "E", 4);
        link("cd1", "C", 1, "D", 1); link("cd2", "C", 2, "D", 2); link("cd3", "C", 3, "D", 3);
        link("de1", "D", 4, "E", 5); link("de2", "D", 5, "E", 6);
        link("h1", "H", 1, "E", 7);
        link("ec1", "E", 8, "C", 4);
    }

    private static void link(String name, String x, int px, String y, int py) { LINKS.put(name, new String[] {x, "" + px, y, "" + py}); }

    static String guid(String node) { return String.format("0x%016x", 0xa000L + node.charAt(0)); }

    /** The port at the first end of link {@code name} (the end whose errors the tests raise). */
    static String port(String link) { String[] l = LINKS.get(link); return "guid " + guid(l[0]) + "/" + l[1]; }

    /** The port at the other end. */
    static String peer(String link) { String[] l = LINKS.get(link); return "guid " + guid(l[2]) + "/" + l[3]; }

    static Topology topology() {
        List<Link> out = new ArrayList<>();
        for (String[] l : LINKS.values()) {
            out.add(new Link(end(l[0], Integer.parseInt(l[1])), end(l[2], Integer.parseInt(l[3])), "4x", "NDR", "ACT", "hand-written", 0));
        }
        return Topology.ofLinks(out);
    }

    private static Link.End end(String node, int port) {
        boolean sw = !node.equals("H");
        return new Link.End(guid(node), "", port, 1, sw ? "SW" : "CA", sw ? "switch " + node : "host " + node);
    }

    /** Telemetry of every port; {@code errorsAt} maps a link to the hours its first end sees receive errors. */
    static Series telemetry(Map<String, int[]> errorsAt) {
        Map<String, int[]> byPort = new TreeMap<>();
        errorsAt.forEach((l, h) -> byPort.put(port(l), h));
        List<String> ports = new ArrayList<>();
        for (String l : LINKS.keySet()) { ports.add(port(l)); ports.add(peer(l)); }
        int n = ports.size() * HOURS;
        long[] ts = new long[n], err = new long[n], pkts = new long[n], remote = new long[n];
        int[] start = new int[ports.size() + 1];
        for (int p = 0; p < ports.size(); p++) {
            start[p] = p * HOURS;
            boolean[] bad = new boolean[HOURS];
            for (int h : byPort.getOrDefault(ports.get(p), new int[0])) bad[h] = true;
            long e = 0;
            for (int h = 0; h < HOURS; h++) {
                int r = p * HOURS + h;
                ts[r] = T0 + h * HOUR;
                if (bad[h]) e += 5;
                err[r] = e;
                pkts[r] = (h + 1) * 1_000_000_000L;
            }
        }
        start[ports.size()] = n;
        Map<String, long[]> counters = new LinkedHashMap<>();
        counters.put("PortRcvErrors", err);
        counters.put("PortRcvRemotePhysicalErrors", remote);
        counters.put("PortRcvPkts", pkts);
        return Series.of(ports.toArray(new String[0]), start, ts, counters, Map.of(), null, null);
    }

    static long at(int hour) { return T0 + hour * HOUR; }

    /** "HH kind port" lines, hours since T0, for compact assertions. */
    static List<String> lines(ReplayResult r) {
        List<String> out = new ArrayList<>();
        for (ReplayEvent e : r.events()) out.add((e.time() - T0) / HOUR + " " + e.kind().name() + " " + name(e.port()));
        return out;
    }

    /** The link name of a port ({@code ab1}, or {@code ab1'} for the second end). */
    static String name(String port) {
        for (String l : LINKS.keySet()) {
            if (port(l).equals(port)) return l;
            if (peer(l).equals(port)) return l + "'";
        }
        return port;
    }

    private Fabric4() {}
}
