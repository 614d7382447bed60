package org.fabriclab.capture.ethtool;

import org.fabriclab.capture.CommandLine;

/**
 * Where an {@code ethtool --json ...} output's array starts in a file: at the first line that starts with
 * {@code [}, when every line before it is blank or an ethtool command line ({@code # ethtool --json X}, as
 * {@code fabriclab collect} heads its files); else -1.
 */
public final class JsonStart {
    private JsonStart() {}

    /** The offset of the array's {@code [}'s line in {@code text}, or -1. */
    public static int of(String text) {
        int at = 0;
        while (at < text.length()) {
            int nl = text.indexOf('\n', at);
            int end = nl < 0 ? text.length() : nl;
            String line = text.substring(at, end);
            String t = line.strip();
            if (t.startsWith("[")) return at;
            if (!t.isEmpty() && CommandLine.command(line, "ethtool") == null) return -1;
            if (nl < 0) return -1;
            at = nl + 1;
        }
        return -1;
    }

    /** The first 4096 characters of the array, or null when {@link #of} finds none. */
    public static String head(String text) {
        int start = of(text);
        return start < 0 ? null : text.substring(start, Math.min(text.length(), start + 4096));
    }
}
