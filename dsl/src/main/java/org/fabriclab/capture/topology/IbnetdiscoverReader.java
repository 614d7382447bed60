package org.fabriclab.capture.topology;

import java.util.regex.Matcher;
import java.util.regex.Pattern;

import org.fabriclab.capture.Capture;
import org.fabriclab.capture.CaptureException;
import org.fabriclab.capture.CaptureReader;
import org.fabriclab.capture.Input;
import org.fabriclab.capture.LineCursor;
import org.fabriclab.capture.ShellPrompt;
import org.fabriclab.catalogue.Source;

/**
 * Reads the {@code ibnetdiscover} topology file (its default output). Layout from infiniband-diags
 * {@code ibnetdiscover.c} ({@code out_switch}, {@code out_ca}, {@code out_switch_port},
 * {@code out_ca_port}): per node {@code vendid=}, {@code devid=}, {@code sysimgguid=},
 * {@code switchguid=0x<node>(<port GUID>)} or {@code caguid=0x<node>}, then
 * {@code Switch 36 "S-<node GUID>" # "<desc>" enhanced port 0 lid 1 lmc 0} or
 * {@code Ca 2 "H-<node GUID>" # "<desc>"}, then one line per connected port: a switch's
 * {@code [1] "H-<remote node>"[1](<remote port GUID>) # "<remote desc>" lid 2 4xFDR}, a CA's
 * {@code [1](<port GUID>) "S-<remote node>"[13] # lid 2 lmc 0 "<remote desc>" lid 1 4xFDR}
 * ({@code [ext N]} after a port number when printed; ibdiagnet's {@code ibdiagnet2.ibnetdiscover} prints the port's
 * label there too: {@code [3](1/2/1)} on a Quantum-2, {@code [1](B9D0F0/0/0/1)(<port GUID>)} on a CA). Each link is listed from both ends and kept
 * once. Ends are named {@code guid <node GUID>/<port>}; node types {@code S}/{@code H}/{@code R} are
 * SW, CA, RT. The widths and speeds are printed together ({@code 4xFDR}): split into {@code 4x} and
 * {@code FDR}. The tabs ibnetdiscover prints between fields may be missing (a terminal log that dropped
 * them: {@code Switch41 "S-..."# "..."}, {@code [1]"H-..."[1](...)}): the fields are told apart without them.
 * {@code ibwarn:} lines saved with the output are skipped with one warning ({@link DiscoveryWarnings}).
 *
 * <pre>{@code
 * Topology.of(new IbnetdiscoverReader().read(Input.of(Path.of("ibnetdiscover.topo"))));
 * }</pre>
 */
public final class IbnetdiscoverReader implements CaptureReader {
    private static final Pattern NODE = Pattern.compile("^(Switch|Ca|Rt)\\s*(\\d{1,4})\\s*\"([SHR?])-([0-9a-fA-F]{1,16})\"(?:\\s*#\\s*\"(.*)\"(.*))?$");
    /**
     * A port line. ibdiagnet's own dump ({@code ibdiagnet2.ibnetdiscover}) adds the port's label after its number
     * ({@code [3](1/2/1)}, {@code [65](65)} on a switch, {@code [1](B9D0F0/0/0/1)(<port GUID>)} on a CA): groups 2
     * and 8 are the one or two parenthesised words there, told apart in {@link #portGuid}.
     */
    private static final Pattern PORT = Pattern.compile("^\\[(\\d{1,4})\\](?:\\[ext \\d{1,4}\\])?(?:\\(([^()\\s]{1,32})\\))?"
            + "(?:\\(([^()\\s]{1,32})\\))?\\s*"
            + "\"([SHR?])-([0-9a-fA-F]{1,16})\"\\[(\\d{1,4})\\](?:\\[ext \\d{1,4}\\])?(?:\\s*\\(([0-9a-fA-F]{1,16})\\))?\\s*(?:#\\s*(.*))?$");
    private static final Pattern SW_COMMENT = Pattern.compile("^\"(.*)\"\\s+lid\\s+(\\d{1,9})\\s+(\\S+).*$");
    private static final Pattern CA_COMMENT = Pattern.compile("^lid\\s+(\\d{1,9})\\s+lmc\\s+\\d{1,3}\\s+\"(.*)\"\\s+lid\\s+(\\d{1,9})\\s+(\\S+).*$");
    private static final Pattern SWITCH_LID = Pattern.compile("\\bport 0 lid (\\d{1,9})\\b");
    private static final Pattern SWITCHGUID = Pattern.compile("^switchguid=0x([0-9a-fA-F]{1,16})\\(([0-9a-fA-F]{1,16})\\).*$");

    @Override public String format() { return "ibnetdiscover"; }

    @Override public int sniff(Input in) {
        if (in.isDirectory()) return 0;
        for (String l : in.head(30)) {
            String t = l.strip();
            if (t.startsWith("# Topology file: generated")) return 95;
            if (NODE.matcher(t).matches()) return 90;
        }
        return 0;
    }

