package org.fabriclab.history;

import static org.junit.jupiter.api.Assertions.assertEquals;

import org.junit.jupiter.api.Test;

/** {@link Steps}: the most common interval of one port's consecutive samples, counted over ranges of rows. */
class StepsTest {
    // port 0: 300 s steps with one 3,900 s gap; port 1: 60 s steps
    private static final long[] TIME = {0, 300, 600, 4500, 4800, 0, 60, 120, 180, 240, 300, 360};
    private static final int[] PORT = {0, 0, 0, 0, 0, 1, 1, 1, 1, 1, 1, 1};

    @Test void theModeCountsEveryIntervalOfOnePortAndNoneAcrossPorts() {
        assertEquals(60, Steps.of(TIME, PORT));     // 6 intervals of 60 against 3 of 300
        assertEquals(300, Steps.of(new long[] {0, 300, 600, 0, 60}, new int[] {0, 0, 0, 1, 1}));   // ties: 2 of 300, 1 of 60
    }

    @Test void rangesCountedApartAddUpToTheWhole() {
        for (int cut = 0; cut <= TIME.length; cut++) {
            Steps a = new Steps(), b = new Steps(), whole = new Steps();
            assertEquals(-1, a.addIntervals(TIME, PORT, 0, cut));
            assertEquals(-1, b.addIntervals(TIME, PORT, cut, TIME.length));   // its first row against the one before
            whole.addIntervals(TIME, PORT, 0, TIME.length);
            a.addAll(b);
            assertEquals(whole.mode(), a.mode(), "cut at " + cut);
            assertEquals(Steps.of(TIME, PORT), a.mode());
        }
    }

    @Test void theFirstRowThatDoesNotIncreaseIsReturned() {
        long[] t = {0, 300, 300, 600, 500, 0};
        int[] p = {0, 0, 0, 0, 0, 1};
        assertEquals(2, new Steps().addIntervals(t, p, 0, t.length));
        assertEquals(4, new Steps().addIntervals(t, p, 3, t.length));
        assertEquals(-1, new Steps().addIntervals(t, p, 5, t.length));   // a new port's first row is not compared
    }
}
