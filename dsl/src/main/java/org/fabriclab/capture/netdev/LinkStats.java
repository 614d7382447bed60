package org.fabriclab.capture.netdev;

import org.fabriclab.capture.Capture;
import org.fabriclab.capture.CaptureException;
import org.fabriclab.capture.PortAttr;
import org.fabriclab.capture.Values;

/**
 * What the four layouts of {@code struct rtnl_link_stats64} share: the port name {@code netdev <if>}, the exact
 * parsing of a count (a rounded {@code ip -h} figure such as {@code 6.04T} is refused, not guessed) and the netdev
 * attributes ({@code mtu}, {@code operstate}, {@link PortAttr#RATE_GBPS} from a speed in Mb/s).
 *
 * <pre>{@code
 * LinkStats.port("ens1f0np0");                              // "netdev ens1f0np0"
 * LinkStats.count("12345", "crc", "ip.txt", 7);             // 12345
 * LinkStats.rateGbps("25000");                              // "25"
 * }</pre>
 */
final class LinkStats {
    /** A port with no interface name (a {@code statistics/} folder grepped from inside its interface). */
    static final String UNNAMED = "netdev ?";
    /** The netdev's MTU in bytes (ip's {@code mtu N}, sysfs {@code mtu}). */
    static final String MTU = "mtu";
    /** The netdev's RFC 2863 operational state as the kernel names it ({@code UP}, {@code DOWN}, {@code up}, ...). */
    static final String OPERSTATE = "operstate";

    private LinkStats() {}

    /** {@code netdev <if>}. */
    static String port(String ifname) { return "netdev " + ifname; }

    /** Starts a port: its {@link PortAttr#NETDEV} attribute, which a snapshot joins on. */
    static String start(Capture.Builder b, String ifname, String file, int line) {
        String port = port(ifname);
        b.attr(port, PortAttr.NETDEV, ifname, file, line);
        return port;
    }

    /**
     * {@code text} as an exact count of the field {@code what}.
     *
     * @throws CaptureException naming file and line for a rounded ({@code ip -h}) figure or anything not a non-negative integer
     */
    static long count(String text, String what, String file, int line) {
        String t = text.strip();
        if (!t.isEmpty() && Character.isDigit(t.charAt(0)) && !t.chars().allMatch(Character::isDigit)
                && "kKMGTPEi".indexOf(t.charAt(t.length() - 1)) >= 0) {
            throw new CaptureException(file, line, "'" + what + "' is " + t + ", a rounded figure (ip -h / -human); expected "
                    + "exact counts: run ip -s link without -h");
        }
        if (t.isEmpty() || !t.chars().allMatch(Character::isDigit)) {
            throw new CaptureException(file, line, "expected an integer count for '" + what + "', found '" + Values.abbreviate(t) + "'");
        }
        return Values.parseCounter(t, file, line);
    }

    /** A speed in Mb/s ({@code /sys/class/net/X/speed}) as whole or decimal Gb/s, null for -1 or anything not positive. */
    static String rateGbps(String mbps) {
        try {
            long v = Long.parseLong(mbps.strip());
            if (v <= 0) return null;
            return v % 1000 == 0 ? Long.toString(v / 1000) : Double.toString(v / 1000.0);
        } catch (NumberFormatException e) {
            return null;
        }
    }
}
