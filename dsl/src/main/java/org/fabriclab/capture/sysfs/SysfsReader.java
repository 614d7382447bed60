package org.fabriclab.capture.sysfs;

import java.util.List;
import java.util.regex.Pattern;

import org.fabriclab.capture.Capture;
import org.fabriclab.capture.CaptureException;
import org.fabriclab.capture.CaptureReader;
import org.fabriclab.capture.Input;
import org.fabriclab.capture.LineCursor;
import org.fabriclab.capture.ShellPrompt;
import org.fabriclab.catalogue.Source;

/**
 * Reads {@code /sys/class/infiniband} in any of three forms: {@code grep -H .} lines
 * ({@code /sys/class/infiniband/mlx5_0/ports/1/counters/link_downed:0}, or relative to the class
 * folder as {@code grep -r .} prints them there: {@code mlx5_0/ports/1/counters/link_downed:0}), a directory laid out like
 * sysfs (the class folder, one device folder or one {@code ports/<n>} folder), or a ttar archive
 * (prometheus's text archive: {@code Path:}, {@code Lines:}, content, {@code Mode:}); also one file
 * of such a tree given alone ({@code mlx5_0/ports/1/counters/symbol_error}: its path names it). The same paths are
 * taken through the device's own folder ({@code /sys/devices/pci.../infiniband/mlx5_0/ports/1/...}), as
 * {@code <path> <value>} lines of a shell loop ({@code echo $f $(cat $f)}) and as the sections of a
 * {@code tail -n +1} dump ({@code ==> <path> <==}, each section one file). Ports are
 * {@code <dev>/<n>}; what each file means is in {@link SysfsPorts}.
 *
 * <pre>{@code
 * Capture c = new SysfsReader().read(Input.of(Path.of("/sys/class/infiniband")));
 * c.reading("mlx5_0/1", "PortXmitWait");
 * }</pre>
 */
public final class SysfsReader implements CaptureReader {
    static final String MARK = "class/infiniband/";
    /**
     * A path relative to {@code /sys/class/infiniband}, as {@code cd /sys/class/infiniband; grep -r .
     * mlx5_0/ports/1/counters} prints it: {@code <dev>/ports/<n>/<file or dir>/...:<value>}.
     */
    static final Pattern RELATIVE = Pattern.compile("[A-Za-z0-9_.\\-]+/ports/\\d+/[^:\\s]+:");
    /**
     * The folder a device path names the device under: {@code /sys/devices/pci0000:00/.../infiniband/mlx5_0/ports/1/...}
     * or {@code /sys/bus/pci/devices/0000:81:00.1/infiniband/mlx5_3/...}, where {@code /sys/class/infiniband/mlx5_0} links to.
     */
    static final String DEVICE_MARK = "/infiniband/";
    /** What follows {@link #DEVICE_MARK} in a device path: {@code <dev>/ports/<n>/}. */
    private static final Pattern DEVICE_PORT = Pattern.compile("[A-Za-z0-9_.\\-]+/ports/\\d+/");
    /** The first line ttar writes: {@code # Archive created by ttar -c -f x.ttar dir}. */
    static final String TTAR_BANNER = "# Archive created by ttar";

    @Override public String format() { return "sysfs"; }

    @Override public int sniff(Input in) {
        if (in.isDirectory()) return SysfsDirectory.layout(in.path()) != null ? 90 : 0;
        List<String> head = in.head(10);
        if (head.isEmpty()) return 0;
        if (single(in) != null) return head.size() == 1 ? 85 : 0;
        String first = head.get(0).strip();
        if (first.startsWith(TTAR_BANNER) || first.startsWith("Directory: ") || first.startsWith("Path: ")) {
            // a whole ttar'ed /sys holds class/infiniband far down (node_exporter's sys.ttar: line 1490)
            return in.text().contains(MARK) ? 90 : 0;
        }
        int hits = 0, relative = 0;
        for (String l : head) {
            int from = below(l, 0, l.length());
            if (from >= 0 && (l.indexOf(':', from) > 0 || spaceValue(l, from) != null)) hits++;
            else if (RELATIVE.matcher(l.strip()).lookingAt()) relative++;
        }
        if (hits == 0) return relative > 0 && relative * 2 >= head.size() ? 80 : 0;
        return first.startsWith("/sys/class/infiniband/") ? 95 : 80;
    }

