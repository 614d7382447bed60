package org.fabriclab.capture.netdev;

import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import org.fabriclab.capture.Capture;
import org.fabriclab.capture.CaptureException;
import org.fabriclab.capture.CaptureReader;
import org.fabriclab.capture.CommandLine;
import org.fabriclab.capture.Input;
import org.fabriclab.capture.LineCursor;
import org.fabriclab.capture.PortAttr;
import org.fabriclab.capture.ShellPrompt;
import org.fabriclab.capture.Values;
import org.fabriclab.capture.Words;
import org.fabriclab.catalogue.Source;

/**
 * Reads {@code ip -s link [show [dev X]]} and {@code ip -s -s link} (iproute2; also {@code ip -s addr}, which prints the
 * same rows): per interface a header line {@code N: NAME[@LINK]: <FLAGS> mtu M ... state S ...}, then {@code link/ether},
 * {@code link/infiniband} (IPoIB), {@code altname} lines and the statistics rows, each a line of column labels and a
 * line of as many counts ({@link IpLinkRows}: {@code RX:}, {@code TX:}, with {@code -s -s} {@code RX errors:} and
 * {@code TX errors:}, in the layout before iproute2 5.10 or after). Every count becomes a reading of source
 * {@link Source#NETDEV_STATS} named by its {@code struct rtnl_link_stats64} field, on port {@code netdev NAME}; the
 * header's {@code mtu} and {@code state} become the {@code mtu} and {@code operstate} attributes, the link type
 * {@link PortAttr#LINK_LAYER} ({@code Ethernet}, {@code InfiniBand}). Values are exact 64-bit counts (bytes for
 * {@code bytes}, packets or events for the rest); a rounded {@code ip -h} figure is refused. A VF's rows under its
 * PF ({@code vf 0 ...}) are the VF's, not the port's, and are skipped; a prompt or command line is noise, another
 * command's output in a paste is skipped up to the next {@code ip} command. {@code ip -o -s link} (one line per
 * interface) is read too: {@code -o} makes ip print {@code \\} where it would start a new line ({@code _SL_}), so an
 * interface line holding {@code \\} is read as the lines it joins, each with the file's line number.
 *
 * <pre>{@code
 * Capture c = new IpLinkReader().read(Input.of(Path.of("ip-s-s-link.txt")));
 * c.reading("netdev ens1f0np0", "rx_crc_errors_phy");   // the 'crc' column of 'RX errors:'
 * }</pre>
 */
public final class IpLinkReader implements CaptureReader {
    /** {@code 2: eth0: <BROADCAST,...> mtu 1500 ...}, {@code 7: eth0.100@eth0: <...>}. */
    static final Pattern HEADER = Pattern.compile("^\\s*\\d+:\\s+([^\\s:@]+)(?:@[^\\s:]*)?:\\s+<([^>]*)>(.*)$");

    @Override public String format() { return "ip-link"; }

    @Override public int sniff(Input in) {
        if (in.isDirectory()) return 0;
        boolean header = false;
        for (String physical : in.head(60)) {
            for (String l : lines(physical)) {
                if (HEADER.matcher(l).matches()) header = true;
                else if (header && IpLinkRows.of(l.strip()) == IpLinkRows.RX) {
                    List<String> w = List.of(Words.split(l.strip().substring(3).strip()));
                    return w.contains("bytes") && w.contains("packets") ? 90 : 0;
                }
            }
        }
        return 0;
    }

