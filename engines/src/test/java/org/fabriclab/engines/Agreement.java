package org.fabriclab.engines;

import static org.junit.jupiter.api.Assertions.assertEquals;

import org.fabriclab.history.Choice;
import org.fabriclab.history.ClassSweep;
import org.fabriclab.history.Choose;
import org.fabriclab.history.SweepResult;

import tech.tablesaw.api.Table;

/** Asserts that two engines gave the same sweep: every cell of the score table, the counts, the choice. */
public final class Agreement {
    private Agreement() {}

    /** Every cell and count ({@link #sameCounts}), and the same choice within {@code budget} alerts a day. */
    public static void same(SweepResult expected, SweepResult actual, double budget) {
        String who = expected.engine() + " vs " + actual.engine();
        sameCounts(expected, actual, who);
        Choice ca = expected.choose(Choose.maxRecallWithin(budget)), cb = actual.choose(Choose.maxRecallWithin(budget));
        assertEquals(ca.threshold(), cb.threshold(), who + ": choice");
        assertEquals(ca.explanation(), cb.explanation(), who + ": explanation");
    }

    /** The same tables and counts for every class and the total; the same choices where there is something to choose. */
    public static void same(ClassSweep expected, ClassSweep actual, double budget) {
        String who = expected.engine() + " vs " + actual.engine();
        assertEquals(expected.byClass().keySet(), actual.byClass().keySet(), who + ": classes");
        for (String c : expected.byClass().keySet()) sameCounts(expected.byClass().get(c), actual.byClass().get(c), who + " class " + c);
        sameCounts(expected.total(), actual.total(), who + " total");
        if (expected.total().positives() > 0) {
            same(expected.total(), actual.total(), budget);
            String a, b;
            try { a = expected.maxRecallWithin(budget).explanation(); } catch (IllegalStateException e) { a = e.getMessage(); }
            try { b = actual.maxRecallWithin(budget).explanation(); } catch (IllegalStateException e) { b = e.getMessage(); }
            assertEquals(a, b, who + ": per-class choice");
        }
    }

    /** Every cell and count, no choice (a class may have no labelled interval). */
    public static void sameCounts(SweepResult expected, SweepResult actual, String who) {
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
    }
}
