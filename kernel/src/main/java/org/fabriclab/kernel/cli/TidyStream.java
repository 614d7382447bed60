package org.fabriclab.kernel.cli;

import java.io.IOException;
import java.io.Writer;
import java.util.List;

import org.fabriclab.capture.Absent;
import org.fabriclab.capture.Capture;
import org.fabriclab.capture.Reading;
import org.fabriclab.capture.Tidy;

import com.fasterxml.jackson.core.JsonFactory;
import com.fasterxml.jackson.core.JsonGenerator;
import com.univocity.parsers.csv.CsvWriter;
import com.univocity.parsers.csv.CsvWriterSettings;

/**
 * The tidy counter rows of captures ({@link Tidy}'s columns, readings then absent counters, capture by
 * capture) written straight from the captures, without building a Tablesaw table: text in the layout
 * of Tablesaw's {@code printAll} (the same bytes), CSV through univocity with Tablesaw's CSV settings,
 * JSON lines through Jackson's generator (missing and empty cells as null, longs exact). A
 * 10,000-port perfquery dump is 240,000 rows: building the table, formatting every cell as a
 * {@code String} and Tablesaw's per-row {@code String.format} were most of {@code show}'s time.
 *
 * <pre>{@code
 * TidyStream.text(captures, "captures", writer);
 * }</pre>
 */
final class TidyStream {
    static final String[] COLUMNS = {Tidy.SOURCE, Tidy.FILE, Tidy.LINE, Tidy.PORT, Tidy.COUNTER, Tidy.RAW_NAME, Tidy.VALUE,
        Tidy.UNIT, Tidy.SCALE, Tidy.WIDTH, Tidy.OVERFLOW, Tidy.KIND, Tidy.LAYER};
    private static final int N = COLUMNS.length;
    private static final int LINE = 2, VALUE = 6, SCALE = 8, WIDTH = 9;
    private static final long MISSING = Long.MIN_VALUE;

    private TidyStream() {}

    /** One row's cells: strings in {@code s} (null where numeric), numbers in {@code n} ({@link #MISSING} where absent). */
    private static final class Row {
        final String[] s = new String[N];
        final long[] n = new long[N];

        Row reading(Reading r) {
            s[0] = r.source().key(); s[1] = r.file(); n[LINE] = r.line(); s[3] = r.port(); s[4] = r.counter(); s[5] = r.rawName();
            n[VALUE] = r.value(); s[7] = r.unit(); n[SCALE] = r.scale(); n[WIDTH] = r.field().width() > 0 ? r.field().width() : MISSING;
            s[10] = enumText(r.field().overflow()); s[11] = enumText(r.kind()); s[12] = r.layer().label();
            return this;
        }

        Row absent(Absent a) {
            s[0] = a.source().key(); s[1] = a.file(); n[LINE] = a.line(); s[3] = a.port(); s[4] = a.counter(); s[5] = a.rawName();
            n[VALUE] = MISSING; s[7] = "absent: " + a.reason(); n[SCALE] = MISSING; n[WIDTH] = MISSING;
            s[10] = ""; s[11] = ""; s[12] = "";
            return this;
        }

        boolean numeric(int c) { return c == LINE || c == VALUE || c == SCALE || c == WIDTH; }

        /** The cell's text length as Tablesaw prints it. */
        int width(int c) {
            if (numeric(c)) return n[c] == MISSING ? 0 : digits(n[c]);
            return s[c] == null ? 0 : s[c].length();
        }

        String text(int c) {
            if (numeric(c)) return n[c] == MISSING ? "" : Long.toString(n[c]);
            return s[c] == null ? "" : s[c];
        }
    }

    /** Visits every row of the captures in table order. */
    private interface RowSink {
        void row(Row r) throws IOException;
    }

    private static void rows(List<Capture> caps, RowSink sink) throws IOException {
        Row r = new Row();
        for (Capture c : caps) {
            for (Reading x : c.readings()) sink.row(r.reading(x));
            for (Absent x : c.absents()) sink.row(r.absent(x));
        }
    }

