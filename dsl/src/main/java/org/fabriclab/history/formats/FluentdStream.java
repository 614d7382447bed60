package org.fabriclab.history.formats;

import java.io.IOException;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import com.fasterxml.jackson.core.JsonFactory;
import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonToken;

/**
 * The shape of a UFM fluentd telemetry stream (Mellanox/ufm_sdk_3.0 plugins/fluentd_telemetry_plugin):
 * which ports each fetch of the telemetry endpoint streamed, and when. The plugin sends per interval one
 * message {@code {"timestamp": "<wall clock>", "type": "full", "values": [<port record>, ...]}}
 * ({@code bulk_streaming}, the default) or one message per record ({@code "values": {<record>}}); with
 * {@code stream_only_new_samples} (the default) a record holds only the counters that changed and a port
 * with no change is not sent ({@code telemetry_parser.py}: only changed values are streamed).
 * <ul>
 * <li>{@link #text}: the stream as JSON the UFM reader takes (a single-record {@code "values": {...}} wrapped in {@code [...]} on its line): lines in fluentd's {@code out_file} layout
 * ({@code <time>\t<tag>\t<json>}) and in Fluent Bit's ({@code <tag>: [<time>, <json>]}, the file output's default
 * format) have the prefix (and Fluent Bit's closing bracket) blanked (same length, so lines and columns stay), the
 * tag kept per line.</li>
 * <li>{@link #fetches}: one per bulk message; consecutive single-record messages with the same record
 * timestamp and tag form one fetch. A fetch's time is its latest record timestamp, converted as the UFM
 * readers do (10^14 and above microseconds, 10^11 milliseconds, else seconds); ports are named as they
 * name them ({@code guid <port GUID, else node GUID>/<port_num>}; {@code Node_GUID} and {@code Port_Number} in a stream
 * of the xcset telemetry, whose CSV header names them so).</li>
 * </ul>
 * Values are not read here: the UFM JSON capture reader reads them.
 */
final class FluentdStream {
    private static final Pattern OUT_FILE = Pattern.compile("(?m)^([^\\t\\n{\\[]+)\\t([^\\t\\n]+)\\t(?=[{\\[])");
    /** Fluent Bit's file output, format out_file (its default): {@code tag: [time, {record}]} on one line. */
    private static final Pattern FLUENT_BIT_OUT_FILE = Pattern.compile("(?m)^([^\\s\\[{][^\\n]*?): \\[\\d+(?:\\.\\d+)?, (?=\\{)");
    private static final JsonFactory JSON = new JsonFactory();

    /** One fetch of the endpoint: its fluentd tag ("" when unknown), time (epoch ms), ports, first line. */
    record Fetch(String tag, long timeMs, Set<String> ports, int line) {}

    /** The stream as the UFM JSON reader reads it (prefixes blanked, single records wrapped in an array). */
    final String text;
    private final List<String> lineTags = new ArrayList<>();
    /** Char offsets of single-record "values" objects: where '[' goes before and ']' after. */
    private final List<long[]> wraps = new ArrayList<>();
    private final List<Fetch> fetches;

    FluentdStream(String raw) {
        StringBuilder sb = new StringBuilder(raw);
        Matcher m = OUT_FILE.matcher(raw);
        List<int[]> tagged = new ArrayList<>();
        while (m.find()) {
            for (int i = m.start(); i < m.end(); i++) sb.setCharAt(i, ' ');
            tagged.add(new int[] {m.start(2), m.end(2)});
        }
        Matcher b = FLUENT_BIT_OUT_FILE.matcher(raw);
        while (b.find()) {                              // "tag: [" ... "]": the prefix and the closing bracket blanked
            int end = raw.indexOf('\n', b.end());
            int last = (end < 0 ? raw.length() : end) - 1;
            while (last > b.end() && Character.isWhitespace(raw.charAt(last))) last--;
            if (raw.charAt(last) != ']') continue;      // not the one-line layout: left for the JSON reader to report
            for (int i = b.start(); i < b.end(); i++) sb.setCharAt(i, ' ');
            sb.setCharAt(last, ' ');
            tagged.add(new int[] {b.start(1), b.end(1)});
        }
        tagged.sort(java.util.Comparator.comparingInt(a -> a[0]));
        String blanked = sb.toString();
        // tag per line (1-based index), "" where the line has none
        lineTags.add("");
        int line = 1, k = 0;
        lineTags.add("");
        for (int i = 0; i < raw.length(); i++) {
            if (k < tagged.size() && tagged.get(k)[0] == i) { lineTags.set(line, raw.substring(tagged.get(k)[0], tagged.get(k)[1])); k++; }
            if (raw.charAt(i) == '\n') { line++; lineTags.add(""); }
        }
        this.fetches = scan(blanked);
        // a single record ("values": {...}, bulk_streaming = False) becomes a one-sample array: same lines, so errors keep theirs
        StringBuilder t = new StringBuilder(blanked);
        for (int w = wraps.size() - 1; w >= 0; w--) {
            t.insert((int) wraps.get(w)[1], ']');
            t.insert((int) wraps.get(w)[0], '[');
        }
        this.text = t.toString();
    }

    private String tagAt(int line) { return line < lineTags.size() ? lineTags.get(line) : ""; }

