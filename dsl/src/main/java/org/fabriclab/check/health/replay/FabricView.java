package org.fabriclab.check.health.replay;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

import org.fabriclab.capture.topology.Link;
import org.fabriclab.capture.topology.Topology;
import org.fabriclab.series.Series;

/**
 * What the replay needs to know of the fabric: links (index = link id) with their two ends named as the
 * series names its ports, trunk (switch-switch) or access, the switch (node GUID) at each end, the links
 * of every switch and of every switch pair, and each link's bandwidth. A topology end is looked up
 * under its snapshot name ({@link Topology#name}), {@code guid <node GUID>/<port>} and
 * {@code guid <port GUID>/<port>} (UFM names ports by port GUID); a series port the topology does not
 * know is a link of its own, of unknown kind (treated as an access link, with no switch).
 */
final class FabricView {
    final List<String> a = new ArrayList<>(), b = new ArrayList<>();
    final List<Boolean> trunk = new ArrayList<>();
    final List<String> switchA = new ArrayList<>(), switchB = new ArrayList<>(), pair = new ArrayList<>();
    final List<Double> gbps = new ArrayList<>();
    final Map<String, Integer> linkOf = new HashMap<>();
    final Map<String, List<Integer>> linksOfSwitch = new LinkedHashMap<>();
    final Map<String, List<Integer>> linksOfPair = new LinkedHashMap<>();
    final Map<String, String> switchName = new HashMap<>();
    int unknownPorts;

    FabricView(Topology t, Series s) {
        Set<String> inSeries = Set.copyOf(s.ports());
        if (t != null) {
            for (Link l : t.links()) {
                int id = a.size();
                a.add(name(t, l.a(), inSeries));
                b.add(name(t, l.b(), inSeries));
                boolean tr = l.a().isSwitch() && l.b().isSwitch();
                trunk.add(tr);
                String sa = l.a().isSwitch() ? l.a().nodeGuid() : null, sb = l.b().isSwitch() ? l.b().nodeGuid() : null;
                switchA.add(sa);
                switchB.add(sb);
                if (sa != null) switchName.putIfAbsent(sa, l.a().desc().isEmpty() ? sa : l.a().desc());
                if (sb != null) switchName.putIfAbsent(sb, l.b().desc().isEmpty() ? sb : l.b().desc());
                for (Link.End e : List.of(l.a(), l.b())) for (String n : names(t, e)) linkOf.putIfAbsent(n, id);
                if (sa != null) linksOfSwitch.computeIfAbsent(sa, k -> new ArrayList<>()).add(id);
                if (sb != null && !sb.equals(sa)) linksOfSwitch.computeIfAbsent(sb, k -> new ArrayList<>()).add(id);
                String key = tr ? pairKey(sa, sb) : "";
                pair.add(key);
                if (tr) linksOfPair.computeIfAbsent(key, k -> new ArrayList<>()).add(id);
                gbps.add(bandwidth(l.width(), l.speed()));
            }
        }
        for (String p : s.ports()) {
            if (linkOf.containsKey(p)) continue;
            int id = a.size();
            a.add(p); b.add(""); trunk.add(false); switchA.add(null); switchB.add(null); pair.add(""); gbps.add(Double.NaN);
            linkOf.put(p, id);
            unknownPorts++;
        }
    }

    int links() { return a.size(); }

    /** The link of a port name, -1 when unknown. */
    int link(String port) { return linkOf.getOrDefault(port, -1); }

    /** The other end of {@code port}'s link, "" when none. */
    String peer(String port) {
        int l = link(port);
        if (l < 0) return "";
        return a.get(l).equals(port) ? b.get(l) : a.get(l);
    }

    /** {@code leaf01 <-> spine02} (switch descriptions in order), "" for an access link. */
    String pairName(int link) {
        if (!trunk.get(link)) {
            String sw = switchA.get(link) != null ? switchA.get(link) : switchB.get(link);
            return sw == null ? "" : switchName.get(sw) + " <-> hosts";
        }
        String x = switchName.get(switchA.get(link)), y = switchName.get(switchB.get(link));
        return x.compareTo(y) <= 0 ? x + " <-> " + y : y + " <-> " + x;
    }

    /** Bandwidth per port name in Gb/s, where the topology gives width and speed. */
    Map<String, Double> bandwidthByPort() {
        Map<String, Double> m = new HashMap<>();
        for (int l = 0; l < links(); l++) {
            if (Double.isNaN(gbps.get(l))) continue;
            m.put(a.get(l), gbps.get(l));
            if (!b.get(l).isEmpty()) m.put(b.get(l), gbps.get(l));
        }
        return m;
    }

    /** Peers and link kinds by series port name, for the rules that compare both ends. */
    Map<String, String> peers() {
        Map<String, String> m = new LinkedHashMap<>();
        for (int l = 0; l < links(); l++) if (!b.get(l).isEmpty()) { m.put(a.get(l), b.get(l)); m.put(b.get(l), a.get(l)); }
        return m;
    }

    Map<String, String> kinds() {
        Map<String, String> m = new LinkedHashMap<>();
        for (int l = 0; l < links(); l++) {
            if (b.get(l).isEmpty()) continue;
            String k = trunk.get(l) ? "switch-switch" : "host-switch";
            m.put(a.get(l), k);
            m.put(b.get(l), k);
        }
        return m;
    }

    private static String pairKey(String x, String y) { return x.compareTo(y) <= 0 ? x + "|" + y : y + "|" + x; }

    private static List<String> names(Topology t, Link.End e) {
        List<String> out = new ArrayList<>();
        out.add(t.name(e));
        if (!e.nodeGuid().isEmpty()) out.add("guid " + e.nodeGuid() + "/" + e.port());
        if (!e.portGuid().isEmpty()) out.add("guid " + e.portGuid() + "/" + e.port());
        return out;
    }

    private static String name(Topology t, Link.End e, Set<String> inSeries) {
        for (String n : names(t, e)) if (inSeries.contains(n)) return n;
        return t.name(e);
    }

    /** Gb/s from ibdiagnet-style width and lane speed ({@code 4x}, {@code 100} / {@code NDR}); NaN when unknown. */
    static double bandwidth(String width, String speed) {
        int w;
        try {
            w = Integer.parseInt(width.trim().toLowerCase(java.util.Locale.ROOT).replace("x", ""));
        } catch (NumberFormatException e) {
            return Double.NaN;
        }
        String sp = speed.trim().toUpperCase(java.util.Locale.ROOT);
        double lane = switch (sp) {
            case "SDR" -> 2.5;
            case "DDR" -> 5;
            case "QDR" -> 10;
            case "FDR10" -> 10;
            case "FDR" -> 14;
            case "EDR" -> 25;
            case "HDR" -> 50;
            case "NDR" -> 100;
            case "XDR" -> 200;
            default -> {
                try {
                    yield Double.parseDouble(sp.replace("GBPS", "").trim());
                } catch (NumberFormatException e) {
                    yield Double.NaN;
                }
            }
        };
        return w * lane;
    }
}
