package org.fabriclab.capture.ethtool;

import java.io.IOException;
import java.util.ArrayList;
import java.util.List;

import org.fabriclab.capture.Capture;
import org.fabriclab.capture.CaptureException;
import org.fabriclab.capture.CaptureReader;
import org.fabriclab.capture.Input;
import org.fabriclab.capture.JsonDocuments;
import org.fabriclab.capture.PortAttr;
import org.fabriclab.capture.Values;
import org.fabriclab.catalogue.Source;

import com.fasterxml.jackson.core.JsonFactory;
import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.core.JsonToken;

/**
 * Reads {@code ethtool --json -S X --all-groups} (or {@code --groups eth-phy eth-mac ...}; ethtool 5.13 on,
 * netlink/stats.c): an array of one object per interface, {@code {"ifname": "eth0", "eth-phy":
 * {"SymbolErrorDuringCarrier": 0}, "eth-mac": {...}, "eth-ctrl": {...}, "rmon": {"etherStatsUndersizePkts": 0,
 * ..., "rx-pktsNtoM": [{"low": 0, "high": 64, "val": 5}, ...], "tx-pktsNtoM": [...]}}}: the kernel's standard
 * counter groups, each counter a u64. ethtool prints JSON for nothing else of {@code -S}: without a group
 * option it takes the ioctl path, which refuses {@code --json} ({@code bad command line argument(s)}), so the
 * driver's own names never come as JSON.
 *
 * <p>The readings are those of the text form {@link EthtoolReader} reads ({@code Standard stats for eth0:}
 * then {@code eth-phy-SymbolErrorDuringCarrier: 0}): the raw name is the group and the counter joined by
 * {@code -}, and a histogram bucket is named as ethtool's text prints it ({@code rx-rmon-etherStatsPkts64Octets},
 * {@code rx-rmon-etherStatsPkts65to127Octets}, {@code rx-rmon-etherStatsPkts1519toMaxOctets}), so a JSON and a
 * text capture of one port give the same counters. Each value names the line it is on. Lines before the array
 * that run ethtool ({@code $ ethtool --json -S eth0 --all-groups}) are skipped.
 *
 * <pre>{@code
 * Capture c = new EthtoolJsonReader().read(Input.of(Path.of("stats.json")));
 * c.reading("netdev eth0", "eth-mac-FrameCheckSequenceErrors");
 * }</pre>
 */
public final class EthtoolJsonReader implements CaptureReader {
    private static final JsonFactory JSON = new JsonFactory();
    /** The standard groups' names (the kernel's {@code stats_std_names}), the sniff's evidence. */
    private static final List<String> GROUPS = List.of("\"eth-phy\"", "\"eth-mac\"", "\"eth-ctrl\"", "\"rmon\"");

    @Override public String format() { return "ethtool-json"; }

    @Override public int sniff(Input in) {
        if (in.isDirectory()) return 0;
        String head = JsonStart.head(in.text());
        if (head == null || !head.contains("\"ifname\"")) return 0;
        // above rdma -j's 90, which claims any JSON naming an "ifname"
        for (String g : GROUPS) if (head.contains(g)) return 95;
        return 0;
    }

    /** One value read, kept until the object's {@code ifname} is known. */
    private record Value(String raw, long value, int line) {}