    /** The fetches of the stream, in stream order; malformed JSON yields what was read before it (the capture reader reports it). */
    List<Fetch> fetches() { return fetches; }

    private List<Fetch> scan(String text) {
        List<Fetch> out = new ArrayList<>();
        try (JsonParser p = JSON.createParser(text)) {
            JsonToken t;
            Fetch single = null;
            while ((t = p.nextToken()) != null) {
                if (t == JsonToken.START_ARRAY) {
                    while ((t = p.nextToken()) == JsonToken.START_OBJECT) single = message(p, out, single);
                    continue;
                }
                if (t != JsonToken.START_OBJECT) break;
                single = message(p, out, single);
            }
        } catch (IOException | RuntimeException e) {
            return out;
        }
        return out;
    }

    /** One top-level object: a message with "values", or a bare record. Returns the open single-record fetch. */
    private Fetch message(JsonParser p, List<Fetch> out, Fetch single) throws IOException {
        int line = p.currentTokenLocation().getLineNr();
        String tag = tagAt(line);
        List<String[]> records = new ArrayList<>();     // {port, timestamp}
        boolean bulk = false;
        String[] bare = new String[4];                  // a record at top level: port_guid, node_guid, port_num, timestamp
        JsonToken t;
        while ((t = p.nextToken()) == JsonToken.FIELD_NAME) {
            String k = p.currentName();
            t = p.nextToken();
            if (k.equals("values") && t == JsonToken.START_ARRAY) {
                bulk = true;
                while ((t = p.nextToken()) == JsonToken.START_OBJECT) records.add(record(p));
            } else if (k.equals("values") && t == JsonToken.START_OBJECT) {
                long open = p.currentTokenLocation().getCharOffset();
                records.add(record(p));
                wraps.add(new long[] {open, p.currentTokenLocation().getCharOffset() + 1});
            } else if (t == JsonToken.START_OBJECT || t == JsonToken.START_ARRAY) {
                p.skipChildren();
            } else {
                field(bare, k, p);
            }
        }
        if (records.isEmpty() && bare[3] != null) records.add(new String[] {name(bare), bare[3]});
        if (bulk) {
            out.add(fetch(tag, records, line));
            return null;
        }
        for (String[] r : records) {
            long ms = ms(r[1]);
            if (single != null && single.timeMs == ms && single.tag.equals(tag)) {
                if (r[0] != null) single.ports.add(r[0]);
            } else {
                single = new Fetch(tag, ms, new LinkedHashSet<>(), line);
                if (r[0] != null) single.ports.add(r[0]);
                out.add(single);
            }
        }
        return single;
    }

    private static Fetch fetch(String tag, List<String[]> records, int line) {
        long time = Long.MIN_VALUE;
        Set<String> ports = new LinkedHashSet<>();
        for (String[] r : records) {
            time = Math.max(time, ms(r[1]));
            if (r[0] != null) ports.add(r[0]);
        }
        return new Fetch(tag, time, ports, line);
    }

    private static String[] record(JsonParser p) throws IOException {
        String[] f = new String[4];
        JsonToken t;
        while ((t = p.nextToken()) == JsonToken.FIELD_NAME) {
            String k = p.currentName();
            t = p.nextToken();
            if (t == JsonToken.START_OBJECT || t == JsonToken.START_ARRAY) p.skipChildren();
            else field(f, k, p);
        }
        return new String[] {name(f), f[3]};
    }

    private static void field(String[] f, String k, JsonParser p) throws IOException {
        switch (k) {
            case "port_guid" -> f[0] = p.getText();
            case "node_guid", "Node_GUID" -> f[1] = p.getText();             // Node_GUID, Port_Number: the xcset telemetry's names
            case "port_num", "Port_Number" -> f[2] = p.getText();
            case "timestamp" -> f[3] = p.getText();
            default -> { }
        }
    }

    /** The port name the UFM readers give a record, null when it cannot be named. */
    private static String name(String[] f) {
        String g = hex(f[0]) != null ? hex(f[0]) : hex(f[1]);
        if (g == null || f[2] == null || !f[2].trim().matches("\\d{1,5}")) return null;
        return "guid 0x" + g + "/" + Long.parseLong(f[2].trim());
    }

    private static String hex(String text) {
        if (text == null) return null;
        String t = text.trim();
        String h = t.startsWith("0x") || t.startsWith("0X") ? t.substring(2) : t;
        if (h.isEmpty() || h.length() > 16 || !h.chars().allMatch(c -> Character.digit(c, 16) >= 0)) return null;
        if (h.chars().allMatch(c -> c == '0')) return null;
        return "0".repeat(16 - h.length()) + h.toLowerCase(Locale.ROOT);
    }

    /** A UFM timestamp in epoch ms (the readers' magnitude rule); Long.MIN_VALUE when not an integer. */
    static long ms(String ts) {
        if (ts == null || !ts.trim().matches("\\d{1,19}")) return Long.MIN_VALUE;
        long v;
        try { v = Long.parseLong(ts.trim()); } catch (NumberFormatException e) { return Long.MIN_VALUE; }
        if (v >= 100_000_000_000_000L) return v / 1000;
        if (v >= 100_000_000_000L) return v;
        return v * 1000;
    }
}
