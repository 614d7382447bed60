package org.fabriclab.capture.telemetry;

import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.LinkedHashMap;
import java.util.Map;

import org.fabriclab.capture.Capture;
import org.fabriclab.capture.CaptureException;
import org.fabriclab.capture.CaptureReader;
import org.fabriclab.capture.Input;
import org.fabriclab.capture.Values;
import org.fabriclab.catalogue.Catalogue;
import org.fabriclab.catalogue.Source;

import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.core.JsonToken;
import com.fasterxml.jackson.core.JsonFactory;

/**
 * Reads UFM telemetry as the fluentd plugin streams it: an object
 * {@code {"timestamp": "...", "type": "full", "values": [ {...}, ... ]}} (or an array of such
 * objects, or an array of samples, or several messages one after another), each sample {@code {"timestamp": <epoch µs>, "node_guid",
 * "port_guid", "port_num", <counter>: <number>, ...}}; the plugin streams the telemetry's CSV header names as they are, so
 * the secondary telemetry's {@code "Node_GUID"} and {@code "Port_Number"} are the same keys (any letter case, as the
 * CSV reader takes them). A string value of a field the catalogue does not know as a counter
 * ({@code node_description}, {@code port_label}, {@code status_message}: the plugin streams the telemetry's constant
 * columns as they are) is an attribute, skipped with a warning; a whole number written as a float ({@code 5.0}) is that
 * integer. Produces the {@code telemetry} table and the latest readings per port (see {@link UfmSeries}).
 *
 * <pre>{@code
 * Capture c = new UfmJsonReader().read(Input.of(Path.of("small_telemetry.json")));
 * c.measurements("telemetry").get();
 * }</pre>
 */
public final class UfmJsonReader implements CaptureReader {
    private static final JsonFactory JSON = new JsonFactory();

    @Override public String format() { return "ufm-json"; }

    @Override public int sniff(Input in) {
        if (in.isDirectory()) return 0;
        String text = in.text();
        String head = text.substring(0, Math.min(text.length(), 4096)).stripLeading();
        if (!(head.startsWith("{") || head.startsWith("["))) return 0;
        String lower = head.toLowerCase(java.util.Locale.ROOT);
        boolean guid = lower.contains("\"port_guid\"") || lower.contains("\"node_guid\"");
        boolean num = lower.contains("\"port_num\"") || lower.contains("\"port_number\"");
        if (guid && num) return 90;
        if (head.contains("\"values\"") && head.contains("\"type\"")) return 50;
        return 0;
    }