    @Override public Capture read(Input in) {
        Capture.Builder b = Capture.builder(Source.SYSFS, in.name());
        SysfsPorts ports = new SysfsPorts(b);
        int noise;
        String single = in.isDirectory() ? null : single(in);
        if (in.isDirectory()) {
            noise = SysfsDirectory.read(in, ports, b);
        } else if (single != null) {
            List<String> lines = in.head(2);
            if (lines.size() > 1) {
                throw new CaptureException(in.name(), 2, "expected one value in the sysfs file " + single
                        + ", found a second line");
            }
            ports.entry(single, lines.isEmpty() ? "" : lines.get(0), in.name(), firstLine(in));
            noise = 0;
        } else {
            String first = in.head(1).isEmpty() ? "" : in.head(1).get(0).strip();
            noise = first.startsWith(TTAR_BANNER) || first.startsWith("Directory: ") || first.startsWith("Path: ")
                    ? TtarArchive.read(in, ports) : readGrep(in, ports, b);
        }
        ports.finish();
        if (ports.read() == 0) {
            throw new CaptureException(in.name(), 0, "no InfiniBand sysfs counters or port attributes found; expected "
                    + "files under class/infiniband/<dev>/ports/<n>/");
        }
        b.noise(noise + ports.ignored());
        return b.build();
    }

    /**
     * The path below {@code class/infiniband/} of a lone sysfs file, null for anything else; also of one file of a
     * {@code tail -n +1}/{@code head} dump ({@code ==> /sys/class/infiniband/mlx5_0/ports/1/counters/symbol_error <==}),
     * named by its header: a full sysfs path (or device path) to a port's file.
     */
    private static String single(Input in) {
        if (in.partName() != null) {
            String name = in.partName();
            int from = below(name, 0, name.length());
            return from >= 0 && name.indexOf(':', from) < 0 && RELATIVE.matcher(name.substring(from) + ":").matches()
                    ? name.substring(from) : null;
        }
        return in.path() == null ? null : SysfsDirectory.fileRelative(in.path());
    }

    /**
     * Where the path below the device's folder starts in {@code text[from, to)}: after {@code class/infiniband/}, or after
     * the {@code /infiniband/} of a device path ({@link #DEVICE_MARK}) that goes on with {@code <dev>/ports/<n>/}; -1 when
     * the line names no such path.
     */
    static int below(String text, int from, int to) {
        int mark = text.indexOf(MARK, from);
        if (mark >= 0 && mark < to) return mark + MARK.length();
        for (int at = text.indexOf(DEVICE_MARK, from); at >= 0 && at < to; at = text.indexOf(DEVICE_MARK, at + 1)) {
            int start = at + DEVICE_MARK.length();
            if (DEVICE_PORT.matcher(text).region(start, to).lookingAt()) return start;
        }
        return -1;
    }

    /**
     * The value of a {@code <path> <value>} line as a shell loop prints it ({@code for f in .../counters/*; do echo $f
     * $(cat $f); done}): the words after the path, which starts at {@code from} and holds no blank and no ':'; null when the
     * line is not of that form (a path alone, a {@code path:value} line).
     */
    static String spaceValue(String line, int from) {
        return spaceValue(line, from, line.length());
    }

    /** {@link #spaceValue(String, int)} of the line {@code text[.., to)}. */
    private static String spaceValue(String text, int from, int to) {
        int ws = from;
        while (ws < to && !Character.isWhitespace(text.charAt(ws))) ws++;
        if (ws >= to || text.substring(from, ws).indexOf(':') >= 0) return null;
        String v = text.substring(ws, to).strip();
        return v.isEmpty() ? null : v;
    }

