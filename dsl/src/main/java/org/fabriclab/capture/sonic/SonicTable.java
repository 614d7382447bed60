package org.fabriclab.capture.sonic;

import java.util.ArrayList;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import org.fabriclab.capture.Capture;
import org.fabriclab.capture.CaptureException;
import org.fabriclab.capture.Input;
import org.fabriclab.capture.PortAttr;
import org.fabriclab.capture.ShellPrompt;
import org.fabriclab.capture.Values;

/**
 * What sonic-utilities' tables share. {@code pfcstat}, {@code portstat} and {@code queuestat} print python-tabulate's {@code simple}
 * layout: a header line, a line of dashes under each column (two blanks between columns), then one row per port, every
 * cell right-aligned within its column's dashes. A cell is cut at its column's dashes, so a cell holding a blank
 * ({@code 2000.00 MB/s}, {@code 7.81e-10 (89%)}, {@code Port Rx}) stays whole; a row whose cells do not sit under the
 * dashes (a paste that lost its leading blanks) is split at runs of two or more blanks instead, and must then give one
 * cell per column. Counts are printed with {@code ,} between thousands ({@code 1,200}); {@code N/A} is a counter the
 * switch's counter database holds no value for. A port {@code EthernetN} is {@code switch EthernetN}.
 *
 * <pre>{@code
 * SonicTable.Columns c = SonicTable.Columns.of(header, dashes, "pfc.txt", 1);
 * c.cells("Ethernet0   1,200     201", "pfc.txt", 3);        // ["Ethernet0", "1,200", "201"]
 * SonicTable.count("1,200", "PFC0", "pfc.txt", 3);          // 1200
 * }</pre>
 */
final class SonicTable {
    /** What sonic-utilities prints for a value its database does not hold ({@code STATUS_NA}). */
    static final String NA = "N/A";
    /** The line pfcstat and portstat print above a table read against a user's saved copy ({@code -c} / sonic-clear). */
    static final String CACHED = "Last cached time was ";
    private static final Pattern COUNT = Pattern.compile("-?(?:\\d{1,3}(?:,\\d{3})+|\\d+)");
    private static final Pattern SPLIT = Pattern.compile("\\s{2,}");
    private static final Pattern DASH_RUN = Pattern.compile("-+");
    private static final Pattern NAME = Pattern.compile("[A-Za-z][A-Za-z0-9_.:|/\\-]*");
    private static final Pattern CACHED_LINE = Pattern.compile("(?:[A-Za-z][A-Za-z0-9_.:|/\\-]* )?Last cached time(?: for \\S+)? was (.+)");

    private SonicTable() {}

    /** {@code switch <name>}: a switch's port, apart from any host's {@code netdev} by its prefix. */
    static String port(String name) { return "switch " + name; }

    /**
     * Starts a port read at {@code line}: its {@link PortAttr#LINK_LAYER} (a SONiC port is Ethernet, so a delta grades it
     * with the RoCE profiles) and, when the table read was taken against a saved copy, {@code counters_since}.
     */
    static String start(Capture.Builder b, String name, String file, int line, String cleared) {
        if (!NAME.matcher(name).matches()) {
            throw new CaptureException(file, line, "expected a port name such as Ethernet0 in the first column, found '"
                    + Values.abbreviate(name) + "'");
        }
        String port = port(name);
        b.attr(port, PortAttr.LINK_LAYER, "Ethernet", line);
        if (cleared != null) b.attr(port, "counters_since", cleared, line);
        return port;
    }

    /** Whether {@code line} is the dash line under a tabulate header: runs of {@code -} with blanks between. */
    static boolean isDashes(String line) {
        String t = line.strip();
        if (t.isEmpty() || t.charAt(0) != '-') return false;
        for (int i = 0; i < t.length(); i++) {
            char c = t.charAt(i);
            if (c != '-' && c != ' ') return false;
        }
        return true;
    }

    /** The labels of a header line cut at the dash line's columns, or null when {@code dashes} is no dash line. */
    static String[] labels(String header, String dashes) {
        return isDashes(dashes) ? Columns.of(header, dashes, 0).labels : null;
    }

    /**
     * The labels of the first tabulate header among the first {@code within} lines of {@code head} (non-blank lines, as
     * {@link Input#head} gives them), passing over prompt lines, {@code Last cached time was} and sonic-utilities' notes;
     * null when another line comes first.
     */
    static String[] sniffHeader(List<String> head, int within) {
        for (int i = 0; i + 1 < head.size() && i < within; i++) {
            String[] l = labels(head.get(i), head.get(i + 1));
            if (l != null && l.length >= 2 && !l[0].isEmpty()) return l;
            String t = head.get(i).strip();
            if (!(cachedTime(t) != null || ShellPrompt.isPromptLine(head.get(i)) || isNote(t))) return null;
        }
        return null;
    }

