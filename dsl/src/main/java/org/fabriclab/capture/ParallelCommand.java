package org.fabriclab.capture;

import java.util.Set;

/**
 * The command each host ran, read from a pasted parallel-shell command line: {@code pdsh -w node[01-64] ethtool -S
 * ens1f0np0} ran {@code ethtool -S ens1f0np0}, as did {@code clush -b -w @gpu 'ethtool -S ens1f0np0'}, {@code pdsh ...
 * 'ethtool -S ens1f0np0' | dshbak -c} and {@code ansible gpu -m command -a 'ethtool -S ens1f0np0'}. A multi-host output
 * ({@link HostOutput}) puts it in each host's output where the paste's prompt line was, so a reader that names its port
 * from its command line ({@code netdev ens1f0np0}) does so on every host. Options taking a value are pdsh's
 * (chaos/pdsh src/pdsh/opt.c {@code GEN_ARGS}, and its modules' {@code -g}, {@code -X}, {@code -F}) and clush's
 * (cea-hpc/clustershell lib/ClusterShell/CLI/OptionParser.py).
 *
 * <pre>{@code
 * ParallelCommand.remote("[root@login1 ~]# pdsh -w node[01-02] 'ethtool -S eth0' | dshbak -c");   // "ethtool -S eth0"
 * ParallelCommand.remote("$ ethtool -S eth0");                                                   // null: no parallel shell
 * }</pre>
 */
public final class ParallelCommand {
    private ParallelCommand() {}

    private static final String PDSH_VALUE = "RMtfwxluITgXF";
    private static final Set<String> CLUSH_VALUE = Set.of("-s", "-O", "-w", "-x", "-g", "-X", "-E", "-f", "-l", "-o", "-t", "-u", "-m",
            "-R", "--groupsource", "--option", "--group", "--engine", "--hostfile", "--topology", "--pick", "--fanout", "--user",
            "--options", "--connect_timeout", "--command_timeout", "--mode", "--worker", "--remote", "--outdir", "--errdir",
            "--dest", "--color", "--interpret-keys", "--conf");

    /** The command the hosts ran, from a line running pdsh, clush or ansible (behind a prompt or not), or null. */
    public static String remote(String line) {
        String t = line.strip();
        int at = ShellPrompt.commandStart(line);
        if (at >= 0) t = line.substring(at).strip();
        else if (t.startsWith("$ ")) t = t.substring(2).strip();
        int pipe = unquoted(t, '|');
        if (pipe >= 0) t = t.substring(0, pipe).strip();   // ... | dshbak -c
        String[] w = Words.split(t);
        if (w.length < 2) return null;
        String tool = w[0].substring(w[0].lastIndexOf('/') + 1);
        int i = 1;
        if (tool.equals("ansible")) {
            for (; i + 1 < w.length; i++) if (w[i].equals("-a") || w[i].equals("--args")) return unquote(join(w, i + 1));
            return null;
        }
        if (!tool.equals("pdsh") && !tool.equals("clush")) return null;
        while (i < w.length && w[i].startsWith("-")) {
            String o = w[i++];
            if (o.equals("--")) break;
            if (tool.equals("clush")) {
                if (CLUSH_VALUE.contains(o)) i++;
                continue;
            }
            // pdsh's getopt: -Nw node1 is -N, then -w taking the next word; -wnode1 takes its value in the word
            for (int k = 1; k < o.length(); k++) {
                if (PDSH_VALUE.indexOf(o.charAt(k)) >= 0) {
                    if (k == o.length() - 1) i++;
                    break;
                }
            }
        }
        return i < w.length ? unquote(join(w, i)) : null;
    }

    /** The text of {@code t} from its {@code from}-th word on. */
    private static String join(String[] w, int from) {
        return String.join(" ", java.util.Arrays.asList(w).subList(from, w.length));
    }

    /** {@code 'ethtool -S eth0'} without its quotes. */
    private static String unquote(String s) {
        if (s.length() >= 2 && (s.charAt(0) == '\'' || s.charAt(0) == '"') && s.charAt(s.length() - 1) == s.charAt(0)) {
            return s.substring(1, s.length() - 1).strip();
        }
        return s;
    }

    /** Where {@code c} is first outside quotes in {@code s}, or -1. */
    private static int unquoted(String s, char c) {
        char q = 0;
        for (int i = 0; i < s.length(); i++) {
            char ch = s.charAt(i);
            if (q != 0) { if (ch == q) q = 0; }
            else if (ch == '\'' || ch == '"') q = ch;
            else if (ch == c) return i;
        }
        return -1;
    }
}
