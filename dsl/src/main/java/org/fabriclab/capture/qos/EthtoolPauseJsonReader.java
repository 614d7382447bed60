package org.fabriclab.capture.qos;

import java.util.Iterator;
import java.util.Map;

import org.fabriclab.capture.Capture;
import org.fabriclab.capture.CaptureException;
import org.fabriclab.capture.CaptureReader;
import org.fabriclab.capture.Input;
import org.fabriclab.capture.PortAttr;
import org.fabriclab.capture.Values;
import org.fabriclab.capture.ethtool.JsonInterfaces;
import org.fabriclab.capture.ethtool.JsonStart;
import org.fabriclab.catalogue.Source;

import com.fasterxml.jackson.databind.JsonNode;

/**
 * Reads {@code ethtool --json [-I] -a X} (ethtool 5.10 on, netlink/pause.c): an array of one object per
 * interface, {@code {"ifname": "eth0", "autonegotiate": true, "rx": true, "tx": false, "negotiated":
 * {"rx": true, "tx": false}, "statistics": {"tx_pause_frames": 0, "rx_pause_frames": 0}}}. The same
 * attributes and readings as {@link EthtoolPauseReader}'s, the port {@code netdev <ifname>}. A command line
 * ({@code # ethtool -I --json -a eth0}) may head the array.
 *
 * <pre>{@code
 * Capture c = new EthtoolPauseJsonReader().read(Input.of(Path.of("pause.json")));
 * c.attr("netdev eth0", PortAttr.PAUSE_TX);   // Optional[off]
 * }</pre>
 */
public final class EthtoolPauseJsonReader implements CaptureReader {
    private static final String WHAT = "ethtool --json -a";

    @Override public String format() { return "ethtool-pause-json"; }

    @Override public int sniff(Input in) {
        if (in.isDirectory()) return 0;
        String head = JsonStart.head(in.text());
        // above rdma -j's 90, which claims any JSON naming an "ifname": "autonegotiate" is ethtool's pause object alone
        return head != null && head.contains("\"ifname\"") && head.contains("\"autonegotiate\"") ? 95 : 0;
    }

    /**
     * Reads every interface's object (after any {@code # ethtool --json -a X} command line).
     *
     * @throws CaptureException naming the file and line: invalid JSON, no array, an object without {@code "ifname"}, a
     *         flag that is no boolean, a statistic that is no whole number
     */
    @Override public Capture read(Input in) {
        String file = in.name();
        Capture.Builder b = Capture.builder(Source.ETHTOOL_PAUSE, file);
        JsonInterfaces.each(in.text(), file, WHAT, b, (o, port, line) -> {
            flag(b, port, o, "autonegotiate", PortAttr.PAUSE_AUTONEG, file, line);
            flag(b, port, o, "rx", PortAttr.PAUSE_RX, file, line);
            flag(b, port, o, "tx", PortAttr.PAUSE_TX, file, line);
            JsonNode neg = o.get("negotiated");
            if (neg != null && neg.isObject()) {
                flag(b, port, neg, "rx", "pause_rx_negotiated", file, line);
                flag(b, port, neg, "tx", "pause_tx_negotiated", file, line);
            }
            JsonNode stats = o.get("statistics");
            if (stats != null && stats.isObject()) {
                for (Iterator<Map.Entry<String, JsonNode>> it = stats.fields(); it.hasNext();) {
                    Map.Entry<String, JsonNode> e = it.next();
                    if (!e.getValue().isIntegralNumber()) {
                        throw new CaptureException(file, line, "pause statistic \"" + e.getKey() + "\" is " + Values.abbreviate(e.getValue().toString())
                                + "; expected a whole number");
                    }
                    b.counter(port, e.getKey(), Values.parseCounter(e.getValue().asText(), file, line), line);
                }
            }
        });
        return b.build();
    }

    private static void flag(Capture.Builder b, String port, JsonNode o, String key, String attr, String file, int line) {
        JsonNode v = o.get(key);
        if (v == null) return;
        if (!v.isBoolean()) throw new CaptureException(file, line, "\"" + key + "\" is " + Values.abbreviate(v.toString()) + "; expected true or false");
        b.attr(port, attr, v.booleanValue() ? "on" : "off", line);
    }
}