    /** The lines {@code show pfcwd config} prints above its table: the watchdog's polling interval, its big red switch. */
    static final String POLL = "Changed polling interval to ", BIG_RED_SWITCH = "BIG_RED_SWITCH status is ";

    /** The line pg-drop prints above its table ({@code show priority-group drop counters}). */
    static final String PG_DROPS = "Ingress PG dropped packets:";

    /** The line queuestat prints above each port's table, naming the ASIC's namespace ({@code For namespace asic0:}, empty on one ASIC). */
    static final String NAMESPACE = "For namespace ";

    /** sonic-utilities' lines around a table that hold no data: reminders, an empty selection, a missing tag file, a namespace. */
    static boolean isNote(String t) {
        return t.startsWith("Reminder: ") || t.startsWith("No non-zero statistics found") || t.startsWith("File '")
                || t.startsWith("Did you run 'portstat") || t.startsWith(POLL) || t.startsWith(BIG_RED_SWITCH) || t.startsWith(NAMESPACE)
                || t.equals(PG_DROPS);
    }

    /**
     * The saved copy's time a {@code Last cached time was T} line gives, or null for any other line. pfcstat and portstat
     * print it alone; queuestat prints it above each port's table after the port's name ({@code Ethernet0 Last cached time
     * was T}) and, on a multi-ASIC switch, with the namespace ({@code Last cached time for asic0 was T}).
     */
    static String cachedTime(String t) {
        if (t.startsWith(CACHED)) return t.substring(CACHED.length()).strip();
        Matcher m = CACHED_LINE.matcher(t);
        return m.matches() ? m.group(1).strip() : null;
    }

    /** What a reader does with the tables of its tool. */
    interface Rows {
        /** Whether {@code c} is a table of this tool; a header of another table is refused, naming its line. */
        boolean accepts(Columns c);

        /** One row's cells under {@code c}; {@code cleared} is the saved copy's time the counts are taken against, or null. */
        void row(Columns c, String[] cells, int line, String cleared);

        /** Whether a header with no row under it is output of its own (a tool that leaves out rows of zeros), not a failure. */
        default boolean mayBeEmpty() { return false; }
    }

    /**
     * Walks {@code in}'s tables: a header with its dash line (the next non-blank line, as {@link #sniffHeader} takes it,
     * so a double-spaced paste with a blank line after every line reads as the table it is) starts a table ({@code rows.accepts} must take it), each
     * later non-blank line is a row of it until the next header; blank lines, prompt and command lines and
     * sonic-utilities' notes are passed over, {@code Last cached time was T} sets the time the following tables' counts
     * are changes since. A line of {@code portstat -p N} (counts over an interval, not the counters) is refused.
     *
     * @return the rows read
     * @throws CaptureException naming file and line for a row before any header, a header {@code rows} does not take,
     *         a row of another number of cells, or no row at all (a header alone only where {@link Rows#mayBeEmpty})
     */
    static int read(Input in, Capture.Builder b, Rows rows, String expected) {
        String file = in.name();
        List<String> lines = in.lines();
        Columns cols = null;
        String cleared = null;
        int noise = 0, read = 0;
        for (int i = 0; i < lines.size(); i++) {
            String l = lines.get(i);
            String t = l.strip();
            int n = i + 1;
            if (t.isEmpty() || isDashes(t)) { noise++; continue; }
            String cachedAt = cachedTime(t);
            if (cachedAt != null) { cleared = cachedAt; noise++; continue; }
            if (t.startsWith("The rates are calculated within")) {
                throw new CaptureException(file, n, "portstat -p prints the change over its period, not the counters; expected the "
                        + "counters themselves (show interfaces counters without -p, taken before and after)");
            }
            if (ShellPrompt.isPromptLine(l)) { noise++; cols = null; continue; }   // another command's output follows
            if (isNote(t)) { noise++; continue; }
            int d = nextNonBlank(lines, i + 1);   // a double-spaced paste puts a blank line between header and dashes
            if (d < lines.size() && isDashes(lines.get(d))) {
                Columns c = Columns.of(l, lines.get(d), n);
                if (!rows.accepts(c)) {
                    throw new CaptureException(file, n, "the header '" + Values.abbreviate(t) + "' is not " + expected);
                }
                cols = c;
                noise++;
                continue;
            }
            if (cols == null) {
                throw new CaptureException(file, n, "a line before any table header; expected " + expected + ", found '"
                        + Values.abbreviate(t) + "'");
            }
            rows.row(cols, cols.cells(l, file, n), n, cleared);
            read++;
        }
        if (read == 0 && !(cols != null && rows.mayBeEmpty())) throw new CaptureException(file, 0, "no port row found; expected " + expected);
        b.noise(noise);
        return read;
    }

