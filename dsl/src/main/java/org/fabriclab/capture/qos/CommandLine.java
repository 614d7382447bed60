package org.fabriclab.capture.qos;

import org.fabriclab.capture.ShellPrompt;
import org.fabriclab.capture.Words;

/**
 * The interface a pasted QoS command line names: {@code mlnx_qos -i eth0}, {@code dcb -s pfc show dev eth0},
 * {@code ethtool -I -a eth0}, after any {@link ShellPrompt} or a {@code #} comment marker (how
 * {@code fabriclab collect} heads its files). The readers of this package use it to name the port
 * {@code netdev <if>}, which a snapshot joins to the RDMA port.
 */
final class CommandLine {
    private CommandLine() {}

    /** The words of the command on {@code line} when it runs {@code tool}, or null. */
    static String[] command(String line, String tool) {
        String t = line.strip();
        int at = ShellPrompt.commandStart(line);
        if (at >= 0) t = line.substring(at).strip();
        else if (t.startsWith("#") || t.startsWith("$")) t = t.substring(1).strip();
        if (t.startsWith("sudo ")) t = t.substring(5).strip();
        String[] w = Words.split(t);
        if (w.length == 0) return null;
        String first = w[0];
        int slash = first.lastIndexOf('/');
        if (slash >= 0) first = first.substring(slash + 1);
        return first.equals(tool) ? w : null;
    }

    /**
     * The interface after {@code option} ({@code -i eth0}, {@code --interface eth0}, {@code --interface=eth0},
     * {@code dev eth0}), or null when the command does not name one.
     */
    static String after(String[] words, String... options) {
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
    static String operandAfter(String[] words, String... flags) {
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
