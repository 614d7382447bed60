package org.fabriclab.capture.netdev;

import java.io.IOException;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

import org.fabriclab.capture.Capture;
import org.fabriclab.capture.CaptureException;
import org.fabriclab.capture.CaptureReader;
import org.fabriclab.capture.CommandLine;
import org.fabriclab.capture.Input;
import org.fabriclab.capture.JsonDocuments;
import org.fabriclab.capture.PortAttr;
import org.fabriclab.capture.ShellPrompt;
import org.fabriclab.catalogue.Source;

import com.fasterxml.jackson.core.JsonFactory;
import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.core.JsonToken;

/**
 * Reads {@code ip -j [-p] -s [-s] link} (iproute2 {@code ip/ipaddress.c} {@code print_stats64} in its JSON context): an
 * array of one object per interface, {@code ifname}, {@code mtu}, {@code operstate}, {@code link_type}, and the
 * {@code stats64} object with {@code rx} and {@code tx} members ({@code bytes}, {@code packets}, {@code errors},
 * {@code dropped}, {@code over_errors}, {@code multicast}, with {@code -s -s} {@code crc_errors}, {@code missed_errors},
 * ...; {@code tx.carrier_changes}). Each member becomes a reading of source {@link Source#NETDEV_STATS} named by its
 * {@code struct rtnl_link_stats64} field ({@code rx.crc_errors} is {@code rx_crc_errors}), on port {@code netdev IFNAME},
 * at the member's line; values are exact 64-bit counts (bytes for {@code bytes}). A kernel without 64-bit statistics
 * gives {@code stats} (32-bit) instead: read the same, with a warning that its counts wrap at 2^32. A prompt or
 * {@code ip -j} command line before the JSON is skipped.
 *
 * <pre>{@code
 * Capture c = new IpLinkJsonReader().read(Input.of(Path.of("ip-j-s-link.json")));
 * c.reading("netdev ens1f0np0", "netdev_rx_bytes");
 * }</pre>
 */
public final class IpLinkJsonReader implements CaptureReader {
    private static final JsonFactory JSON = new JsonFactory();
    /** {@code rx.<member>} to its {@code rtnl_link_stats64} field. */
    private static final Map<String, String> RX = Map.ofEntries(Map.entry("bytes", "rx_bytes"), Map.entry("packets", "rx_packets"),
            Map.entry("errors", "rx_errors"), Map.entry("dropped", "rx_dropped"), Map.entry("over_errors", "rx_over_errors"),
            Map.entry("multicast", "multicast"), Map.entry("compressed", "rx_compressed"), Map.entry("length_errors", "rx_length_errors"),
            Map.entry("crc_errors", "rx_crc_errors"), Map.entry("frame_errors", "rx_frame_errors"), Map.entry("fifo_errors", "rx_fifo_errors"),
            Map.entry("missed_errors", "rx_missed_errors"), Map.entry("nohandler", "rx_nohandler"), Map.entry("otherhost", "rx_otherhost_dropped"));
    /** {@code tx.<member>} to its field ({@code carrier_changes}: IFLA_CARRIER_CHANGES). */
    private static final Map<String, String> TX = Map.ofEntries(Map.entry("bytes", "tx_bytes"), Map.entry("packets", "tx_packets"),
            Map.entry("errors", "tx_errors"), Map.entry("dropped", "tx_dropped"), Map.entry("carrier_errors", "tx_carrier_errors"),
            Map.entry("collisions", "collisions"), Map.entry("compressed", "tx_compressed"), Map.entry("aborted_errors", "tx_aborted_errors"),
            Map.entry("fifo_errors", "tx_fifo_errors"), Map.entry("window_errors", "tx_window_errors"),
            Map.entry("heartbeat_errors", "tx_heartbeat_errors"), Map.entry("carrier_changes", "carrier_changes"));

    @Override public String format() { return "ip-link-json"; }

    @Override public int sniff(Input in) {
        if (in.isDirectory()) return 0;
        String text = in.text();
        String head = text.substring(0, Math.min(text.length(), 16384));
        int open = firstJson(head);
        if (open < 0) return 0;
        // rdma -j also has "ifname" (its reader claims JSON with it at 90); stats64 and link_type are ip link's alone
        return head.contains("\"ifname\"") && head.contains("\"link_type\"")
                && (head.contains("\"stats64\"") || head.contains("\"stats\"")) ? 95 : 0;
    }

    /** Where the JSON starts: after blank, prompt and command lines; -1 when another line comes first. */
    private static int firstJson(String text) {
        int at = 0;
        for (String l : text.lines().toList()) {
            String t = l.strip();
            if (t.startsWith("[") && !ShellPrompt.isPromptLine(l) || t.startsWith("{")) return at;
            if (!t.isEmpty() && !ShellPrompt.isPromptLine(l) && CommandLine.command(l, "ip") == null) return -1;
            at += l.length() + 1;
        }
        return -1;
    }

    /** One member read before the interface's name was known. */
    private record Member(String field, long value, int line) {}

