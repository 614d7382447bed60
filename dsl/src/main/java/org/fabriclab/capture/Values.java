package org.fabriclab.capture;

/**
 * Parsing counter values exactly: decimal or {@code 0x} hexadecimal, unsigned, at most 2^63-1 (a
 * value above that is reported rather than silently wrapped into a negative {@code long}).
 *
 * <pre>{@code
 * Values.parseCounter("0x00002a94d4327ba7", "x.pm", 12);   // 46818703604647
 * }</pre>
 */
public final class Values {
    private Values() {}

    /** Parses {@code text} (trimmed) as a counter value; throws a {@link CaptureException} naming file and line. */
    public static long parseCounter(String text, String file, int line) {
        String t = text.trim();
        try {
            long v;
            if (t.startsWith("0x") || t.startsWith("0X")) {
                String hex = t.substring(2);
                if (hex.isEmpty() || hex.length() > 16) throw new NumberFormatException();
                v = Long.parseUnsignedLong(hex, 16);
            } else {
                if (t.isEmpty() || t.length() > 20) throw new NumberFormatException();
                for (int i = 0; i < t.length(); i++) {
                    if (t.charAt(i) < '0' || t.charAt(i) > '9') throw new NumberFormatException();
                }
                v = Long.parseUnsignedLong(t);
            }
            if (v < 0) {
                throw new CaptureException(file, line, "counter value " + t + " is above 2^63-1, which fabriclab does not "
                        + "represent exactly");
            }
            return v;
        } catch (NumberFormatException e) {
            throw new CaptureException(file, line, "expected a non-negative integer counter value, found '"
                    + abbreviate(t) + "'");
        }
    }

    /** Fast path for a decimal run in {@code s[from, to)}; -1 when it is not a plain decimal that fits. */
    public static long parseDecimal(CharSequence s, int from, int to) {
        if (from >= to || to - from > 18) return -1;
        long v = 0;
        for (int i = from; i < to; i++) {
            char c = s.charAt(i);
            if (c < '0' || c > '9') return -1;
            v = v * 10 + (c - '0');
        }
        return v;
    }

    /** The same fast path over ASCII bytes in {@code a[from, to)}; -1 when not a plain decimal of at most 18 digits. */
    public static long parseDecimal(byte[] a, int from, int to) {
        if (from >= to || to - from > 18) return -1;
        long v = 0;
        for (int i = from; i < to; i++) {
            int d = a[i] - '0';
            if (d < 0 || d > 9) return -1;
            v = v * 10 + d;
        }
        return v;
    }

    /** True for a hex value that does not fit a signed 64-bit long (a mask such as 0xfffffffffffffffe). */
    public static boolean isWideHex(String text) {
        String t = text.trim();
        if (!(t.startsWith("0x") || t.startsWith("0X"))) return false;
        String hex = t.substring(2);
        if (hex.length() != 16) return false;
        for (int i = 0; i < hex.length(); i++) if (Character.digit(hex.charAt(i), 16) < 0) return false;
        return Character.digit(hex.charAt(0), 16) >= 8;
    }

    /**
     * True for a decimal that does not fit a signed 64-bit long but fits 64 bits unsigned, such as
     * 18446744073709551576 (2^64 - 40): ibdiagnet prints unset or invalid fields that way, and a
     * 64-bit counter pegged at its cap (2^64-1) prints 18446744073709551615.
     */
    public static boolean isWideDecimal(String text) {
        String t = text.trim();
        if (t.length() < 19 || t.length() > 20 || !t.chars().allMatch(c -> c >= '0' && c <= '9')) return false;
        try {
            return Long.parseUnsignedLong(t) < 0;
        } catch (NumberFormatException e) {
            return false;
        }
    }

    /** A value above 2^63-1, hex or decimal: not a counter fabriclab can hold exactly. */
    public static boolean isWide(String text) { return isWideHex(text) || isWideDecimal(text); }

    /** {@code s} cut to 60 characters for a message. */
    public static String abbreviate(String s) {
        return s.length() <= 60 ? s : s.substring(0, 57) + "...";
    }
}
