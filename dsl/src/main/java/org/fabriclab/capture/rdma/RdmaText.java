package org.fabriclab.capture.rdma;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

import org.fabriclab.capture.Capture;
import org.fabriclab.capture.CaptureException;
import org.fabriclab.capture.Input;
import org.fabriclab.capture.LineCursor;
import org.fabriclab.capture.PortAttr;
import org.fabriclab.capture.Words;

/**
 * The text shapes of {@code rdma statistic show} and {@code rdma link show}. Lines that are neither
 * a {@code link <dev>/<port>} line nor a continuation of one (prose, shell prompts, {@code Signed-off-by})
 * are noise. A counter read again with one value under another command line (the same command run with and without
 * {@code -p}) is read once; under the same command line, or none, it is the command run again after a test and is read
 * again, as is another value: a snapshot refuses two values naming both lines, an incident of the one file reads each
 * run ({@code Runs}). {@code rdma -oneline} (-o) prints a record's line breaks as a {@code \\} word; the pieces between them are read as the lines they
 * stand for. A one-line-per-port record wrapped by a mailer or terminal paste may break between a counter's name
 * and its value ({@code ... rx_atomic_requests} / {@code 0 out_of_buffer 0 ...}): the value at the start of the
 * next line is that name's; a name whose value never comes (a blank line, another record, the end of the file)
 * is an error naming its line. A counter name may hold blanks ({@code RNR sent 0}: irdma's newer names), see
 * {@link #spacedNames}.
 *
 * <pre>{@code
 * RdmaText.read(Input.ofText("x", "link mlx5_0/1 rx_write_requests 8 out_of_buffer 0\n"), builder);
 * }</pre>
 */
final class RdmaText {
    /** Keys of {@code rdma link show}: a line holding one of them is attributes, not counters. */
    static final Set<String> LINK_KEYS = Set.of("state", "physical_state", "netdev", "netdev_index", "subnet_prefix",
            "lid", "sm_lid", "lmc", "link_layer", "sm_sl");
    /** Keys of {@code rdma stat qp show}: per-QP counters, not per-port. */
    static final Set<String> QP_KEYS = Set.of("cntn", "pid", "comm", "LQPN:", "lqpn");
    /** {@code rdma statistic mode}: lists counter names, no values. */
    static final Set<String> MODE_KEYS = Set.of("optional-counters", "supported");

    private enum Mode { NONE, LINE, MULTI, QP }

    private RdmaText() {}

    /**
     * {@code link <dev>/<n>} at the start of a trimmed line; the id is its second word split as
     * {@link #read} splits lines (any run of {@code \s}), so a tab inside it cannot pass here and
     * leave {@code read} a port without a slash.
     */
    static boolean isLinkLine(String t) {
        if (!t.startsWith("link ")) return false;
        String[] w = t.split("\\s+", 3);
        if (w.length < 2) return false;
        String id = w[1];
        int slash = id.lastIndexOf('/');
        return slash > 0 && slash < id.length() - 1 && id.substring(slash + 1).chars().allMatch(Character::isDigit);
    }

