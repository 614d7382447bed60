package org.fabriclab.capture.netdev;

import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import org.fabriclab.capture.Capture;
import org.fabriclab.capture.CaptureException;
import org.fabriclab.capture.CaptureReader;
import org.fabriclab.capture.Input;
import org.fabriclab.capture.LineCursor;
import org.fabriclab.capture.PortAttr;
import org.fabriclab.capture.ShellPrompt;
import org.fabriclab.capture.Values;
import org.fabriclab.catalogue.Source;

/**
 * Reads {@code grep -H . /sys/class/net/*}{@code /statistics/*} (Linux {@code net/core/net-sysfs.c}: one file per
 * {@code struct rtnl_link_stats64} field, named as the field), with the interface's {@code speed} (Mb/s; -1, or
 * grep's {@code Invalid argument}, when the link is down), {@code operstate}, {@code mtu} and {@code carrier_changes}
 * files when the same paste holds them; also {@code grep -r .} run in {@code /sys/class/net}
 * ({@code eth0/statistics/rx_bytes:123}) or in one interface's folder ({@code statistics/rx_bytes:123}, port
 * {@code netdev ?}, which a snapshot pairs with its only RDMA port); and a copied tree ({@link NetClassTree}). Each statistics file is a reading of source
 * {@link Source#NETDEV_STATS} on port {@code netdev <if>}, an exact 64-bit count (bytes for {@code rx_bytes} and
 * {@code tx_bytes}); {@code speed} becomes {@link PortAttr#RATE_GBPS} (25000 Mb/s is {@code 25}), {@code operstate} and
 * {@code mtu} attributes of those names. A statistics file grep could not read is absent with grep's message as the
 * reason; prompts, {@code ###} headers and the interface's other files are noise.
 *
 * <pre>{@code
 * Capture c = new NetClassReader().read(Input.of(Path.of("sys-class-net.txt")));
 * c.reading("netdev ens1f0np0", "rx_crc_errors_phy");
 * c.attr("netdev ens1f0np0", PortAttr.RATE_GBPS);          // Optional[100]
 * }</pre>
 */
public final class NetClassReader implements CaptureReader {
    private static final String MARK = "/class/net/";
    /** Below the mark, or relative: {@code [IF/][statistics/]FILE:VALUE}. */
    private static final Pattern ENTRY = Pattern.compile("(?:(?!statistics/)([^/\\s:]+)/)?(statistics/)?([A-Za-z0-9_]+):(.*)");
    /** A relative line as {@code grep -r .} prints it in {@code /sys/class/net} or in one interface's folder. */
    private static final Pattern RELATIVE = Pattern.compile("(?:[^/\\s:]+/)?statistics/[a-z_]+:.*");

    @Override public String format() { return "sysfs-net"; }

    @Override public int sniff(Input in) {
        if (in.isDirectory()) return NetClassTree.interfaces(in.path()).isEmpty() ? 0 : 90;
        List<String> head = in.head(20);
        if (head.isEmpty()) return 0;
        int hits = 0, other = 0;
        for (String l : head) {
            String t = l.strip();
            if (t.isEmpty() || t.startsWith("#") || t.startsWith("grep: ") || ShellPrompt.isPromptLine(l)) continue;
            int m = t.indexOf(MARK);
            if ((m >= 0 && t.indexOf(':', m) > 0) || RELATIVE.matcher(t).matches()) hits++;
            else other++;
        }
        if (hits == 0) return 0;
        return other == 0 ? 90 : hits * 2 >= hits + other ? 80 : 0;
    }

    /**
     * @throws CaptureException naming file and line for a statistics value that is no count, a path line cut before its
     *         {@code :value}, or a paste with no statistics file
     */
    @Override public Capture read(Input in) {
        String file = in.name();
        Capture.Builder b = Capture.builder(Source.NETDEV_STATS, file);
        if (in.isDirectory()) {
            if (NetClassTree.read(in, b) == 0) throw new CaptureException(file, 0, "no statistics files found under <if>/statistics/");
            return b.build();
        }
        LineCursor c = new LineCursor(in.text());
        java.util.Set<String> started = new java.util.HashSet<>();
        int counts = 0, noise = 0;
        while (c.next()) {
            String t = c.line().strip();
            int n = c.number();
            if (t.isEmpty() || t.startsWith("#") || ShellPrompt.isPromptLine(c.line())) { noise++; continue; }
            boolean unreadable = t.startsWith("grep: ") || t.startsWith("cat: ");
            String rest = t;
            if (unreadable) rest = t.substring(t.indexOf(": ") + 2);
            int m = rest.indexOf(MARK);
            if (m >= 0) rest = rest.substring(m + MARK.length());
            else if (!RELATIVE.matcher(rest).matches()) { noise++; continue; }
            if (rest.indexOf(':') < 0) {
                throw new CaptureException(file, n, "expected '<sysfs path>:<value>' as grep -H prints, found '" + Values.abbreviate(t)
                        + "' (is the file cut here?)");
            }
            if (unreadable) {
                // grep: /sys/class/net/eth0/statistics/rx_bytes: <message>
                int sep = rest.lastIndexOf(": ");
                Matcher e = ENTRY.matcher(sep < 0 ? rest : rest.substring(0, sep) + ":");
                if (sep >= 0 && e.matches() && e.group(2) != null) {
                    String port = port(b, started, e.group(1), file, n);
                    b.absent(port, e.group(3), n, "grep: " + rest.substring(sep + 2).strip());
                } else {
                    noise++;   // an unreadable speed (a link that is down) or another file: no statistic
                }
                continue;
            }
            Matcher e = ENTRY.matcher(rest);
            if (!e.matches()) { noise++; continue; }
            String name = e.group(3), value = e.group(4).strip();
            if (e.group(2) != null) {
                String port = port(b, started, e.group(1), file, n);
                b.counter(port, name, LinkStats.count(value, name, file, n), n);
                counts++;
                continue;
            }
            if (e.group(1) == null) { noise++; continue; }
            String port = port(b, started, e.group(1), file, n);
            switch (name) {
                case "speed" -> {
                    String g = LinkStats.rateGbps(value);
                    if (g != null) b.attr(port, PortAttr.RATE_GBPS, g, n);
                }
                case "operstate" -> b.attr(port, LinkStats.OPERSTATE, value, n);
                case "mtu" -> b.attr(port, LinkStats.MTU, value, n);
                case "carrier_changes" -> { b.counter(port, name, LinkStats.count(value, name, file, n), n); counts++; }
                default -> noise++;
            }
        }
        if (counts == 0) {
            throw new CaptureException(file, 0, "no statistics files found; expected grep -H . /sys/class/net/*/statistics/* output");
        }
        b.noise(noise);
        return b.build();
    }

    /** The port of interface {@code ifname} (null: {@code netdev ?}), its netdev attribute on first sight. */
    private static String port(Capture.Builder b, java.util.Set<String> started, String ifname, String file, int n) {
        if (ifname == null) return LinkStats.UNNAMED;
        String port = LinkStats.port(ifname);
        if (started.add(ifname)) LinkStats.start(b, ifname, file, n);
        return port;
    }
}
