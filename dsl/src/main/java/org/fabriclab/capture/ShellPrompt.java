package org.fabriclab.capture;

import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The shell prompt a pasted capture's command line starts with, in the shapes shells print by default:
 * {@code $ } and {@code # } alone, bash on Red Hat ({@code [root@node07 ~]# }), bash on Debian and Ubuntu
 * ({@code root@node07:~# }, {@code ops@node07:/tmp$ }), SUSE ({@code node07:~ # }) and zsh
 * ({@code ops@node07 ~ % }), and the shell's own default where no profile sets one ({@code bash-5.1# },
 * {@code sh-4.4$ }: containers, {@code kubectl exec}, {@code oc rsh}). Readers use it to tell a command line
 * ({@code ethtool -S ens1f0np0},
 * {@code ib_write_bw -D 10 ...}) from the output around it.
 *
 * <pre>{@code
 * ShellPrompt.commandStart("root@node07:~# ethtool -S eth0");   // 15, where "ethtool" starts
 * ShellPrompt.commandStart("     rx_bytes: 12");                // -1: no prompt
 * }</pre>
 */
public final class ShellPrompt {
    /**
     * An optional {@code (env)} prefix, then an optional bracketed {@code [user@host dir]}, {@code user@host[:dir]
     * [dir]} or {@code host:dir}, then one of {@code $ # % >} and a blank. The parts are bounded so a counter
     * line ({@code [0]: rx_ucast_packets: 5}, {@code rx_bytes: 12}) never matches: its colon is followed by a
     * blank or digits, never by a prompt character.
     */
    private static final Pattern PROMPT = Pattern.compile(
            "^\\s*(?:\\([^()\\s]{1,64}\\)\\s*)?"
                    + "(?:\\[[^\\[\\]]{1,200}\\]|[\\w.-]{1,64}@[\\w.-]{1,128}(?::\\S{0,200})?(?:\\s\\S{1,200})?|[\\w.-]{1,128}:\\S{1,200}"
                    + "|(?:ba|k|z|da)?sh-\\d{1,2}(?:\\.\\d{1,3}){0,2})?"
                    + "\\s?[$#%>]\\s+");

    private ShellPrompt() {}

    /** Where the command after a leading shell prompt starts, or -1 when {@code line} does not start with one. */
    public static int commandStart(String line) {
        Matcher m = PROMPT.matcher(line);
        return m.lookingAt() && m.end() < line.length() ? m.end() : -1;
    }

    /**
     * Whether {@code line} starts with a prompt, with a command after it or alone ({@link #commandStart} or
     * {@link #isBare}). Only a line holding a prompt character ({@code $ # % >}) is matched against the pattern, so a
     * reader can ask it of every line of a dump.
     */
    public static boolean isPromptLine(String line) {
        boolean promptChar = false;
        for (int i = 0; i < line.length() && !promptChar; i++) {
            char ch = line.charAt(i);
            promptChar = ch == '$' || ch == '#' || ch == '%' || ch == '>';
        }
        return promptChar && (commandStart(line) >= 0 || isBare(line));
    }

    /** Whether {@code line} is a prompt with nothing after it ({@code root@node07:~# } at the end of a paste). */
    public static boolean isBare(String line) {
        String t = line.strip();
        if (t.isEmpty()) return false;
        return PROMPT.matcher(t + " ").matches();
    }
}
