package org.fabriclab.history;

import java.io.CharArrayReader;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.util.Arrays;

import org.fabriclab.delta.Rules;

import de.siegmar.fastcsv.reader.AbstractBaseCsvCallbackHandler;
import de.siegmar.fastcsv.reader.CsvParseException;
import de.siegmar.fastcsv.reader.CsvReader;

/**
 * A block of whole lines of a history CSV and the primitive columns parsed from it. Blocks are
 * parsed in parallel and assembled in file order by {@link HistoryColumns}.
 *
 * <p>The history format is a fixed schema: an epoch-ms integer, a port identity, then unsigned
 * 64-bit integers or empty cells. A line with no quote character is split on {@code ','} and its
 * digits are accumulated straight from the bytes (no {@code String} per cell, no regular
 * expression): that is number parsing of a known layout, not CSV tokenizing. A block in which any
 * line holds a quote character is tokenized by FastCSV (RFC 4180 quoting and escapes) and the
 * same number rules are applied to its fields. A quoted field holding a line break is refused:
 * blocks are cut at line breaks. A file written by pandas' {@code to_csv} with its index holds one
 * leading index column ({@link #lead} = 1): its cell is skipped unread, and the field numbers in
 * messages count it.
 *
 * <pre>{@code
 * CsvChunk c = new CsvChunk(4 << 20, 7);      // room for 4 MB of text, 7 counter columns
 * c.parse(layout);                             // fills time, values, the port runs; or records an error
 * }</pre>
 */
final class CsvChunk {
    /** What each CSV field is, from the header: its index among the kept counters, or SKIP. */
    static final int SKIP = -1;

    byte[] buf;
    int len;
    long[] time;
    long[][] values;
    int rows;
    /** Port runs: the identity of run {@code i} and the row one past its end. */
    String[] runName = new String[64];
    int[] runEnd = new int[64];
    int runs;
    /** Sample-step counts within runs: distinct steps and how many intervals had each. */
    long[] steps = new long[8];
    long[] stepCount = new long[8];
    int nSteps;
    /** The first bad row (chunk-relative, 0-based) and what was wrong; -1 when none. */
    int errorRow = -1;
    String error;
    /** Set by the reader: the compressed bytes consumed when this block was cut (for progress). */
    long consumed;
    /** Leading columns before {@code timestamp} that are skipped unread: 0, or 1 for a pandas index column. */
    final int lead;

    CsvChunk(int capacity, int counters) {
        this(capacity, counters, 0);
    }

    /** A block whose lines start with {@code lead} (0 or 1) cells before the timestamp that are not read. */
    CsvChunk(int capacity, int counters, int lead) {
        this.lead = lead;
        buf = new byte[capacity];
        int rowsGuess = Math.max(1024, capacity / 48);
        time = new long[rowsGuess];
        values = new long[counters][rowsGuess];
    }

    /** Whether a timestamp of the last parse was an ISO-8601 time rather than epoch ms. */
    boolean iso;

    /** Parses {@code buf[0, len)}: whole lines, each ending in {@code '\n'}. */
    void parse(int[] layout) {
        iso = false;
        rows = 0;
        runs = 0;
        nSteps = 0;
        errorRow = -1;
        error = null;
        if (indexOf(buf, len, (byte) '"') >= 0) {
            parseQuoted(layout);
        } else {
            parsePlain(layout);
        }
        if (runs > 0) runEnd[runs - 1] = rows;
        if (errorRow < 0) checkTimes();
    }

