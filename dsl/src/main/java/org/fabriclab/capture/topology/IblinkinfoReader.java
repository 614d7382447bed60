package org.fabriclab.capture.topology;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import org.fabriclab.capture.Capture;
import org.fabriclab.capture.CaptureException;
import org.fabriclab.capture.CaptureReader;
import org.fabriclab.capture.Input;
import org.fabriclab.capture.LineCursor;
import org.fabriclab.capture.ShellPrompt;
import org.fabriclab.capture.Words;
import org.fabriclab.catalogue.Source;

/**
 * Reads {@code iblinkinfo} (default and {@code -l} line mode). Layout from infiniband-diags
 * {@code iblinkinfo.c}: a node header {@code Switch: 0x<port GUID> <desc>:} or {@code CA: <desc>:},
 * then per port {@code [0x<port GUID>] <LID> <port>[<ext>] ==(<width> <speed> <state>/<physical state>)==>
 * <remote LID> <remote port>[<ext>] "<remote desc>" (<width/speed notes>)}; a down port prints
 * {@code ==(  Down/ Polling)==> [  ] "" ( )}. Line mode puts {@code 0x<port GUID> "<node desc>"} at
 * the start of every line and the remote port GUID before its LID. The default mode prints no remote
 * GUID: a remote end is the port with that LID and number listed elsewhere in the same output (a
 * switch's LID for all its ports, a CA port's base LID), else {@code lid <LID>/<port>}. Node types
 * come from the headers ({@code Switch} = SW, {@code CA} = CA, {@code Router} = RT); line mode has no
 * headers, so a port GUID listed with several port numbers, or with a port above 2, is a switch's and one
 * with a single port 1 or 2 a CA's. {@code ibwarn:} lines saved with the output are skipped with one warning
 * ({@link DiscoveryWarnings}).
 *
 * <pre>{@code
 * Topology.of(new IblinkinfoReader().read(Input.of(Path.of("iblinkinfo.txt"))));
 * }</pre>
 */
public final class IblinkinfoReader implements CaptureReader {
    /** The highest port number of a channel adapter (ConnectX, BlueField, qib, hfi1 have one or two). */
    private static final int MAX_CA_PORT = 2;
    private static final Pattern HEADER = Pattern.compile("^(Switch|CA|Router):\\s+(?:(0x[0-9a-fA-F]{1,16})\\s+)?(.*):$");
    private static final Pattern PORT = Pattern.compile("^(?:(0x[0-9a-fA-F]{1,16})\\s+(?:\"\\s*(.*?)\"\\s+)?)?(\\d{1,9})\\s+(\\d{1,4})"
            + "\\[\\s*\\d*\\]\\s+==\\((.*?)\\)==>\\s+(.*)$");
    private static final Pattern REMOTE = Pattern.compile("^(?:(0x[0-9a-fA-F]{1,16})\\s+)?(\\d{1,9})\\s+(\\d{1,4})\\[\\s*\\d*\\]\\s+\"(.*)\"\\s+\\((.*)\\)$");

    @Override public String format() { return "iblinkinfo"; }

    @Override public int sniff(Input in) {
        if (in.isDirectory()) return 0;
        int hits = 0;
        for (String l : in.head(20)) {
            String t = l.strip();
            if (t.contains(")==>") && PORT.matcher(t).matches()) hits++;
            else if (HEADER.matcher(t).matches()) hits++;
        }
        return hits >= 2 ? 95 : 0;
    }

    private record Local(Link.End end, String link, String remote, int line) {}