    /**
     * @throws CaptureException naming file and line for invalid JSON, a statistics member that is no non-negative
     *         integer, an interface without {@code ifname}, or a file with no statistics
     */
    @Override public Capture read(Input in) {
        String file = in.name();
        Capture.Builder b = Capture.builder(Source.NETDEV_STATS, file);
        String text = in.text();
        int open = firstJson(text);
        if (open < 0) throw new CaptureException(file, 1, "expected ip -j -s link JSON (an array of interfaces)");
        // blank the lines before the JSON so the parser's line numbers are the file's
        String json = text.substring(0, open).replaceAll("[^\\n]", " ") + text.substring(open);
        int counts = 0;
        boolean thirtyTwo = false;
        try (JsonParser p = JSON.createParser(json)) {
            JsonToken t = p.nextToken();
            boolean array = t == JsonToken.START_ARRAY;
            if (array) t = p.nextToken();
            while (t != null && t != JsonToken.END_ARRAY) {
                if (t != JsonToken.START_OBJECT) throw new CaptureException(file, line(p), "expected one JSON object per interface");
                Map<String, String> attrs = new HashMap<>();
                Map<String, Integer> attrLines = new HashMap<>();
                List<Member> members = new ArrayList<>();
                int objectLine = line(p);
                while (p.nextToken() == JsonToken.FIELD_NAME) {
                    String key = p.currentName();
                    JsonToken v = p.nextToken();
                    if ((key.equals("stats64") || key.equals("stats")) && v == JsonToken.START_OBJECT) {
                        thirtyTwo |= key.equals("stats");
                        stats(p, members, file);
                    } else if (v.isScalarValue()) {
                        attrs.put(key, p.getText());
                        attrLines.put(key, line(p));
                    } else {
                        p.skipChildren();
                    }
                }
                String name = attrs.get("ifname");
                if (name == null) throw new CaptureException(file, objectLine, "an interface object without \"ifname\"; expected ip -j link output");
                String port = LinkStats.start(b, name, file, attrLines.get("ifname"));
                if (attrs.containsKey("mtu")) b.attr(port, LinkStats.MTU, attrs.get("mtu"), file, attrLines.get("mtu"));
                if (attrs.containsKey("operstate")) b.attr(port, LinkStats.OPERSTATE, attrs.get("operstate"), file, attrLines.get("operstate"));
                String type = attrs.get("link_type");
                if ("ether".equals(type)) b.attr(port, PortAttr.LINK_LAYER, "Ethernet", file, attrLines.get("link_type"));
                else if ("infiniband".equals(type)) b.attr(port, PortAttr.LINK_LAYER, "InfiniBand", file, attrLines.get("link_type"));
                for (Member m : members) b.counter(port, m.field(), m.value(), m.line());
                counts += members.size();
                t = p.nextToken();   // the next interface, or the array's end
                // after the array, another one appended (ip -j -s link >> f before and after the test), read in turn
                if (array && t == JsonToken.END_ARRAY && JsonDocuments.next(p, b, file, 0)) t = p.nextToken();
            }
        } catch (JsonProcessingException e) {
            int line = e.getLocation() == null ? 0 : e.getLocation().getLineNr();
            throw new CaptureException(file, line, "invalid JSON (expected ip -j -s link output): " + e.getOriginalMessage(), e);
        } catch (IOException e) {
            throw new CaptureException(file, 0, "cannot read JSON: " + e, e);
        }
        if (counts == 0) throw new CaptureException(file, 0, "no \"stats64\" found; expected ip -j -s link output (run with -s)");
        if (thirtyTwo) b.warn(file + ": an interface has \"stats\" (32-bit rtnl_link_stats) instead of \"stats64\": its counts wrap at 2^32");
        return b.build();
    }

    /** The {@code rx} and {@code tx} members of a {@code stats64} object, the parser on its start. */
    private static void stats(JsonParser p, List<Member> out, String file) throws IOException {
        while (p.nextToken() == JsonToken.FIELD_NAME) {
            String dir = p.currentName();
            JsonToken v = p.nextToken();
            Map<String, String> fields = dir.equals("rx") ? RX : dir.equals("tx") ? TX : null;
            if (fields == null || v != JsonToken.START_OBJECT) { p.skipChildren(); continue; }
            while (p.nextToken() == JsonToken.FIELD_NAME) {
                String key = p.currentName();
                JsonToken n = p.nextToken();
                String field = fields.get(key);
                if (field == null) { p.skipChildren(); continue; }   // a member a newer iproute2 adds: not in the catalogue's struct
                if (n != JsonToken.VALUE_NUMBER_INT) {
                    throw new CaptureException(file, line(p), "expected an integer count for \"" + dir + "." + key + "\", found "
                            + (n.isScalarValue() ? "'" + p.getText() + "'" : n));
                }
                String digits = p.getText();
                out.add(new Member(field, LinkStats.count(digits, dir + "." + key, file, line(p)), line(p)));
            }
        }
    }

    private static int line(JsonParser p) { return p.currentTokenLocation().getLineNr(); }
}
