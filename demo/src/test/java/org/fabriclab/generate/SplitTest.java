package org.fabriclab.generate;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Arrays;

import org.junit.jupiter.api.Test;

class SplitTest {
    @Test void exactPartsSumToTheTotalInProportion() {
        assertArrayEquals(new long[] {3, 0, 7}, Split.exact(10, new double[] {0.3, 0, 0.7}));
    }

    @Test void cappedMovesTheExcessToPartsWithRoomByWeight() {
        long[] p = Split.capped(25, new double[] {4, 1, 1, 0}, 10);
        assertEquals(25, Arrays.stream(p).sum());
        assertArrayEquals(new long[] {10, 8, 7, 0}, p, Arrays.toString(p));   // 16.7 -> 10; 6.7 more over the other two
        for (long x : Split.capped(59_000_000L, weights(60), 1_000_000L)) assertTrue(x <= 1_000_000L);
    }

    @Test void cappedRefusesATotalThatCannotFit() {
        assertThrows(IllegalArgumentException.class, () -> Split.capped(31, new double[] {1, 1, 1, 0}, 10));
    }

    private static double[] weights(int n) {
        double[] w = new double[n];
        for (int i = 0; i < n; i++) w[i] = 1 + (i % 7);
        return w;
    }
}
