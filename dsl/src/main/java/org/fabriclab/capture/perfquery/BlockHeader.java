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

    /** Bit {@code mask} of a hex mask as perfquery prints it; null when the mask is absent or not hex. */
    static Boolean bit(String hex, long mask) {
        if (hex == null) return null;
        String h = hex.startsWith("0x") || hex.startsWith("0X") ? hex.substring(2) : hex;
        if (h.isEmpty() || h.length() > 15) return null;
        try {
            return (Long.parseLong(h, 16) & mask) != 0;
        } catch (NumberFormatException e) {
            return null;
        }
    }

    /**
     * Why a field of this block holds no value although perfquery printed one, or null when it is
     * valid: libibmad's {@code dump_perfcounters_ext} prints the unicast/multicast packets only
     * when CapMask bit 9 (0x200) is set and the additional error counters only when CapMask2 bit 1
     * (0x2) is set; {@code perfquery} clears a classic PortXmitWait when CapMask bit 12 (0x1000) is
     * not set. A field that is not advertised is reserved, so its printed 0 is not a count.
     */
    String reserved(String raw) {
        if (kind == BlockKind.EXTENDED) {
            if (BlockKind.EXT_ADDITIONAL.contains(raw) && Boolean.FALSE.equals(bit(capMask2, 0x2))) {
                return "reserved: CapMask2 " + capMask2 + " does not advertise the additional extended counters "
                        + "(IsAdditionalPortCountersExtendedSupported, bit 1), so perfquery's value is not a count";
            }
            if (BlockKind.EXT_UNICAST_MULTICAST.contains(raw) && Boolean.FALSE.equals(bit(capMask, 0x200))) {
                return "reserved: CapMask " + capMask + " does not advertise the extended unicast/multicast counters "
                        + "(bit 9), so perfquery's value is not a count";
            }
        } else if (kind == BlockKind.PORT && raw.equals("PortXmitWait") && Boolean.FALSE.equals(bit(capMask, 0x1000))) {
            return "not supported: CapMask " + capMask + " does not advertise PortCounters:PortXmitWait (bit 12); perfquery "
                    + "prints 0 in its place";
        }
        return null;
    }

    /**
     * False when no field of this block can be reserved ({@link #reserved} returns null for every
     * name): the masks advertise everything its kind may leave out. Decided once per block, so the
     * masks are not parsed again for every field.
     */
    boolean mayReserve() {
        if (kind == BlockKind.EXTENDED) return Boolean.FALSE.equals(bit(capMask2, 0x2)) || Boolean.FALSE.equals(bit(capMask, 0x200));
        return kind == BlockKind.PORT && Boolean.FALSE.equals(bit(capMask, 0x1000));
    }

    /** The same header read as a block of kind {@code k} (its title as printed). */
    BlockHeader as(BlockKind k) { return new BlockHeader(title, k, lid, port, capMask, capMask2); }

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
        while (i < s.length() && Character.isWhitespace(s.charAt(i))) i++;
        int j = i;
        while (j < s.length() && !Character.isWhitespace(s.charAt(j)) && s.charAt(j) != ')' && s.charAt(j) != '(') j++;
        return s.substring(i, j);
    }

    private static String value(String s, String key) {
        int i = s.indexOf(key);
        return i < 0 ? null : token(s, i + key.length());
    }
}
