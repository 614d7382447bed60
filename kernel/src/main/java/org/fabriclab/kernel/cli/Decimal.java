package org.fabriclab.kernel.cli;

/**
 * A long's decimal text, as {@link Long#toString(long)} writes it, counted and written as ASCII
 * bytes without a {@code String}: {@code show}'s text writes about 960,000 numbers for a
 * 10,000-port dump. The short commands run C1-compiled code, which divides a long by a constant
 * with a hardware division; digits are counted by comparison and written two per division (a
 * digit-pair table), four times fewer divisions than a digit at a time.
 *
 * <pre>{@code
 * int n = Decimal.digits(-1234);              // 5
 * int end = Decimal.write(-1234, buf, at);    // buf[at, end) holds "-1234"
 * }</pre>
 */
final class Decimal {
    /** The longest text of a long, in bytes: {@code -9223372036854775808}. */
    static final int MAX_DIGITS = 20;
    private static final byte[] TENS = new byte[100], ONES = new byte[100];
    /** 10^1 .. 10^18. */
    private static final long[] POWERS = new long[18];

    static {
        for (int i = 0; i < 100; i++) {
            TENS[i] = (byte) ('0' + i / 10);
            ONES[i] = (byte) ('0' + i % 10);
        }
        long p = 1;
        for (int i = 0; i < POWERS.length; i++) POWERS[i] = p *= 10;
    }

    private Decimal() {}

    /** The length of {@code Long.toString(v)}, in characters (the sign counted). */
    static int digits(long v) {
        if (v < 0) return v == Long.MIN_VALUE ? MAX_DIGITS : 1 + digits(-v);
        for (int d = 0; d < POWERS.length; d++) if (v < POWERS[d]) return d + 1;
        return 19;
    }

    /**
     * Writes {@code Long.toString(v)} into {@code buf} from {@code at}, as ASCII bytes.
     *
     * @return the offset after the last byte written ({@code at + digits(v)})
     * @throws ArrayIndexOutOfBoundsException when {@code buf} has fewer than {@code digits(v)} bytes from {@code at}
     */
    static int write(long v, byte[] buf, int at) {
        int end = at + digits(v);
        int pos = end;
        long a = v;
        if (v < 0) {
            buf[at] = '-';
            if (v == Long.MIN_VALUE) {
                // -9223372036854775808: the last digit first, the rest is positive
                buf[--pos] = '8';
                a = -(v / 10);
            } else {
                a = -v;
            }
        }
        while (a > Integer.MAX_VALUE) {
            long q = a / 100;
            int r = (int) (a - q * 100);
            buf[--pos] = ONES[r];
            buf[--pos] = TENS[r];
            a = q;
        }
        int i = (int) a;
        while (i >= 100) {
            int q = i / 100;
            int r = i - q * 100;
            buf[--pos] = ONES[r];
            buf[--pos] = TENS[r];
            i = q;
        }
        if (i >= 10) {
            buf[--pos] = ONES[i];
            buf[--pos] = TENS[i];
        } else {
            buf[--pos] = (byte) ('0' + i);
        }
        return end;
    }
}