    private void parsePlain(int[] layout) {
        byte[] b = buf;
        int n = len, i = 0;
        int fields = layout.length;
        int lead = this.lead, total = fields + lead;
        int prevStart = -1, prevLen = -1;
        while (i < n) {
            ensureRow();
            int row = rows;
            if (lead > 0) {                                    // pandas' index cell: skipped, whatever it holds
                while (b[i] != ',' && b[i] != '\n' && b[i] != '\r') i++;
                if (b[i] != ',') { fail(row, "expected " + total + " fields, found 1"); return; }
                i++;
            }
            // timestamp
            int ts = i;
            long t = 0;
            int digits = 0;
            byte x;
            while ((x = b[i]) >= '0' && x <= '9') {
                if (t > (Long.MAX_VALUE - (x - '0')) / 10) { fail(row, "timestamp out of 64-bit range"); return; }
                t = t * 10 + (x - '0');
                i++;
                digits++;
            }
            if (x == '-' && digits == 4) {                     // an ISO-8601 time (pandas' datetime, Grafana): read in place
                int e = i;
                while (b[e] != ',' && b[e] != '\n' && b[e] != '\r') e++;
                long ms = IsoTime.epochMs(b, ts, e);
                if (ms != IsoTime.NONE) {
                    t = ms;
                    i = e;
                    x = b[i];
                    iso = true;
                }
            }
            if (x != ',' || digits == 0) {
                if (digits == 0 && (x == ',' || x == '\n' || x == '\r')) fail(row, "expected an epoch-ms timestamp, found an empty cell");
                else if (x == '\n' || x == '\r') fail(row, "expected " + total + " fields, found " + (1 + lead));
                else fail(row, "expected an epoch-ms timestamp (digits) or an ISO-8601 time, found '" + cell(b, ts, n) + "'");
                return;
            }
            time[row] = t;
            i++;
            // port
            int s = i;
            while (b[i] != ',' && b[i] != '\n' && b[i] != '\r') i++;
            int l = i - s;
            if (l == 0) { fail(row, "expected a port identity, found an empty cell"); return; }
            if (l != prevLen || !Arrays.equals(b, s, s + l, b, prevStart, prevStart + l)) {
                startRun(row, new String(b, s, l, StandardCharsets.UTF_8));
            }
            prevStart = s;
            prevLen = l;
            // counters
            for (int f = 2; f < fields; f++) {
                if (b[i] != ',') { fail(row, "expected " + total + " fields, found " + (f + lead)); return; }
                i++;
                int col = layout[f];
                if (col == SKIP) {
                    while (b[i] != ',' && b[i] != '\n' && b[i] != '\r') i++;
                    continue;
                }
                long a = 0;
                int start = i;
                while ((x = b[i]) >= '0' && x <= '9') {
                    if (a > (Long.MAX_VALUE - (x - '0')) / 10) { fail(row, "counter value out of 64-bit range in field " + (f + 1 + lead)); return; }
                    a = a * 10 + (x - '0');
                    i++;
                }
                if (x == '.' && i > start) {                  // 1000000000.0: a whole number as pandas writes a float column
                    int j = i + 1;
                    while (b[j] == '0') j++;
                    if (b[j] == ',' || b[j] == '\n' || b[j] == '\r') { i = j; x = b[i]; }
                }
                if (x != ',' && x != '\n' && x != '\r') {
                    int e = start;
                    while (b[e] != ',' && b[e] != '\n' && b[e] != '\r') e++;
                    String bad = new String(b, start, e - start, StandardCharsets.UTF_8);
                    fail(row, bad.startsWith("-") && isInteger(bad.substring(1))
                            ? "counter must not be negative, found " + bad + " in field " + (f + 1 + lead)
                            : "expected integer counter values, found '" + bad + "' in field " + (f + 1 + lead));
                    return;
                }
                values[col][row] = i == start ? Rules.ABSENT : a;
            }
            if (b[i] == '\r') i++;
            if (b[i] != '\n') { fail(row, "expected " + total + " fields, found more"); return; }
            i++;
            rows++;
        }
    }

    /** Where the digits of {@code b[off, end)} end when a '.' and zeros only follow them (a whole float), else {@code end}. */
    private static int wholeEnd(char[] b, int off, int end) {
        int d = off;
        while (d < end && b[d] >= '0' && b[d] <= '9') d++;
        if (d == off || d == end || b[d] != '.') return end;
        for (int k = d + 1; k < end; k++) if (b[k] != '0') return end;
        return d;
    }

