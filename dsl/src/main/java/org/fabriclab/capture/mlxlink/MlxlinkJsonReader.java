package org.fabriclab.capture.mlxlink;

import java.io.IOException;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import org.fabriclab.capture.Capture;
import org.fabriclab.capture.CaptureException;
import org.fabriclab.capture.CaptureReader;
import org.fabriclab.capture.Input;
import org.fabriclab.capture.Values;
import org.fabriclab.catalogue.Source;

import com.fasterxml.jackson.core.JsonFactory;
import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.core.JsonToken;

/**
 * Reads {@code mlxlink --json} output: {@code {"result": {"output": {"<section>": {"<key>": "<value>"
 * | {"values": [...]}}}}, "status": {"code": 0, "message": "success"}}} (mstflint
 * {@code mlxlink_cmd_print.cpp}, {@code toJsonFormat}). The sections are the text output's, so the
 * tables are the same as {@link MlxlinkReader}'s, plus the {@code fec_histogram} of
 * {@code --rx_fec_histogram --show_histogram} ({@code "Bin 3": {"values": ["[3]", "177"]}}). A
 * non-zero {@code status.code} is a failed capture: a {@link CaptureException} naming the status
 * message and its line. Read with Jackson's streaming parser, so every value keeps the line it is
 * on (errors name the line of the bad value, not of its object). The JSON names no device: the port
 * is {@code mlxlink <file name stem>} ({@code #2}, {@code #3} ... for further documents in the file, unless a document's
 * module prints the vendor serial number an earlier one printed: then it is that port read again, a run appended after
 * a test, {@code mlxlink ... --json >> f}).
 *
 * <pre>{@code
 * Capture c = new MlxlinkJsonReader().read(Input.of(Path.of("mlx5_0.json")));
 * c.measurements("ber").get();
 * }</pre>
 */
public final class MlxlinkJsonReader implements CaptureReader {
    private static final JsonFactory JSON = new JsonFactory();

    @Override public String format() { return "mlxlink-json"; }

    @Override public int sniff(Input in) {
        if (in.isDirectory()) return 0;
        String text = in.text();
        String head = text.substring(0, Math.min(text.length(), 8192)).stripLeading();
        if (!head.startsWith("{") || !head.contains("\"result\"") || !head.contains("\"output\"")) return 0;
        return head.contains("\"" + MlxlinkReader.OPERATIONAL_INFO + "\"") || head.contains("\"" + MlxlinkReader.COUNTERS_INFO + "\"")
                || head.contains("\"" + MlxlinkReader.MODULE_INFO + "\"") || head.contains("\"" + MlxlinkTables.FEC_HISTOGRAM + "\"")
                || head.contains("\"" + MlxlinkPcie.INFO + "\"")
                ? 90 : 0;
    }

    /** One document: its output sections and its status. */
    private static final class Doc {
        Map<String, Map<String, MlxlinkTables.Value>> sections;
        int line;
        Long statusCode;
        int statusLine;
        String statusMessage;
    }