    static void read(Input in, Capture.Builder b) {
        String file = in.name();
        LineCursor c = new LineCursor(in.text());
        State st = new State(file, b);
        while (c.next()) {
            String t = c.line().strip();
            if (t.isEmpty()) { noValue(st); st.noise++; st.mode = Mode.NONE; continue; }
            String[] cmd = org.fabriclab.capture.CommandLine.command(t, "rdma");
            if (cmd != null) {
                // the command the output below comes from: a counter read again under another command line is the same moment
                noValue(st);
                st.command = st.commands.computeIfAbsent(String.join(" ", cmd), k -> st.commands.size() + 1);
                st.noise++;
                st.mode = Mode.NONE;
                continue;
            }
            List<String> segments = oneLineSegments(t);
            if (segments.size() == 1) {
                segment(t, c.skipSpace(c.start()) > c.start(), c.number(), st);
                continue;
            }
            // rdma -oneline: the line breaks of the record are printed as '\'; each later piece is an indented line
            for (int i = 0; i < segments.size(); i++) {
                if (!segments.get(i).isEmpty()) segment(segments.get(i), i > 0, c.number(), st);
            }
        }
        noValue(st);
        if (st.ports == 0) {
            throw new CaptureException(file, 0, st.qpBlocks > 0
                    ? "only per-QP counters (rdma statistic qp show, rdma resource show qp): " + st.qpBlocks + " block(s), no "
                    + "per-port 'link <dev>/<port>' counters; expected rdma statistic show or rdma link show output"
                    : "no 'link <dev>/<port> ...' line found; expected rdma statistic show or rdma link show output");
        }
        if (st.qpBlocks > 0) {
            b.warn(file + ": " + st.qpBlocks + " per-QP counter block(s) (rdma stat qp show) skipped: they are per QP, "
                    + "not per port");
        }
        b.noise(st.noise);
    }

    /** What reading a file so far has established: the shape of the record being read, its port, counts. */
    private static final class State {
        final String file;
        final Capture.Builder b;
        /** port + name -> {value, command}: a counter's latest reading, for the same-moment rule of {@link #pairs}. */
        final Map<String, long[]> seen = new HashMap<>();
        /** The command lines seen ({@code rdma stat show link X}), numbered from 1; {@link #command}: the current one's, 0 before any. */
        final Map<String, Integer> commands = new HashMap<>();
        int command;
        Mode mode = Mode.NONE;
        String port;
        /** A counter name that ended a wrapped record's line, its value still to come on the next line; and its line. */
        String pendingName;
        int pendingLine;
        int noise, qpBlocks, ports;

        State(String file, Capture.Builder b) { this.file = file; this.b = b; }
    }

    /**
     * The pieces of a line {@code rdma -oneline} (-o) printed: it writes the line break inside a record as a
     * {@code \} word ({@code link mlx5_0/1 \    rx_write_requests 0 \    out_of_buffer 3}, iproute2's
     * {@code _SL_}); a line without one is a single piece. Pieces are stripped.
     */
    static List<String> oneLineSegments(String t) {
        String[] parts = ONE_LINE_BREAK.split(t, -1);
        if (parts.length == 1) return List.of(t);
        List<String> out = new ArrayList<>(parts.length);
        for (String p : parts) out.add(p.strip());
        return out;
    }

    /** A {@code \} standing alone between blanks or at the end of the line: rdma -oneline's line break. */
    private static final java.util.regex.Pattern ONE_LINE_BREAK = java.util.regex.Pattern.compile("(?<=\\s|^)\\\\(?=\\s|$)");

    /** One line of the file (or one piece of an -oneline record): {@code t} stripped, {@code indented} as printed. */
    private static void segment(String t, boolean indented, int line, State st) {
        String[] w = Words.split(t);
        // a continuation must open with a snake_case or camelCase name as printed (not prose, not a blank-separated name)
        boolean nameFirst = isName(w[0]);
        if (!isLinkLine(t)) w = spacedNames(w, 0);
        if (st.pendingName != null) {
            // a wrapped record broke between a name and its value: the value starts this line
            if (st.mode != Mode.LINE || !isCount(w[0])) noValue(st);
            pairs(new String[] {st.pendingName, w[0]}, 0, st, line);
            st.pendingName = null;
            if (w.length == 1) return;
            w = Arrays.copyOfRange(Words.split(t), 1, Words.split(t).length);
            nameFirst = isName(w[0]);
            w = spacedNames(w, 0);
            if (nameFirst && looksLikePairs(w)) {
                linePairs(w, 0, line, st);
                return;
            }
            st.mode = Mode.NONE;
            st.noise++;
            return;
        }
        if (isLinkLine(t)) {
            st.port = w[1];
            if (w.length == 2) { st.mode = Mode.MULTI; st.ports++; return; }
            if (MODE_KEYS.contains(w[2])) { st.mode = Mode.NONE; st.noise++; return; }
            if (containsAny(w, QP_KEYS)) { st.mode = Mode.QP; st.noise++; st.qpBlocks++; return; }
            st.ports++;
            if (containsAny(w, LINK_KEYS)) {
                linkAttrs(w, st.port, st.b, line);
                st.mode = Mode.NONE;
                return;
            }
            st.mode = Mode.LINE;
            linePairs(spacedNames(w, 2), 2, line, st);
            return;
        }
        switch (st.mode) {
            case MULTI -> {
                if (indented && w.length == 2 && isNameToken(w[0])) {
                    pairs(w, 0, st, line);
                    return;
                }
            }
            case LINE -> {
                if (nameFirst && looksLikePairs(w)) {
                    linePairs(w, 0, line, st);
                    return;
                }
            }
            case QP -> {
                if (w[0].equals("LQPN:") || isName(w[0]) && w.length % 2 == 0 && looksLikePairs(w)) {
                    st.noise++;
                    return;
                }
            }
            default -> { }
        }
        st.mode = Mode.NONE;
        st.noise++;
    }