    @Override public Capture read(Input in) {
        String file = in.name();
        LineCursor c = new LineCursor(in.text());
        LinkTable links = new LinkTable(file);
        String type = null, guid = null, desc = "", switchPortGuid = "";
        int switchLid = -1;
        int noise = 0;
        DiscoveryWarnings warnings = new DiscoveryWarnings(file);
        while (c.next()) {
            String t = c.line().strip();
            if (t.isEmpty() || t.startsWith("#") || warnings.skip(t, c.number())) { noise++; continue; }
            Matcher sg = SWITCHGUID.matcher(t);
            if (sg.matches()) { switchPortGuid = LinkTable.guid(sg.group(2), file, c.number()); noise++; continue; }
            if (t.startsWith("vendid=") || t.startsWith("devid=") || t.startsWith("sysimgguid=") || t.startsWith("caguid=")
                    || t.startsWith("rtguid=") || t.startsWith("Chassis") || t.startsWith("Non-Chassis") || t.startsWith("Hostname:")
                    || t.startsWith("switchguid=")) {
                noise++;
                continue;
            }
            Matcher n = NODE.matcher(t);
            if (n.matches()) {
                type = typeOf(n.group(3));
                guid = LinkTable.guid(n.group(4), file, c.number());
                desc = n.group(5) == null ? "" : n.group(5);
                Matcher l = n.group(6) == null ? null : SWITCH_LID.matcher(n.group(6));
                switchLid = l != null && l.find() ? LinkTable.number(l.group(1), false, "a LID", file, c.number()) : -1;
                if (!"SW".equals(type)) switchPortGuid = "";
                continue;
            }
            Matcher p = PORT.matcher(t);
            if (!p.matches() && ShellPrompt.isPromptLine(t)) { noise++; continue; }   // a pasted prompt and command line
            if (!p.matches()) {
                throw new CaptureException(file, c.number(), "expected an ibnetdiscover topology line ('Switch 36 \"S-<guid>\" ...', "
                        + "'[1] \"H-<guid>\"[1](<guid>) # ...'), found '" + LinkTable.abbreviate(t) + "'");
            }
            if (guid == null) throw new CaptureException(file, c.number(), "port line before any 'Switch'/'Ca' node line");
            String comment = p.group(8) == null ? "" : p.group(8).strip();
            int myLid, peerLid;
            String peerDesc, ws;
            Matcher m;
            if ((m = CA_COMMENT.matcher(comment)).matches()) {
                myLid = LinkTable.number(m.group(1), false, "a LID", file, c.number());
                peerDesc = m.group(2);
                peerLid = LinkTable.number(m.group(3), false, "a LID", file, c.number());
                ws = m.group(4);
            } else if ((m = SW_COMMENT.matcher(comment)).matches()) {
                myLid = switchLid;
                peerDesc = m.group(1);
                peerLid = LinkTable.number(m.group(2), false, "a LID", file, c.number());
                ws = m.group(3);
            } else {
                throw new CaptureException(file, c.number(), "port line without its '# \"<remote desc>\" lid <n> <width><speed>' comment");
            }
            int myPort = LinkTable.number(p.group(1), false, "a port number", file, c.number());
            String myPortGuid = portGuid(p.group(2), p.group(3), type, switchPortGuid, file, c.number());
            String peerType = typeOf(p.group(4));
            String peerGuid = LinkTable.guid(p.group(5), file, c.number());
            int peerPort = LinkTable.number(p.group(6), false, "a port number", file, c.number());
            String peerPortGuid = p.group(7) != null ? LinkTable.guid(p.group(7), file, c.number()) : "SW".equals(peerType) ? peerGuid : "";
            int x = ws.indexOf('x');
            String width = x > 0 && ws.substring(0, x).chars().allMatch(Character::isDigit) ? ws.substring(0, x + 1) : "";
            String speed = width.isEmpty() ? ws : ws.substring(x + 1);
            links.add(new Link(new Link.End(guid, myPortGuid, myPort, myLid, type, desc),
                    new Link.End(peerGuid, peerPortGuid, peerPort, peerLid, peerType, peerDesc), width, speed, "", file, c.number()));
        }
        Capture.Builder b = Capture.builder(Source.PERFQUERY, file);
        links.emit(b, "ibnetdiscover port lines");
        warnings.report(b);
        b.noise(noise);
        return b.build();
    }

    /**
     * The port GUID of the node's own port from the words in parentheses after its number: ibnetdiscover prints
     * a CA's port GUID there and nothing for a switch's port (its GUID is the switch's); ibdiagnet's dump puts the
     * port's label first. So with two words the second is the GUID; with one, a switch's is its label and a CA's
     * its GUID.
     */
    private static String portGuid(String first, String second, String type, String switchPortGuid, String file, int line) {
        if (second != null) return LinkTable.guid(second, file, line);
        if (first == null || "SW".equals(type)) return switchPortGuid;
        return LinkTable.guid(first, file, line);
    }

    private static String typeOf(String letter) {
        return switch (letter) { case "S" -> "SW"; case "H" -> "CA"; case "R" -> "RT"; default -> ""; };
    }
}