    /** The rows as Tablesaw's {@code printAll} prints a table named {@code name}, without the final newline. */
    static void text(List<Capture> caps, String name, Writer out) throws IOException {
        text(caps, name, new Chars(out));
    }

    /** As {@link #text(List, String, Writer)}, as UTF-8 bytes: no char buffer, no encoder pass (stdout). */
    static void text(List<Capture> caps, String name, java.io.OutputStream out) throws IOException {
        text(caps, name, new Bytes(out));
    }

    private static void text(List<Capture> caps, String name, Sink b) throws IOException {
        int[] w = new int[N];
        for (int c = 0; c < N; c++) w[c] = COLUMNS[c].length();
        rows(caps, r -> {
            for (int c = 0; c < N; c++) w[c] = Math.max(w[c], r.width(c));
        });
        int total = -1;
        for (int c = 0; c < N; c++) total += w[c] + 5;
        // the title, centred as Tablesaw centres it
        if (name.length() > total) {
            b.append(name);
        } else {
            int lead = (total - name.length()) / 2;
            b.spaces(lead).append(name).spaces(total - lead - name.length());
        }
        b.append('\n');
        for (int c = 0; c < N; c++) {
            int len = COLUMNS[c].length(), lead = (w[c] - len) / 2;
            if (c > 0) b.append(' ');
            b.spaces(lead + 1).append(COLUMNS[c]).spaces(w[c] - len - lead).append("  |");
        }
        b.append('\n');
        for (int i = 0; i < total; i++) b.append('-');
        rows(caps, r -> {
            b.append('\n');
            for (int c = 0; c < N; c++) {
                if (c > 0) b.append(' ');
                b.append(' ');
                if (r.numeric(c)) {
                    long v = r.n[c];
                    b.spaces(w[c] - (v == MISSING ? 0 : digits(v)));
                    if (v != MISSING) b.number(v);
                } else {
                    String s = r.s[c] == null ? "" : r.s[c];
                    b.spaces(w[c] - s.length()).append(s);
                }
                b.append("  |");
            }
        });
        b.flush();
    }

    /** The rows as Tablesaw writes CSV: a header, unformatted cells, quoted only where needed. */
    static void csv(List<Capture> caps, Writer out) throws IOException {
        CsvWriterSettings settings = new CsvWriterSettings();
        settings.setNullValue("");
        settings.getFormat().setDelimiter(',');
        settings.getFormat().setQuote('"');
        settings.getFormat().setQuoteEscape('"');
        settings.getFormat().setLineSeparator("\n");
        settings.setIgnoreLeadingWhitespaces(true);
        settings.setIgnoreTrailingWhitespaces(true);
        settings.setSkipEmptyLines(false);
        settings.setQuoteAllFields(false);
        CsvWriter w = new CsvWriter(out, settings);
        w.writeHeaders(COLUMNS);
        String[] cells = new String[N];
        rows(caps, r -> {
            for (int c = 0; c < N; c++) cells[c] = r.text(c);
            w.writeRow((Object[]) cells);
        });
        w.flush();
    }

    /** One JSON object per row, keys in column order; missing numbers and empty strings are null. */
    static void json(List<Capture> caps, Writer out) throws IOException {
        JsonGenerator g = new JsonFactory().createGenerator(out);
        g.setRootValueSeparator(null);
        rows(caps, r -> {
            g.writeStartObject();
            for (int c = 0; c < N; c++) {
                g.writeFieldName(COLUMNS[c]);
                if (r.numeric(c)) {
                    if (r.n[c] == MISSING) g.writeNull(); else g.writeNumber(r.n[c]);
                } else {
                    String s = r.s[c];
                    if (s == null || s.isEmpty()) g.writeNull(); else g.writeString(s);
                }
            }
            g.writeEndObject();
            g.writeRaw('\n');
        });
        g.flush();
    }

    private static final java.util.Map<Enum<?>, String> ENUM_TEXT = new java.util.concurrent.ConcurrentHashMap<>();

    /** An enum's {@code toString()}, once per constant (the catalogue's enums lowercase their name on every call). */
    private static String enumText(Enum<?> e) { return ENUM_TEXT.computeIfAbsent(e, Enum::toString); }

