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
 * Reads {@code ibnetdiscover -p} (ports report): one line per port,
 * {@code CA   134  1 0x7cfe9003003b4bde 4x EDR - SW  1719 10 0x7cfe9003009ce5b0 ( 'o0001 HCA-1' - 'ib-i1l1s01' )}:
 * node type, LID (a switch's for every switch port), port number, port GUID, width and speed, then
 * the same for the remote port and both node descriptions; a port with no remote ends after the
 * speed with its description ({@code SW  2052 37 0x506b4b03005c2740 4x ???   'ib-i4l1s01'}) and is no
 * link. Layout from infiniband-diags {@code ibnetdiscover.c} ({@code ports_iter_func}: {@code "%2s
 * %5d %2d 0x%016" PRIx64 " %s %s"}, then {@code " - %2s %5d %2d 0x%016" PRIx64 " ( '%s' - '%s' )"}).
 * Link ends are named by port GUID ({@code guid <port GUID>/<port>}); each end's LID joins it to
 * perfquery's {@code lid L/port}. {@code ibwarn:} lines saved with the output are skipped with one warning
 * ({@link DiscoveryWarnings}).
 *
 * <pre>{@code
 * Topology.of(new IbnetdiscoverPortsReader().read(Input.of(Path.of("ibnetdiscover-p.txt"))));
 * }</pre>
 */
public final class IbnetdiscoverPortsReader implements CaptureReader {
    private static final String END = "(CA|SW|RT|\\?\\?)\\s+(\\d{1,9})\\s+(\\d{1,4})\\s+(0x[0-9a-fA-F]{1,16})";
    private static final Pattern LINKED = Pattern.compile("^" + END + "\\s+(\\S+)\\s+(\\S+)\\s+-\\s+" + END
            + "\\s+\\(\\s*'(.*)'\\s+-\\s+'(.*)'\\s*\\)$");
    private static final Pattern UNLINKED = Pattern.compile("^" + END + "\\s+(\\S+)\\s+(\\S+)\\s+'(.*)'$");

    @Override public String format() { return "ibnetdiscover-ports"; }

    @Override public int sniff(Input in) {
        if (in.isDirectory()) return 0;
        int hits = 0, lines = 0;
        for (String l : in.head(20)) {
            lines++;
            String t = l.strip();
            if (LINKED.matcher(t).matches() || UNLINKED.matcher(t).matches()) hits++;
        }
        return hits > 0 && hits * 2 >= lines ? 95 : 0;
    }

    @Override public Capture read(Input in) {
        String file = in.name();
        LinkTable links = new LinkTable(file);
        LineCursor c = new LineCursor(in.text());
        int noise = 0;
        DiscoveryWarnings warnings = new DiscoveryWarnings(file);
        while (c.next()) {
            String t = c.line().strip();
            if (t.isEmpty() || t.startsWith("#") || warnings.skip(t, c.number())) { noise++; continue; }
            Matcher m = LINKED.matcher(t);
            if (m.matches()) {
                Link.End a = end(m, 1, m.group(11), file, c.number());
                Link.End b = end(m, 7, m.group(12), file, c.number());
                links.add(new Link(a, b, m.group(5), m.group(6), "", file, c.number()));
                continue;
            }
            if (UNLINKED.matcher(t).matches()) { noise++; continue; }
            if (ShellPrompt.isPromptLine(t)) { noise++; continue; }   // a pasted prompt and command line ($ ibnetdiscover -p)
            throw new CaptureException(file, c.number(), "expected an ibnetdiscover -p line 'CA  134  1 0x... 4x EDR - SW  1719 10 "
                    + "0x... ( 'a' - 'b' )', found '" + LinkTable.abbreviate(t) + "'");
        }
        Capture.Builder b = Capture.builder(Source.PERFQUERY, file);
        links.emit(b, "ibnetdiscover -p lines with a remote port");
        warnings.report(b);
        b.noise(noise);
        return b.build();
    }

    private static Link.End end(Matcher m, int g, String desc, String file, int line) {
        String type = m.group(g).equals("??") ? "" : m.group(g);
        String guid = LinkTable.guid(m.group(g + 3), file, line);
        int lid = LinkTable.number(m.group(g + 1), false, "a LID", file, line);
        return new Link.End("", guid, LinkTable.number(m.group(g + 2), false, "a port number", file, line), lid, type, desc);
    }
}
