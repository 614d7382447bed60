package org.fabriclab.history.formats;

import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Set;
import java.util.regex.Pattern;

import org.fabriclab.capture.exporter.ExporterMetrics;
import org.fabriclab.capture.CaptureException;

/**
 * One line of InfluxDB line protocol (docs.influxdata.com/influxdb/v2/reference/syntax/line-protocol), the grammar only:
 * <pre>
 * measurement[,tag_key=tag_value...] field_key=field_value[,field_key=field_value...] [timestamp]
 * infiniband,device=mlx5_0,host=node01,port=1 port_xmit_data=1000000000i,symbol_error=0i 1764547200000000000
 * </pre>
 * <ul>
 * <li>Escapes: a backslash before a comma or a space in the measurement, before a comma, an equals sign or a space in a tag
 * key, tag value or field key, stands for that character; any other backslash is itself (InfluxDB's parser does the
 * same). A string field value is double-quoted, {@code \"} and {@code \\} inside it being a quote and a backslash.</li>
 * <li>Field values: a float ({@code 1}, {@code -1.5}, {@code 1e+06}), an integer ({@code 1i}), an unsigned integer
 * ({@code 1u}), a string, or a boolean ({@code t}, {@code true}, {@code F}, ...).</li>
 * <li>The timestamp is an integer whose unit the writer chose (ns unless told otherwise); it is returned as written,
 * {@link TimestampPrecision} reads it.</li>
 * </ul>
 * Comment lines ({@code #}) and blank lines are the caller's to skip. No Java library on Maven Central parses line
 * protocol on its own (the InfluxDB clients only write it), so the grammar is read here.
 *
 * <pre>{@code
 * LineProtocol.Point p = LineProtocol.parse("ethtool,interface=eth2 rx_prio3_pause=12u 1764547200000000000", "x.lp", 1);
 * p.fields().get("rx_prio3_pause").text();   // "12"
 * }</pre>
 */
final class LineProtocol {
    private static final Pattern FLOAT = Pattern.compile("[-+]?(\\d+\\.?\\d*|\\.\\d+)([eE][-+]?\\d+)?");
    private static final Pattern INTEGER = Pattern.compile("-?\\d+i");
    private static final Pattern UNSIGNED = Pattern.compile("\\d+u");
    private static final Pattern TIMESTAMP = Pattern.compile("-?\\d{1,19}");
    private static final Set<String> TRUE = Set.of("t", "T", "true", "True", "TRUE");
    private static final Set<String> FALSE = Set.of("f", "F", "false", "False", "FALSE");

    private LineProtocol() {}

    /** The type of a field value. */
    enum Type { FLOAT, INTEGER, UNSIGNED, STRING, BOOLEAN;
        boolean numeric() { return this == FLOAT || this == INTEGER || this == UNSIGNED; }
        @Override public String toString() { return name().toLowerCase(java.util.Locale.ROOT); }
    }

    /** A field value: its type and its text (a number without its {@code i}/{@code u} suffix, a string unquoted and unescaped). */
    record Value(Type type, String text) {}

    /** One point: measurement, tags and fields in line order, the timestamp as written (null when the line has none). */
    record Point(String measurement, Map<String, String> tags, Map<String, Value> fields, String timestamp) {}

    /**
     * Parses one line (no line end, not a comment).
     *
     * @throws CaptureException at {@code file:line} naming what was expected where the line departs from the grammar
     */
    static Point parse(String s, String file, int line) {
        Cursor c = new Cursor(s.stripLeading(), file, line);
        String measurement = c.token(", ", ", ");
        if (measurement.isEmpty()) throw c.error("expected a measurement name at the start of the line");
        Map<String, String> tags = new LinkedHashMap<>();
        while (c.at(',')) {
            c.i++;
            String k = c.token(",= ", ",= ");
            if (k.isEmpty() || !c.at('=')) throw c.error("expected tag_key=tag_value after '" + measurement + ",'");
            c.i++;
            String v = c.token(",= ", ", ");
            if (v.isEmpty()) throw c.error("tag " + k + " has no value (line protocol omits a tag rather than leave it empty)");
            tags.put(k, v);
        }
        if (!c.at(' ')) throw c.error("expected a space and the field set after the measurement and tags");
        c.blanks();
        Map<String, Value> fields = new LinkedHashMap<>();
        do {
            if (c.at(',')) c.i++;
            String k = c.token(",= ", ",= ");
            if (k.isEmpty() || !c.at('=')) throw c.error("expected field_key=field_value in the field set");
            c.i++;
            fields.put(k, c.value(k));
        } while (c.at(','));
        String ts = null;
        if (c.at(' ')) {
            c.blanks();
            String rest = c.s.substring(c.i).strip();
            if (!rest.isEmpty()) {
                if (!TIMESTAMP.matcher(rest).matches()) throw c.error("expected a timestamp (an integer, ns since the epoch) after the fields, found '"
                        + ExporterMetrics.abbreviate(rest) + "'");
                ts = rest;
            }
        } else if (c.i < c.s.length()) {
            throw c.error("expected ',' or a space after the field value");
        }
        return new Point(measurement, tags, fields, ts);
    }

    /** A position in a line. */
    private static final class Cursor {
        final String s;
        final String file;
        final int line;
        int i;

        Cursor(String s, String file, int line) { this.s = s; this.file = file; this.line = line; }

        boolean at(char ch) { return i < s.length() && s.charAt(i) == ch; }

        void blanks() { while (at(' ')) i++; }

        /** Characters up to one of {@code stops} (unescaped); a backslash before one of {@code escapable} is that character. */
        String token(String escapable, String stops) {
            StringBuilder b = new StringBuilder();
            while (i < s.length()) {
                char ch = s.charAt(i);
                if (ch == '\\' && i + 1 < s.length() && escapable.indexOf(s.charAt(i + 1)) >= 0) {
                    b.append(s.charAt(i + 1));
                    i += 2;
                    continue;
                }
                if (stops.indexOf(ch) >= 0) break;
                b.append(ch);
                i++;
            }
            return b.toString();
        }

        Value value(String key) {
            if (at('"')) {
                StringBuilder b = new StringBuilder();
                i++;
                while (i < s.length()) {
                    char ch = s.charAt(i++);
                    if (ch == '"') return new Value(Type.STRING, b.toString());
                    if (ch == '\\' && i < s.length() && (s.charAt(i) == '"' || s.charAt(i) == '\\')) ch = s.charAt(i++);
                    b.append(ch);
                }
                throw error("field " + key + ": unterminated string value (expected a closing '\"')");
            }
            int start = i;
            while (i < s.length() && s.charAt(i) != ',' && s.charAt(i) != ' ') i++;
            String t = s.substring(start, i);
            if (INTEGER.matcher(t).matches()) return new Value(Type.INTEGER, t.substring(0, t.length() - 1));
            if (UNSIGNED.matcher(t).matches()) return new Value(Type.UNSIGNED, t.substring(0, t.length() - 1));
            if (FLOAT.matcher(t).matches()) return new Value(Type.FLOAT, t);
            if (TRUE.contains(t) || FALSE.contains(t)) return new Value(Type.BOOLEAN, t);
            throw error("field " + key + ": expected a value (a float, an integer 1i, an unsigned 1u, a \"string\", true or false), found '"
                    + ExporterMetrics.abbreviate(t) + "'");
        }

        CaptureException error(String what) { return new CaptureException(file, line, what); }
    }
}
