package org.fabriclab.capture.qos;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.TreeSet;

import org.fabriclab.capture.Capture;
import org.fabriclab.capture.CaptureException;
import org.fabriclab.capture.CaptureReader;
import org.fabriclab.capture.CommandLine;
import org.fabriclab.capture.Input;
import org.fabriclab.capture.LineCursor;
import org.fabriclab.capture.PortAttr;
import org.fabriclab.capture.Values;
import org.fabriclab.capture.Words;
import org.fabriclab.catalogue.Source;

/**
 * Reads {@code mlnx_qos -i <netdev>} (MLNX_OFED's and mlnx-tools' {@code mlnx_qos}, every layout since
 * OFED 4.0): {@code DCBX mode: OS controlled|Firmware controlled}, {@code Priority trust state: dscp}
 * (OFED 4.1: {@code Priority trust mode: pcp}), the {@code dscp2prio mapping:} lines
 * ({@code prio:3 dscp:31,30,...}), {@code Receive buffer size (bytes): ...}, {@code Cable len: N}, then
 * {@code PFC configuration:} with its {@code priority 0 1 ... 7} header, the {@code enabled} row and, on
 * NICs with buffer control, the {@code buffer} row; then one {@code tc: N ratelimit: R, tsa: ets, bw: N%}
 * line per traffic class followed by its {@code priority: N} lines. Everything is a port attribute
 * ({@link PortAttr#PFC_ENABLED} {@code 3}, {@link PortAttr#TRUST} {@code dscp}, {@link PortAttr#PRIO_TC},
 * ...): mlnx_qos prints settings, no counters. The port is {@code netdev <if>} from the command line
 * ({@code $ mlnx_qos -i ens1f0np0}, {@code # mlnx_qos -i X} as {@code fabriclab collect} heads the file),
 * else {@code netdev ?}, which a snapshot pairs with the only RDMA port; several command lines start
 * several ports. A line of a version not known here that reads {@code Key: value} is skipped with a warning.
 *
 * <pre>{@code
 * Capture c = new MlnxQosReader().read(Input.of(Path.of("mlnx_qos.txt")));
 * c.attr("netdev ens1f0np0", PortAttr.PFC_ENABLED);   // Optional[3]
 * }</pre>
 */
public final class MlnxQosReader implements CaptureReader {
    static final String UNNAMED = "netdev ?";

    @Override public String format() { return "mlnx_qos"; }

    @Override public int sniff(Input in) {
        if (in.isDirectory()) return 0;
        for (String l : in.head(12)) {
            String t = l.strip();
            if (CommandLine.command(l, "mlnx_qos") != null) return 95;
            if (t.startsWith("DCBX mode:") || t.startsWith("Priority trust state:") || t.startsWith("Priority trust mode:")
                    || t.equals("PFC configuration:")) return 95;
        }
        return 0;
    }

    /** What one port's block holds while it is read. */
    private static final class Port {
        final String name;
        final Map<Integer, Integer> prioTc = new TreeMap<>();
        final Map<Integer, String> tsa = new TreeMap<>();
        final Map<Integer, String> bw = new TreeMap<>();
        final Map<Integer, TreeSet<Integer>> dscp = new TreeMap<>();
        int tcLine;
        int dscpLine;
        Port(String name) { this.name = name; }
    }

