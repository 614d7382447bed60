package org.fabriclab.capture.netdev;

import java.util.HashMap;
import java.util.Map;

import org.fabriclab.capture.Capture;
import org.fabriclab.capture.CaptureException;
import org.fabriclab.capture.CaptureReader;
import org.fabriclab.capture.Input;
import org.fabriclab.capture.LineCursor;
import org.fabriclab.capture.ShellPrompt;
import org.fabriclab.capture.Values;
import org.fabriclab.capture.Words;
import org.fabriclab.catalogue.Source;

/**
 * Reads {@code /proc/net/dev} (Linux {@code net/core/net-procfs.c}, {@code dev_seq_printf_stats}): two header lines,
 * {@code Inter-|   Receive ... |  Transmit} and {@code  face |bytes packets errs drop fifo frame compressed multicast|bytes
 * packets errs drop fifo colls carrier compressed}, then per interface {@code NAME: } and the counts, the name glued to
 * the first count when the kernel's padding leaves no blank ({@code eth0:1234567890}; a netdev name holds no colon).
 * The columns are read by the second header's labels. Most are {@code struct rtnl_link_stats64} fields; three are the
 * kernel's sums, read as counters of their own: receive {@code drop} ({@code rx_dropped + rx_missed_errors}),
 * receive {@code frame} (length, overrun, CRC and alignment errors together: CRC errors are not apart here) and
 * transmit {@code carrier} (carrier, aborted, window and heartbeat errors). Readings are of source
 * {@link Source#NETDEV_STATS} on port {@code netdev NAME}, exact 64-bit counts (bytes for {@code bytes}).
 *
 * <pre>{@code
 * Capture c = new ProcNetDevReader().read(Input.of(Path.of("proc-net-dev.txt")));
 * c.reading("netdev eth0", "netdev_rx_frame_sum");
 * }</pre>
 */
public final class ProcNetDevReader implements CaptureReader {
    private static final String FIRST = "Inter-|";
    private static final Map<String, String> RX = Map.of("bytes", "rx_bytes", "packets", "rx_packets", "errs", "rx_errors",
            "drop", "procnet_rx_drop", "fifo", "rx_fifo_errors", "frame", "procnet_rx_frame", "compressed", "rx_compressed",
            "multicast", "multicast");
    private static final Map<String, String> TX = Map.of("bytes", "tx_bytes", "packets", "tx_packets", "errs", "tx_errors",
            "drop", "tx_dropped", "fifo", "tx_fifo_errors", "colls", "collisions", "carrier", "procnet_tx_carrier",
            "compressed", "tx_compressed");

    @Override public String format() { return "proc-net-dev"; }

    @Override public int sniff(Input in) {
        if (in.isDirectory()) return 0;
        boolean first = false;
        for (String l : in.head(6)) {
            String t = l.strip();
            if (t.startsWith(FIRST) && t.contains("Receive")) first = true;
            else if (first) return t.startsWith("face |") ? 95 : 0;
        }
        return 0;
    }

    /**
     * @throws CaptureException naming file and line for an interface line with another number of counts than the header
     *         has labels, a label the kernel does not print, a value that is no count, an interface line before the
     *         header, an interface printed twice under one header (a run of several, appended, repeats the header), or no
     *         interface at all
     */
    @Override public Capture read(Input in) {
        String file = in.name();
        Capture.Builder b = Capture.builder(Source.NETDEV_STATS, file);
        LineCursor c = new LineCursor(in.text());
        String[] fields = null;
        Map<String, Integer> seen = new HashMap<>();
        int ports = 0, noise = 0;
        while (c.next()) {
            String t = c.line().strip();
            int n = c.number();
            if (t.isEmpty() || t.startsWith(FIRST) || ShellPrompt.isPromptLine(c.line()) || t.startsWith("cat ")) { noise++; continue; }
            // a header again: the next run of cat /proc/net/dev (appended after the test), read as one
            if (t.startsWith("face |")) { fields = columns(t, file, n); seen.clear(); noise++; continue; }
            int colon = t.indexOf(':');
            if (colon <= 0) {
                throw new CaptureException(file, n, "expected 'NAME: counts' as /proc/net/dev prints, found '" + Values.abbreviate(t) + "'");
            }
            if (fields == null) {
                throw new CaptureException(file, n, "an interface line before the ' face |bytes packets ...' header; expected /proc/net/dev");
            }
            String name = t.substring(0, colon).strip();
            String[] values = Words.split(t.substring(colon + 1).strip());
            if (values.length != fields.length) {
                throw new CaptureException(file, n, "expected " + fields.length + " counts after '" + name + ":' as the header "
                        + "labels them, found " + values.length);
            }
            Integer before = seen.put(name, n);
            if (before != null) {
                throw new CaptureException(file, n, "interface " + name + " is printed twice (line " + before + " and " + n
                        + ") under one header; expected each run of /proc/net/dev under its own header");
            }
            String port = LinkStats.start(b, name, file, n);
            for (int i = 0; i < fields.length; i++) b.counter(port, fields[i], LinkStats.count(values[i], fields[i], file, n), n);
            ports++;
        }
        if (ports == 0) throw new CaptureException(file, 0, "no interface line found; expected /proc/net/dev ('eth0: 1234 56 ...')");
        b.noise(noise);
        return b.build();
    }

    /** The fields of {@code face |RX labels|TX labels}, in column order. */
    private static String[] columns(String header, String file, int n) {
        String[] parts = header.split("\\|", -1);
        if (parts.length != 3) {
            throw new CaptureException(file, n, "expected ' face |<receive labels>|<transmit labels>' as /proc/net/dev's second header");
        }
        String[] rx = Words.split(parts[1].strip()), tx = Words.split(parts[2].strip());
        String[] out = new String[rx.length + tx.length];
        for (int i = 0; i < rx.length; i++) out[i] = field(RX, rx[i], "Receive", file, n);
        for (int i = 0; i < tx.length; i++) out[rx.length + i] = field(TX, tx[i], "Transmit", file, n);
        return out;
    }

    private static String field(Map<String, String> m, String label, String side, String file, int n) {
        String f = m.get(label);
        if (f == null) {
            throw new CaptureException(file, n, "'" + label + "' is no " + side + " column of /proc/net/dev; expected "
                    + String.join(" ", new java.util.TreeSet<>(m.keySet())));
        }
        return f;
    }
}
