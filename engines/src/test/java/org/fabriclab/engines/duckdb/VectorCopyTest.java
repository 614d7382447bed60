package org.fabriclab.engines.duckdb;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.util.Arrays;

import org.junit.jupiter.api.Test;

class VectorCopyTest {
    /** A validity mask of {@code rows} rows (1 = valid) with the rows {@code nulls} NULL. */
    private static ByteBuffer mask(int rows, int... nulls) {
        long[] words = new long[(rows + 63) / 64];
        Arrays.fill(words, -1L);
        for (int r : nulls) words[r / 64] &= ~(1L << (r % 64));
        ByteBuffer b = ByteBuffer.allocate(words.length * 8).order(ByteOrder.nativeOrder());
        for (long w : words) b.putLong(w);
        return b;
    }

    @Test void nullsAreMarkedWhereTheirRowsLandForAnyPieceOfAChunk() {
        ByteBuffer valid = mask(300, 0, 63, 64, 127, 130, 255, 299);
        // the piece of chunk rows [62, 62 + 200) lands at rows [10, 210) of the column
        long[] into = new long[220];
        Arrays.fill(into, 7);
        assertTrue(VectorCopy.markNulls(valid, 62, into, 10, 200, Long.MIN_VALUE));
        long[] want = new long[220];
        Arrays.fill(want, 7);
        for (int r : new int[] {63, 64, 127, 130, 255}) want[10 + r - 62] = Long.MIN_VALUE;
        assertArrayEquals(want, into);
        // a piece inside one word, with no NULL in it, marks nothing
        long[] none = new long[5];
        assertFalse(VectorCopy.markNulls(valid, 131, none, 0, 5, Long.MIN_VALUE));
        assertArrayEquals(new long[5], none);
        // a piece ending exactly on a word's last row
        long[] edge = new long[64];
        assertTrue(VectorCopy.markNulls(valid, 192, edge, 0, 64, -1));
        assertTrue(edge[63] == -1 && Arrays.stream(edge).filter(x -> x == -1).count() == 1);
    }
}
