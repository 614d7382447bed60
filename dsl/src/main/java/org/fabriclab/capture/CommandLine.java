package org.fabriclab.capture;

/**
 * The interface a pasted QoS command line names: {@code mlnx_qos -i eth0}, {@code dcb -s pfc show dev eth0},
 * {@code ethtool -I -a eth0}, {@code mlnx_perf -i eth0 -t 2}, after any {@link ShellPrompt} or a {@code #} comment
 * marker (how {@code fabriclab collect} heads its files). The QoS readers and the mlnx_perf reader use it to name the
 * port {@code netdev <if>}, which a snapshot joins to the RDMA port, and to read the command's options.
 */
public final class CommandLine {
    private CommandLine() {}

    /** The words of the command on {@code line} when it runs {@code tool} (with or without a prompt), or null. */
    public static String[] command(String line, String tool) {
        String[] w = words(line, false);
        return w != null && tool(w[0]).equals(tool) ? w : null;
    }

    /**
     * Whether {@code line} is a paste's own line around {@code tool}'s output rather than output: the command line
     * running {@code tool} (with or without a prompt) or a prompt with nothing after it.
     */
    public static boolean ownCommandOrPrompt(String line, String tool) {
        return command(line, tool) != null || ShellPrompt.isBare(line);
    }

    /**
     * Whether {@code line} is a command line of some other tool behind a prompt: a shell prompt, {@code $ },
     * {@code # }, or bash's {@code set -x} trace ({@code + cmd}, {@code ++ cmd}). A paste that runs several
     * commands holds their output too; the readers skip it up to their own tool's next command line.
     */
    public static boolean otherCommand(String line, String tool) {
        if (line.strip().startsWith("#")) return false;   // a comment, or root's prompt: too alike to skip what follows
        String[] w = words(line, true);
        return w != null && !tool(w[0]).equals(tool);
    }

    private static String tool(String word) {
        int slash = word.lastIndexOf('/');
        return slash >= 0 ? word.substring(slash + 1) : word;
    }

    /** The command's words after a prompt; with {@code promptNeeded} false also a bare command line. */
    private static String[] words(String line, boolean promptNeeded) {
        String t = line.strip();
        int at = ShellPrompt.commandStart(line);
        if (at >= 0) t = line.substring(at).strip();
        else if (t.startsWith("#") || t.startsWith("$")) t = t.substring(1).strip();
        else if (t.startsWith("+")) {
            int k = 0;
            while (k < t.length() && t.charAt(k) == '+') k++;
            if (k == t.length() || t.charAt(k) != ' ') return null;
            t = t.substring(k).strip();
        } else if (promptNeeded) return null;
        if (t.startsWith("sudo ")) t = t.substring(5).strip();
        String[] w = Words.split(t);
        return w.length == 0 || w[0].isEmpty() ? null : w;
    }

    /**
     * The interface after {@code option} ({@code -i eth0}, {@code --interface eth0}, {@code --interface=eth0},
     * {@code dev eth0}), or null when the command does not name one.
     */
    public static String after(String[] words, String... options) {
        for (int i = 1; i < words.length; i++) {
            for (String o : options) {
                if (words[i].equals(o) && i + 1 < words.length && !words[i + 1].startsWith("-")) return clean(words[i + 1]);
                if (o.startsWith("--") && words[i].startsWith(o + "=") && words[i].length() > o.length() + 1) {
                    return clean(words[i].substring(o.length() + 1));
                }
            }
        }
        return null;
    }

    /**
     * The first operand after {@code flag} and any options that follow it: {@code ethtool -a -I eth0} and
     * {@code ethtool -I -a eth0} both name {@code eth0}; null at a pipe or when nothing follows.
     */
    public static String operandAfter(String[] words, String... flags) {
        for (int i = 1; i < words.length; i++) {
            boolean flag = false;
            for (String f : flags) flag |= words[i].equals(f);
            if (!flag) continue;
            for (int k = i + 1; k < words.length; k++) {
                String w = words[k];
                if (w.startsWith("|") || w.startsWith(">")) return null;
                if (!w.startsWith("-")) return clean(w);
            }
        }
        return null;
    }

    private static String clean(String dev) {
        // a pipe or redirection glued to the name: "eth0|" or "eth0;"
        int cut = dev.length();
        for (int i = 0; i < dev.length(); i++) {
            char ch = dev.charAt(i);
            if (ch == '|' || ch == ';' || ch == '>' || ch == '&') { cut = i; break; }
        }
        String d = dev.substring(0, cut);
        return d.isEmpty() ? null : d;
    }
}
