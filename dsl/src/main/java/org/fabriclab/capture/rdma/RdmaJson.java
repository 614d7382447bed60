package org.fabriclab.capture.rdma;

import java.io.IOException;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

import org.fabriclab.capture.Capture;
import org.fabriclab.capture.CaptureException;
import org.fabriclab.capture.Input;
import org.fabriclab.capture.JsonDocuments;
import org.fabriclab.capture.PortAttr;
import org.fabriclab.catalogue.Catalogue;
import org.fabriclab.catalogue.Source;

import com.fasterxml.jackson.core.JsonFactory;
import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.core.JsonToken;

/**
 * {@code rdma -j statistic show} and {@code rdma -j link show}: an array of objects with
 * {@code ifname} and {@code port}. Integer members are counters, except the identity and link
 * members ({@code port}, {@code ifindex}, {@code lid}, ...), which are attributes like the string
 * members; objects with {@code cntn}/{@code lqpn} are per-QP and skipped with a warning. JSON that ends
 * inside the array after whole elements (a cut file) keeps those elements, with a warning. Read with
 * Jackson's streaming parser so every error names the line of the member at fault.
 *
 * <pre>{@code
 * RdmaJson.read(Input.ofText("x.json", "[{\"ifname\":\"mlx5_0\",\"port\":1,\"out_of_buffer\":0}]"), builder);
 * }</pre>
 */
final class RdmaJson {
    private static final JsonFactory JSON = new JsonFactory();
    private static final Set<String> NOT_COUNTERS = Set.of("ifindex", "ifname", "port", "netdev_index", "lid", "sm_lid",
            "lmc", "sm_sl");

    private RdmaJson() {}

    static boolean looksLikeRdma(List<String> head) {
        for (String l : head) if (l.contains("\"ifname\"")) return true;
        return false;
    }

    /** One member read from an element: name, value (text or number) and its line. */
    private record Member(String name, JsonToken token, String text, int line) {}

    static void read(Input in, Capture.Builder b) {
        read(in.name(), in.text(), b);
    }

    /** As {@link #read(Input, Capture.Builder)} for {@code text}, the content of {@code file}. */
    static void read(String file, String text, Capture.Builder b) {
        int ports = 0;
        int qp = 0;
        try (JsonParser p = JSON.createParser(text)) {
            // one document, or several appended one after another (rdma statistic -j >> f, before and after the test): each read
            // in turn; text after them that is no JSON (a prompt pasted after the output) is warned of, the documents stand
            for (JsonToken t = p.nextToken(); t != null; t = JsonDocuments.after(p, b, file, 0)) {
                boolean array = t == JsonToken.START_ARRAY;
                if (!array && t != JsonToken.START_OBJECT) {
                    throw new CaptureException(file, line(p), "expected a JSON array of objects with ifname and port");
                }
                int index = 0;
                while (true) {
                    if (array) {
                        t = p.nextToken();
                        if (t == JsonToken.END_ARRAY) break;
                        if (t != JsonToken.START_OBJECT) {
                            throw new CaptureException(file, line(p), "expected an object like {\"ifname\":\"mlx5_0\",\"port\":1,...}");
                        }
                    }
                    index++;
                    int objLine = line(p);
                    List<Member> members = new ArrayList<>();
                    object(p, members, file);
                    Map<String, Member> byName = new LinkedHashMap<>();
                    for (Member m : members) byName.putIfAbsent(m.name(), m);
                    if (!byName.containsKey("ifname") || !byName.containsKey("port")) {
                        throw new CaptureException(file, objLine, "element " + index + " has no ifname/port; expected objects "
                                + "like {\"ifname\":\"mlx5_0\",\"port\":1,...}");
                    }
                    if (byName.containsKey("cntn") || byName.containsKey("lqpn") || byName.containsKey("LQPN")) { qp++; }
                    else { element(byName.get("ifname").text(), byName.get("port").text(), members, b, file); ports++; }
                    if (!array) break;
                }
            }
        } catch (JsonProcessingException e) {
            int line = e.getLocation() == null ? 0 : e.getLocation().getLineNr();
            // the file ends inside the array (| head, a full disk, one long -j line cut): the whole elements before are good
            boolean atEnd = e instanceof com.fasterxml.jackson.core.io.JsonEOFException
                    || e.getLocation() != null && e.getLocation().getCharOffset() >= text.stripTrailing().length();
            if (!atEnd || ports == 0) {
                throw new CaptureException(file, line, "invalid JSON: " + e.getOriginalMessage()
                        + "; expected rdma -j output (an array of objects with ifname and port)");
            }
            b.warn(file + ":" + line + ": the JSON ends before its array closes (is the file cut?); the " + (ports + qp)
                    + " whole element(s) before the cut are read, any part of one after them is left out");
        } catch (IOException e) {
            throw new CaptureException(file, 0, "cannot read JSON: " + e.getMessage());
        }
        if (ports == 0 && qp == 0) throw new CaptureException(file, 1, "empty rdma JSON: no ports");
        if (qp > 0) b.warn(file + ": " + qp + " per-QP counter object(s) skipped: they are per QP, not per port");
    }

    /** Reads the members of the object the parser is at (nested objects flattened, arrays skipped). */
    private static void object(JsonParser p, List<Member> out, String file) throws IOException {
        JsonToken t;
        while ((t = p.nextToken()) != JsonToken.END_OBJECT) {
            if (t == null) throw new CaptureException(file, line(p), "JSON ends inside an object (is the file cut?)");
            String name = p.currentName();
            t = p.nextToken();
            if (t == JsonToken.START_OBJECT) { object(p, out, file); continue; }
            if (t == JsonToken.START_ARRAY) { p.skipChildren(); continue; }
            out.add(new Member(name, t, p.getText(), line(p)));
        }
    }

    private static void element(String dev, String portNum, List<Member> members, Capture.Builder b, String file) {
        String port = dev + "/" + portNum;
        int first = members.isEmpty() ? 0 : members.get(0).line();
        b.attr(port, PortAttr.DEVICE, dev, first);
        b.attr(port, PortAttr.PORT_NUM, portNum, first);
        Catalogue cat = Catalogue.standard();
        for (Member m : members) {
            String k = m.name();
            if (k.equals("ifname") || k.equals("port")) continue;
            boolean counterName = cat.lookup(Source.RDMA, k).isPresent();
            if (m.token() == JsonToken.VALUE_NUMBER_INT && !NOT_COUNTERS.contains(k)) {
                b.counter(port, k, org.fabriclab.capture.Values.parseCounter(m.text(), file, m.line()), m.line());
                continue;
            }
            if (counterName || m.token() == JsonToken.VALUE_NUMBER_FLOAT) {
                throw new CaptureException(file, m.line(), port + " counter " + k + " = '" + m.text()
                        + "'; expected a non-negative integer");
            }
            String key = switch (k) {
                case "state" -> PortAttr.STATE;
                case "physical_state" -> "phys_state";   // the other readers' key: one attribute on a joined port
                case "netdev" -> PortAttr.NETDEV;
                case "lid" -> PortAttr.LID;
                default -> k;
            };
            if (!key.equals(PortAttr.LID) || PortAttr.isUnicastLid(m.text())) b.attr(port, key, m.text(), m.line());
        }
    }

    private static int line(JsonParser p) {
        return p.currentLocation() == null ? 0 : p.currentLocation().getLineNr();
    }
}
