package org.fabriclab.capture.ethtool;

import java.util.Locale;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import org.fabriclab.capture.Capture;
import org.fabriclab.capture.CaptureException;
import org.fabriclab.capture.CaptureReader;
import org.fabriclab.capture.CommandLine;
import org.fabriclab.capture.Input;
import org.fabriclab.capture.LineCursor;
import org.fabriclab.capture.PortAttr;
import org.fabriclab.capture.Values;
import org.fabriclab.catalogue.Source;

/**
 * Reads {@code ethtool X} (no option: the link settings), as the ioctl code of ethtool.c and, from ethtool 5.6,
 * netlink/settings.c print it: a {@code Settings for X:} header naming the port, then tab-indented
 * {@code Key: value} lines (indentation optional here). Kept, as attributes of {@code netdev X} (which a snapshot
 * joins to the RDMA port whose {@code rdma link} names that netdev):
 * <ul>
 * <li>{@code Speed: 100000Mb/s} as {@link PortAttr#RATE_GBPS} in Gb/s ({@code 100}); {@code Unknown!} (a link that
 * is down) leaves it absent, never 0;</li>
 * <li>{@code Lanes: 4} (ethtool 5.13 on) as {@link PortAttr#LANES}; {@code Duplex: Full} as {@link PortAttr#DUPLEX}
 * ({@code full}, {@code half}; {@code Unknown! (255)} absent); {@code Auto-negotiation: on} as {@link PortAttr#AUTONEG};
 * {@code Port: Direct Attach Copper} as {@link PortAttr#PORT_TYPE};</li>
 * <li>{@code Link detected: yes} (netlink may add the reason a link is down, {@code no (No cable)}) as
 * {@link PortAttr#LINK_DETECTED} ({@code yes}, {@code no}). Not {@link PortAttr#STATE}: that is the RDMA port's
 * state ({@code ACTIVE}, {@code DOWN}, from sysfs, rdma or ibstat), which a joined snapshot keeps.</li>
 * </ul>
 * The link mode and message-level lists with their continuation lines, the pause, wake-on, PHY and FEC capability
 * lines are read past (the FEC the link runs is {@code ethtool --show-fec}'s, {@link EthtoolFecReader}). Several
 * interfaces in one file ({@code for i in a b; do ethtool $i; done}) are several ports; a prompt or
 * {@code # ethtool X} line ({@link org.fabriclab.capture.ShellPrompt}) is skipped, and another command's output in a paste is skipped up to the next
 * {@code Settings for} header. ethtool's own messages ({@code Cannot get wake-on-lan settings: Operation not
 * permitted}, {@code No data available}) are warnings; a file holding nothing else is refused with them.
 *
 * <pre>{@code
 * Capture c = new EthtoolSettingsReader().read(Input.of(Path.of("ethtool.ens1f0np0.txt")));
 * c.attr("netdev ens1f0np0", PortAttr.RATE_GBPS);   // Optional[100]
 * }</pre>
 */
public final class EthtoolSettingsReader implements CaptureReader {
    private static final String HEADER = "Settings for ";
    /** Another ethtool query's header: {@code FEC parameters for X:}, {@code Pause parameters for X:}, {@code Features for X:}. */
    static final Pattern OTHER_HEADER = Pattern.compile("^(?:[A-Z][A-Za-z-]*(?: [A-Za-z-]+)* for \\S+|NIC statistics|PHY statistics):$");
    private static final Pattern SPEED = Pattern.compile("^(\\d+)\\s*Mb/s$");
    private static final Pattern LINK = Pattern.compile("^(yes|no)(?:\\s*\\(.*\\))?$");
    /** Lines whose value runs on over the lines below it (link modes, message level names). */
    private static final Set<String> LISTS = Set.of("Supported ports", "Supported link modes", "Advertised link modes",
            "Link partner advertised link modes", "Supported FEC modes", "Advertised FEC modes", "Link partner advertised FEC modes",
            "Current message level");
    /** ethtool's other settings lines: read past. */
    private static final Set<String> OTHERS = Set.of("Supported pause frame use", "Supports auto-negotiation", "Advertised pause frame use",
            "Advertised auto-negotiation", "Link partner advertised pause frame use", "Link partner advertised auto-negotiation",
            "PHYAD", "Transceiver", "MDI-X", "Supports Wake-on", "Wake-on", "SecureOn password", "master-slave cfg",
            "master-slave status", "SQI", "Link Down Events", "PLCA support", "PLCA status", "MDIO support");

    @Override public String format() { return "ethtool-settings"; }

    @Override public int sniff(Input in) {
        if (in.isDirectory()) return 0;
        for (String l : in.head(8)) {
            String t = l.strip();
            if (t.startsWith(HEADER) && t.endsWith(":") && t.length() > HEADER.length() + 1) return 95;
            String[] cmd = CommandLine.command(l, "ethtool");
            if (cmd != null && device(cmd) != null) return 90;
        }
        return 0;
    }

    /** The interface of {@code ethtool X} (no option), or null for any other ethtool command. */
    static String device(String[] cmd) {
        String dev = null;
        for (int i = 1; i < cmd.length; i++) {
            String w = cmd[i];
            if (w.startsWith("|") || w.startsWith(">") || w.startsWith(";") || w.startsWith("&") || w.startsWith("2>")) break;
            if (w.startsWith("-") || dev != null) return null;   // an option: another query (-S, -a, --show-fec, --json)
            dev = w.replaceAll("[|;>&].*$", "");   // a pipe or redirection glued to the name
            if (!w.equals(dev)) break;
        }
        return dev == null || dev.isEmpty() ? null : dev;
    }

