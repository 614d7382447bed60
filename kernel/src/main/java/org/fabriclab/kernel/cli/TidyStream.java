package org.fabriclab.kernel.cli;

import java.io.IOException;
import java.io.Writer;
import java.util.List;
import java.util.Map;

import org.fabriclab.capture.Absent;
import org.fabriclab.capture.Capture;
import org.fabriclab.capture.PortAttr;
import org.fabriclab.capture.Reading;
import org.fabriclab.capture.Tidy;
import org.fabriclab.catalogue.Kind;
import org.fabriclab.catalogue.Overflow;

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
 * {@code String} and Tablesaw's per-row {@code String.format} were most of {@code show}'s time. The
 * port attributes ({@link #ATTRIBUTE_COLUMNS}: 4 per port of a perfquery dump) are streamed the same
 * way.
 *
 * <pre>{@code
 * TidyStream.text(captures, "captures", writer);
 * }</pre>
 */
final class TidyStream {
    static final String[] COLUMNS = {Tidy.SOURCE, Tidy.FILE, Tidy.LINE, Tidy.PORT, Tidy.COUNTER, Tidy.RAW_NAME, Tidy.VALUE,
        Tidy.UNIT, Tidy.SCALE, Tidy.WIDTH, Tidy.OVERFLOW, Tidy.KIND, Tidy.LAYER, Tidy.QUEUE};
    /** The columns of {@code show}'s port attribute table (all text, as {@code ShowCommand} builds it). */
    static final String[] ATTRIBUTE_COLUMNS = {"port", "key", "value", "line"};
    /** The attributes' columns in CSV and JSON lines: each row names the file it was read from (a folder's capture holds several). */
    private static final String[] FILED_ATTRIBUTE_COLUMNS = {"file", "port", "key", "value", "line"};
    private static final boolean[] FILED_ATTRIBUTE_NUMERIC = {false, false, false, false, true};
    private static final int N = COLUMNS.length;
    private static final int LINE = 2, VALUE = 6, SCALE = 8, WIDTH = 9, QUEUE = 13;
    private static final long MISSING = Long.MIN_VALUE;
    private static final boolean[] TIDY_NUMERIC = new boolean[N];
    /**
     * The attributes' columns as the text writer reads them: {@code line} a number, laid out as its
     * text is (right-aligned either way), without a {@code String} per row.
     */
    private static final boolean[] ATTRIBUTE_TEXT_NUMERIC = new boolean[ATTRIBUTE_COLUMNS.length];
    private static final int ATTRIBUTE_LINE = List.of(ATTRIBUTE_COLUMNS).indexOf("line");

    static {
        for (int c : new int[] {LINE, VALUE, SCALE, WIDTH, QUEUE}) TIDY_NUMERIC[c] = true;
        ATTRIBUTE_TEXT_NUMERIC[ATTRIBUTE_LINE] = true;
    }

    private TidyStream() {}

    /** One row's cells: strings in {@code s} (null where numeric), numbers in {@code n} ({@link #MISSING} where absent). */
    private static final class Row {
        final String[] s;
        final long[] n;
        final boolean[] numeric;

        Row(boolean[] numeric) {
            this.numeric = numeric;
            s = new String[numeric.length];
            n = new long[numeric.length];
        }

        Row reading(Reading r) {
            s[0] = r.source().key(); s[1] = r.file(); n[LINE] = r.line(); s[3] = r.port(); s[4] = r.counter(); s[5] = r.rawName();
            n[VALUE] = r.value(); s[7] = r.unit(); n[SCALE] = r.scale(); n[WIDTH] = r.field().width() > 0 ? r.field().width() : MISSING;
            s[10] = OVERFLOW_TEXT[r.field().overflow().ordinal()]; s[11] = KIND_TEXT[r.kind().ordinal()]; s[12] = r.layer().label();
            n[QUEUE] = r.isQueue() ? r.queue() : MISSING;
            return this;
        }

        Row absent(Absent a) {
            s[0] = a.source().key(); s[1] = a.file(); n[LINE] = a.line(); s[3] = a.port(); s[4] = a.counter(); s[5] = a.rawName();
            n[VALUE] = MISSING; s[7] = "absent: " + a.reason(); n[SCALE] = MISSING; n[WIDTH] = MISSING;
            s[10] = ""; s[11] = ""; s[12] = ""; n[QUEUE] = MISSING;
            return this;
        }

        Row attribute(PortAttr a) {
            s[0] = a.port(); s[1] = a.key(); s[2] = a.value();
            if (numeric[ATTRIBUTE_LINE]) n[ATTRIBUTE_LINE] = a.line(); else s[ATTRIBUTE_LINE] = Integer.toString(a.line());
            return this;
        }

        Row attribute(PortAttr a, String file) {
            s[0] = a.file() == null || a.file().isEmpty() ? file : a.file();
            s[1] = a.port(); s[2] = a.key(); s[3] = a.value(); n[4] = a.line();
            return this;
        }

        int columns() { return numeric.length; }

        boolean numeric(int c) { return numeric[c]; }

        String text(int c) {
            if (numeric(c)) return n[c] == MISSING ? "" : Long.toString(n[c]);
            return s[c] == null ? "" : s[c];
        }
    }

    /** Receives each row in table order. */
    private interface RowSink {
        void row(Row r) throws IOException;
    }

    /** A table to stream: its columns, which of them are numeric, and a way to visit its rows. */
    private record Rows(String[] columns, boolean[] numeric, Visit visit) {
        interface Visit {
            void each(Row r, RowSink sink) throws IOException;
        }

        void each(RowSink sink) throws IOException { visit.each(new Row(numeric), sink); }
    }

    /** Rows per slice of the parallel text writer: a slice is formatted into its own bytes on a worker. */
    static final int SLICE = 4096;

    /** The tidy rows of the captures in slices of at most {@link #SLICE} rows, in table order. */
    private static List<Rows> tidySlices(List<Capture> caps) {
        List<Rows> out = new java.util.ArrayList<>();
        for (Capture c : caps) {
            List<Reading> rs = c.readings();
            for (int i = 0; i < rs.size(); i += SLICE) {
                List<Reading> part = rs.subList(i, Math.min(rs.size(), i + SLICE));
                out.add(new Rows(COLUMNS, TIDY_NUMERIC, (r, sink) -> { for (Reading x : part) sink.row(r.reading(x)); }));
            }
            List<Absent> as = c.absents();
            for (int i = 0; i < as.size(); i += SLICE) {
                List<Absent> part = as.subList(i, Math.min(as.size(), i + SLICE));
                out.add(new Rows(COLUMNS, TIDY_NUMERIC, (r, sink) -> { for (Absent x : part) sink.row(r.absent(x)); }));
            }
        }
        return out;
    }

    /** A capture's port attributes in slices of at most {@link #SLICE} rows. */
    private static List<Rows> attributeSlices(Capture c) {
        List<Rows> out = new java.util.ArrayList<>();
        List<PortAttr> as = c.attrs();
        for (int i = 0; i < as.size(); i += SLICE) {
            List<PortAttr> part = as.subList(i, Math.min(as.size(), i + SLICE));
            out.add(new Rows(ATTRIBUTE_COLUMNS, ATTRIBUTE_TEXT_NUMERIC, (r, sink) -> { for (PortAttr x : part) sink.row(r.attribute(x)); }));
        }
        return out;
    }

    /** The tidy rows of the captures: readings then absent counters, capture by capture. */
    private static Rows tidy(List<Capture> caps) {
        return new Rows(COLUMNS, TIDY_NUMERIC, (r, sink) -> {
            for (Capture c : caps) {
                for (Reading x : c.readings()) sink.row(r.reading(x));
                for (Absent x : c.absents()) sink.row(r.absent(x));
            }
        });
    }

    /** The port attributes of one capture, in order, each with the file it was read from (else the capture's): CSV and JSON lines. */
    private static Rows attributes(Capture c) {
        return new Rows(FILED_ATTRIBUTE_COLUMNS, FILED_ATTRIBUTE_NUMERIC, (r, sink) -> {
            for (PortAttr a : c.attrs()) sink.row(r.attribute(a, c.file()));
        });
    }

    /** The rows as Tablesaw's {@code printAll} prints a table named {@code name}, without the final newline. */
    static void text(List<Capture> caps, String name, Writer out) throws IOException {
        text(tidy(caps), name, new Chars(out));
    }

    /**
     * As {@link #text(List, String, Writer)}, as UTF-8 bytes: no char buffer, no encoder pass (stdout).
     * The rows are measured and formatted in slices on worker threads (one per core, at most 4), the
     * slices written in order: the same bytes as one thread writes.
     */
    static void text(List<Capture> caps, String name, java.io.OutputStream out) throws IOException {
        parallelText(tidySlices(caps), COLUMNS, name, out);
    }

    /**
     * A table of text cells ({@code rows}, each with a cell per column; null prints empty) as Tablesaw's
     * {@code printAll} prints a table of string columns named {@code name}, without the final newline:
     * {@code classify} prints its verdicts so, without building a Tablesaw table.
     */
    static void text(String name, List<String> columns, List<List<String>> rows, Writer out) throws IOException {
        String[] cols = columns.toArray(String[]::new);
        text(new Rows(cols, new boolean[cols.length], (r, sink) -> {
            for (List<String> row : rows) {
                for (int c = 0; c < cols.length; c++) r.s[c] = row.get(c);
                sink.row(r);
            }
        }), name, new Chars(out));
    }

    /** A capture's port attributes ({@link #ATTRIBUTE_COLUMNS}) as {@code printAll} prints a table named {@code name}, without the final newline. */
    static void attributesText(Capture c, String name, Writer out) throws IOException {
        text(new Rows(ATTRIBUTE_COLUMNS, ATTRIBUTE_TEXT_NUMERIC, (r, sink) -> {
            for (PortAttr a : c.attrs()) sink.row(r.attribute(a));
        }), name, new Chars(out));
    }

    /** As {@link #attributesText(Capture, String, Writer)}, as UTF-8 bytes (in slices, as {@link #text(List, String, java.io.OutputStream)}). */
    static void attributesText(Capture c, String name, java.io.OutputStream out) throws IOException {
        parallelText(attributeSlices(c), ATTRIBUTE_COLUMNS, name, out);
    }

    private static void text(Rows rows, String name, Sink b) throws IOException {
        int[] w = widths(rows.columns(), List.of(rows));
        header(rows.columns(), w, name, b);
        body(rows, w, b);
        b.flush();
    }

    /**
     * Each column's width: its name's or its longest cell's. A number column's longest text is that
     * of its least or its greatest value (the text's length grows with the magnitude, a sign adds
     * one), so each row only compares; a text column measures a string only when it is not the one
     * the row above had.
     */
    private static int[] widths(String[] cols, List<Rows> parts) throws IOException {
        int k = cols.length;
        int[] w = new int[k];
        long[] least = new long[k], greatest = new long[k];
        boolean[] any = new boolean[k];
        String[] above = new String[k];
        for (int c = 0; c < k; c++) w[c] = cols[c].length();
        for (Rows rows : parts) {
            rows.each(r -> {
                for (int c = 0; c < k; c++) {
                    if (r.numeric(c)) {
                        long v = r.n[c];
                        if (v == MISSING) continue;
                        if (!any[c]) { any[c] = true; least[c] = v; greatest[c] = v; }
                        else if (v < least[c]) least[c] = v;
                        else if (v > greatest[c]) greatest[c] = v;
                    } else {
                        String s = r.s[c];
                        if (s != above[c]) {
                            above[c] = s;
                            if (s != null && s.length() > w[c]) w[c] = s.length();
                        }
                    }
                }
            });
        }
        for (int c = 0; c < k; c++) if (any[c]) w[c] = Math.max(w[c], Math.max(digits(least[c]), digits(greatest[c])));
        return w;
    }

    /**
     * The workers of {@link #parallelText}: daemon threads, one per core (at most 4; the system property
     * {@code fabriclab.threads} sets another number, 1 writes on the calling thread), made on first use.
     */
    private static final class Workers {
        static final int N = org.fabriclab.work.Threads.configured();
        static final java.util.concurrent.ExecutorService POOL = java.util.concurrent.Executors.newFixedThreadPool(N, r -> {
            Thread t = new Thread(r, "fabriclab-text");
            t.setDaemon(true);
            return t;
        });
    }

    /**
     * The text of a table given in slices: the widths measured slice by slice on the workers, then each
     * slice's rows formatted into its own bytes on the workers and written in order (at most two slices
     * per worker held at once). One slice, or one core, is written on this thread.
     */
    private static void parallelText(List<Rows> parts, String[] cols, String name, java.io.OutputStream out) throws IOException {
        if (parts.size() <= 1 || Workers.N == 1) {
            Bytes b = new Bytes(out);
            int[] w = widths(cols, parts);
            header(cols, w, name, b);
            for (Rows rows : parts) body(rows, w, b);
            b.flush();
            return;
        }
        List<java.util.concurrent.Future<int[]>> measured = new java.util.ArrayList<>();
        for (Rows rows : parts) measured.add(Workers.POOL.submit(() -> widths(cols, List.of(rows))));
        int[] w = new int[cols.length];
        for (java.util.concurrent.Future<int[]> f : measured) {
            int[] x = done(f);
            for (int c = 0; c < w.length; c++) w[c] = Math.max(w[c], x[c]);
        }
        Bytes head = new Bytes(out);
        header(cols, w, name, head);
        head.flush();
        // a slice's bytes stay in memory until written; the buffers are reused (fresh pages cost more than the copy)
        java.util.concurrent.ConcurrentLinkedQueue<Bytes> free = new java.util.concurrent.ConcurrentLinkedQueue<>();
        java.util.ArrayDeque<java.util.concurrent.Future<Bytes>> pending = new java.util.ArrayDeque<>();
        int next = 0;
        while (next < parts.size() || !pending.isEmpty()) {
            while (next < parts.size() && pending.size() < 2 * Workers.N) {
                Rows rows = parts.get(next++);
                pending.add(Workers.POOL.submit(() -> {
                    Bytes b = free.poll();
                    if (b == null) b = new Bytes(null);
                    body(rows, w, b);
                    return b;
                }));
            }
            Bytes b = done(pending.poll());
            b.writeTo(out);
            free.add(b);
        }
        out.flush();
    }

    private static <T> T done(java.util.concurrent.Future<T> f) throws IOException {
        try {
            return f.get();
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new java.io.InterruptedIOException("interrupted");
        } catch (java.util.concurrent.ExecutionException e) {
            if (e.getCause() instanceof IOException io) throw io;
            if (e.getCause() instanceof RuntimeException r) throw r;
            if (e.getCause() instanceof Error err) throw err;
            throw new IOException(e.getCause());
        }
    }

    /** The title line, the column names and the rule (no newline after the rule). */
    private static void header(String[] cols, int[] w, String name, Sink b) throws IOException {
        int k = cols.length;
        int total = -1;
        for (int c = 0; c < k; c++) total += w[c] + 5;
        // the title, centred as Tablesaw centres it
        if (name.length() > total) {
            b.append(name);
        } else {
            int lead = (total - name.length()) / 2;
            b.spaces(lead).append(name).spaces(total - lead - name.length());
        }
        b.append('\n');
        for (int c = 0; c < k; c++) {
            int len = cols[c].length(), lead = (w[c] - len) / 2;
            if (c > 0) b.append(' ');
            b.spaces(lead + 1).append(cols[c]).spaces(w[c] - len - lead).append("  |");
        }
        b.append('\n');
        for (int i = 0; i < total; i++) b.append('-');
    }

    /** The rows, each after a newline. */
    private static void body(Rows rows, int[] w, Sink b) throws IOException {
        int k = w.length;
        rows.each(r -> {
            b.append('\n');
            for (int c = 0; c < k; c++) {
                if (r.numeric(c)) b.numberCell(c, r.n[c], w[c]);
                else b.cell(c, r.s[c] == null ? "" : r.s[c], w[c]);
            }
        });
    }

    /** The rows as Tablesaw writes CSV: a header, unformatted cells, quoted only where needed. */
    static void csv(List<Capture> caps, Writer out) throws IOException {
        CsvWriter w = csvWriter(out);
        w.writeHeaders(COLUMNS);
        csvRows(tidy(caps), w, List.of(COLUMNS), Map.of());
        w.flush();
    }

    /** A univocity writer with the settings Tablesaw's {@code table.write().csv(...)} uses. */
    static CsvWriter csvWriter(Writer out) {
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
        return new CsvWriter(out, settings);
    }

    /**
     * The tidy rows under a given header (no header written): a header column that names a tidy column
     * (case-insensitively, as Tablesaw matches column names) gets the row's cell, a column in
     * {@code fixed} its fixed value (checked first), any other is empty. {@code show --csv} writes the
     * counters this way under the union of every table's columns, {@code table} fixed to its name.
     */
    static void csvRows(List<Capture> caps, CsvWriter w, List<String> header, Map<String, String> fixed) throws IOException {
        csvRows(tidy(caps), w, header, fixed);
    }

    /** As {@link #csvRows(List, CsvWriter, List, Map)}, for a capture's port attributes. */
    static void attributeCsvRows(Capture c, CsvWriter w, List<String> header, Map<String, String> fixed) throws IOException {
        csvRows(attributes(c), w, header, fixed);
    }

    private static void csvRows(Rows rows, CsvWriter w, List<String> header, Map<String, String> fixed) throws IOException {
        String[] cols = rows.columns();
        int h = header.size();
        int[] from = new int[h];   // the row's column of each header column; -1: fixed or empty
        String[] constant = new String[h];
        for (int i = 0; i < h; i++) {
            String name = header.get(i);
            from[i] = -1;
            constant[i] = fixed.getOrDefault(name, "");
            if (fixed.containsKey(name)) continue;
            for (int c = 0; c < cols.length && from[i] == -1; c++) if (cols[c].equalsIgnoreCase(name)) from[i] = c;
        }
        String[] cells = new String[h];
        rows.each(r -> {
            for (int i = 0; i < h; i++) cells[i] = from[i] >= 0 ? r.text(from[i]) : constant[i];
            w.writeRow((Object[]) cells);
        });
    }

    /** One JSON object per row, keys in column order; missing numbers and empty strings are null. */
    static void json(List<Capture> caps, Writer out) throws IOException {
        json(tidy(caps), out, Map.of());
    }

    /**
     * As {@link #json(List, Writer)}, each object starting with the fields {@code first} (in their
     * order; {@code show --json} tags every row with its table).
     */
    static void json(List<Capture> caps, Writer out, Map<String, String> first) throws IOException {
        json(tidy(caps), out, first);
    }

    /** A capture's port attributes as JSON lines, each object starting with the fields {@code first}. */
    static void attributesJson(Capture c, Writer out, Map<String, String> first) throws IOException {
        json(attributes(c), out, first);
    }

    private static void json(Rows rows, Writer out, Map<String, String> first) throws IOException {
        String[] cols = rows.columns();
        JsonGenerator g = new JsonFactory().createGenerator(out);
        g.setRootValueSeparator(null);
        rows.each(r -> {
            g.writeStartObject();
            for (Map.Entry<String, String> e : first.entrySet()) g.writeStringField(e.getKey(), e.getValue());
            for (int c = 0; c < cols.length; c++) {
                g.writeFieldName(cols[c]);
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

    private static final String[] OVERFLOW_TEXT = texts(Overflow.values()), KIND_TEXT = texts(Kind.values());

    /** Each constant's {@code toString()} by ordinal (the catalogue's enums lowercase their name on every call). */
    private static String[] texts(Enum<?>[] constants) {
        String[] t = new String[constants.length];
        for (Enum<?> e : constants) t[e.ordinal()] = e.toString();
        return t;
    }

    /** The length of {@code Long.toString(v)} ({@link Decimal#digits}). */
    static int digits(long v) { return Decimal.digits(v); }

    /** Where the text goes: appends without a String per cell. */
    private interface Sink {
        Sink append(char c) throws IOException;
        Sink append(String s) throws IOException;
        Sink spaces(int n) throws IOException;
        Sink number(long v) throws IOException;
        void flush() throws IOException;

        /** A text cell of column {@code c}, right-aligned in {@code w} characters, with its separators ({@link PaddedCells}). */
        default void cell(int c, String s, int w) throws IOException {
            if (c > 0) append(' ');
            append(' ');
            spaces(w - s.length()).append(s);
            append("  |");
        }

        /** A number cell ({@link #MISSING}: empty) of column {@code c}, as {@link #cell}. */
        default void numberCell(int c, long v, int w) throws IOException {
            if (c > 0) append(' ');
            append(' ');
            spaces(w - (v == MISSING ? 0 : digits(v)));
            if (v != MISSING) number(v);
            append("  |");
        }
    }

    /**
     * UTF-8 bytes into an output stream; a string's bytes are kept while the same string recurs (ports,
     * counter names). Without a stream ({@code null}) the bytes are kept in a buffer that grows, for
     * {@link #writeTo} (which empties it).
     */
    private static final class Bytes implements Sink {
        private final java.io.OutputStream out;
        private byte[] buf;
        private final java.util.IdentityHashMap<String, byte[]> encoded = new java.util.IdentityHashMap<>();
        private final PaddedCells cells = new PaddedCells();
        private int len;

        Bytes(java.io.OutputStream out) {
            this.out = out;
            buf = new byte[out == null ? 1 << 20 : 1 << 16];
        }

        /** Writes the kept bytes to {@code to} and empties the buffer (a sink without a stream). */
        void writeTo(java.io.OutputStream to) throws IOException {
            to.write(buf, 0, len);
            len = 0;
        }

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
                if (b.length > buf.length - len) {
                    if (out != null) { out.write(b); return this; }
                    buf = java.util.Arrays.copyOf(buf, Math.max(2 * buf.length, len + b.length));
                }
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
            if (buf.length - len < Decimal.MAX_DIGITS) drain();
            len = Decimal.write(v, buf, len);
            return this;
        }

        @Override public void cell(int c, String s, int w) throws IOException {
            byte[] b = cells.of(c, s, w);
            if (b.length > buf.length - len) {
                drain();
                if (b.length > buf.length - len) {
                    if (out != null) { out.write(b); return; }
                    buf = java.util.Arrays.copyOf(buf, Math.max(2 * buf.length, len + b.length));
                }
            }
            System.arraycopy(b, 0, buf, len, b.length);
            len += b.length;
        }

        @Override public void numberCell(int c, long v, int w) throws IOException {
            int d = v == MISSING ? 0 : Decimal.digits(v);
            int lead = PaddedCells.lead(c, w, d);
            int need = lead + d + PaddedCells.END_LENGTH;
            if (need > buf.length - len) {
                drain();
                if (need > buf.length - len) buf = java.util.Arrays.copyOf(buf, Math.max(2 * buf.length, len + need));
            }
            java.util.Arrays.fill(buf, len, len + lead, (byte) ' ');
            int at = len + lead;
            if (v != MISSING) at = Decimal.write(v, buf, at);
            len = PaddedCells.end(buf, at);
        }

        /** Makes room: writes the buffer to the stream, or (no stream) doubles it. */
        private void drain() throws IOException {
            if (out == null) {
                buf = java.util.Arrays.copyOf(buf, 2 * buf.length);
                return;
            }
            out.write(buf, 0, len);
            len = 0;
        }

        @Override public void flush() throws IOException {
            if (out == null) return;
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
