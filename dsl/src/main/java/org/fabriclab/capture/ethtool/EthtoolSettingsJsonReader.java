package org.fabriclab.capture.ethtool;

import java.util.Locale;

import org.fabriclab.capture.Capture;
import org.fabriclab.capture.CaptureException;
import org.fabriclab.capture.CaptureReader;
import org.fabriclab.capture.Input;
import org.fabriclab.capture.PortAttr;
import org.fabriclab.capture.Values;
import org.fabriclab.catalogue.Source;

import com.fasterxml.jackson.databind.JsonNode;

/**
 * Reads {@code ethtool --json X} (the link settings as JSON, ethtool 6.10 on: netlink/settings.c): an array of one
 * object per interface, {@code {"ifname": "ens1f0np0", "supported-link-modes": [...], "speed": 100000, "lanes": 4,
 * "duplex": "Full", "port": "Direct Attach Copper", "link-detected": true, ...}}. The same attributes as
 * {@link EthtoolSettingsReader}'s: {@code speed} (Mb/s; ethtool leaves it out when unknown) as
 * {@link PortAttr#RATE_GBPS} in Gb/s, {@code lanes}, {@code duplex}, {@code port} as {@link PortAttr#PORT_TYPE},
 * {@code link-detected} as {@link PortAttr#LINK_DETECTED} ({@code yes}, {@code no}). Not
 * {@code auto-negotiation}: ethtool 6.10 printed it inverted (true when off), fixed in a later release, and the
 * output does not say which ethtool wrote it. Other keys are read past.
 *
 * <pre>{@code
 * Capture c = new EthtoolSettingsJsonReader().read(Input.of(Path.of("settings.json")));
 * c.attr("netdev ens1f0np0", PortAttr.RATE_GBPS);   // Optional[100]
 * }</pre>
 */
public final class EthtoolSettingsJsonReader implements CaptureReader {
    private static final String WHAT = "ethtool --json X";
    /** Keys only the settings object has (the pause, FEC and statistics objects have an "ifname" too). */
    private static final String[] KEYS = {"\"link-detected\"", "\"supported-link-modes\"", "\"advertised-link-modes\"", "\"supports-wake-on\""};

    @Override public String format() { return "ethtool-settings-json"; }

    @Override public int sniff(Input in) {
        if (in.isDirectory()) return 0;
        String head = JsonStart.head(in.text());
        if (head == null || !head.contains("\"ifname\"")) return 0;
        // above rdma -j's 90, which claims any JSON naming an "ifname"
        for (String k : KEYS) if (head.contains(k)) return 95;
        return 0;
    }

    /**
     * Reads every interface's object.
     *
     * @throws CaptureException naming the file, the line and what was expected: invalid JSON, an object without
     *         {@code "ifname"}, a {@code "speed"} that is no whole number of Mb/s, a {@code "link-detected"} that is no boolean
     */
    @Override public Capture read(Input in) {
        String file = in.name();
        Capture.Builder b = Capture.builder(Source.ETHTOOL, file);
        JsonInterfaces.each(in.text(), file, WHAT, b, (o, port, line) -> {
            Long speed = whole(o, "speed", file, line);
            if (speed != null) {
                String gbps = LinkSpeed.gbps(speed);
                if (gbps != null) b.attr(port, PortAttr.RATE_GBPS, gbps, line);
            }
            Long lanes = whole(o, "lanes", file, line);
            if (lanes != null) b.attr(port, PortAttr.LANES, Long.toString(lanes), line);
            String duplex = text(o, "duplex", file, line);
            if (duplex != null) {
                String d = duplex.toLowerCase(Locale.ROOT);
                if (!d.equals("full") && !d.equals("half")) throw new CaptureException(file, line, "\"duplex\" is \"" + Values.abbreviate(duplex) + "\"; expected Full or Half");
                b.attr(port, PortAttr.DUPLEX, d, line);
            }
            String type = text(o, "port", file, line);
            if (type != null) b.attr(port, PortAttr.PORT_TYPE, type, line);
            JsonNode link = o.get("link-detected");
            if (link != null) {
                if (!link.isBoolean()) throw new CaptureException(file, line, "\"link-detected\" is " + Values.abbreviate(link.toString()) + "; expected true or false");
                b.attr(port, PortAttr.LINK_DETECTED, link.booleanValue() ? "yes" : "no", line);
            }
        });
        return b.build();
    }

    private static Long whole(JsonNode o, String key, String file, int line) {
        JsonNode v = o.get(key);
        if (v == null) return null;
        if (!v.isIntegralNumber() || v.asLong() < 0) {
            throw new CaptureException(file, line, "\"" + key + "\" is " + Values.abbreviate(v.toString()) + "; expected a whole number"
                    + (key.equals("speed") ? " of Mb/s" : ""));
        }
        return v.asLong();
    }

    private static String text(JsonNode o, String key, String file, int line) {
        JsonNode v = o.get(key);
        if (v == null) return null;
        if (!v.isTextual() || v.asText().isBlank()) throw new CaptureException(file, line, "\"" + key + "\" is " + Values.abbreviate(v.toString()) + "; expected a name");
        return v.asText();
    }
}
