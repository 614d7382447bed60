package org.fabriclab.capture.qos;

import java.io.IOException;
import java.util.Iterator;
import java.util.Map;

import org.fabriclab.capture.Capture;
import org.fabriclab.capture.CaptureException;
import org.fabriclab.capture.CaptureReader;
import org.fabriclab.capture.Input;
import org.fabriclab.capture.PortAttr;
import org.fabriclab.capture.Values;
import org.fabriclab.catalogue.Source;

import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.core.JsonToken;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;

/**
 * Reads {@code ethtool --json [-I] -a X} (ethtool 5.10 on, netlink/pause.c): an array of one object per
 * interface, {@code {"ifname": "eth0", "autonegotiate": true, "rx": true, "tx": false, "negotiated":
 * {"rx": true, "tx": false}, "statistics": {"tx_pause_frames": 0, "rx_pause_frames": 0}}}. The same
 * attributes and readings as {@link EthtoolPauseReader}'s, the port {@code netdev <ifname>}.
 *
 * <pre>{@code
 * Capture c = new EthtoolPauseJsonReader().read(Input.of(Path.of("pause.json")));
 * c.attr("netdev eth0", PortAttr.PAUSE_TX);   // Optional[off]
 * }</pre>
 */
public final class EthtoolPauseJsonReader implements CaptureReader {
    private static final ObjectMapper MAPPER = new ObjectMapper();

    @Override public String format() { return "ethtool-pause-json"; }

    @Override public int sniff(Input in) {
        if (in.isDirectory()) return 0;
        String text = in.text();
        String head = text.substring(0, Math.min(text.length(), 4096)).stripLeading();
        // above rdma -j's 90, which claims any JSON naming an "ifname": "autonegotiate" is ethtool's pause object alone
        return head.startsWith("[") && head.contains("\"ifname\"") && head.contains("\"autonegotiate\"") ? 95 : 0;
    }

    @Override public Capture read(Input in) {
        String file = in.name();
        Capture.Builder b = Capture.builder(Source.ETHTOOL_PAUSE, file);
        int objects = 0;
        try (JsonParser p = MAPPER.createParser(in.text())) {
            if (p.nextToken() != JsonToken.START_ARRAY) throw new CaptureException(file, 1, "expected a JSON array, as ethtool --json -a prints");
            JsonToken t;
            while ((t = p.nextToken()) != JsonToken.END_ARRAY) {
                int line = p.currentLocation().getLineNr();
                if (t != JsonToken.START_OBJECT) throw new CaptureException(file, line, "expected one JSON object per interface (ethtool --json -a)");
                JsonNode o = MAPPER.readTree(p);
                JsonNode name = o.get("ifname");
                if (name == null || !name.isTextual() || name.asText().isBlank()) {
                    throw new CaptureException(file, line, "an object without \"ifname\"; expected ethtool --json -a output");
                }
                String port = "netdev " + name.asText();
                b.attr(port, PortAttr.NETDEV, name.asText(), line);
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
                objects++;
            }
        } catch (JsonProcessingException e) {
            int line = e.getLocation() == null ? 0 : e.getLocation().getLineNr();
            throw new CaptureException(file, line, "invalid JSON (expected ethtool --json -a output): " + e.getOriginalMessage(), e);
        } catch (IOException e) {
            throw new CaptureException(file, 0, "cannot read JSON: " + e, e);
        }
        if (objects == 0) throw new CaptureException(file, 0, "an empty array; expected one object per interface (ethtool --json -a)");
        return b.build();
    }

    private static void flag(Capture.Builder b, String port, JsonNode o, String key, String attr, String file, int line) {
        JsonNode v = o.get(key);
        if (v == null) return;
        if (!v.isBoolean()) throw new CaptureException(file, line, "\"" + key + "\" is " + Values.abbreviate(v.toString()) + "; expected true or false");
        b.attr(port, attr, v.booleanValue() ? "on" : "off", line);
    }
}
