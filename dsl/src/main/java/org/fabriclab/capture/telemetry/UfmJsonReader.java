package org.fabriclab.capture.telemetry;

import java.io.IOException;
import java.util.Iterator;
import java.util.LinkedHashMap;
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
 * Reads UFM telemetry as the fluentd plugin streams it: an object
 * {@code {"timestamp": "...", "type": "full", "values": [ {...}, ... ]}} (or an array of such
 * objects, or an array of samples, or several messages one after another), each sample {@code {"timestamp": <epoch µs>, "node_guid",
 * "port_guid", "port_num", <counter>: <number>, ...}}. Produces the {@code telemetry} table and the
 * latest readings per port (see {@link UfmSeries}).
 *
 * <pre>{@code
 * Capture c = new UfmJsonReader().read(Input.of(Path.of("small_telemetry.json")));
 * c.measurements("telemetry").get();
 * }</pre>
 */
public final class UfmJsonReader implements CaptureReader {
    /** Built on first read, not when the registry instantiates every reader (an ObjectMapper costs a short command ~60 ms). */
    private static final class Json { static final ObjectMapper MAPPER = new ObjectMapper(); }

    @Override public String format() { return "ufm-json"; }

    @Override public int sniff(Input in) {
        if (in.isDirectory()) return 0;
        String text = in.text();
        String head = text.substring(0, Math.min(text.length(), 4096)).stripLeading();
        if (!(head.startsWith("{") || head.startsWith("["))) return 0;
        boolean guid = head.contains("\"port_guid\"") || head.contains("\"node_guid\"");
        boolean num = head.contains("\"port_num\"");
        if (guid && num) return 90;
        if (head.contains("\"values\"") && head.contains("\"type\"")) return 50;
        return 0;
    }

    @Override public Capture read(Input in) {
        String file = in.name();
        Capture.Builder b = Capture.builder(Source.UFM, file);
        UfmSeries series = new UfmSeries(file);
        try (JsonParser p = Json.MAPPER.createParser(in.text())) {
            JsonToken t = p.nextToken();
            if (t == null) throw new CaptureException(file, 0, "empty JSON, expected UFM telemetry");
            // one message, an array, or several messages one after another (a fluentd log, JSON lines)
            for (; t != null; t = p.nextToken()) {
                if (t == JsonToken.START_OBJECT) message(p, series, file);
                else if (t == JsonToken.START_ARRAY) {
                    while ((t = p.nextToken()) != JsonToken.END_ARRAY) {
                        if (t != JsonToken.START_OBJECT) throw new CaptureException(file, line(p), "expected a JSON object in the array");
                        int line = line(p);
                        JsonNode node = p.readValueAsTree();
                        if (node.has("values")) values(node.get("values"), series, file, line);
                        else sample(node, series, file, line);
                    }
                } else {
                    throw new CaptureException(file, line(p), "expected a JSON object or array of UFM telemetry");
                }
            }
        } catch (JsonProcessingException e) {
            int line = e.getLocation() == null ? 0 : e.getLocation().getLineNr();
            throw new CaptureException(file, line, "invalid JSON (expected UFM telemetry): " + e.getOriginalMessage(), e);
        } catch (IOException e) {
            throw new CaptureException(file, 0, "cannot read JSON: " + e, e);
        }
        series.emit(b);
        return b.build();
    }

    private static void message(JsonParser p, UfmSeries series, String file) throws IOException {
        boolean sawValues = false;
        JsonToken t;
        while ((t = p.nextToken()) == JsonToken.FIELD_NAME) {
            String name = p.currentName();
            t = p.nextToken();
            if (name.equals("values")) {
                if (t != JsonToken.START_ARRAY) throw new CaptureException(file, line(p), "expected \"values\" to be an array of samples");
                sawValues = true;
                while ((t = p.nextToken()) != JsonToken.END_ARRAY) {
                    if (t != JsonToken.START_OBJECT) throw new CaptureException(file, line(p), "expected a sample object in \"values\"");
                    int line = line(p);
                    sample(p.readValueAsTree(), series, file, line);
                }
            } else {
                p.skipChildren();
            }
        }
        if (t != JsonToken.END_OBJECT) throw new CaptureException(file, line(p), "malformed JSON object");
        if (!sawValues) throw new CaptureException(file, 1, "expected a \"values\" array of telemetry samples");
    }

    private static void values(JsonNode values, UfmSeries series, String file, int line) {
        if (!values.isArray()) throw new CaptureException(file, line, "expected \"values\" to be an array of samples");
        for (JsonNode n : values) sample(n, series, file, line);
    }

    private static void sample(JsonNode n, UfmSeries series, String file, int line) {
        JsonNode ts = n.get("timestamp");
        if (ts == null || !ts.canConvertToExactIntegral() || !ts.canConvertToLong()) {
            throw new CaptureException(file, line, "sample needs an integer \"timestamp\" (epoch microseconds), found "
                    + (ts == null ? "none" : ts.toString()));
        }
        JsonNode pn = n.get("port_num");
        if (pn == null || !(pn.isIntegralNumber() || pn.isTextual())) {
            throw new CaptureException(file, line, "sample needs \"port_num\"");
        }
        long portNum;
        try {
            portNum = pn.isIntegralNumber() ? pn.asLong() : Long.parseLong(pn.asText().trim());
        } catch (NumberFormatException e) {
            throw new CaptureException(file, line, "expected an integer \"port_num\", found '" + pn.asText() + "'");
        }
        Map<String, Long> counters = new LinkedHashMap<>();
        Map<String, Double> measurements = new LinkedHashMap<>();
        for (Iterator<Map.Entry<String, JsonNode>> it = n.fields(); it.hasNext(); ) {
            Map.Entry<String, JsonNode> e = it.next();
            String k = e.getKey();
            JsonNode v = e.getValue();
            if (k.equals("timestamp") || k.equals("port_num") || k.equals("node_guid") || k.equals("port_guid")
                    || k.equals("source_id") || k.equals("tag")) continue;
            String m = UfmSeries.measurementColumn(k);
            if (v.isNull()) continue;
            if (m == null && UfmSeries.isFloatMetric(k)) { series.skip(k); continue; }
            if (!v.isNumber()) {
                throw new CaptureException(file, line, "counter \"" + k + "\": expected a number, found " + abbreviate(v.toString()));
            }
            if (m != null) { measurements.put(m, v.asDouble()); continue; }
            if (v.isIntegralNumber()) {
                if (!v.canConvertToLong() || v.asLong() < 0) {
                    throw new CaptureException(file, line, "counter \"" + k + "\" = " + v + " is not a non-negative 64-bit value");
                }
                counters.put(k, v.asLong());
            } else if (v.isNumber() && v.canConvertToExactIntegral() && v.asDouble() >= 0 && v.asDouble() < 9.0e15) {
                counters.put(k, v.asLong());
            } else {
                series.skip(k);
            }
        }
        series.sample(line, ts.asLong(), text(n, "node_guid"), text(n, "port_guid"), portNum, counters, measurements);
    }

    private static String text(JsonNode n, String field) {
        JsonNode v = n.get(field);
        return v == null || v.isNull() ? null : v.asText();
    }

    private static int line(JsonParser p) { return p.currentLocation().getLineNr(); }

    private static String abbreviate(String s) { return s.length() <= 60 ? s : s.substring(0, 57) + "..."; }
}