    /**
     * {@code grep -H . /sys/class/infiniband/*}{@code /ports/*}{@code /counters/*} output. Around the
     * {@code path:value} lines, a paste or a collection script may hold a shell prompt with the command
     * ({@code $ grep -H . /sys/class/...}), a header naming a folder ({@code ### /sys/class/infiniband/mlx5_0/ports/1/counters})
     * and, with {@code 2>&1}, the tool's message for a file the kernel would not read
     * ({@code grep: /sys/class/infiniband/mlx5_0/ports/1/counters/port_xmit_wait: Invalid argument}): prompts and
     * headers are noise, an unreadable counter is absent with the message as its reason. A line that starts with
     * a sysfs path but has no {@code :value} is a cut line, an error.
     */
    private static int readGrep(Input in, SysfsPorts ports, Capture.Builder b) {
        String file = in.name();
        LineCursor c = new LineCursor(in.text());
        String text = c.text();
        int noise = 0, unreadable = 0;
        String firstUnreadable = null;
        while (c.next()) {
            int s = c.skipSpace(c.start());
            if (s >= c.end()) { noise++; continue; }
            String t = c.line().strip();
            if (isDiffLine(t)) {
                throw new CaptureException(file, c.number(), "a diff of two sysfs dumps ('" + abbreviate(t) + "'): its lines hold "
                        + "two moments' values of the changed files only; give the two dumps themselves (before and after)");
            }
            if (ShellPrompt.isPromptLine(t)) { noise++; continue; }
            if (t.startsWith("grep: ") || t.startsWith("cat: ")) {
                // "grep: <path>: <strerror>", as grep and cat print a file they could not read
                int m = below(t, 0, t.length()), sep = t.lastIndexOf(": ");
                if (m < 0 || sep <= m) { noise++; continue; }
                String message = t.substring(sep + 2).strip();
                if (ports.unreadable(t.substring(m, sep), t.substring(0, t.indexOf(':')) + ": " + message,
                        file, c.number())) {
                    if (unreadable++ == 0) firstUnreadable = t;
                } else {
                    noise++;
                }
                continue;
            }
            int from = below(text, s, c.end());
            int mark = from;
            if (from < 0 && RELATIVE.matcher(text).region(s, c.end()).lookingAt()) from = s;
            else if (from < 0) { noise++; continue; }
            int colon = c.indexOf(':', from);
            int blank = from;
            while (blank < c.end() && !Character.isWhitespace(text.charAt(blank))) blank++;
            if (colon < 0 || colon > blank) {
                // a header or a command that names a sysfs folder has words before the path
                if (mark >= 0 && hasBlank(text, s, mark)) { noise++; continue; }
                // "<path> <value>", as a shell loop echoes a file's name and content
                String value = spaceValue(text, from, c.end());
                if (value != null) {
                    ports.entry(text.substring(from, blank), value, file, c.number());
                    continue;
                }
                // a path alone is a cut line
                throw new CaptureException(file, c.number(), "expected '<sysfs path>:<value>' as grep -H prints, found '"
                        + abbreviate(c.line().strip()) + "' (is the file cut here?)");
            }
            ports.entry(text.substring(from, colon), text.substring(colon + 1, c.end()), file, c.number());
        }
        if (unreadable > 0) {
            b.warn(file + ": " + unreadable + " counter file(s) could not be read (" + abbreviate(firstUnreadable) + "); they "
                    + "are absent, with the message as the reason");
        }
        return noise;
    }

    /** The 1-based number of the first non-blank line (a dump's part keeps its lines' numbers in the dump). */
    private static int firstLine(Input in) {
        List<String> all = in.lines();
        for (int i = 0; i < all.size(); i++) if (!all.get(i).isBlank()) return i + 1;
        return 1;
    }

    /**
     * A changed line of {@code diff} ({@code < path:value}, {@code > path:value}) or {@code diff -u} ({@code -path:value},
     * {@code +path:value}) run on two dumps: read as a dump it would give one moment's values, or both, under one name.
     */
    static boolean isDiffLine(String t) {
        if (t.length() < 3) return false;
        char c0 = t.charAt(0);
        int from;
        if ((c0 == '<' || c0 == '>') && t.charAt(1) == ' ') from = 2;
        else if ((c0 == '-' || c0 == '+') && t.charAt(1) == '/') from = 1;
        else return false;
        int below = below(t, from, t.length());
        return below >= 0 && t.indexOf(':', below) > 0 && !hasBlank(t, from, below);
    }

    private static boolean hasBlank(String text, int from, int to) {
        for (int i = from; i < to; i++) if (Character.isWhitespace(text.charAt(i))) return true;
        return false;
    }

    static String abbreviate(String s) {
        return s.length() <= 60 ? s : s.substring(0, 57) + "...";
    }
}
