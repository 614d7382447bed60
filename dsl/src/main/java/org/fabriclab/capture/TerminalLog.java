package org.fabriclab.capture;

/**
 * A capture saved through a terminal program's session log: PuTTY writes a first line
 * {@code =~=~=~=~=~=~=~=~=~=~=~= PuTTY log 2021.06.15 12:06:05 =~=~=~=~=~=~=~=~=~=~=~=}, and the
 * log stops with the shell's prompt on its last line ({@code [root@node ~]# }, {@code switch (config) # }).
 * Within such a log both are blanked (the line numbers of the rest kept), so the output between them
 * is read as the tool printed it. Any other text is returned as it is.
 *
 * <pre>{@code
 * TerminalLog.unwrap("=~=~=~=~=~=~=~=~=~=~=~= PuTTY log ...\nCA 'mlx5_0'\n...\nhost# ");   // "\nCA 'mlx5_0'\n...\n"
 * }</pre>
 */
final class TerminalLog {
    static final String PUTTY = "=~=~=~=~=~=~=~=~=~=~=~= PuTTY log ";

    private TerminalLog() {}

    static String unwrap(String text) {
        if (!text.startsWith(PUTTY)) return text;
        int nl = text.indexOf('\n');
        if (nl < 0) return "";
        String rest = text.substring(nl);   // line 1 left empty
        int end = rest.length();
        while (end > 0 && Character.isWhitespace(rest.charAt(end - 1))) end--;
        int start = rest.lastIndexOf('\n', end - 1) + 1;
        String last = rest.substring(start, end).strip();
        boolean prompt = !last.isEmpty() && !last.startsWith("#")
                && (last.endsWith("#") || last.endsWith("$") || last.endsWith(">"));
        return prompt ? rest.substring(0, start) : rest;
    }
}