    static int digits(long v) {
        if (v == Long.MIN_VALUE) return 20;
        int d = v < 0 ? 2 : 1;
        long a = Math.abs(v);
        while (a >= 10) { a /= 10; d++; }
        return d;
    }

    /** Where the text goes: appends without a String per cell. */
    private interface Sink {
        Sink append(char c) throws IOException;
        Sink append(String s) throws IOException;
        Sink spaces(int n) throws IOException;
        Sink number(long v) throws IOException;
        void flush() throws IOException;
    }

    /** UTF-8 bytes into an output stream; a string's bytes are kept while the same string recurs (ports, counter names). */
    private static final class Bytes implements Sink {
        private final java.io.OutputStream out;
        private final byte[] buf = new byte[1 << 16];
        private final java.util.IdentityHashMap<String, byte[]> encoded = new java.util.IdentityHashMap<>();
        private int len;

        Bytes(java.io.OutputStream out) { this.out = out; }

        @Override public Sink append(char c) throws IOException {
            if (c >= 0x80) return append(String.valueOf(c));
            if (len == buf.length) drain();
            buf[len++] = (byte) c;
            return this;
        }

        @Override public Sink append(String s) throws IOException {
            byte[] b = encoded.get(s);
            if (b == null) {
                if (encoded.size() > 4096) encoded.clear();
                b = s.getBytes(java.nio.charset.StandardCharsets.UTF_8);
                encoded.put(s, b);
            }
            if (b.length > buf.length - len) {
                drain();
                if (b.length > buf.length) { out.write(b); return this; }
            }
            System.arraycopy(b, 0, buf, len, b.length);
            len += b.length;
            return this;
        }

        @Override public Sink spaces(int n) throws IOException {
            while (n > 0) {
                if (len == buf.length) drain();
                int k = Math.min(n, buf.length - len);
                java.util.Arrays.fill(buf, len, len + k, (byte) ' ');
                len += k;
                n -= k;
            }
            return this;
        }

        @Override public Sink number(long v) throws IOException {
            if (v == Long.MIN_VALUE) return append(Long.toString(v));
            if (buf.length - len < 20) drain();
            int d = digits(v), end = len + d;
            long a = Math.abs(v);
            for (int i = end - 1; i >= len; i--) { buf[i] = (byte) ('0' + a % 10); a /= 10; }
            if (v < 0) buf[len] = '-';
            len = end;
            return this;
        }

        private void drain() throws IOException {
            out.write(buf, 0, len);
            len = 0;
        }

        @Override public void flush() throws IOException {
            drain();
            out.flush();
        }
    }

    /** A char buffer in front of a writer. */
    private static final class Chars implements Sink {
        private final Writer out;
        private final char[] buf = new char[1 << 16];
        private final char[] digits = new char[20];
        private int len;

        Chars(Writer out) { this.out = out; }

        @Override public Sink append(char c) throws IOException {
            if (len == buf.length) drain();
            buf[len++] = c;
            return this;
        }

        @Override public Sink append(String s) throws IOException {
            int n = s.length();
            if (n > buf.length - len) {
                drain();
                if (n > buf.length) { out.write(s); return this; }
            }
            s.getChars(0, n, buf, len);
            len += n;
            return this;
        }

        @Override public Sink spaces(int n) throws IOException {
            for (int i = 0; i < n; i++) append(' ');
            return this;
        }

        @Override public Sink number(long v) throws IOException {
            if (v == Long.MIN_VALUE) return append(Long.toString(v));
            boolean neg = v < 0;
            long a = Math.abs(v);
            int i = digits.length;
            do { digits[--i] = (char) ('0' + a % 10); a /= 10; } while (a > 0);
            if (neg) digits[--i] = '-';
            if (digits.length - i > buf.length - len) drain();
            System.arraycopy(digits, i, buf, len, digits.length - i);
            len += digits.length - i;
            return this;
        }

        private void drain() throws IOException {
            out.write(buf, 0, len);
            len = 0;
        }

        @Override public void flush() throws IOException {
            drain();
            out.flush();
        }
    }
}
