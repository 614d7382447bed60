package org.fabriclab.capture;

import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;

/**
 * A pasted terminal session of several tools: a command line behind a shell prompt ({@link ShellPrompt}:
 * {@code [root@node07 ~]# ibstat}, {@code $ perfquery -x}), its output, the next command line, and so on
 * ({@code ibstat}, {@code perfquery -x}, {@code ethtool -S eth0}, a test, the same again). Each command with its
 * output is one part, read by the reader that claims it, at the session's own line numbers, with its command line
 * on top (so {@code ethtool -S X} names its port and perftest's {@code -D} its duration; JSON output is given
 * without it, as the tool printed it, the command then known as {@link Input#command()}). A session is taken as one
 * only when it starts with a command line and runs two or more different tools (a {@code cat} of each file counts as
 * a tool of its own): the output of one tool run several times is its reader's to read as it is. {@code cat FILE} of one file that printed one line (a sysfs counter,
 * {@code cat /sys/class/infiniband/mlx5_0/ports/1/counters/symbol_error}) is read as {@code grep -H} prints it,
 * {@code FILE:value}, at the output's line. A bare {@code # } prompt is not taken for one (perfquery's
 * {@code # Port counters: ...} and perftest's {@code #bytes} start so).
 *
 * <pre>{@code
 * List<Input> parts = ShellSession.parts(Input.of(Path.of("ticket-paste.txt")));   // null when it is no session
 * }</pre>
 */
public final class ShellSession {
    /** The shell's job-control line for a command started with {@code &} ({@code [1] 650300}) or ended ({@code [1]+  Done ...}). */
    private static final java.util.regex.Pattern JOB_LINE =
            java.util.regex.Pattern.compile("\\[\\d+\\][+-]?\\s+(\\d+|(Done|Exit \\d+|Running|Stopped|Terminated|Killed)(\\s.*)?)\\s*");
    /** Lines read for the first command line. */
    private static final int HEAD = 20;

    /** One command of the session: its command line (0-based index) and the tool it runs. */
    private record Command(int line, String tool) {}

    private ShellSession() {}

    /**
     * The parts of a session of two or more tools, one per command that printed something, each holding its command line
     * (possibly none); null when {@code in} is no such session.
     */
    public static List<Input> parts(Input in) {
        if (in.isDirectory()) return null;
        // the first non-blank line is a command line: a cheap gate before any other line is looked at
        Command first = null;
        for (String l : in.head(HEAD)) {
            if (l.isBlank()) continue;
            first = command(l, 0);
            break;
        }
        if (first == null) return null;
        List<String> lines = in.lines();
        List<Command> cmds = new ArrayList<>();
        Set<String> tools = new LinkedHashSet<>();
        for (int i = 0; i < lines.size(); i++) {
            Command c = command(lines.get(i), i);
            if (c == null) continue;
            cmds.add(c);
            tools.add(c.tool());
        }
        if (cmds.size() < 2 || tools.size() < 2) return null;
        List<Input> parts = new ArrayList<>();
        for (int k = 0; k < cmds.size(); k++) {
            int from = cmds.get(k).line(), to = k + 1 < cmds.size() ? cmds.get(k + 1).line() : lines.size();
            String cmd = lines.get(from), command = cmd.substring(ShellPrompt.commandStart(cmd)).strip();
            // the command's output: its first two lines that are neither blank nor a bare prompt (the end of the paste, an Enter)
            List<Integer> output = new ArrayList<>(2);
            for (int i = from + 1; i < to && output.size() < 2; i++) {
                if (!lines.get(i).isBlank() && !ShellPrompt.isBare(lines.get(i)) && !JOB_LINE.matcher(lines.get(i)).matches()) output.add(i);
            }
            // a command that printed nothing (cd, sleep 30; one started with & shows only its job line, its output comes
            // after a later prompt), or date's one line (the time of what follows, which an incident of the file reads
            // there): passed over
            if (output.isEmpty() || output.size() == 1 && CommandLine.command(command, "date") != null
                    && DateOutput.epochMs(lines.get(output.get(0))) != null) continue;
            int out = output.get(0);
            StringBuilder sb = new StringBuilder(from + 64);
            sb.append("\n".repeat(from));   // the part keeps the session's line numbers
            String file = output.size() == 1 ? catFile(command) : null;
            if (file != null) {
                // cat of one file that printed one line (a sysfs counter): that line as grep -H prints it, FILE:value
                sb.append('\n').append("\n".repeat(out - from - 1)).append(file).append(':').append(lines.get(out).strip()).append('\n');
            } else {
                // JSON output (rdma -j, mlxlink --json, ip -j) goes to its reader as the tool printed it, without the command line
                boolean json = lines.get(out).strip().startsWith("{") || lines.get(out).strip().startsWith("[");
                sb.append(json ? "" : cmd).append('\n');
                // a prompt with nothing after it (the end of the paste, an Enter pressed) is no output, nor is a job line
                for (int i = from + 1; i < to; i++) {
                    String l = lines.get(i);
                    sb.append(ShellPrompt.isBare(l) || JOB_LINE.matcher(l).matches() ? "" : l).append('\n');
                }
            }
            parts.add(Input.sessionPart(in, sb.toString(), from + 1, command));
        }
        return parts;
    }

    /** The file {@code command} cats when it is {@code cat FILE} of one file (no option, no glob, no pipe); else null. */
    private static String catFile(String command) {
        String[] w = CommandLine.command(command, "cat");
        if (w == null || w.length != 2 || w[1].startsWith("-") || w[1].indexOf('*') >= 0 || w[1].indexOf('?') >= 0) return null;
        return w[1];
    }

    /** The command on {@code line} (index {@code i}) behind a prompt, or null; a line starting with {@code #} is none. */
    private static Command command(String line, int i) {
        if (line.isEmpty() || line.strip().startsWith("#")) return null;
        if (!ShellPrompt.isPromptLine(line)) return null;
        int at = ShellPrompt.commandStart(line);
        if (at < 0) return null;
        String[] w = Words.split(line.substring(at).strip());
        int k = 0;
        // sudo [-E ...], time, env and VAR=value in front of the tool
        while (k < w.length && (w[k].equals("sudo") || w[k].equals("time") || w[k].equals("env") || w[k].startsWith("-")
                || w[k].indexOf('=') > 0 && !w[k].startsWith("="))) k++;
        if (k >= w.length) return null;
        String tool = w[k];
        int slash = tool.lastIndexOf('/');
        tool = slash >= 0 ? tool.substring(slash + 1) : tool;
        // each file a cat shows is a tool of its own: a session of cats of counter files is read cat by cat
        if (tool.equals("cat") && k + 2 == w.length) tool = "cat " + w[k + 1];
        // a switch's CLI runs every command as show (SONiC, NVUE's nv show): the command is its words up to the first
        // option or interface (show pfc counters, show interfaces counters detailed Ethernet8), so two of them are two tools
        if (tool.equals("show") || tool.equals("nv") && k + 1 < w.length && w[k + 1].equals("show")) {
            StringBuilder t = new StringBuilder(tool);
            for (int j = k + 1; j < w.length && !w[j].startsWith("-") && w[j].chars().noneMatch(Character::isDigit); j++) t.append(' ').append(w[j]);
            tool = t.toString();
        }
        return new Command(i, tool);
    }
}