    /** The index of the first non-blank line of {@code lines} from {@code from}, or its size when none is. */
    private static int nextNonBlank(List<String> lines, int from) {
        int i = from;
        while (i < lines.size() && lines.get(i).isBlank()) i++;
        return i;
    }

    /** A table's columns: labels and the character extents of their dashes. */
    static final class Columns {
        final String[] labels;
        final int[] from, to;
        final int headerLine;
        final String header;

        private Columns(String[] labels, int[] from, int[] to, int headerLine, String header) {
            this.labels = labels;
            this.from = from;
            this.to = to;
            this.headerLine = headerLine;
            this.header = header;
        }

        /** The columns of {@code header} (at {@code line}) under {@code dashes}. */
        static Columns of(String header, String dashes, int line) {
            Columns c = extents(dashes);
            String[] labels = new String[c.from.length];
            for (int i = 0; i < labels.length; i++) labels[i] = cut(header, c.from[i], c.to[i]);
            return new Columns(labels, c.from, c.to, line, header.strip());
        }

        int size() { return labels.length; }

        /** The index of {@code label}, -1 when the table has no such column. */
        int index(String label) {
            for (int i = 0; i < labels.length; i++) if (labels[i].equals(label)) return i;
            return -1;
        }

        /**
         * The cells of row {@code line}, one per column.
         *
         * @throws CaptureException naming file and line when the row gives another number of cells than the header has columns
         */
        String[] cells(String line, String file, int n) {
            String[] out = new String[labels.length];
            boolean aligned = true;
            for (int i = 0; i < labels.length && aligned; i++) {
                int a = from[i], z = to[i];
                if (a > 0 && a <= line.length() && !Character.isWhitespace(line.charAt(a - 1))) aligned = false;
                if (z < line.length() && !Character.isWhitespace(line.charAt(z))) aligned = false;
                out[i] = cut(line, a, z);
                if (out[i].isEmpty()) aligned = false;
            }
            if (aligned && cut(line, to[labels.length - 1], line.length()).isEmpty()) return out;
            String[] split = SPLIT.split(line.strip());
            if (split.length != labels.length) {
                throw new CaptureException(file, n, "expected " + labels.length + " cells under the header '" + Values.abbreviate(header)
                        + "' (line " + headerLine + "), found " + split.length + " in '" + Values.abbreviate(line.strip()) + "'");
            }
            return split;
        }
    }

    private static Columns extents(String dashes) {
        List<int[]> runs = new ArrayList<>();
        Matcher m = DASH_RUN.matcher(dashes);
        while (m.find()) runs.add(new int[] {m.start(), m.end()});
        int[] from = new int[runs.size()], to = new int[runs.size()];
        for (int i = 0; i < from.length; i++) { from[i] = runs.get(i)[0]; to[i] = runs.get(i)[1]; }
        return new Columns(new String[from.length], from, to, 0, "");
    }

    private static String cut(String line, int from, int to) {
        int a = Math.min(from, line.length()), z = Math.min(to, line.length());
        return line.substring(a, z).strip();
    }

    /** A cell that is a count: digits, with {@code ,} between thousands; a leading {@code -} as sonic-utilities prints a negative change. */
    static boolean isCount(String cell) { return COUNT.matcher(cell).matches(); }

    /**
     * Puts the count in {@code cell} as the counter {@code raw} of {@code port}: {@code N/A} absent, a negative change
     * (printed against a saved copy of a counter that went down since) absent with that reason.
     *
     * @throws CaptureException naming file and line for a cell that is neither a count nor {@code N/A}
     */
    static void counter(Capture.Builder b, String port, String raw, String cell, String label, String file, int line) {
        if (cell.equals(NA)) {
            b.absent(port, raw, line, "N/A: the switch's counter database holds no value for it (not supported on this platform or port)");
            return;
        }
        if (!isCount(cell)) {
            throw new CaptureException(file, line, "expected a count for '" + label + "' (digits, with ',' between thousands, or N/A), found '"
                    + Values.abbreviate(cell) + "'");
        }
        if (cell.startsWith("-")) {
            b.absent(port, raw, line, "printed " + cell + ": a change against the saved copy of a counter that went down since it was saved,"
                    + " not a count");
            return;
        }
        b.counter(port, raw, Values.parseCounter(cell.replace(",", ""), file, line), line);
    }
}
