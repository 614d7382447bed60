package org.fabriclab.history;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;

class ChooseTest {
    /** Bins: 10 labelled intervals spread over rates, 100 unlabelled mostly low; thresholds 1, 2, 3, 4. */
    static SweepResult sweep() {
        double[] th = {1, 2, 3, 4};
        long[] pos = {0, 1, 2, 3, 4};      // bin k: rate above exactly k thresholds
        long[] neg = {40, 30, 20, 10, 0};
        return Scores.result(RateRule.congestion(), "test", th, pos, neg, 10, 200, 110, 10, 0);
    }

    @Test void scoresFromBins() {
        var t = sweep().table();
        assertEquals(70, t.longColumn("alerts").getLong(0));        // everything above bin 0: 10 + 60
        assertEquals(10, t.longColumn("tp").getLong(0));
        assertEquals(0, t.longColumn("fn").getLong(0));
        assertEquals(39, t.longColumn("alerts").getLong(1));
        assertEquals(3.9, t.doubleColumn("alerts_per_day").getDouble(1), 1e-12);
        assertEquals(4, t.longColumn("alerts").getLong(3));
        assertEquals(1.0, t.doubleColumn("precision").getDouble(3), 1e-12);
        assertEquals(0.4, t.doubleColumn("recall").getDouble(3), 1e-12);
    }

    @Test void maxRecallWithinBudget() {
        // alerts/day per threshold: 7.0, 3.9, 1.7, 0.4; recall 1.0, 0.9, 0.7, 0.4
        Choice c = sweep().choose(Choose.maxRecallWithin(2));
        assertEquals(3, c.threshold());
        assertEquals(7, c.tp());
        assertTrue(c.explanation().contains("One step lower (2)") && c.explanation().contains("at most 2 alerts per day"),
                c.explanation());
        assertEquals(1, sweep().choose(Choose.maxRecallWithin(100)).threshold());
        assertThrows(IllegalStateException.class, () -> sweep().choose(Choose.maxRecallWithin(0.1)));
    }

    @Test void maxF1() {
        // f1: t=1 p=10/70 r=1 -> .25; t=2 p=9/39 r=.9 -> .37; t=3 p=7/17 r=.7 -> .52; t=4 p=1 r=.4 -> .571
        assertEquals(4, sweep().choose(Choose.maxF1()).threshold());
    }
}
