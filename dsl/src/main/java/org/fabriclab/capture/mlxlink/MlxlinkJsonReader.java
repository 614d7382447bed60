package org.fabriclab.capture.mlxlink;

import java.io.IOException;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import org.fabriclab.capture.Capture;
import org.fabriclab.capture.CaptureException;
import org.fabriclab.capture.CaptureReader;
import org.fabriclab.capture.Input;
import org.fabriclab.catalogue.Source;

import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.core.JsonToken;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;

/**
 * Reads {@code mlxlink --json} output: {@code {"result": {"output": {"<section>": {"<key>": "<value>"
 * | {"values": [...]}}}}, "status": {...}}} (mstflint {@code mlxlink_cmd_print.cpp},
 * {@code toJsonFormat}). The sections are the text output's, so the tables are the same as
 * {@link MlxlinkReader}'s. The JSON names no device: the port is {@code mlxlink <file name stem>}
 * ({@code #2}, {@code #3} ... for further documents in the same file).
 *
 * <pre>{@code
 * Capture c = new MlxlinkJsonReader().read(Input.of(Path.of("mlx5_0.json")));
 * c.measurements("ber").get();
 * }</pre>
 */
public final class MlxlinkJsonReader implements CaptureReader {
    /** Built on first read, not when the registry instantiates every reader (an ObjectMapper costs a short command ~60 ms). */
    private static final class Json { static final ObjectMapper MAPPER = new ObjectMapper(); }

    @Override public String format() { return "mlxlink-json"; }

    @Override public int sniff(Input in) {
        if (in.isDirectory()) return 0;
        String text = in.text();
        String head = text.substring(0, Math.min(text.length(), 8192)).stripLeading();
        if (!head.startsWith("{") || !head.contains("\"result\"") || !head.contains("\"output\"")) return 0;
        return head.contains("\"" + MlxlinkReader.OPERATIONAL_INFO + "\"") || head.contains("\"" + MlxlinkReader.COUNTERS_INFO + "\"")
                || head.contains("\"" + MlxlinkReader.MODULE_INFO + "\"") ? 90 : 0;
    }

    @Override public Capture read(Input in) {
        String file = in.name();
        List<String> lines = in.lines();
        String stem = MlxlinkReader.fallbackPort(in);
        List<MlxlinkTables.PortOutput> ports = new ArrayList<>();
        try (JsonParser p = Json.MAPPER.createParser(in.text())) {
            JsonToken t;
            while ((t = p.nextToken()) != null) {
                int line = p.currentLocation().getLineNr();
                if (t != JsonToken.START_OBJECT) throw new CaptureException(file, line, "expected a JSON object from mlxlink --json");
                JsonNode root = p.readValueAsTree();
                JsonNode output = root.path("result").path("output");
                if (!output.isObject()) {
                    throw new CaptureException(file, line, "expected \"result\": {\"output\": {...}} (mlxlink --json); status: "
                            + root.path("status").path("message").asText("none"));
                }
                String port = ports.isEmpty() ? stem : stem + "#" + (ports.size() + 1);
                Map<String, Map<String, String>> sections = new LinkedHashMap<>();
                Map<String, Integer> lineOf = new LinkedHashMap<>();
                for (Iterator<Map.Entry<String, JsonNode>> it = output.fields(); it.hasNext(); ) {
                    Map.Entry<String, JsonNode> s = it.next();
                    if (!s.getValue().isObject()) continue;
                    int sectionLine = find(lines, "\"" + s.getKey() + "\"", line);
                    Map<String, String> kv = new LinkedHashMap<>();
                    for (Iterator<Map.Entry<String, JsonNode>> f = s.getValue().fields(); f.hasNext(); ) {
                        Map.Entry<String, JsonNode> e = f.next();
                        JsonNode v = e.getValue();
                        String value;
                        if (v.isObject() && v.has("values")) {
                            List<String> vals = new ArrayList<>();
                            v.get("values").forEach(x -> vals.add(x.asText().trim()));
                            value = String.join(",", vals);
                        } else if (v.isValueNode()) {
                            value = v.asText();
                        } else {
                            continue;
                        }
                        kv.put(e.getKey(), value);
                        lineOf.put(s.getKey() + "\u0000" + e.getKey(), find(lines, "\"" + e.getKey() + "\"", sectionLine));
                    }
                    sections.put(s.getKey(), kv);
                }
                ports.add(new MlxlinkTables.PortOutput(port, line, sections, lineOf));
            }
        } catch (JsonProcessingException e) {
            int line = e.getLocation() == null ? 0 : e.getLocation().getLineNr();
            throw new CaptureException(file, line, "invalid JSON (expected mlxlink --json output): " + e.getOriginalMessage(), e);
        } catch (IOException e) {
            throw new CaptureException(file, 0, "cannot read JSON: " + e, e);
        }
        if (ports.isEmpty()) throw new CaptureException(file, 0, "empty JSON, expected mlxlink --json output");
        Capture.Builder b = Capture.builder(Source.MLXLINK, file);
        new MlxlinkTables(file).emit(b, ports);
        return b.build();
    }

    /** The 1-based line of the first occurrence of {@code needle} at or after {@code from}, else {@code from}. */
    private static int find(List<String> lines, String needle, int from) {
        for (int i = Math.max(0, from - 1); i < lines.size(); i++) if (lines.get(i).contains(needle)) return i + 1;
        return from;
    }
}
