package org.fabriclab.capture.mlnxperf;

/**
 * A number as mlnx_perf prints it (its {@code thous()}): the whole part with a comma every three digits
 * ({@code 1,234,567}), then, when the fraction is at least 0.01, a dot and the fraction's hundredths as a
 * whole number, truncated and <em>not zero-padded</em>: 12.5 prints {@code 12.50}, 12.05 prints {@code 12.5},
 * 12.009 prints {@code 12}. So the digits after the dot are a count of hundredths, never a decimal fraction
 * (read as one, {@code 12.5} would be 12.5 instead of 12.05). The value is kept in hundredths, exact.
 *
 * <pre>{@code
 * PerfNumber.hundredths("4,915,200,000");   // 491520000000
 * PerfNumber.hundredths("12.5");            // 1205 (12.05)
 * PerfNumber.hundredths("12,5");            // -1: not mlnx_perf's layout (nor is 1234)
 * }</pre>
 */
final class PerfNumber {
    private PerfNumber() {}

    /** The value of {@code text} in hundredths, or -1 when it is not a number in mlnx_perf's layout (or overflows). */
    static long hundredths(String text) {
        int n = text.length();
        int dot = text.indexOf('.');
        int wholeEnd = dot < 0 ? n : dot;
        if (wholeEnd == 0) return -1;
        long whole = 0;
        int digitsInGroup = 0;
        boolean grouped = false;
        for (int i = 0; i < wholeEnd; i++) {
            char ch = text.charAt(i);
            if (ch == ',') {
                // the first group has 1..3 digits, every later one exactly 3
                if (digitsInGroup == 0 || digitsInGroup > 3 || (grouped && digitsInGroup != 3)) return -1;
                grouped = true;
                digitsInGroup = 0;
                continue;
            }
            if (ch < '0' || ch > '9') return -1;
            if (whole > (Long.MAX_VALUE / 100 - 9) / 10) return -1;
            whole = whole * 10 + (ch - '0');
            digitsInGroup++;
        }
        // thous() groups every whole part: 1234 is not its layout, nor is a group of two after a comma
        if (digitsInGroup == 0 || digitsInGroup > 3 || (grouped && digitsInGroup != 3)) return -1;
        long frac = 0;
        if (dot >= 0) {
            int fd = n - dot - 1;
            if (fd < 1 || fd > 2) return -1;
            for (int i = dot + 1; i < n; i++) {
                char ch = text.charAt(i);
                if (ch < '0' || ch > '9') return -1;
                frac = frac * 10 + (ch - '0');
            }
            // thous() prints the fraction only when its hundredths are above 0, and never with a leading zero
            if (frac == 0 || text.charAt(dot + 1) == '0') return -1;
        }
        return whole * 100 + frac;
    }
}
