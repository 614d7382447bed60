package org.fabriclab.capture;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Supplier;
import java.util.function.ToIntFunction;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * One command's output on many hosts at once, as the parallel shells print it, split into each host's output:
 * <ul>
 * <li>{@code pdsh} (and {@code clush} without {@code -b}): every line {@code HOST: LINE} (pdsh's {@code "%S: %s"},
 * lines of several hosts interleaved; {@code clush -bL} puts a host list there: {@code node[1-2]: LINE}); pdsh's own
 * messages ({@code pdsh@login1: node03: ssh exited with exit code 255}), clush's ({@code clush: node3: exited
 * with exit code 1}) and ssh's on a host's stderr ({@code node02: Warning: Permanently added ...}) are warnings.</li>
 * <li>{@code dshbak} and {@code dshbak -c}: a header of 16 dashes, the host or host list ({@code node[01-03,05]}), 16
 * dashes, then the lines without their prefix.</li>
 * <li>{@code clush -b}: the same with 15 dashes and the count after a list ({@code node[1-2] (2)}).</li>
 * <li>ansible ad-hoc ({@code -m command}/{@code shell}, the minimal callback): {@code HOST | CHANGED | rc=0 >>}, then
 * the output; a host that failed ({@code rc} other than 0, {@code FAILED!}, {@code UNREACHABLE!}, {@code SKIPPED}) is a
 * warning and gives no readings.</li>
 * </ul>
 * Each {@link Part} is one output, read by the normal readers ({@link Readers#read(Input)}), its lines at their own
 * line numbers in the file so readings and errors name the file's line; a part several hosts share (a dshbak
 * {@code -c} or {@code clush -b} group) is every one of those hosts' output. A file is taken for pdsh's only when its
 * first line is prefixed and the lines of its host with the most are claimed by a reader, at least as confidently as the
 * whole file (an unindented {@code rx_packets: 12} list looks prefixed, but {@code 12} is no capture); a host's output
 * may be one line ({@code rdma link} of one port). The command the paste's prompt line ran on the hosts
 * ({@link ParallelCommand}) is put in each host's output at that line, as {@code $ COMMAND}.
 *
 * <pre>{@code
 * HostOutput h = HostOutput.of(Input.of(Path.of("pdsh-perfquery.txt")), Readers.standard()::bestScore);  // null: one host's output
 * h.kind();     // "pdsh"
 * h.parts();    // [node01 (line 1), node02 (line 2), ...]
 * }</pre>
 */
public final class HostOutput {
    /** The output of {@code hosts} (one host, or a group with identical output), its first line in the file, 1-based. */
    public record Part(List<String> hosts, String label, int line, Supplier<Input> text) {
        /** The part as an input of its own: the file's name, its lines at their line numbers (the others blank). */
        public Input input() { return text.get(); }
    }

    private static final Pattern ANSIBLE_TEXT = Pattern.compile("(\\S+) \\| (CHANGED|SUCCESS|FAILED) \\| rc=(-?\\d+) >>");
    private static final Pattern ANSIBLE_OTHER = Pattern.compile("(\\S+) \\| (SUCCESS|CHANGED|FAILED!|UNREACHABLE!) => .*|(\\S+) \\| SKIPPED");
    private static final Pattern COUNT = Pattern.compile("(\\S+) \\((\\d+)\\)");

    private final String kind;
    private final List<Part> parts = new ArrayList<>();
    private final List<String> warnings = new ArrayList<>();

    private HostOutput(String kind) { this.kind = kind; }

    /** The command each host ran, as a prompt line ({@code $ ethtool -S eth0}), and its line (0-based); -1: none. */
    private String command;
    private int commandLine = -1;
    /** Lines of a block that are the tool's own messages ({@code clush: node3: exited with exit code 1}), not output. */
    private final java.util.Set<Integer> toolLines = new java.util.HashSet<>();

    /** Keeps the command {@code line} (the paste's prompt line {@code i}) says each host ran ({@link ParallelCommand}). */
    private void command(int i, String line) {
        String remote = ParallelCommand.remote(line);
        if (remote == null) return;
        command = "$ " + remote;
        commandLine = i;
    }

    /** {@code pdsh}, {@code dshbak}, {@code clush -b} or {@code ansible}. */
    public String kind() { return kind; }

    /** Each host's (or host group's) output in file order. */
    public List<Part> parts() { return List.copyOf(parts); }

    /** The tools' own messages and the hosts that gave no output, each naming the file and line. */
    public List<String> warnings() { return List.copyOf(warnings); }

    /**
     * The hosts' outputs in {@code in}, or null when it is no multi-host output.
     *
     * @param score how confidently the readers claim an input ({@link Readers#bestScore}), 0 for none
     * @throws CaptureException naming the file and line of a line without the prefix in a pdsh output, a header whose
     *     host list is malformed or whose count disagrees, or a host given twice
     */
    public static HostOutput of(Input in, ToIntFunction<Input> score) {
        if (in.isDirectory()) return null;
        String first = null;
        for (String l : in.head(6)) {
            if (!preamble(l)) { first = l; break; }
        }
        if (first == null) return null;
        String t = first.strip();
        if (t.equals(DSHBAK) || t.equals(CLUSH)) return blocks(in, t);
        if (ANSIBLE_TEXT.matcher(t).matches() || ANSIBLE_OTHER.matcher(t).matches()) return ansible(in);
        return prefix(first) > 0 ? prefixed(in, score) : null;
    }

    private static final String DSHBAK = "-".repeat(16), CLUSH = "-".repeat(15);

    /** A line before the hosts' output that is none of it: a shell prompt, an ansible warning. */
    private static boolean preamble(String l) {
        String t = l.strip();
        return ShellPrompt.isPromptLine(l) || t.startsWith("[WARNING]") || t.startsWith("[DEPRECATION WARNING]");
    }

    /** Where {@code HOST} ends in {@code HOST: LINE} or {@code HOST:} (a blank line), a host or host list; -1 when it is none. */
    static int prefix(String l) {
        int colon = l.indexOf(':');
        if (colon <= 0 || colon + 1 < l.length() && l.charAt(colon + 1) != ' ') return -1;
        return HostList.expand(l.substring(0, colon)) != null || tool(l.substring(0, colon)) ? colon : -1;
    }

    /**
     * A message of ssh, which pdsh's and clush's ssh module runs, on a host's stderr (labelled as the host's output is):
     * {@code Warning: Permanently added 'node02,10.0.0.2' (ECDSA) to the list of known hosts.}, {@code ssh: connect to
     * host node03 port 22: No route to host}.
     */
    static boolean ssh(String rest) {
        return rest.startsWith("ssh: ") || rest.startsWith("Warning: Permanently added ") && rest.endsWith(" to the list of known hosts.");
    }

    /** A tool's message as a warning quotes it: whole, up to 200 characters. */
    private static String message(String line) {
        String t = line.strip();
        return t.length() <= 200 ? t : t.substring(0, 197) + "...";
    }

    /** pdsh's and clush's own label: {@code pdsh@HOST}, {@code pdcp@HOST}, {@code clush}. */
    private static boolean tool(String tag) {
        return tag.equals("clush") || (tag.startsWith("pdsh@") || tag.startsWith("pdcp@")) && HostList.expand(tag.substring(5)) != null;
    }

    private static HostOutput prefixed(Input in, ToIntFunction<Input> score) {
        List<String> lines = in.lines();
        Map<String, List<Integer>> byTag = new LinkedHashMap<>();
        HostOutput h = new HostOutput("pdsh");
        int unprefixed = -1;
        boolean started = false;
        for (int i = 0; i < lines.size(); i++) {
            String l = lines.get(i);
            if (l.isBlank() || started && ShellPrompt.isBare(l)) continue;
            if (!started && preamble(l)) {
                h.command(i, l);
                continue;
            }
            int colon = prefix(l);
            if (colon < 0) {
                if (unprefixed < 0) unprefixed = i;
                continue;
            }
            started = true;
            String tag = l.substring(0, colon);
            if (tool(tag) || ssh(l.substring(Math.min(colon + 2, l.length())))) {
                h.warnings.add(in.name() + ":" + (i + 1) + ": " + message(l));
                continue;
            }
            byTag.computeIfAbsent(tag, k -> new ArrayList<>()).add(i);
        }
        if (byTag.isEmpty()) return null;
        String largest = byTag.keySet().iterator().next();
        for (Map.Entry<String, List<Integer>> e : byTag.entrySet()) if (e.getValue().size() > byTag.get(largest).size()) largest = e.getKey();
        Input probe = h.prefixedPart(in, lines, byTag.get(largest));
        int mine = score.applyAsInt(probe);
        if (mine == 0 || mine < score.applyAsInt(in)) return null;
        if (unprefixed >= 0) {
            throw new CaptureException(in.name(), unprefixed + 1, "a line without the 'HOST: ' label pdsh puts on every line of a "
                    + "host's output (other lines have one: " + largest + "); expected 'HOST: ...' on every line, got '"
                    + Values.abbreviate(lines.get(unprefixed).strip()) + "' (two outputs pasted into one file?)");
        }
        for (Map.Entry<String, List<Integer>> e : byTag.entrySet()) {
            List<Integer> at = e.getValue();
            h.parts.add(new Part(HostList.expand(e.getKey()), e.getKey(), at.get(0) + 1, () -> h.prefixedPart(in, lines, at)));
        }
        return h;
    }

    /** The lines {@code at} of a pdsh output without their {@code HOST: } label, at their line numbers. */
    private Input prefixedPart(Input in, List<String> lines, List<Integer> at) {
        StringBuilder sb = new StringBuilder();
        int next = 0;
        if (commandLine >= 0) {
            sb.append("\n".repeat(commandLine)).append(command).append('\n');
            next = commandLine + 1;
        }
        for (int i : at) {
            sb.append("\n".repeat(i - next));
            String l = lines.get(i);
            int from = l.indexOf(':') + 2;
            if (from < l.length()) sb.append(l, from, l.length());
            sb.append('\n');
            next = i + 1;
        }
        return Input.hostPart(in, sb.toString());
    }

    private static HostOutput blocks(Input in, String dashes) {
        List<String> lines = in.lines();
        HostOutput h = new HostOutput(dashes.equals(DSHBAK) ? "dshbak" : "clush -b");
        Map<String, Integer> seen = new LinkedHashMap<>();
        int i = 0;
        for (; i < lines.size() && (lines.get(i).isBlank() || preamble(lines.get(i))); i++) h.command(i, lines.get(i));
        if (!isHeader(lines, i, dashes)) return null;   // a line of dashes over something else: no header
        while (i < lines.size()) {
            int header = i;
            List<String> hosts = headerHosts(in, header);
            String label = lines.get(i + 1).strip();
            int from = i + 3, to = from;
            while (to < lines.size() && !isHeader(lines, to, dashes)) {
                // clush's and ssh's own messages on stderr, when it was sent to the same file (2>&1)
                if (lines.get(to).startsWith("clush: ") && prefix(lines.get(to).substring(7)) > 0 || ssh(lines.get(to))) {
                    h.warnings.add(in.name() + ":" + (to + 1) + ": " + message(lines.get(to)));
                    h.toolLines.add(to);
                }
                to++;
            }
            i = to;
            if (label.startsWith("pdsh@") || label.equals("clush")) {
                h.warnings.add(in.name() + ":" + (header + 2) + ": " + label + "'s own messages; not read");
                continue;
            }
            for (String host : hosts) {
                Integer had = seen.putIfAbsent(host, header + 2);
                if (had != null) {
                    throw new CaptureException(in.name(), header + 2, "host " + host + " has a second block (its first at line " + had
                            + "); expected each host once in " + h.kind + " output (two outputs pasted into one file?)");
                }
            }
            int f = from, e = to;
            h.parts.add(new Part(hosts, label, header + 2, () -> h.blockPart(in, lines, f, e)));
        }
        return h;
    }

    /** Whether line {@code i} starts a header: dashes, a host list (with clush's count), dashes. */
    private static boolean isHeader(List<String> lines, int i, String dashes) {
        if (i + 2 >= lines.size() || !lines.get(i).strip().equals(dashes) || !lines.get(i + 2).strip().equals(dashes)) return false;
        String label = lines.get(i + 1).strip();
        Matcher m = COUNT.matcher(label);
        String list = m.matches() ? m.group(1) : label;
        return HostList.expand(list) != null || list.startsWith("@") || label.startsWith("pdsh@") || label.equals("clush");
    }

    /** The hosts header line {@code header} names ({@link #isHeader} holds there); its count ({@code (2)}, clush's) must agree. */
    private static List<String> headerHosts(Input in, int header) {
        String label = in.lines().get(header + 1).strip();
        if (label.startsWith("pdsh@") || label.equals("clush")) return List.of();
        Matcher m = COUNT.matcher(label);
        List<String> hosts = HostList.expand(m.matches() ? m.group(1) : label);
        if (hosts == null) {
            throw new CaptureException(in.name(), header + 2, "the header names a node group (" + label + ": clush -r), not its hosts; "
                    + "expected host names or a host list (node[1-2]): run clush -b without -r");
        }
        if (m.matches() && Integer.parseInt(m.group(2)) != hosts.size()) {
            throw new CaptureException(in.name(), header + 2, "the header names " + hosts.size() + " hosts (" + m.group(1) + ") but counts "
                    + m.group(2) + "; expected clush's count of the hosts it lists");
        }
        return hosts;
    }

    /** Lines {@code from} (inclusive) to {@code to} of a block, at their line numbers. */
    private Input blockPart(Input in, List<String> lines, int from, int to) {
        StringBuilder sb = new StringBuilder();
        if (commandLine >= 0) sb.append("\n".repeat(commandLine)).append(command).append('\n');
        sb.append("\n".repeat(from - (commandLine + 1)));
        for (int k = from; k < to; k++) sb.append(toolLines.contains(k) ? "" : lines.get(k)).append('\n');
        return Input.hostPart(in, sb.toString());
    }

    private static HostOutput ansible(Input in) {
        List<String> lines = in.lines();
        HostOutput h = new HostOutput("ansible");
        Map<String, Integer> seen = new LinkedHashMap<>();
        int i = 0;
        while (i < lines.size()) {
            String l = lines.get(i).strip();
            Matcher text = ANSIBLE_TEXT.matcher(l), other = ANSIBLE_OTHER.matcher(l);
            boolean isText = text.matches();
            if (!isText && !other.matches()) {
                if (l.isEmpty() || preamble(l)) {
                    if (h.parts.isEmpty()) h.command(i, l);
                    i++;
                    continue;
                }
                throw new CaptureException(in.name(), i + 1, "expected an ansible result line ('HOST | CHANGED | rc=0 >>', 'HOST | "
                        + "UNREACHABLE! => {...}') before the hosts' output, got '" + Values.abbreviate(l) + "'");
            }
            int header = i, from = i + 1, to = from;
            while (to < lines.size() && !ANSIBLE_TEXT.matcher(lines.get(to).strip()).matches()
                    && !ANSIBLE_OTHER.matcher(lines.get(to).strip()).matches()) to++;
            i = to;
            String host = isText ? text.group(1) : other.group(1) != null ? other.group(1) : other.group(3);
            Integer had = seen.putIfAbsent(host, header + 1);
            if (had != null) {
                throw new CaptureException(in.name(), header + 1, "host " + host + " has a second result (its first at line " + had
                        + "); expected one per host in an ad-hoc run");
            }
            if (!isText || !text.group(3).equals("0")) {
                String status = isText ? text.group(2) + " rc=" + text.group(3) : other.group(2) != null ? other.group(2) : "SKIPPED";
                h.warnings.add(in.name() + ":" + (header + 1) + ": ansible reports " + host + " " + status + "; its output is not read");
                continue;
            }
            int f = from, e = to;
            h.parts.add(new Part(List.of(host), host, header + 1, () -> h.blockPart(in, lines, f, e)));
        }
        return h;
    }
}
