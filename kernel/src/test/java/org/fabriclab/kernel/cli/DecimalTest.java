package org.fabriclab.kernel.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.nio.charset.StandardCharsets;
import java.util.SplittableRandom;

import org.junit.jupiter.api.Test;

/** {@link Decimal} writes exactly what {@link Long#toString(long)} writes, at the offset asked for. */
class DecimalTest {
    private static void same(long v) {
        byte[] buf = new byte[3 + Decimal.MAX_DIGITS + 3];
        java.util.Arrays.fill(buf, (byte) '#');
        int end = Decimal.write(v, buf, 3);
        String s = Long.toString(v);
        assertEquals(s.length(), Decimal.digits(v), s);
        assertEquals(3 + s.length(), end, s);
        assertEquals("###" + s + "#".repeat(buf.length - 3 - s.length()), new String(buf, StandardCharsets.US_ASCII), s);
    }

    @Test void edgesOfEveryLength() {
        long p = 1;
        for (int d = 0; d < 19; d++, p *= 10) {
            for (long v : new long[] {p - 1, p, p + 1, 2 * p - 1}) {
                same(v);
                same(-v);
            }
        }
        for (long v : new long[] {0, 9, 10, 99, 100, Integer.MAX_VALUE, Integer.MAX_VALUE + 1L, Integer.MIN_VALUE, 4294967295L,
            Long.MAX_VALUE, Long.MIN_VALUE, Long.MIN_VALUE + 1}) same(v);
    }

    @Test void randomLongs() {
        SplittableRandom r = new SplittableRandom(11);
        for (int i = 0; i < 100_000; i++) {
            long v = r.nextLong();
            same(v >> r.nextInt(64));
        }
    }
}