    /**
     * The pairs of a one-line-per-port record's line from {@code w[from]}; a name left without its value at the end
     * of the line waits for the next line's first word (a wrapped paste).
     */
    private static void linePairs(String[] w, int from, int line, State st) {
        if ((w.length - from) % 2 != 0 && isNameToken(w[w.length - 1])) {
            pairs(Arrays.copyOf(w, w.length - 1), from, st, line);
            st.pendingName = w[w.length - 1];
            st.pendingLine = line;
            return;
        }
        pairs(w, from, st, line);
    }

    /**
     * {@code w} with every counter name printed as several words ({@code RNR sent 0}, {@code Rcvd Out of order packets 0}:
     * irdma's newer hw_stats names hold blanks, and rdma prints a name as it is) joined into one, from the name at
     * {@code w[from]}. Only a run of plain words (letters and digits, no {@code _}, no camelCase inner capital: not
     * {@code out_of_buffer}, {@code cnpHandled}) ended by a value is joined, so a snake_case or camelCase name without
     * its value is still an error, never joined with the next name.
     */
    static String[] spacedNames(String[] w, int from) {
        List<String> out = new ArrayList<>(w.length);
        for (int i = 0; i < from && i < w.length; i++) out.add(w[i]);
        int i = from;
        while (i < w.length) {
            int j = i;
            while (j < w.length && isPlainWord(w[j])) j++;
            if (j - i >= 2 && j < w.length && Character.isDigit(w[j].charAt(0))) {
                out.add(String.join(" ", Arrays.asList(w).subList(i, j)));
                out.add(w[j]);
                i = j + 1;
                continue;
            }
            out.add(w[i]);
            if (i + 1 < w.length) out.add(w[i + 1]);
            i += 2;
        }
        return out.size() == w.length ? w : out.toArray(new String[0]);
    }

    /** A word of a blank-separated counter name: a letter, then letters and digits, no capital after a small letter or digit. */
    private static boolean isPlainWord(String s) {
        if (s.isEmpty() || !Character.isLetter(s.charAt(0))) return false;
        for (int k = 0; k < s.length(); k++) {
            char ch = s.charAt(k);
            if (!(ch < 128 && Character.isLetterOrDigit(ch))) return false;
            if (k > 0 && Character.isUpperCase(ch) && !Character.isUpperCase(s.charAt(k - 1))) return false;
        }
        return true;
    }

    /** @throws CaptureException when a wrapped record's last name is still waiting for its value */
    private static void noValue(State st) {
        if (st.pendingName == null) return;
        throw new CaptureException(st.file, st.pendingLine, "counter '" + st.pendingName + "' has no value; expected "
                + "'name value' pairs (is the line cut?)");
    }