    /**
     * Reads every interface's settings block.
     *
     * @throws CaptureException naming the file, the line and what was expected: a value ethtool does not print
     *         ({@code Speed: fast}, {@code Link detected: maybe}), a line that is no {@code Key: value}, settings before
     *         any header, or a file with no settings (ethtool's own message when it printed one)
     */
    @Override public Capture read(Input in) {
        String file = in.name();
        Capture.Builder b = Capture.builder(Source.ETHTOOL, file);
        LineCursor c = new LineCursor(in.text());
        EthtoolSession session = new EthtoolSession(b, file, HEADER, EthtoolSettingsReader::device);
        boolean list = false;
        int facts = 0, noise = 0;
        String message = null;
        while (c.next()) {
            String line = c.line();
            String t = line.strip();
            int n = c.number();
            EthtoolSession.Line kind = session.line(line, t, n);
            if (kind != EthtoolSession.Line.BODY) {
                if (kind == EthtoolSession.Line.BOUNDARY) list = false;
                noise++;
                continue;
            }
            String port = session.port();
            if (t.equals("No data available") || t.startsWith("Cannot get ") || t.startsWith("netlink error")) {
                // ethtool's own messages (perror's, pasted with 2>&1): the settings it could read are still there
                b.warn(file + ":" + n + ": ethtool says '" + Values.abbreviate(t) + "'");
                if (message == null) message = t;
                noise++;
                continue;
            }
            int colon = t.indexOf(':');
            if (colon <= 0) {
                if (list) { noise++; continue; }   // a link mode or message level name below its list's first line
                throw new CaptureException(file, n, "expected ethtool X's 'Key: value' settings lines (Speed:, Duplex:, Link detected:), found '"
                        + Values.abbreviate(t) + "'");
            }
            if (port == null) {
                throw new CaptureException(file, n, "expected a 'Settings for X:' header (or an 'ethtool X' command line) before ethtool's settings, found '"
                        + Values.abbreviate(t) + "'");
            }
            String key = t.substring(0, colon).strip();
            String v = t.substring(colon + 1).strip();
            list = LISTS.contains(key);
            if (setting(b, port, key, v, file, n)) facts++;
            else if (!list && !OTHERS.contains(key)) {
                b.warn(file + ":" + n + ": '" + Values.abbreviate(t) + "' is not an ethtool settings line this reader knows; skipped");
            }
        }
        if (session.port() == null) throw new CaptureException(file, 0, "no 'Settings for X:' header nor 'ethtool X' command line; expected ethtool X output");
        if (facts == 0) {
            throw new CaptureException(file, 0, message != null ? "no link settings, ethtool says '" + Values.abbreviate(message) + "'"
                    : "no link settings found; expected ethtool X output (Speed:, Duplex:, Link detected:)");
        }
        b.noise(noise);
        return b.build();
    }

    /** Keeps one settings line as its attribute; false when the key is not one kept or its value says unknown. */
    private static boolean setting(Capture.Builder b, String port, String key, String v, String file, int n) {
        switch (key) {
            case "Speed" -> {
                if (v.startsWith("Unknown")) return false;
                Matcher m = SPEED.matcher(v);
                if (!m.matches()) throw new CaptureException(file, n, "Speed is '" + Values.abbreviate(v) + "'; expected a speed in Mb/s (100000Mb/s) or Unknown!");
                String gbps = LinkSpeed.gbps(parse(m.group(1), key, file, n));
                if (gbps == null) return false;
                b.attr(port, PortAttr.RATE_GBPS, gbps, n);
                return true;
            }
            case "Lanes" -> {
                if (v.startsWith("Unknown")) return false;
                if (!v.matches("\\d{1,3}")) throw new CaptureException(file, n, "Lanes is '" + Values.abbreviate(v) + "'; expected a number of lanes (4)");
                b.attr(port, PortAttr.LANES, v, n);
                return true;
            }
            case "Duplex" -> {
                if (v.startsWith("Unknown")) return false;
                String d = v.toLowerCase(Locale.ROOT);
                if (!d.equals("full") && !d.equals("half")) throw new CaptureException(file, n, "Duplex is '" + Values.abbreviate(v) + "'; expected Full, Half or Unknown!");
                b.attr(port, PortAttr.DUPLEX, d, n);
                return true;
            }
            case "Auto-negotiation" -> {
                String a = v.toLowerCase(Locale.ROOT);
                if (!a.equals("on") && !a.equals("off")) throw new CaptureException(file, n, "Auto-negotiation is '" + Values.abbreviate(v) + "'; expected on or off");
                b.attr(port, PortAttr.AUTONEG, a, n);
                return true;
            }
            case "Port" -> {
                if (v.isEmpty()) throw new CaptureException(file, n, "Port has no value; expected a connector (FIBRE, Direct Attach Copper, ...)");
                if (v.startsWith("Unknown")) return false;
                b.attr(port, PortAttr.PORT_TYPE, v, n);
                return true;
            }
            case "Link detected" -> {
                Matcher m = LINK.matcher(v);
                if (!m.matches()) throw new CaptureException(file, n, "Link detected is '" + Values.abbreviate(v) + "'; expected yes or no");
                b.attr(port, PortAttr.LINK_DETECTED, m.group(1), n);
                return true;
            }
            default -> { return false; }
        }
    }

    private static long parse(String digits, String key, String file, int n) {
        try {
            return Long.parseLong(digits);
        } catch (NumberFormatException e) {
            throw new CaptureException(file, n, key + " '" + Values.abbreviate(digits) + "' is out of range; expected a speed in Mb/s");
        }
    }
}