    /** The block has quoted fields: FastCSV tokenizes it, the same number rules apply per field. */
    private void parseQuoted(int[] layout) {
        char[] chars = new String(buf, 0, len, StandardCharsets.UTF_8).toCharArray();
        Fields h = new Fields(layout);
        try (CsvReader<Boolean> r = CsvReader.builder().skipEmptyLines(false).allowMissingFields(true).allowExtraFields(true).build(h, new CharArrayReader(chars))) {
            for (Boolean ok : r) {
                if (!ok) return;
            }
        } catch (CsvParseException e) {
            fail(rows, "not a well-formed CSV line: " + e.getMessage());
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** The fields of one FastCSV record land in the columns of row {@link #rows}. */
    private final class Fields extends AbstractBaseCsvCallbackHandler<Boolean> {
        private final int[] layout;
        private int seen;
        private boolean bad;
        private String last = "";

        Fields(int[] layout) { this.layout = layout; }

        @Override protected void handleBegin(long line) {
            seen = 0;
            bad = false;
            ensureRow();
        }

        @Override protected void handleField(int field, char[] b, int off, int n, boolean quoted) {
            if (bad) return;
            seen++;
            int row = rows;
            int idx = field - lead;
            if (idx >= layout.length) { bad = true; fail(row, "expected " + (layout.length + lead) + " fields, found more"); return; }
            for (int k = off; k < off + n; k++) {
                if (b[k] == '\n' || b[k] == '\r') { bad = true; fail(row, "a quoted field holds a line break; history cells are single-line"); return; }
            }
            if (idx < 0) return;                               // pandas' index cell
            if (idx == 1) {
                if (n == 0) { bad = true; fail(row, "expected a port identity, found an empty cell"); return; }
                String p = new String(b, off, n);
                if (runs == 0 || !p.equals(last)) { startRun(row, p); last = p; }
                return;
            }
            if (idx > 1 && layout[idx] == SKIP) return;
            if (idx == 0 && n > 4 && b[off + 4] == '-') {          // an ISO-8601 time
                byte[] cellBytes = new String(b, off, n).getBytes(StandardCharsets.US_ASCII);
                long ms = IsoTime.epochMs(cellBytes, 0, cellBytes.length);
                if (ms != IsoTime.NONE) {
                    time[row] = ms;
                    iso = true;
                    return;
                }
            }
            long a = 0;
            int end = off + n;
            if (idx > 1) end = wholeEnd(b, off, end);          // 1000000000.0 as pandas writes a float column: the digits before
            for (int k = off; k < end; k++) {
                char x = b[k];
                if (x < '0' || x > '9' || a > (Long.MAX_VALUE - (x - '0')) / 10) {
                    String s = new String(b, off, n);
                    bad = true;
                    if (idx == 0) fail(row, "expected an epoch-ms timestamp (digits) or an ISO-8601 time, found '" + s + "'");
                    else fail(row, s.startsWith("-") && isInteger(s.substring(1)) ? "counter must not be negative, found " + s
                            + " in field " + (field + 1) : "expected integer counter values, found '" + s + "' in field " + (field + 1));
                    return;
                }
                a = a * 10 + (x - '0');
            }
            if (idx == 0) {
                if (n == 0) { bad = true; fail(row, "expected an epoch-ms timestamp, found an empty cell"); return; }
                time[row] = a;
            } else {
                values[layout[idx]][row] = n == 0 ? Rules.ABSENT : a;
            }
        }

        @Override protected void handleEmpty() {
            bad = true;
            fail(rows, "expected a history line, found an empty line");
        }

        @Override protected Boolean buildRecord() {
            if (bad) return Boolean.FALSE;
            if (seen != layout.length + lead) { fail(rows, "expected " + (layout.length + lead) + " fields, found " + seen); return Boolean.FALSE; }
            rows++;
            return Boolean.TRUE;
        }
    }

    private void startRun(int row, String name) {
        if (runs > 0) runEnd[runs - 1] = row;
        if (runs == runName.length) {
            runName = Arrays.copyOf(runName, runs * 2);
            runEnd = Arrays.copyOf(runEnd, runs * 2);
        }
        runName[runs++] = name;
    }

    /** Within each port run, times must increase; counts the steps for the history's nominal step. */
    private void checkTimes() {
        int r0 = 0;
        for (int k = 0; k < runs; k++) {
            int end = runEnd[k];
            long last = 0, lastCount = 0;
            for (int r = r0 + 1; r < end; r++) {
                long d = time[r] - time[r - 1];
                if (d <= 0) {
                    fail(r, "timestamps of port '" + runName[k] + "' must increase: " + time[r - 1] + " then " + time[r]);
                    return;
                }
                if (d == last) {
                    lastCount++;
                } else {
                    if (lastCount > 0) addStep(last, lastCount);
                    last = d;
                    lastCount = 1;
                }
            }
            if (lastCount > 0) addStep(last, lastCount);
            r0 = end;
        }
    }

    private void addStep(long d, long count) {
        for (int i = 0; i < nSteps; i++) {
            if (steps[i] == d) { stepCount[i] += count; return; }
        }
        if (nSteps == steps.length) {
            steps = Arrays.copyOf(steps, nSteps * 2);
            stepCount = Arrays.copyOf(stepCount, nSteps * 2);
        }
        steps[nSteps] = d;
        stepCount[nSteps++] = count;
    }

    private void ensureRow() {
        if (rows < time.length) return;
        int cap = time.length * 2;
        time = Arrays.copyOf(time, cap);
        for (int c = 0; c < values.length; c++) values[c] = Arrays.copyOf(values[c], cap);
    }

    private void fail(int row, String message) {
        if (errorRow < 0) {
            errorRow = row;
            error = message;
        }
    }

    static int indexOf(byte[] b, int n, byte x) {
        for (int i = 0; i < n; i++) if (b[i] == x) return i;
        return -1;
    }

    private static int lineStart(byte[] b, int i) {
        while (i > 0 && b[i - 1] != '\n') i--;
        return i;
    }

    private static String cell(byte[] b, int from, int n) {
        int e = from;
        while (e < n && b[e] != ',' && b[e] != '\n' && b[e] != '\r') e++;
        return new String(b, from, e - from, StandardCharsets.UTF_8);
    }

    private static boolean isInteger(String s) {
        if (s.isEmpty()) return false;
        for (int i = 0; i < s.length(); i++) if (s.charAt(i) < '0' || s.charAt(i) > '9') return false;
        return true;
    }
}