    @Override public Capture read(Input in) {
        String file = in.name();
        Capture.Builder b = Capture.builder(Source.ETHTOOL, file);
        String text = in.text();
        int start = JsonStart.of(text);
        if (start < 0) throw new CaptureException(file, 1, "expected a JSON array, as ethtool --json -S X --all-groups prints");
        int skipped = (int) text.substring(0, start).chars().filter(ch -> ch == '\n').count();
        int objects = 0;
        try (JsonParser p = JSON.createParser(text.substring(start))) {
            if (p.nextToken() != JsonToken.START_ARRAY) throw new CaptureException(file, skipped + 1, "expected a JSON array, as ethtool --json -S prints");
            // one array, or several appended (ethtool --json -S X >> f before and after the test): each read in turn
            do {
                JsonToken t;
                while ((t = p.nextToken()) != JsonToken.END_ARRAY) {
                    int objLine = skipped + line(p);
                    if (t != JsonToken.START_OBJECT) throw new CaptureException(file, objLine, "expected one JSON object per interface (ethtool --json -S)");
                    String ifname = null;
                    int ifLine = objLine;
                    List<Value> values = new ArrayList<>();
                    while (p.nextToken() == JsonToken.FIELD_NAME) {
                        String key = p.currentName();
                        JsonToken v = p.nextToken();
                        int vLine = skipped + line(p);
                        if (key.equals("ifname")) {
                            if (v != JsonToken.VALUE_STRING || p.getText().isBlank()) {
                                throw new CaptureException(file, vLine, "\"ifname\" is not an interface name; expected ethtool --json -S output");
                            }
                            ifname = p.getText();
                            ifLine = vLine;
                        } else if (v == JsonToken.START_OBJECT) {
                            group(p, key, values, file, skipped);
                        } else {
                            throw new CaptureException(file, vLine, "\"" + key + "\" is " + Values.abbreviate(p.getText())
                                    + "; expected a group of counters ({...}) as ethtool --json -S prints");
                        }
                    }
                    if (ifname == null) throw new CaptureException(file, objLine, "an object without \"ifname\"; expected ethtool --json -S output");
                    String port = "netdev " + ifname;
                    b.attr(port, PortAttr.NETDEV, ifname, ifLine);
                    for (Value v : values) b.counter(port, v.raw(), v.value(), v.line());
                    objects++;
                }
            } while (JsonDocuments.next(p, b, file, skipped));
        } catch (JsonProcessingException e) {
            int line = e.getLocation() == null ? 0 : skipped + e.getLocation().getLineNr();
            throw new CaptureException(file, line, "invalid JSON (expected ethtool --json -S output): " + e.getOriginalMessage(), e);
        } catch (IOException e) {
            throw new CaptureException(file, 0, "cannot read JSON: " + e, e);
        }
        if (objects == 0) throw new CaptureException(file, 0, "an empty array; expected one object per interface (ethtool --json -S)");
        b.noise(skipped);
        return b.build();
    }

    /** The counters of one group ({@code "eth-mac": {...}}), the parser on its START_OBJECT. */
    private static void group(JsonParser p, String group, List<Value> out, String file, int skipped) throws IOException {
        while (p.nextToken() == JsonToken.FIELD_NAME) {
            String name = p.currentName();
            JsonToken v = p.nextToken();
            int line = skipped + line(p);
            if (v == JsonToken.START_ARRAY) {
                histogram(p, group, name, out, file, skipped);
            } else if (v == JsonToken.VALUE_NUMBER_INT) {
                out.add(new Value(group + "-" + name, Values.parseCounter(p.getText(), file, line), line));
            } else {
                throw new CaptureException(file, line, "\"" + group + "\" counter \"" + name + "\" is " + Values.abbreviate(p.getText())
                        + "; expected a whole number");
            }
        }
    }

    /**
     * An RMON histogram ({@code "rx-pktsNtoM": [{"low": 65, "high": 127, "val": 9}, ...]}): one counter per bucket,
     * named as ethtool's text form names it.
     */
    private static void histogram(JsonParser p, String group, String name, List<Value> out, String file, int skipped) throws IOException {
        int dash = name.indexOf('-');
        String dir = dash > 0 ? name.substring(0, dash) : name;
        JsonToken t;
        while ((t = p.nextToken()) != JsonToken.END_ARRAY) {
            int line = skipped + line(p);
            if (t != JsonToken.START_OBJECT) throw new CaptureException(file, line, "\"" + name + "\" holds " + Values.abbreviate(p.getText())
                    + "; expected {\"low\": N, \"high\": N, \"val\": N} buckets");
            long low = -1, high = -1, val = -1;
            int valLine = line;
            while (p.nextToken() == JsonToken.FIELD_NAME) {
                String k = p.currentName();
                JsonToken v = p.nextToken();
                int l = skipped + line(p);
                if (v != JsonToken.VALUE_NUMBER_INT) {
                    throw new CaptureException(file, l, "\"" + name + "\" bucket field \"" + k + "\" is " + Values.abbreviate(p.getText()) + "; expected a whole number");
                }
                long n = Values.parseCounter(p.getText(), file, l);
                switch (k) {
                    case "low" -> low = n;
                    case "high" -> high = n;
                    case "val" -> { val = n; valLine = l; }
                    default -> throw new CaptureException(file, l, "\"" + name + "\" bucket has \"" + k + "\"; expected low, high and val");
                }
            }
            if (low < 0 || high < 0 || val < 0) throw new CaptureException(file, line, "\"" + name + "\" bucket lacks low, high or val");
            // ethtool's text form: %uto%uOctets, %uOctets (no low bound), %utoMaxOctets (no high bound)
            String bucket = low > 0 && high > 0 ? low + "to" + high : high > 0 ? Long.toString(high) : low > 0 ? low + "toMax" : null;
            if (bucket == null) throw new CaptureException(file, line, "\"" + name + "\" bucket with neither bound; expected low or high above 0");
            out.add(new Value(dir + "-" + group + "-etherStatsPkts" + bucket + "Octets", val, valLine));
        }
    }

    private static int line(JsonParser p) {
        return p.currentTokenLocation().getLineNr();
    }
}