    @Override public Capture read(Input in) {
        String file = in.name();
        Capture.Builder b = Capture.builder(Source.MLNX_QOS, file);
        LineCursor c = new LineCursor(in.text());
        Port p = new Port(UNNAMED);
        List<Integer> header = null;   // the priorities of the PFC table's header, once seen
        Integer tc = null;             // the traffic class whose "priority: N" lines follow
        boolean inDscp = false;
        boolean foreign = false;       // after another command's line in a paste: its output, up to mlnx_qos' next
        int facts = 0;
        int noise = 0;
        while (c.next()) {
            String line = c.line();
            String t = line.strip();
            int n = c.number();
            if (t.isEmpty() || t.startsWith("*")) { noise++; continue; }   // blank, lldpad's "****** WARNING" banner
            String[] cmd = CommandLine.command(line, "mlnx_qos");
            if (cmd != null) {
                String dev = CommandLine.after(cmd, "-i", "--interface");
                if (dev != null) {
                    finish(b, p);
                    p = new Port("netdev " + dev);
                    b.attr(p.name, PortAttr.NETDEV, dev, n);
                    header = null;
                    tc = null;
                    inDscp = false;
                }
                foreign = false;
                noise++;
                continue;
            }
            if (CommandLine.otherCommand(line, "mlnx_qos")) { foreign = true; noise++; continue; }
            if (foreign || t.startsWith("#") || t.startsWith("$")) { noise++; continue; }   // another command's output, a comment
            if (inDscp && t.startsWith("prio:")) {
                dscpLine(file, n, t, p);
                facts++;
                continue;
            }
            inDscp = false;
            if (t.startsWith("DCBX mode:")) {
                String v = t.substring(10).strip().toLowerCase(java.util.Locale.ROOT);
                b.attr(p.name, PortAttr.DCBX, v.startsWith("os") ? "os" : v.startsWith("firmware") ? "firmware" : v, n);
                facts++;
            } else if (t.startsWith("Priority trust state:") || t.startsWith("Priority trust mode:")) {
                String v = t.substring(t.indexOf(':') + 1).strip();
                if (v.isEmpty()) throw new CaptureException(file, n, "'" + t + "' names no trust state; expected pcp or dscp");
                b.attr(p.name, PortAttr.TRUST, v, n);
                facts++;
            } else if (t.startsWith("dscp2prio mapping:")) {
                inDscp = true;
                String rest = t.substring(18).strip();
                if (rest.startsWith("prio:")) dscpLine(file, n, rest, p);
                noise++;
            } else if (t.startsWith("Receive buffer size (bytes):")) {
                String v = t.substring(t.indexOf(':') + 1).strip();
                List<String> sizes = new ArrayList<>();
                for (String s : v.split(",")) {
                    String x = s.strip();
                    if (x.isEmpty() || x.contains("=")) continue;   // max_buffer_size=..., total_size=...
                    if (!x.chars().allMatch(Character::isDigit)) {
                        throw new CaptureException(file, n, "receive buffer size '" + x + "' is not a number of bytes");
                    }
                    sizes.add(x);
                }
                b.attr(p.name, "rx_buffer_size", String.join(",", sizes), n);
                facts++;
            } else if (t.startsWith("Cable len:")) {
                b.attr(p.name, "cable_len", t.substring(10).strip(), n);
                facts++;
            } else if (t.equals("PFC configuration:")) {
                noise++;
            } else if (t.startsWith("priority") && !t.startsWith("priority:")) {
                header = priorities(file, n, t);
                noise++;
            } else if (t.startsWith("enabled") || (t.startsWith("buffer") && !t.startsWith("buffer:"))) {
                boolean enabled = t.startsWith("enabled");
                if (header == null) {
                    throw new CaptureException(file, n, "'" + (enabled ? "enabled" : "buffer")
                            + "' row before the 'priority 0 1 2 3 4 5 6 7' header of PFC configuration");
                }
                String[] w = Words.split(t);
                if (w.length - 1 != header.size()) {
                    throw new CaptureException(file, n, "the '" + w[0] + "' row holds " + (w.length - 1) + " values for "
                            + header.size() + " priorities; expected one per priority (is the line cut?)");
                }
                if (enabled) {
                    int mask = 0;
                    for (int i = 1; i < w.length; i++) {
                        if (!w[i].equals("0") && !w[i].equals("1")) {
                            throw new CaptureException(file, n, "PFC enabled for priority " + header.get(i - 1) + " is '" + w[i] + "'; expected 0 or 1");
                        }
                        if (w[i].equals("1")) mask |= 1 << header.get(i - 1);
                    }
                    b.attr(p.name, PortAttr.PFC_ENABLED, PortAttr.pfcEnabled(mask), n);
                } else {
                    StringBuilder sb = new StringBuilder();
                    for (int i = 1; i < w.length; i++) {
                        if (!w[i].chars().allMatch(Character::isDigit)) {
                            throw new CaptureException(file, n, "buffer of priority " + header.get(i - 1) + " is '" + w[i] + "'; expected a buffer number");
                        }
                        if (sb.length() > 0) sb.append(' ');
                        sb.append(header.get(i - 1)).append(':').append(w[i]);
                    }
                    b.attr(p.name, PortAttr.PRIO_BUFFER, sb.toString(), n);
                }
                facts++;
            } else if (t.startsWith("tc:")) {
                tc = tcLine(file, n, t, p);
                facts++;
            } else if (t.startsWith("priority:")) {
                if (tc == null) throw new CaptureException(file, n, "'" + t + "' before any 'tc: N ...' line; expected the priorities of a traffic class");
                String v = t.substring(9).strip();
                int prio = smallInt(v, 7);
                if (prio < 0) throw new CaptureException(file, n, "priority '" + v + "'; expected 0..7");
                p.prioTc.put(prio, tc);
                p.tcLine = n;
            } else if (t.indexOf(": ") > 0 || t.endsWith(":")) {
                b.warn(file + ":" + n + ": '" + Values.abbreviate(t) + "' is not an mlnx_qos line this reader knows; skipped");
                noise++;
            } else {
                throw new CaptureException(file, n, "expected mlnx_qos output (DCBX mode, Priority trust state, PFC configuration, "
                        + "tc: N ... lines), found '" + Values.abbreviate(t) + "'");
            }
        }
        finish(b, p);
        if (facts == 0) {
            throw new CaptureException(file, 0, "no QoS settings found; expected mlnx_qos -i output (Priority trust state, PFC configuration)");
        }
        b.noise(noise);
        return b.build();
    }

