package org.fabriclab.capture.ibdiagnet;

import org.fabriclab.capture.CaptureException;

/** GUID spelling shared by the ibdiagnet readers: {@code 0x} and 16 lowercase hex digits. */
final class Guids {
    private Guids() {}

    /** Normalises {@code 0xB0CF0E0300D33FC0} or {@code 0x5c2573...} to 16 lowercase hex digits. */
    static String normalise(String text, String file, int line) {
        String t = text.trim();
        String hex = t.startsWith("0x") || t.startsWith("0X") ? t.substring(2) : t;
        if (hex.isEmpty() || hex.length() > 16) {
            throw new CaptureException(file, line, "expected a GUID (0x and up to 16 hex digits), found '" + t + "'");
        }
        for (int i = 0; i < hex.length(); i++) {
            if (Character.digit(hex.charAt(i), 16) < 0) {
                throw new CaptureException(file, line, "expected a GUID (0x and up to 16 hex digits), found '" + t + "'");
            }
        }
        return "0x" + "0".repeat(16 - hex.length()) + hex.toLowerCase(java.util.Locale.ROOT);
    }

    /** {@link #normalise} for a GUID that names a port: an all-zero GUID identifies nothing and is refused. */
    static String identity(String text, String file, int line) {
        String g = normalise(text, file, line);
        if (org.fabriclab.capture.PortAttr.isZeroGuid(g)) {
            throw new CaptureException(file, line, "all-zero GUID '" + text.trim() + "' cannot name a port; expected the device's GUID");
        }
        return g;
    }

    /** True for a hex value that does not fit a signed 64-bit long (a mask such as 0xfffffffffffffffe). */
    static boolean isWideHex(String text) {
        String t = text.trim();
        if (!(t.startsWith("0x") || t.startsWith("0X"))) return false;
        String hex = t.substring(2);
        if (hex.length() != 16) return false;
        for (int i = 0; i < hex.length(); i++) if (Character.digit(hex.charAt(i), 16) < 0) return false;
        return Character.digit(hex.charAt(0), 16) >= 8;
    }

    /**
     * True for a decimal that does not fit a signed 64-bit long but fits 64 bits unsigned, such as
     * 18446744073709551576 (2^64 - 40): ibdiagnet prints unset or invalid fields that way.
     */
    static boolean isWideDecimal(String text) {
        String t = text.trim();
        if (t.length() < 19 || t.length() > 20 || !t.chars().allMatch(c -> c >= '0' && c <= '9')) return false;
        try {
            return Long.parseUnsignedLong(t) < 0;
        } catch (NumberFormatException e) {
            return false;
        }
    }

    /** A value above 2^63-1, hex or decimal: not a counter fabriclab can hold exactly. */
    static boolean isWide(String text) { return isWideHex(text) || isWideDecimal(text); }
}