    @Override public Capture read(Input in) {
        String file = in.name();
        LineCursor c = new LineCursor(in.text());
        String type = null, nodeGuid = "", desc = "";
        List<Local> locals = new ArrayList<>();
        int noise = 0;
        DiscoveryWarnings warnings = new DiscoveryWarnings(file);
        while (c.next()) {
            String t = c.line().strip();
            if (t.isEmpty() || warnings.skip(t, c.number())) { noise++; continue; }
            Matcher h = HEADER.matcher(t);
            if (h.matches()) {
                type = switch (h.group(1)) { case "Switch" -> "SW"; case "CA" -> "CA"; default -> "RT"; };
                nodeGuid = h.group(2) == null ? "" : LinkTable.guid(h.group(2), file, c.number());
                desc = h.group(3).strip();
                continue;
            }
            Matcher m = PORT.matcher(t);
            // a pasted session's prompt and command line ($ iblinkinfo | grep Up), or the bare prompt after it
            if (!m.matches() && ShellPrompt.isPromptLine(t)) { noise++; continue; }
            if (!m.matches()) {
                throw new CaptureException(file, c.number(), "expected an iblinkinfo port line '<lid> <port>[  ] ==(...)==> ...' or a "
                        + "'Switch: 0x<guid> <desc>:' header, found '" + LinkTable.abbreviate(t) + "'");
            }
            String portGuid = m.group(1) == null ? (type != null && type.equals("SW") ? nodeGuid : "")
                    : LinkTable.guid(m.group(1), file, c.number());
            String myDesc = m.group(2) != null ? m.group(2).strip() : desc;
            String myType = type != null ? type : "";
            int lid = LinkTable.number(m.group(3), false, "a LID", file, c.number());
            int port = LinkTable.number(m.group(4), false, "a port number", file, c.number());
            // a switch's ports share the switch's port GUID: the node is named by it
            String ng = "SW".equals(myType) ? portGuid : "";
            locals.add(new Local(new Link.End(ng, "SW".equals(myType) ? "" : portGuid, port, lid, myType, myDesc), m.group(5),
                    m.group(6).strip(), c.number()));
        }
        // line mode has no headers: a port GUID listed with several port numbers is a switch's (all its
        // ports share it), and so is one listed with a port number no CA has (a filtered output, e.g.
        // grep Active, may list a switch port alone); else a CA's
        Map<String, java.util.Set<Integer>> portsOfGuid = new HashMap<>();
        for (Local l : locals) {
            if (l.end().type().isEmpty()) portsOfGuid.computeIfAbsent(l.end().portGuid(), k -> new java.util.HashSet<>()).add(l.end().port());
        }
        for (int i = 0; i < locals.size(); i++) {
            Local l = locals.get(i);
            if (!l.end().type().isEmpty() || l.end().portGuid().isEmpty()) continue;
            Link.End e = l.end();
            java.util.Set<Integer> listed = portsOfGuid.get(e.portGuid());
            boolean sw = listed.size() > 1 || listed.stream().anyMatch(n -> n > MAX_CA_PORT);
            locals.set(i, new Local(sw ? new Link.End(e.portGuid(), "", e.port(), e.lid(), "SW", e.desc())
                    : new Link.End("", e.portGuid(), e.port(), e.lid(), "CA", e.desc()), l.link(), l.remote(), l.line()));
        }
        // without the node headers (iblinkinfo | grep Up) a port's own line names no node: the peers' lines do, by
        // LID (a switch's ports share its LID; a CA port has its own)
        Map<String, String> descOf = new HashMap<>();
        for (Local l : locals) {
            Matcher r = REMOTE.matcher(l.remote());
            // an unassigned LID (0, 65535) names no one port
            if (r.matches() && !r.group(4).isBlank() && org.fabriclab.capture.PortAttr.isUnicastLid(Long.parseLong(r.group(2)))) {
                descOf.putIfAbsent(r.group(2), r.group(4).strip());
            }
        }
        for (int i = 0; i < locals.size(); i++) {
            Local l = locals.get(i);
            Link.End e = l.end();
            String d = e.desc().isEmpty() ? descOf.get(Integer.toString(e.lid())) : null;
            if (d != null) {
                locals.set(i, new Local(new Link.End(e.nodeGuid(), e.portGuid(), e.port(), e.lid(), e.type(), d), l.link(),
                        l.remote(), l.line()));
            }
        }
        Map<String, Link.End> byLidPort = new HashMap<>();
        for (Local l : locals) byLidPort.putIfAbsent(l.end().lid() + "/" + l.end().port(), l.end());
        LinkTable links = new LinkTable(file);
        for (Local l : locals) {
            Matcher r = REMOTE.matcher(l.remote());
            if (!r.matches()) { noise++; continue; }   // a down port ([  ] "" ( )) or "Port not available": no link
            int rlid = LinkTable.number(r.group(2), false, "a LID", file, l.line());
            int rport = LinkTable.number(r.group(3), false, "a port number", file, l.line());
            Link.End remote = byLidPort.get(rlid + "/" + rport);
            if (remote == null) {
                String rg = r.group(1) == null ? "" : LinkTable.guid(r.group(1), file, l.line());
                remote = new Link.End("", rg, rport, rlid, "", r.group(4).strip());
            }
            String[] w = linkFields(l.link());
            links.add(new Link(l.end(), remote, w[0], w[1], w[2], file, l.line()));
        }
        Capture.Builder b = Capture.builder(Source.PERFQUERY, file);
        links.emit(b, "iblinkinfo port lines with a remote port");
        warnings.report(b);
        b.noise(noise);
        return b.build();
    }

    /** {@code 4X 25.78125 Gbps Active/ LinkUp} to width, speed, state. */
    private static String[] linkFields(String s) {
        String t = s.strip();
        int slash = t.lastIndexOf('/');
        String before = slash < 0 ? t : t.substring(0, slash).strip();
        String[] w = Words.split(before);
        String state = w.length == 0 ? "" : w[w.length - 1];
        String width = w.length > 1 && w[0].matches("\\d{1,2}[xX]") ? w[0] : "";
        int from = width.isEmpty() ? 0 : 1;
        StringBuilder speed = new StringBuilder();
        for (int i = from; i < w.length - 1; i++) speed.append(speed.length() == 0 ? "" : " ").append(w[i]);
        return new String[] {width, speed.toString(), state};
    }
}
