package org.fabriclab.engines;

import static org.junit.jupiter.api.Assertions.assertEquals;

import org.fabriclab.history.Choice;
import org.fabriclab.history.Choose;
import org.fabriclab.history.SweepResult;

import tech.tablesaw.api.Table;

/** Asserts that two engines gave the same sweep: every cell of the score table, the counts, the choice. */
public final class Agreement {
    private Agreement() {}

    public static void same(SweepResult expected, SweepResult actual, double budget) {
        String who = expected.engine() + " vs " + actual.engine();
        Table a = expected.table(), b = actual.table();
        assertEquals(a.columnNames(), b.columnNames(), who);
        assertEquals(a.rowCount(), b.rowCount(), who);
        for (String c : a.columnNames()) {
            for (int r = 0; r < a.rowCount(); r++) {
                Object x = a.column(c).get(r), y = b.column(c).get(r);
                if (x instanceof Double dx && y instanceof Double dy) {
                    assertEquals(Double.doubleToLongBits(dx), Double.doubleToLongBits(dy), who + ": " + c + " row " + r + ": " + dx + " vs " + dy);
                } else {
                    assertEquals(x, y, who + ": " + c + " row " + r);
                }
            }
        }
        assertEquals(expected.intervals(), actual.intervals(), who + ": intervals");
        assertEquals(expected.measured(), actual.measured(), who + ": measured");
        assertEquals(expected.positives(), actual.positives(), who + ": positives");
        assertEquals(expected.positivesUnmeasured(), actual.positivesUnmeasured(), who + ": labelled without value");
        assertEquals(expected.days(), actual.days(), who + ": days");
        Choice ca = expected.choose(Choose.maxRecallWithin(budget)), cb = actual.choose(Choose.maxRecallWithin(budget));
        assertEquals(ca.threshold(), cb.threshold(), who + ": choice");
        assertEquals(ca.explanation(), cb.explanation(), who + ": explanation");
    }
}
