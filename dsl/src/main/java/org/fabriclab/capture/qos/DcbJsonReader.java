package org.fabriclab.capture.qos;

import java.io.IOException;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.List;
import java.util.Map;

import org.fabriclab.capture.Capture;
import org.fabriclab.capture.CaptureException;
import org.fabriclab.capture.CaptureReader;
import org.fabriclab.capture.CommandLine;
import org.fabriclab.capture.Input;
import org.fabriclab.capture.LineCursor;
import org.fabriclab.capture.PortAttr;
import org.fabriclab.catalogue.Source;
import org.fabriclab.io.Json;

import com.fasterxml.jackson.core.JsonFactory;
import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.core.JsonToken;
import com.fasterxml.jackson.databind.JsonNode;

/**
 * Reads {@code dcb -j [-p] [-s] pfc show dev X} and {@code dcb -j ets show dev X}: one JSON object per
 * command ({@code {"pfc_cap":8,"macsec_bypass":false,"delay":0,"prio_pfc":[false,false,false,true,...],
 * "requests":[...],"indications":[...]}}; ets: {@code willing}, {@code ets_cap}, {@code tc_bw},
 * {@code tc_tsa}, {@code prio_tc}, ...), several objects one after another when a file holds several
 * commands. The members mean what the text layout's keywords mean ({@code prio_pfc} = {@code prio-pfc}),
 * and become the same attributes and readings as {@link DcbReader}'s. dcb's JSON does not name the
 * interface: the port is {@code netdev <if>} from a command line before the object
 * ({@code # dcb -j pfc show dev eth0}), else {@code netdev ?}.
 *
 * <pre>{@code
 * Capture c = new DcbJsonReader().read(Input.of(Path.of("dcb-pfc.json")));
 * c.attr("netdev ?", PortAttr.PFC_ENABLED);   // Optional[3]
 * }</pre>
 */
public final class DcbJsonReader implements CaptureReader {

    @Override public String format() { return "dcb-json"; }

    @Override public int sniff(Input in) {
        if (in.isDirectory()) return 0;
        String text = in.text();
        String head = text.substring(0, Math.min(text.length(), 4096));
        int brace = head.indexOf('{');
        if (brace < 0 || !head.substring(0, brace).lines().allMatch(l -> l.isBlank() || CommandLine.command(l, "dcb") != null)) return 0;
        return head.contains("\"prio_pfc\"") || head.contains("\"pfc_cap\"") || head.contains("\"tc_tsa\"") || head.contains("\"ets_cap\"") ? 90 : 0;
    }

    @Override public Capture read(Input in) {
        String file = in.name();
        Capture.Builder b = Capture.builder(Source.DCB, file);
        PfcCounters pfc = new PfcCounters();
        // command lines name the port of the object after them; the JSON is parsed with them blanked out, line numbers kept
        String text = in.text();
        LineCursor c = new LineCursor(text);
        StringBuilder json = new StringBuilder(text.length());
        List<int[]> commandLines = new ArrayList<>();   // line number, index into devs
        List<String> devs = new ArrayList<>();
        while (c.next()) {
            String line = c.line();
            String[] cmd = line.strip().startsWith("{") || line.strip().startsWith("[") ? null : CommandLine.command(line, "dcb");
            if (cmd != null) {
                String dev = CommandLine.operandAfter(cmd, "dev");
                if (dev != null) {
                    commandLines.add(new int[] {c.number(), devs.size()});
                    devs.add(dev);
                }
                json.append('\n');
            } else {
                json.append(line).append('\n');
            }
        }
        int objects = 0;
        try (JsonParser p = new JsonFactory(Json.mapper()).createParser(json.toString())) {
            JsonToken t;
            while ((t = p.nextToken()) != null) {
                int line = p.currentLocation().getLineNr();
                if (t == JsonToken.START_ARRAY) continue;   // dcb -j prints one object; tolerate a wrapping array
                if (t == JsonToken.END_ARRAY) continue;
                if (t != JsonToken.START_OBJECT) throw new CaptureException(file, line, "expected a JSON object from dcb -j");
                JsonNode o = Json.mapper().readTree(p);
                String port = "netdev ?";
                for (int[] cl : commandLines) {
                    if (cl[0] < line) port = "netdev " + devs.get(cl[1]);
                }
                if (!port.equals("netdev ?")) b.attr(port, PortAttr.NETDEV, port.substring(7), line);
                member(b, pfc, port, o, file, line);
                objects++;
            }
        } catch (JsonProcessingException e) {
            int line = e.getLocation() == null ? 0 : e.getLocation().getLineNr();
            throw new CaptureException(file, line, "invalid JSON (expected dcb -j output): " + e.getOriginalMessage(), e);
        } catch (IOException e) {
            throw new CaptureException(file, 0, "cannot read JSON: " + e, e);
        }
        if (objects == 0) throw new CaptureException(file, 0, "no JSON object; expected dcb -j pfc show / ets show output");
        pfc.emit(b);
        return b.build();
    }

    private static void member(Capture.Builder b, PfcCounters pfc, String port, JsonNode o, String file, int line) {
        for (Iterator<Map.Entry<String, JsonNode>> it = o.fields(); it.hasNext();) {
            Map.Entry<String, JsonNode> e = it.next();
            String key = e.getKey().replace('_', '-');
            JsonNode v = e.getValue();
            if (v.isArray()) {
                String[] words = new String[v.size()];
                for (int i = 0; i < v.size(); i++) words[i] = i + ":" + text(v.get(i), e.getKey(), file, line);
                DcbReader.array(b, pfc, port, key, words, 0, words.length, file, line);
            } else {
                DcbReader.scalar(b, port, key, text(v, e.getKey(), file, line), file, line);
            }
        }
    }

    /** A member's value as the text layout prints it: {@code on}/{@code off} for a boolean. */
    private static String text(JsonNode v, String key, String file, int line) {
        if (v.isBoolean()) return v.booleanValue() ? "on" : "off";
        if (v.isIntegralNumber() || v.isTextual()) return v.asText();
        throw new CaptureException(file, line, "\"" + key + "\" holds " + v.getNodeType() + "; expected a number, a string or a boolean as dcb -j prints");
    }
}