    /** Writes what a port's block gathered over several lines: the dscp map and the traffic classes. */
    private static void finish(Capture.Builder b, Port p) {
        if (!p.dscp.isEmpty()) {
            StringBuilder sb = new StringBuilder();
            p.dscp.forEach((prio, set) -> {
                if (sb.length() > 0) sb.append(' ');
                sb.append(prio).append(':').append(ranges(set));
            });
            b.attr(p.name, "dscp2prio", sb.toString(), p.dscpLine);
        }
        if (!p.prioTc.isEmpty()) b.attr(p.name, PortAttr.PRIO_TC, pairs(p.prioTc), p.tcLine);
        if (!p.tsa.isEmpty()) b.attr(p.name, PortAttr.TC_TSA, pairs(p.tsa), p.tcLine);
        if (!p.bw.isEmpty()) b.attr(p.name, PortAttr.TC_BW, pairs(p.bw), p.tcLine);
    }

    /** {@code priority    0   1   2   3   4   5   6   7}: the priorities, in order. */
    private static List<Integer> priorities(String file, int n, String t) {
        String[] w = Words.split(t);
        List<Integer> out = new ArrayList<>();
        for (int i = 1; i < w.length; i++) {
            int prio = smallInt(w[i], 7);
            if (prio < 0) throw new CaptureException(file, n, "PFC configuration header names priority '" + w[i] + "'; expected 0..7");
            out.add(prio);
        }
        if (out.isEmpty()) throw new CaptureException(file, n, "PFC configuration header names no priority; expected 'priority 0 1 2 3 4 5 6 7'");
        return out;
    }

    /** {@code tc: 3 ratelimit: unlimited, tsa: ets, bw: 50%} (bw only for ets): the traffic class. */
    private static int tcLine(String file, int n, String t, Port p) {
        String[] w = Words.split(t.replace(",", " "));
        int tc = w.length > 1 ? smallInt(w[1], 7) : -1;
        if (tc < 0) throw new CaptureException(file, n, "'" + Values.abbreviate(t) + "': expected 'tc: N ratelimit: R, tsa: T' with N 0..7");
        for (int i = 2; i < w.length - 1; i++) {
            if (w[i].equals("tsa:")) p.tsa.put(tc, w[i + 1]);
            if (w[i].equals("bw:")) {
                String v = w[i + 1].endsWith("%") ? w[i + 1].substring(0, w[i + 1].length() - 1) : w[i + 1];
                if (smallInt(v, 100) < 0) throw new CaptureException(file, n, "bandwidth '" + w[i + 1] + "' of tc " + tc + "; expected a percentage 0..100");
                p.bw.put(tc, v);
            }
        }
        p.tcLine = n;
        return tc;
    }

    /** {@code prio:3 dscp:31,30,29,28,27,26,25,24,} (a long list continues on a line of its own). */
    private static void dscpLine(String file, int n, String t, Port p) {
        String[] w = Words.split(t);
        int prio = w[0].length() > 5 ? smallInt(w[0].substring(5), 7) : -1;
        if (prio < 0 || w.length < 2 || !w[1].startsWith("dscp:")) {
            throw new CaptureException(file, n, "'" + Values.abbreviate(t) + "': expected 'prio:N dscp:D,D,...' of the dscp2prio mapping");
        }
        TreeSet<Integer> set = p.dscp.computeIfAbsent(prio, k -> new TreeSet<>());
        for (String d : w[1].substring(5).split(",")) {
            if (d.isEmpty()) continue;
            int v = smallInt(d, 63);
            if (v < 0) throw new CaptureException(file, n, "dscp '" + d + "' of priority " + prio + "; expected 0..63");
            set.add(v);
        }
        p.dscpLine = n;
    }

    /** A non-negative integer at most {@code max}, or -1. */
    private static int smallInt(String s, int max) {
        if (s.isEmpty() || s.length() > 3 || !s.chars().allMatch(Character::isDigit)) return -1;
        int v = Integer.parseInt(s);
        return v <= max ? v : -1;
    }

    private static String pairs(Map<Integer, ?> m) {
        StringBuilder sb = new StringBuilder();
        m.forEach((k, v) -> {
            if (sb.length() > 0) sb.append(' ');
            sb.append(k).append(':').append(v);
        });
        return sb.toString();
    }

    /** {@code 24,25,...,31} as {@code 24-31}; gaps as commas ({@code 0-7,9}). */
    static String ranges(TreeSet<Integer> set) {
        StringBuilder sb = new StringBuilder();
        Integer start = null, prev = null;
        for (int v : set) {
            if (start == null) { start = v; prev = v; continue; }
            if (v == prev + 1) { prev = v; continue; }
            append(sb, start, prev);
            start = v;
            prev = v;
        }
        if (start != null) append(sb, start, prev);
        return sb.toString();
    }

    private static void append(StringBuilder sb, int from, int to) {
        if (sb.length() > 0) sb.append(',');
        sb.append(from);
        if (to > from) sb.append('-').append(to);
    }
}