    /**
     * @throws CaptureException naming file and line for a statistics row with another number of counts than labels, a
     *         label of no row, a value that is no exact count, a row outside an interface, a file cut after a row's
     *         labels, an interface printed twice in one run (a run of several, appended, starts again at the first interface), or
     *         a file holding no statistics
     */
    @Override public Capture read(Input in) {
        String file = in.name();
        Capture.Builder b = Capture.builder(Source.NETDEV_STATS, file);
        LineCursor c = new LineCursor(in.text());
        String port = null;
        Map<String, Integer> seen = new HashMap<>();
        String firstName = null;
        boolean vf = false, foreign = false;
        IpLinkRows row = null;
        String[] labels = null;
        int labelLine = 0, counts = 0, noise = 0;
        while (c.next()) {
            int n = c.number();
            for (String line : lines(c.line())) {
                String t = line.strip();
                if (t.isEmpty()) { noise++; continue; }
                if (row != null) {
                    // the counts under a row's labels
                    if (!vf) counts += values(b, port, row, labels, labelLine, Words.split(t), file, n);
                    row = null;
                    continue;
                }
                Matcher h = HEADER.matcher(line);
                if (h.matches()) {
                    String name = h.group(1);
                    // the file's first interface again: the next run of ip -s link (appended after the test), read as one
                    if (name.equals(firstName)) seen.clear();
                    if (firstName == null) firstName = name;
                    Integer before = seen.put(name, n);
                    if (before != null) {
                        throw new CaptureException(file, n, "interface " + name + " is printed twice (line " + before + " and " + n
                                + ") in one run of ip -s link (a run starts at the file's first interface, " + firstName + ")");
                    }
                    port = LinkStats.start(b, name, file, n);
                    headerAttrs(b, port, h.group(3), file, n);
                    vf = false;
                    foreign = false;
                    noise++;
                    continue;
                }
                if (CommandLine.command(line, "ip") != null && (ShellPrompt.isPromptLine(line) || t.startsWith("ip "))) {
                    foreign = false;
                    noise++;
                    continue;
                }
                if (ShellPrompt.isPromptLine(line)) { foreign = CommandLine.otherCommand(line, "ip"); noise++; continue; }
                if (foreign) { noise++; continue; }
                IpLinkRows r = IpLinkRows.of(t);
                if (r != null) {
                    if (port == null) {
                        throw new CaptureException(file, n, "'" + Values.abbreviate(t) + "' comes before any interface line "
                                + "('N: NAME: <FLAGS> mtu ...'); expected ip -s link output");
                    }
                    row = r;
                    labels = Words.split(t.substring(r.prefix().length()).strip());
                    labelLine = n;
                    continue;
                }
                if (port != null && t.startsWith("vf ") && t.length() > 3 && Character.isDigit(t.charAt(3))) { vf = true; noise++; continue; }
                if (port != null && !vf && t.startsWith("link/")) {
                    String type = Words.split(t)[0].substring(5);
                    if (type.equals("ether")) b.attr(port, PortAttr.LINK_LAYER, "Ethernet", file, n);
                    else if (type.equals("infiniband")) b.attr(port, PortAttr.LINK_LAYER, "InfiniBand", file, n);
                    noise++;
                    continue;
                }
                if (port != null && !vf && t.startsWith("altname ")) {
                    b.attr(port, "altname", t.substring(8).strip(), file, n);
                    noise++;
                    continue;
                }
                noise++;   // the link's other details (inet, prop list, alias, vf lines) are not statistics
            }
        }
        if (row != null) {
            throw new CaptureException(file, labelLine, "the '" + row.prefix() + "' row has no line of counts after it (is the file cut?)");
        }
        if (counts == 0) {
            throw new CaptureException(file, 0, "no statistics rows found; expected ip -s link output ('RX: bytes packets ...' "
                    + "under each interface)");
        }
        b.noise(noise);
        return b.build();
    }

    /**
     * The lines one line of the file holds: itself, or, for an interface line of {@code ip -o} (an interface header
     * with {@code \\} in it, where ip's oneline mode put its line separator), the pieces between the {@code \\}.
     */
    static String[] lines(String line) {
        if (line.indexOf('\\') < 0 || !HEADER.matcher(line).matches()) return new String[] {line};
        return line.split("\\\\", -1);
    }

    /** Reads one row's counts; returns how many. */
    private static int values(Capture.Builder b, String port, IpLinkRows row, String[] labels, int labelLine, String[] values,
                              String file, int n) {
        if (values.length != labels.length) {
            throw new CaptureException(file, n, "expected " + labels.length + " counts under '" + row.prefix() + " "
                    + String.join(" ", labels) + "' (line " + labelLine + "), found " + values.length);
        }
        for (int i = 0; i < labels.length; i++) {
            String field = row.field(labels[i]);
            if (field == null) {
                throw new CaptureException(file, labelLine, "'" + labels[i] + "' is no column of ip -s link's '" + row.prefix()
                        + "' row; expected " + row.labels());
            }
            b.counter(port, field, LinkStats.count(values[i], labels[i], file, n), n);
        }
        return labels.length;
    }

    /** {@code mtu 1500 qdisc mq state UP mode DEFAULT ...}: {@code mtu} and {@code operstate}. */
    private static void headerAttrs(Capture.Builder b, String port, String rest, String file, int n) {
        String[] w = Words.split(rest.strip());
        for (int i = 0; i + 1 < w.length; i++) {
            if (w[i].equals("mtu")) b.attr(port, LinkStats.MTU, w[i + 1], file, n);
            else if (w[i].equals("state")) b.attr(port, LinkStats.OPERSTATE, w[i + 1], file, n);
        }
    }
}
