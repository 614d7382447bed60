package org.fabriclab.capture.ethtool;

import java.util.ArrayList;
import java.util.List;

import org.fabriclab.capture.Capture;
import org.fabriclab.capture.CaptureException;
import org.fabriclab.capture.CaptureReader;
import org.fabriclab.capture.Input;
import org.fabriclab.capture.PortAttr;
import org.fabriclab.capture.Values;
import org.fabriclab.catalogue.Source;

import com.fasterxml.jackson.databind.JsonNode;

/**
 * Reads {@code ethtool --json --show-fec X} (netlink/fec.c): an array of one object per interface,
 * {@code {"ifname": "ens1f0np0", "config": ["Auto", "RS"], "active": ["RS"]}}, with {@code -I} a
 * {@code "statistics"} object. The same attributes as {@link EthtoolFecReader}'s: {@code active} as
 * {@link PortAttr#FEC_MODE} ({@code None} leaves it absent), {@code config} as {@link PortAttr#FEC_CONFIGURED}
 * (space-separated, {@code Auto RS}); the statistics are read past, as there.
 *
 * <pre>{@code
 * Capture c = new EthtoolFecJsonReader().read(Input.of(Path.of("fec.json")));
 * c.attr("netdev ens1f0np0", PortAttr.FEC_MODE);   // Optional[RS]
 * }</pre>
 */
public final class EthtoolFecJsonReader implements CaptureReader {
    private static final String WHAT = "ethtool --json --show-fec X";

    @Override public String format() { return "ethtool-fec-json"; }

    @Override public int sniff(Input in) {
        if (in.isDirectory()) return 0;
        String head = JsonStart.head(in.text());
        // above rdma -j's 90, which claims any JSON naming an "ifname"
        return head != null && head.contains("\"ifname\"") && head.contains("\"config\"") && head.contains("\"active\"") ? 95 : 0;
    }

    /**
     * Reads every interface's object.
     *
     * @throws CaptureException naming the file, the line and what was expected: invalid JSON, an object without
     *         {@code "ifname"} or without {@code "config"} and {@code "active"}, an encoding list that is no array of names
     */
    @Override public Capture read(Input in) {
        String file = in.name();
        Capture.Builder b = Capture.builder(Source.ETHTOOL, file);
        JsonInterfaces.each(in.text(), file, WHAT, b, (o, port, line) -> {
            List<String> config = names(o, "config", file, line), active = names(o, "active", file, line);
            if (config == null && active == null) throw new CaptureException(file, line, "an object without \"config\" or \"active\"; expected " + WHAT + " output");
            if (config != null) b.attr(port, PortAttr.FEC_CONFIGURED, String.join(" ", config), line);
            if (active != null && !active.isEmpty() && !active.equals(List.of("None"))) b.attr(port, PortAttr.FEC_MODE, String.join(" ", active), line);
            if (o.has("statistics")) b.warn(file + ":" + line + ": the FEC statistics (-I) of " + port + " are not read: ethtool -S counts the same blocks");
        });
        return b.build();
    }

    private static List<String> names(JsonNode o, String key, String file, int line) {
        JsonNode v = o.get(key);
        if (v == null) return null;
        if (!v.isArray()) throw new CaptureException(file, line, "\"" + key + "\" is " + Values.abbreviate(v.toString()) + "; expected an array of FEC encodings");
        List<String> out = new ArrayList<>();
        for (JsonNode e : v) {
            if (!e.isTextual()) throw new CaptureException(file, line, "\"" + key + "\" holds " + Values.abbreviate(e.toString()) + "; expected FEC encoding names");
            out.add(e.asText());
        }
        return out;
    }
}
