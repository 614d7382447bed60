package org.fabriclab.capture.perfquery;

import org.fabriclab.capture.CaptureException;
import org.fabriclab.catalogue.Source;

/**
 * A parsed block header: {@code # Port extended counters: Lid 1719 port 1 (CapMask: 0x5300
 * CapMask2: 0x0000002)}. The LID may be printed in hex ({@code Lid 0x6b7}); it is kept in decimal.
 *
 * <pre>{@code
 * BlockHeader.parse("# Port counters: Lid 0x10 port 2 (CapMask: 0x1400)", "f", 1).portId();  // "lid 16/2"
 * }</pre>
 */
record BlockHeader(String title, BlockKind kind, long lid, int port, String capMask, String capMask2) {
    private static final String COUNTERS = " counters:";

    Source source() { return kind.source(); }

    String portId() { return "lid " + lid + "/" + port; }

    /** True for a line that opens a block. */
    static boolean isHeader(String line) {
        String t = line.strip();
        return t.startsWith("# ") && t.contains(COUNTERS) && t.contains("port ");
    }

    /** Parses a header line; null when the {@code #} line is a comment, not a block header. */
    static BlockHeader parse(String line, String file, int lineNo) {
        if (!line.startsWith("# ")) return null;
        int c = line.indexOf(COUNTERS);
        if (c < 0) return null;
        String title = line.substring(2, c).strip();
        String rest = line.substring(c + COUNTERS.length());
        int lidAt = rest.indexOf("Lid ");
        int portAt = rest.indexOf(" port ", Math.max(lidAt, 0));
        if (lidAt < 0 || portAt < 0) {
            throw new CaptureException(file, lineNo, "perfquery header without 'Lid <lid> port <port>': '"
                    + line.strip() + "'; expected e.g. '# Port counters: Lid 1719 port 1'");
        }
        String lidText = token(rest, lidAt + 4);
        String portText = token(rest, portAt + 6);
        long lid;
        int port;
        try {
            lid = lidText.startsWith("0x") || lidText.startsWith("0X") ? Long.parseLong(lidText.substring(2), 16)
                    : Long.parseLong(lidText);
            port = Integer.parseInt(portText);
        } catch (NumberFormatException e) {
            throw new CaptureException(file, lineNo, "perfquery header with LID '" + lidText + "' and port '" + portText
                    + "'; expected a decimal or 0x LID and a decimal port number");
        }
        return new BlockHeader(title, BlockKind.ofTitle(title), lid, port, value(rest, "CapMask: "),
                value(rest, "CapMask2: "));
    }

    private static String token(String s, int from) {
        int i = from;
        while (i < s.length() && s.charAt(i) == ' ') i++;
        int j = i;
        while (j < s.length() && s.charAt(j) != ' ' && s.charAt(j) != ')' && s.charAt(j) != '(') j++;
        return s.substring(i, j);
    }

    private static String value(String s, String key) {
        int i = s.indexOf(key);
        return i < 0 ? null : token(s, i + key.length());
    }
}