    @Override public Capture read(Input in) {
        String file = in.name();
        Capture.Builder b = Capture.builder(Source.UFM, file);
        UfmSeries series = new UfmSeries(file);
        try (JsonParser p = JSON.createParser(in.text())) {
            JsonToken t = p.nextToken();
            if (t == null) throw new CaptureException(file, 0, "empty JSON, expected UFM telemetry");
            // one message, an array, or several messages one after another (a fluentd log, JSON lines)
            for (; t != null; t = p.nextToken()) {
                if (t == JsonToken.START_OBJECT) {
                    Obj o = object(p, file);
                    if (o.values == null) throw new CaptureException(file, o.line, "expected a \"values\" array of telemetry samples");
                    for (Obj x : o.values) sample(x, series, file);
                } else if (t == JsonToken.START_ARRAY) {
                    while ((t = p.nextToken()) != JsonToken.END_ARRAY) {
                        if (t != JsonToken.START_OBJECT) throw new CaptureException(file, line(p), "expected a JSON object in the array");
                        Obj o = object(p, file);
                        if (o.values != null) for (Obj x : o.values) sample(x, series, file);
                        else sample(o, series, file);
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

    /** One scalar member of an object, with the line of its value. */
    private record Member(String name, JsonToken token, String text, int line) {}

    /** An object read by streaming: its scalar members and, when it has one, its "values" array of objects. */
    private static final class Obj {
        final int line;
        final Map<String, Member> members = new LinkedHashMap<>();
        List<Obj> values;

        Obj(int line) { this.line = line; }
    }

    /** Reads the object the parser is at (START_OBJECT consumed); nested objects other than "values" are skipped. */
    private static Obj object(JsonParser p, String file) throws IOException {
        Obj o = new Obj(line(p));
        JsonToken t;
        while ((t = p.nextToken()) == JsonToken.FIELD_NAME) {
            String name = p.currentName();
            t = p.nextToken();
            if (name.equals("values") && t == JsonToken.START_ARRAY) {
                o.values = new ArrayList<>();
                while ((t = p.nextToken()) != JsonToken.END_ARRAY) {
                    if (t != JsonToken.START_OBJECT) throw new CaptureException(file, line(p), "expected a sample object in \"values\"");
                    o.values.add(object(p, file));
                }
            } else if (t == JsonToken.START_OBJECT || t == JsonToken.START_ARRAY) {
                p.skipChildren();
            } else {
                o.members.putIfAbsent(name, new Member(name, t, t == JsonToken.VALUE_NULL ? null : p.getText(), line(p)));
            }
        }
        if (t != JsonToken.END_OBJECT) throw new CaptureException(file, line(p), "malformed JSON object (is the file cut?)");
        return o;
    }

    /** Identity keys, lower case: the plugin streams the telemetry's CSV header names as they are (node_guid or Node_GUID). */
    private static final Set<String> IDENTITY = Set.of("timestamp", "port_num", "port_number", "port", "node_guid", "port_guid",
            "source_id", "tag");
    /** The port number's keys, in the order they are taken (UFM telemetry_parser.py NORMAL_PORT_ID_KEYS). */
    private static final List<String> PORT_NUMBER = List.of("port_num", "port_number", "port");

    /** The member named {@code name} in any letter case, or null. */
    private static Member member(Obj n, String name) {
        Member m = n.members.get(name);
        if (m != null) return m;
        for (Member x : n.members.values()) if (x.name().equalsIgnoreCase(name)) return x;
        return null;
    }

    private static void sample(Obj n, UfmSeries series, String file) {
        Member ts = n.members.get("timestamp");
        if (ts == null || ts.token() != JsonToken.VALUE_NUMBER_INT || !ts.text().matches("\\d{1,19}")) {
            throw new CaptureException(file, ts == null ? n.line : ts.line(), "sample needs an integer \"timestamp\" (epoch "
                    + "microseconds), found " + (ts == null ? "none" : abbreviate(String.valueOf(ts.text()))));
        }
        long timestamp = Values.parseCounter(ts.text(), file, ts.line());
        Member pn = null;
        for (String k : PORT_NUMBER) if (pn == null) pn = member(n, k);
        Member ap = pn == null ? member(n, "aport") : null;
        if (ap != null) {
            throw new CaptureException(file, ap.line(), "an aggregated-port sample (\"sys_image_guid\", \"aport\": UFM's XDR mode) is not "
                    + "read: fabriclab names a port by its node GUID and port number (\"node_guid\"/\"Node_GUID\", \"port_num\"/\"Port_Number\")");
        }
        if (pn == null || pn.text() == null || !(pn.token() == JsonToken.VALUE_NUMBER_INT || pn.token() == JsonToken.VALUE_STRING)) {
            throw new CaptureException(file, pn == null ? n.line : pn.line(), "sample needs an integer \"port_num\" (or \"Port_Number\")");
        }
        long portNum = Values.parseCounter(pn.text(), file, pn.line());
        Map<String, Long> counters = new LinkedHashMap<>();
        Map<String, Integer> lines = new LinkedHashMap<>();
        Map<String, Double> measurements = new LinkedHashMap<>();
        Map<String, String> absent = new LinkedHashMap<>();
        Catalogue cat = Catalogue.standard();
        for (Member m : n.members.values()) {
            String k = m.name();
            if (IDENTITY.contains(k.toLowerCase(java.util.Locale.ROOT))) continue;
            String meas = UfmSeries.measurementColumn(k);
            if (meas == null && UfmSeries.isFloatMetric(k)) { series.skip(k); continue; }
            lines.put(k, m.line());
            if (m.token() == JsonToken.VALUE_NULL) {
                if (meas == null) absent.put(k, "null in UFM telemetry (no value)");
                continue;
            }
            boolean known = cat.lookup(Source.UFM, k).isPresent() || UfmSeries.isIntegerMetric(k);
            if (m.token() != JsonToken.VALUE_NUMBER_INT && m.token() != JsonToken.VALUE_NUMBER_FLOAT) {
                if (meas == null && !known) { series.attribute(k); continue; }    // node_description, port_label, ...: not a counter
                throw new CaptureException(file, m.line(), "counter \"" + k + "\": expected a number, found "
                        + abbreviate(String.valueOf(m.text())));
            }
            if (meas != null) {
                double d = Double.parseDouble(m.text());
                if (!Double.isFinite(d)) throw new CaptureException(file, m.line(), "\"" + k + "\": expected a finite number");
                measurements.put(meas, d);
                continue;
            }
            Long whole = m.token() == JsonToken.VALUE_NUMBER_FLOAT ? whole(m.text()) : null;
            if (m.token() == JsonToken.VALUE_NUMBER_INT && !known && m.text().startsWith("-")) {
                series.negative(k);                       // a level (dBm), not a counter: never negative
            } else if (m.token() == JsonToken.VALUE_NUMBER_INT) {
                counters.put(k, Values.parseCounter(m.text(), file, m.line()));
            } else if (whole != null) {
                counters.put(k, whole);                   // 100000.0: a whole number written as a float
            } else if (known) {
                // a fraction where the catalogue knows a counter: this sample has no valid value for it
                absent.put(k, "non-integer value " + abbreviate(m.text()) + " for a counter");
            } else {
                series.skip(k);   // an uncatalogued fractional column is a rate or a gauge, not a counter
            }
        }
        Member ng = member(n, "node_guid"), pg = member(n, "port_guid");
        series.sample(n.line, timestamp, ng == null ? null : ng.text(), pg == null ? null : pg.text(), portNum, counters, lines,
                measurements, absent);
    }

    /** The non-negative whole number a JSON float with a zero fraction writes ({@code 100000.0}) exactly, else null. */
    private static Long whole(String text) {
        if (!text.matches("\\d+\\.0*")) return null;          // 5.0; not 1e3 (no writer's integer: a corrupt value stays absent)
        try {
            java.math.BigDecimal d = new java.math.BigDecimal(text);
            return d.signum() < 0 ? null : d.toBigIntegerExact().longValueExact();
        } catch (NumberFormatException | ArithmeticException e) {
            return null;
        }
    }

    private static int line(JsonParser p) {
        return p.currentTokenLocation() == null ? 0 : p.currentTokenLocation().getLineNr();
    }

    private static String abbreviate(String s) { return s.length() <= 60 ? s : s.substring(0, 57) + "..."; }
}
