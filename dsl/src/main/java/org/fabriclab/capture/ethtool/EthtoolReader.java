package org.fabriclab.capture.ethtool;

import java.util.Arrays;
import java.util.List;

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
 * Reads {@code ethtool -S} output, with or without the {@code NIC statistics:} header and the
 * indentation; also {@code ethtool --phy-statistics} ({@code PHY statistics:}) and the kernel's standard
 * counters of {@code ethtool -S X --all-groups} ({@code Standard stats for X:}, or {@code Stats for X:} as the kernel documentation shows it, which names the port).
 * The standard names ({@code eth-phy-SymbolErrorDuringCarrier}, {@code eth-mac-OctetsReceivedOK}) stay
 * uncatalogued: they read the registers the driver's own names read ({@code rx_symbol_err_phy}), so one
 * snapshot holding both dumps would hold one counter twice, read at two moments. Each line is split on
 * its last {@code ": "}; the value must be an integer (a run of digits above 2^63-1, a driver's u64 left
 * near 2^64, is that counter absent, with a warning), and blanks a driver pads its names with (cxgb4's
 * {@code tx_octets_ok           : 5}) are not part of the name. Per-queue
 * counters ({@code rx0_packets}, {@code ch3_arm}) are kept as uncatalogued readings; vmxnet3's per-queue blocks
 * ({@code Tx Queue#: 0}, then that queue's counters indented below it, some nested under a total) are named by queue
 * and parent ({@code Tx Queue#0 drv dropped tx total/giant hdr}), as the same names repeat for every queue. The port is
 * {@code netdev <name>} when the file names the interface on a command line
 * ({@code $ ethtool -S ens1f0np0}, {@code # ethtool -S X}, {@code [root@h ~]# ethtool -S X},
 * {@code root@h:~# ethtool -S X}: any {@link ShellPrompt}; a prompt with no command is skipped; a line that
 * is no counter but names {@code ethtool -S X}, as {@code sudo ethtool -S X}, bash -x's {@code + ethtool -S X}
 * and watch's {@code Every 2.0s: ethtool -S X} do), else
 * {@code netdev ?}, which a snapshot pairs with the only RDMA port. Several command lines in one
 * file start several ports. ethtool's own message for an interface it cannot read counters of
 * ({@code no stats available} for a bond or {@code lo}, {@code Cannot get stats strings information: ...}),
 * right after that interface's command line, leaves that port without counters and a warning; a file
 * holding nothing else is refused with that message. Another command's output in the same paste ({@code # ethtool -i X}
 * or {@code $ ip -s link} before {@code # ethtool -S X}) is skipped up to the next {@code ethtool -S} command line.
 *
 * <pre>{@code
 * Capture c = new EthtoolReader().read(Input.of(Path.of("eth.txt")));
 * c.reading("netdev ?", "rx_discards_phy");
 * }</pre>
 */
public final class EthtoolReader implements CaptureReader {
    static final String UNNAMED = "netdev ?";
    private static final String HEADER = "NIC statistics:";
    /** {@code ethtool --phy-statistics}' header. */
    private static final String PHY_HEADER = "PHY statistics:";
    /** The header of the kernel's standard counters ({@code ethtool -S X --all-groups} / {@code --groups ...}), naming the interface. */
    private static final String STD_HEADER = "Standard stats for ";
    /**
     * The same header as the kernel's Documentation/networking/statistics.rst and the ethtool patch that added
     * {@code --groups} (2021) print it: {@code Stats for eth0:}.
     */
    private static final String STD_HEADER_SHORT = "Stats for ";
    /**
     * What ethtool prints instead of the counters when it cannot read them (ethtool.c do_gstats: a bond, a
     * bridge, {@code lo}: "no stats available", exit 94; perror "Cannot get stats strings information: ..." and
     * "Cannot get stats information: ...", exits 96 and 97; get_stringset's "Cannot get driver information: ...").
     */
    private static final String[] NO_STATS = {"no stats available", "no memory available", "Cannot get stats strings information",
            "Cannot get stats information", "Cannot get driver information"};

    @Override public String format() { return "ethtool"; }

    @Override public int sniff(Input in) {
        if (in.isDirectory()) return 0;
        List<String> head = in.head(20);
        if (head.isEmpty()) return 0;
        String first = head.get(0).strip();
        // ethtool --json -S X --all-groups prints JSON: the ethtool-json reader's, whatever its command line says
        if (interfaceOf(first) != null && Arrays.asList(Words.split(first)).contains("--json")) return 0;
        if (first.equals(HEADER) || first.equals(PHY_HEADER) || standardStatsInterface(first) != null || interfaceOf(first) != null) return 95;
        // a paste that runs another command first (ethtool -i X, then ethtool -S X): its ethtool -S command line further down
        for (String l : in.head(40)) {
            String[] cmd = CommandLine.command(l, "ethtool");
            if (cmd != null && interfaceOf(l) != null) return Arrays.asList(cmd).contains("--json") ? 0 : 90;
        }
        int pairs = 0;
        int ethNames = 0;
        List<String> names = new java.util.ArrayList<>();
        for (String l : head) {
            String t = l.strip();
            int sep = t.lastIndexOf(": ");
            if (sep <= 0) continue;
            String v = t.substring(sep + 2).strip();
            if (v.isEmpty() || !v.chars().allMatch(Character::isDigit)) continue;
            pairs++;
            if (t.startsWith("rx") || t.startsWith("tx") || t.startsWith("ch")) ethNames++;
            names.add(t.substring(0, sep).strip());
        }
        if (pairs < Math.min(5, head.size()) || pairs * 10 < head.size() * 8) return 0;
        // 'port_xmit_data: 5', 'symbol_error: 0' (a loop printing each sysfs counter file's name and value): sysfs
        // counters without their path, which the collection-script reader binds; no ethtool -S dump of this driver's
        // (asked of the catalogue only here, for a file of name: value lines: its per-source indexes are built on first use)
        if (ethNames * 2 < pairs && names.stream().filter(EthtoolReader::sysfsName).count() * 2 > pairs) return 0;
        return ethNames * 2 >= pairs ? 70 : 40;
    }

    /** A name the catalogue binds in sysfs ({@code counters/}, {@code hw_counters/}) and never in ethtool -S. */
    private static boolean sysfsName(String name) {
        org.fabriclab.catalogue.Catalogue cat = org.fabriclab.catalogue.Catalogue.standard();
        if (cat.lookup(Source.ETHTOOL, name).isPresent()) return false;
        return cat.lookup(Source.SYSFS, name).isPresent() || cat.lookup(Source.HW_COUNTERS, name).isPresent();
    }

    @Override public Capture read(Input in) {
        String file = in.name();
        Capture.Builder b = Capture.builder(Source.ETHTOOL, file);
        LineCursor c = new LineCursor(in.text());
        String text = c.text();
        // the hot loop scans bytes (one per char, offsets equal to the string's); names and errors use the string
        byte[] a = text.getBytes(java.nio.charset.StandardCharsets.ISO_8859_1);
        String port = UNNAMED;
        boolean portAnnounced = false;
        if (in.partName() != null) {
            // one file of a multi-file dump (==> eth0 <==, grep -H): the file names the interface
            String dev = netdevOf(in.fileName());
            port = "netdev " + dev;
            b.attr(port, PortAttr.NETDEV, dev, 1);
        } else if (in.command() != null && interfaceOf(in.command()) != null) {
            // the command recorded outside the file (a sosreport's ethtool_-S_eth0): line 0, no line of the file says it
            String dev = interfaceOf(in.command());
            port = "netdev " + dev;
            b.attr(port, PortAttr.NETDEV, dev, 0);
        }
        int noise = 0;
        int counters = 0;
        // counters read since the last command line, and ethtool's own "no stats" message for the port that line named
        int portCounters = 0;
        String noStats = null;
        int noStatsLine = 0;
        QueueSection section = null;
        // inside another command's output in a paste (ethtool -i X before ethtool -S X), skipped up to the next ethtool -S
        boolean foreign = false;
        while (c.next()) {
            int s = c.start();
            int e = c.end();
            while (s < e && (a[s] == ' ' || a[s] == '\t')) s++;
            while (e > s && (a[e - 1] == ' ' || a[e - 1] == '\t')) e--;
            if (s >= e) { noise++; continue; }
            char first = (char) (a[s] & 0xff);
            if ((text.startsWith(HEADER, s) && e - s == HEADER.length()) || (text.startsWith(PHY_HEADER, s) && e - s == PHY_HEADER.length())) {
                foreign = false;
                noise++;
                continue;
            }
            // a shell prompt or comment ($, #, [user@host ~]#, user@host:~#) naming "ethtool -S <if>" starts a
            // port, as --all-groups' "Standard stats for X:" does; bnxt's per-ring counters ("[0]: rx_ucast_packets: 5") also start with '[' and are counters
            boolean prompt = first == '$' || first == '#' || text.startsWith("ethtool ", s) || promptLine(text, s, e, a);
            String dev = prompt ? interfaceOf(text.substring(s, e))
                    : first == 'S' && (text.startsWith(STD_HEADER, s) || text.startsWith(STD_HEADER_SHORT, s))
                    ? standardStatsInterface(text.substring(s, e)) : null;
            if (dev != null) {
                port = "netdev " + dev;
                b.attr(port, PortAttr.NETDEV, dev, c.number());
                portAnnounced = true;
                portCounters = 0;
                section = null;
                foreign = false;
            }
            if (prompt || dev != null) {
                // another command's line (ethtool -i X, ethtool -a X, ip -s link): its output, up to the next ethtool -S, is not counters
                if (dev == null) foreign |= otherCommand(text.substring(s, e));
                noise++;
                continue;
            }
            if (foreign) { noise++; continue; }
            String message = portAnnounced && portCounters == 0 ? noStatsMessage(text.substring(s, e)) : null;
            if (message != null) {
                // the command ran on an interface without counters (a loop over every interface meets bonds and lo): that port has none
                b.warn(file + ":" + c.number() + ": " + port + ": ethtool printed '" + message + "', no counters for that interface");
                if (noStats == null) { noStats = message; noStatsLine = c.number(); }
                noise++;
                continue;
            }
            // the last ": " of the line: the value is the run of digits after it
            int sep = e - 2;
            while (sep >= s && !(a[sep] == ':' && a[sep + 1] == ' ')) sep--;
            int v = sep + 2;
            while (v < e && a[v] == ' ') v++;
            long value = sep < s ? -1 : Values.parseDecimal(a, v, e);
            if (value < 0) {
                // not "name: <decimal>": a command line with no prompt before it (sudo ethtool -S X; bash -x's
                // "+ ethtool -S X"; watch's "Every 2.0s: ethtool -S X   host: <date>") starts a port too
                String cmd = interfaceOf(text.substring(s, e));
                if (cmd != null) {
                    foreign = false;
                    port = "netdev " + cmd;
                    b.attr(port, PortAttr.NETDEV, cmd, c.number());
                    portAnnounced = true;
                    portCounters = 0;
                    section = null;
                    noise++;
                    continue;
                }
                if (sep < s) {
                    if (text.charAt(e - 1) == ':') {
                        throw new CaptureException(file, c.number(), "counter '" + text.substring(s, e - 1)
                                + "' has no value; expected 'name: <integer>' (is the file cut here?)");
                    }
                    throw new CaptureException(file, c.number(), "expected 'name: <integer>' as ethtool -S prints, found '"
                            + abbreviate(text.substring(s, e)) + "'");
                }
                // a run of digits beyond 2^63-1: a driver's counter left at or wrapped below zero to near 2^64 (u64 -1 for
                // "not supported", a reset that went backwards); the other counters of the dump stay readable
                // (Long.parseUnsignedLong gives such a value as a negative long, which marks it below)
                value = c.isDigits(v, e) && isU64(text, v, e) ? Long.parseUnsignedLong(text.substring(v, e)) : c.counter(v, e, file);
            }
            // cxgb4 pads its names with blanks to one width ("tx_octets_ok           : 5"): the name ends at its last non-blank
            int ne = sep;
            while (ne > s && (a[ne - 1] == ' ' || a[ne - 1] == '\t')) ne--;
            if (ne == s) {
                throw new CaptureException(file, c.number(), "a value with no counter name; expected 'name: <integer>' as ethtool -S prints, found '"
                        + abbreviate(text.substring(s, e)) + "'");
            }
            int hash = 0;
            for (int i = s; i < ne; i++) hash = 31 * hash + (a[i] & 0xff);
            // the name cache compares the real characters, so a byte hash is a valid (consistent) hash here
            String name = c.name(s, ne, hash);
            int indent = s - c.start();
            if (section != null && section.endsAt(indent)) section = null;   // back at the queue header's depth: its section ended
            if (name.equals(TX_QUEUE) || name.equals(RX_QUEUE)) {
                // vmxnet3 prints each queue's counters under a "Tx Queue#: N" / "Rx Queue#: N" line (the value is the queue's
                // index), the same names again for every queue and nested under a total: each is named by its queue and parent
                section = new QueueSection(name + value, indent);
                noise++;
                continue;
            }
            if (section != null) name = section.qualified(name, indent);
            if (value < 0) {
                b.absent(port, name, c.number(), "value " + text.substring(v, e) + " is above 2^63-1: a driver's unset or wrapped-below-zero"
                        + " counter, not a count");
                b.warn(file + ":" + c.number() + ": " + port + " " + name + " = " + text.substring(v, e)
                        + ": above 2^63-1, read as absent (a driver's unset or wrapped-below-zero counter)");
            } else {
                b.counter(port, name, value, c.number());
            }
            counters++;
            portCounters++;
        }
        if (counters == 0 && noStats != null) {
            throw new CaptureException(file, noStatsLine, "ethtool printed '" + noStats + "' instead of counters; the file holds no counter");
        }
        if (counters == 0) {
            throw new CaptureException(file, 0, "no 'name: value' counters found; expected ethtool -S output"
                    + (portAnnounced ? " after the command line (is the file cut?)" : ""));
        }
        b.noise(noise);
        return b.build();
    }


    /**
     * Whether the line at {@code [s, e)} starts with a shell prompt ({@code [root@h ~]# }, {@code root@h:~# },
     * {@code ops@h:/tmp$ }) or is one with nothing after it. Only lines holding a prompt character are
     * tried, so the counter lines of the hot loop skip the pattern.
     */
    private static boolean promptLine(String text, int s, int e, byte[] a) {
        boolean promptChar = false;
        for (int i = s; i < e; i++) {
            byte ch = a[i];
            if (ch == '$' || ch == '#' || ch == '%' || ch == '>') { promptChar = true; break; }
        }
        if (!promptChar) return false;
        String line = text.substring(s, e);
        return ShellPrompt.isPromptLine(line);
    }

    /**
     * Whether a prompt or command line that names no {@code ethtool -S <if>} runs another command whose output follows
     * it: ethtool with another option ({@code -i}, {@code -a}, {@code -m}; not {@code --phy-statistics}, whose output
     * this reader reads), or another tool behind a prompt. A {@code #} comment that is no ethtool command is not one.
     */
    private static boolean otherCommand(String line) {
        String[] cmd = CommandLine.command(line, "ethtool");
        if (cmd != null) return !Arrays.asList(cmd).contains("--phy-statistics");
        return CommandLine.otherCommand(line, "ethtool");
    }

    /** Whether the digits {@code text[from, to)} are a u64 (at most 18446744073709551615), which ethtool's %llu prints. */
    private static boolean isU64(String text, int from, int to) {
        int n = to - from;
        return n < 20 || (n == 20 && text.substring(from, to).compareTo("18446744073709551615") <= 0);
    }

    /** The line when it is one of ethtool's {@link #NO_STATS} messages, else null. */
    private static String noStatsMessage(String line) {
        for (String m : NO_STATS) if (line.startsWith(m)) return line;
        return null;
    }

    /** vmxnet3's queue headers ({@code drivers/net/vmxnet3/vmxnet3_ethtool.c}: the first string of each queue's block). */
    private static final String TX_QUEUE = "Tx Queue#", RX_QUEUE = "Rx Queue#";

    /**
     * The counters under one vmxnet3 queue header: each named {@code Tx Queue#0 ucast pkts tx}, a counter indented
     * under another ({@code drv dropped tx total}'s {@code giant hdr}) {@code Tx Queue#0 drv dropped tx total/giant hdr};
     * a name the section holds already (a dump whose indentation was stripped) gets {@code #2}, {@code #3}; in such a flat
 * dump the last queue's section also takes the driver's global counters after it (nothing tells where it ends).
     */
    private static final class QueueSection {
        final String queue;
        final int indent;
        /** The indentation of the section's first counter; -1 before it. */
        private int childIndent = -1;
        /** The counters above the current line that it may be nested under, innermost first. */
        private final java.util.ArrayDeque<Parent> parents = new java.util.ArrayDeque<>();
        private final java.util.Set<String> seen = new java.util.HashSet<>();

        private record Parent(int indent, String name) {}

        QueueSection(String queue, int indent) {
            this.queue = queue;
            this.indent = indent;
        }

        /**
         * Whether a line indented {@code at} is past this section: in an indented dump, a line at the header's depth or
         * less; in a flat one (the counters at the header's depth) only the next header or command line ends it.
         */
        boolean endsAt(int at) {
            return childIndent > indent && at <= indent;
        }

        String qualified(String name, int at) {
            if (childIndent < 0) childIndent = at;
            while (!parents.isEmpty() && parents.peek().indent() >= at) parents.pop();
            StringBuilder q = new StringBuilder(queue).append(' ');
            java.util.Iterator<Parent> up = parents.descendingIterator();
            while (up.hasNext()) q.append(up.next().name()).append('/');
            q.append(name);
            parents.push(new Parent(at, name));
            String n = q.toString();
            for (int k = 2; !seen.add(n); k++) n = q + "#" + k;
            return n;
        }
    }

    /** The interface a dump's file name gives: {@code ethtool_S_eth0.txt} and {@code eth0} both give {@code eth0}. */
    static String netdevOf(String fileName) {
        String n = fileName;
        int dot = n.lastIndexOf('.');
        if (dot > 0 && n.length() - dot <= 4) n = n.substring(0, dot);
        for (String prefix : new String[] {"ethtool_S_", "ethtool-S-", "ethtool_S-", "ethtool-S_", "ethtool_", "ethtool-"}) {
            if (n.startsWith(prefix) && n.length() > prefix.length()) return n.substring(prefix.length());
        }
        return n;
    }

    /**
     * The interface a file name gives after an {@code ethtool} option prefix ({@code ethtool_m_eth0.txt},
     * {@code ethtool-m-eth0} for option {@code m}), or null when the name has no such prefix.
     */
    static String netdevOf(String fileName, String option) {
        String n = fileName;
        int dot = n.lastIndexOf('.');
        if (dot > 0 && n.length() - dot <= 4) n = n.substring(0, dot);
        for (String sep1 : new String[] {"_", "-"}) {
            for (String sep2 : new String[] {"_", "-"}) {
                String prefix = "ethtool" + sep1 + option + sep2;
                if (n.startsWith(prefix) && n.length() > prefix.length()) return n.substring(prefix.length());
            }
        }
        return null;
    }

    /** The interface of a {@code Standard stats for <if>:} header, or null. */
    static String standardStatsInterface(String line) {
        String header = line.startsWith(STD_HEADER) ? STD_HEADER : line.startsWith(STD_HEADER_SHORT) ? STD_HEADER_SHORT : null;
        if (header == null || !line.endsWith(":")) return null;
        String dev = line.substring(header.length(), line.length() - 1).strip();
        return dev.isEmpty() || dev.contains(" ") ? null : dev;
    }

    /** The interface named by an {@code ethtool -S <if>} command line, or null. */
    static String interfaceOf(String line) {
        int at = line.indexOf("ethtool ");
        if (at < 0) return null;
        String[] words = Words.split(line.substring(at + 8).strip());
        for (int i = 0; i < words.length - 1; i++) {
            if (words[i].equals("-S") || words[i].equals("--statistics")) {
                String dev = words[i + 1];
                return dev.startsWith("-") || dev.isEmpty() ? null : dev;
            }
        }
        return null;
    }

    private static String abbreviate(String s) {
        return s.length() <= 60 ? s : s.substring(0, 57) + "...";
    }
}