    @Override public Capture read(Input in) {
        String file = in.name();
        String stem = MlxlinkReader.fallbackPort(in);
        List<MlxlinkTables.PortOutput> ports = new ArrayList<>();
        Map<String, String> bySerial = new java.util.HashMap<>();
        try (JsonParser p = JSON.createParser(in.text())) {
            JsonToken t;
            while ((t = p.nextToken()) != null) {
                int line = line(p);
                if (t != JsonToken.START_OBJECT) throw new CaptureException(file, line, "expected a JSON object from mlxlink --json");
                Doc d = document(p, file, line);
                if (d.statusCode != null && d.statusCode != 0) {
                    throw new CaptureException(file, d.statusLine, "mlxlink reported a failed run: status code " + d.statusCode
                            + ", message '" + (d.statusMessage == null ? "" : d.statusMessage) + "'; the capture holds no valid values");
                }
                if (d.sections == null) {
                    throw new CaptureException(file, line, "expected \"result\": {\"output\": {...}} (mlxlink --json); status: "
                            + (d.statusMessage == null ? "none" : d.statusMessage));
                }
                // a document whose module serial an earlier one named is that port again (mlxlink --json >> f after the
                // test: a run), else a further device (a loop over devices)
                String serial = serial(d.sections);
                String port = serial != null && bySerial.containsKey(serial) ? bySerial.get(serial)
                        : ports.isEmpty() ? stem : stem + "#" + (ports.size() + 1);
                if (serial != null) bySerial.putIfAbsent(serial, port);
                ports.add(new MlxlinkTables.PortOutput(port, line, d.sections));
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

    /** The module's vendor serial number of a document's Module Info, or null when it prints none. */
    private static String serial(Map<String, Map<String, MlxlinkTables.Value>> sections) {
        Map<String, MlxlinkTables.Value> m = sections.get(MlxlinkReader.MODULE_INFO);
        MlxlinkTables.Value v = m == null ? null : m.get("Vendor Serial Number");
        String t = v == null || v.text() == null ? "" : v.text().strip();
        return t.isEmpty() || t.equalsIgnoreCase("N/A") ? null : t;
    }

    /** The document the parser is at (its START_OBJECT read). */
    private static Doc document(JsonParser p, String file, int line) throws IOException {
        Doc d = new Doc();
        d.line = line;
        JsonToken t;
        while ((t = p.nextToken()) == JsonToken.FIELD_NAME) {
            String name = p.currentName();
            t = p.nextToken();
            if (name.equals("result") && t == JsonToken.START_OBJECT) {
                while ((t = p.nextToken()) == JsonToken.FIELD_NAME) {
                    String rn = p.currentName();
                    t = p.nextToken();
                    if (rn.equals("output") && t == JsonToken.START_OBJECT) d.sections = sections(p, file);
                    else p.skipChildren();
                }
            } else if (name.equals("status") && t == JsonToken.START_OBJECT) {
                while ((t = p.nextToken()) == JsonToken.FIELD_NAME) {
                    String sn = p.currentName();
                    t = p.nextToken();
                    if (sn.equals("code")) {
                        d.statusLine = line(p);
                        if (t == JsonToken.VALUE_NUMBER_INT && p.getNumberType() != JsonParser.NumberType.BIG_INTEGER) {
                            d.statusCode = p.getLongValue();
                        } else if (t == JsonToken.VALUE_STRING && p.getText().strip().matches("-?\\d{1,9}")) {
                            d.statusCode = Long.parseLong(p.getText().strip());
                        } else {
                            throw new CaptureException(file, d.statusLine, "\"status\": \"code\" is " + Values.abbreviate(p.getText())
                                    + "; expected an integer (0 for success)");
                        }
                    } else if (sn.equals("message") && t.isScalarValue()) {
                        d.statusMessage = p.getText();
                    } else {
                        p.skipChildren();
                    }
                }
            } else {
                p.skipChildren();
            }
        }
        if (t != JsonToken.END_OBJECT) throw new CaptureException(file, line(p), "malformed JSON object (is the file cut?)");
        return d;
    }

    /** {@code "<section>": {"<key>": value}}, each value with its line. */
    private static Map<String, Map<String, MlxlinkTables.Value>> sections(JsonParser p, String file) throws IOException {
        Map<String, Map<String, MlxlinkTables.Value>> out = new LinkedHashMap<>();
        JsonToken t;
        while ((t = p.nextToken()) == JsonToken.FIELD_NAME) {
            String section = p.currentName();
            t = p.nextToken();
            if (t != JsonToken.START_OBJECT) { p.skipChildren(); continue; }
            Map<String, MlxlinkTables.Value> kv = new LinkedHashMap<>();
            while ((t = p.nextToken()) == JsonToken.FIELD_NAME) {
                String key = p.currentName();
                t = p.nextToken();
                int line = line(p);
                if (t.isScalarValue()) {
                    kv.put(key, MlxlinkTables.Value.scalar(t == JsonToken.VALUE_NULL ? "" : p.getText(), line));
                } else if (t == JsonToken.START_OBJECT) {
                    MlxlinkTables.Value v = valuesObject(p, file);
                    if (v != null) kv.put(key, new MlxlinkTables.Value(String.join(",", v.items()), v.items(), line, v.itemLines()));
                } else {
                    p.skipChildren();
                }
            }
            out.put(section, kv);
        }
        return out;
    }

    /** {@code {"values": ["a", "b"], "mask": ...}}: the values with their lines, or null without values. */
    private static MlxlinkTables.Value valuesObject(JsonParser p, String file) throws IOException {
        List<String> items = null;
        List<Integer> lines = null;
        JsonToken t;
        while ((t = p.nextToken()) == JsonToken.FIELD_NAME) {
            String n = p.currentName();
            t = p.nextToken();
            if (n.equals("values") && t == JsonToken.START_ARRAY) {
                items = new ArrayList<>();
                lines = new ArrayList<>();
                while ((t = p.nextToken()) != JsonToken.END_ARRAY) {
                    if (t == null) throw new CaptureException(file, line(p), "JSON ends inside a \"values\" array (is the file cut?)");
                    if (!t.isScalarValue()) { p.skipChildren(); items.add(""); lines.add(line(p)); continue; }
                    items.add(t == JsonToken.VALUE_NULL ? "" : p.getText());
                    lines.add(line(p));
                }
            } else {
                p.skipChildren();
            }
        }
        return items == null ? null : new MlxlinkTables.Value("", items, 0, lines);
    }

    private static int line(JsonParser p) {
        return p.currentTokenLocation() == null ? 0 : p.currentTokenLocation().getLineNr();
    }
}