    /** A run of decimal digits: a counter's value. */
    private static boolean isCount(String s) {
        return !s.isEmpty() && s.chars().allMatch(ch -> ch >= '0' && ch <= '9');
    }

    /**
     * Counter pairs from {@code w[from]}: name value name value ...; a non-integer value is an error. A counter read
     * again with the same value under another command line ({@code rdma stat show link X} beside {@code ... -p}: the same
     * moment) is read once; under the same command line, or none, it is the command run again (appended after a test)
     * and is read again, as is another value (a snapshot refuses that naming both lines; an incident of the file reads
     * each run).
     */
    private static void pairs(String[] w, int from, State st, int line) {
        if ((w.length - from) % 2 != 0) {
            throw new CaptureException(st.file, line, "counter '" + w[w.length - 1] + "' has no value; expected "
                    + "'name value' pairs (is the line cut?)");
        }
        for (int i = from; i < w.length; i += 2) {
            long v = org.fabriclab.capture.Values.parseCounter(w[i + 1], st.file, line);
            String key = st.port + '\u0000' + w[i];
            long[] prev = st.seen.get(key);
            if (prev != null && prev[0] == v && prev[1] != st.command) continue;
            st.seen.put(key, new long[] {v, st.command});
            st.b.counter(st.port, w[i], v, line);
        }
    }

    private static void linkAttrs(String[] w, String port, Capture.Builder b, int line) {
        int slash = port.lastIndexOf('/');
        b.attr(port, PortAttr.DEVICE, port.substring(0, slash), line);
        b.attr(port, PortAttr.PORT_NUM, port.substring(slash + 1), line);
        for (int i = 2; i + 1 < w.length; i += 2) {
            String k = w[i];
            String v = w[i + 1];
            switch (k) {
                case "state" -> b.attr(port, PortAttr.STATE, v, line);
                // the key the sysfs, ibstat, ibstatus and ibv_devinfo readers give it, so a joined port has one
                case "physical_state" -> b.attr(port, "phys_state", v, line);
                case "netdev" -> b.attr(port, PortAttr.NETDEV, v, line);
                case "lid" -> { if (PortAttr.isUnicastLid(v)) b.attr(port, PortAttr.LID, v, line); }
                case "link_layer" -> b.attr(port, PortAttr.LINK_LAYER, v, line);
                default -> b.attr(port, k, v, line);
            }
        }
    }

    private static boolean containsAny(String[] w, Set<String> keys) {
        for (String s : w) if (keys.contains(s)) return true;
        return false;
    }

    /**
     * A counter name: ASCII letters, digits and underscores, starting with a letter, and either
     * snake_case ({@code out_of_buffer}, mlx5 and bnxt_re) or camelCase ({@code cnpHandled},
     * {@code RxECNMrkd}: irdma's hw_stats names). A plain lower-case word ({@code mode}, {@code auto})
     * is not one.
     */
    static boolean isName(String s) {
        if (s.isEmpty() || !(s.charAt(0) >= 'a' && s.charAt(0) <= 'z' || s.charAt(0) >= 'A' && s.charAt(0) <= 'Z')) return false;
        boolean upperAfterFirst = false;
        for (int i = 0; i < s.length(); i++) {
            char ch = s.charAt(i);
            boolean upper = ch >= 'A' && ch <= 'Z';
            if (!(ch >= 'a' && ch <= 'z' || upper || ch >= '0' && ch <= '9' || ch == '_')) return false;
            if (upper && i > 0) upperAfterFirst = true;
        }
        return s.indexOf('_') > 0 || upperAfterFirst;
    }

    /** Every even word a counter name: the line continues a wrapped one-line-per-port output. */
    private static boolean looksLikePairs(String[] w) {
        for (int i = 0; i < w.length; i += 2) if (!isNameToken(w[i])) return false;
        return true;
    }

    /** {@link #isName}, or a blank-separated name {@link #spacedNames} joined. */
    private static boolean isNameToken(String s) {
        return s.indexOf(' ') > 0 || isName(s);
    }
}
