package org.fabriclab.history;

import java.util.Locale;

import tech.tablesaw.api.Table;

/**
 * The built-in threshold choices.
 * <ul>
 * <li>{@link #maxRecallWithin(double)}: the highest recall whose alerts per day stay within a budget
 * (ties: fewer alerts, i.e. the higher threshold);</li>
 * <li>{@link #maxF1()}: the best balance of precision and recall (ties: the higher threshold).</li>
 * </ul>
 *
 * <pre>{@code
 * Choice c = sweep.choose(Choose.maxRecallWithin(5));
 * }</pre>
 */
public final class Choose {
    private Choose() {}

    public static ChoiceRule maxRecallWithin(double alertsPerDay) {
        if (!(alertsPerDay >= 0)) throw new IllegalArgumentException("the alert budget must be >= 0 per day");
        return new ChoiceRule() {
            @Override public String describe() {
                return String.format(Locale.ROOT, "max recall with at most %s alerts per day", num(alertsPerDay));
            }

            @Override public Choice choose(SweepResult s) {
                Table t = s.table();
                int best = -1;
                for (int i = 0; i < t.rowCount(); i++) {
                    if (t.doubleColumn("alerts_per_day").getDouble(i) > alertsPerDay) continue;
                    double r = t.doubleColumn("recall").getDouble(i);
                    if (Double.isNaN(r)) continue;
                    if (best < 0 || r >= t.doubleColumn("recall").getDouble(best)) best = i;
                }
                if (best < 0) throw new IllegalStateException("no threshold in the sweep keeps alerts within "
                        + num(alertsPerDay) + " per day; widen the grid upwards or raise the budget");
                return build(s, best, describe());
            }
        };
    }

    public static ChoiceRule maxF1() {
        return new ChoiceRule() {
            @Override public String describe() { return "max F1 (balance of precision and recall)"; }

            @Override public Choice choose(SweepResult s) {
                Table t = s.table();
                int best = -1;
                for (int i = 0; i < t.rowCount(); i++) {
                    double f = t.doubleColumn("f1").getDouble(i);
                    if (Double.isNaN(f)) continue;
                    if (best < 0 || f >= t.doubleColumn("f1").getDouble(best)) best = i;
                }
                if (best < 0) throw new IllegalStateException("no threshold has an F1 score (no alerts or no labelled intervals)");
                return build(s, best, describe());
            }
        };
    }

    static Choice build(SweepResult s, int i, String rule) {
        Table t = s.table();
        StringBuilder why = new StringBuilder();
        why.append(String.format(Locale.ROOT, "Rule: %s. Chosen bar for %s: above %s%s; recall %.3f, precision %.3f, %.2f alerts/day "
                        + "(tp %d, fp %d, fn %d over %.1f days).",
                rule, s.rule().name(), num(t.doubleColumn("threshold").getDouble(i)), s.rule().unit().isEmpty() ? "" : " " + s.rule().unit(),
                t.doubleColumn("recall").getDouble(i), t.doubleColumn("precision").getDouble(i),
                t.doubleColumn("alerts_per_day").getDouble(i), t.longColumn("tp").getLong(i), t.longColumn("fp").getLong(i),
                t.longColumn("fn").getLong(i), s.days()));
        if (i > 0) why.append(neighbour(" One step lower (", t, i - 1, t, i));
        if (i + 1 < t.rowCount()) why.append(neighbour(" One step higher (", t, i + 1, t, i));
        if (s.positivesUnmeasured() > 0) {
            why.append(String.format(Locale.ROOT, " %d labelled intervals had no value (reset, missing sample or no traffic) "
                    + "and are not scored: no threshold can catch them.", s.positivesUnmeasured()));
        }
        return new Choice(rule, t.doubleColumn("threshold").getDouble(i), t.longColumn("alerts").getLong(i),
                t.doubleColumn("alerts_per_day").getDouble(i), t.longColumn("tp").getLong(i), t.longColumn("fp").getLong(i),
                t.longColumn("fn").getLong(i), t.doubleColumn("precision").getDouble(i), t.doubleColumn("recall").getDouble(i),
                t.doubleColumn("f1").getDouble(i), why.toString());
    }

    private static String neighbour(String prefix, Table t, int j, Table u, int i) {
        return String.format(Locale.ROOT, "%s%s): recall %.3f (%+.3f), precision %.3f (%+.3f), %.2f alerts/day (%+.2f).",
                prefix, num(t.doubleColumn("threshold").getDouble(j)),
                t.doubleColumn("recall").getDouble(j), t.doubleColumn("recall").getDouble(j) - u.doubleColumn("recall").getDouble(i),
                t.doubleColumn("precision").getDouble(j), t.doubleColumn("precision").getDouble(j) - u.doubleColumn("precision").getDouble(i),
                t.doubleColumn("alerts_per_day").getDouble(j),
                t.doubleColumn("alerts_per_day").getDouble(j) - u.doubleColumn("alerts_per_day").getDouble(i));
    }

    /** A threshold as reports write it: an integer as is, else 4 significant digits ({@code 1680}, {@code 2.500e-07}). */
    public static String num(double x) {
        if (x == Math.rint(x) && Math.abs(x) < 1e15) return Long.toString((long) x);
        return String.format(Locale.ROOT, "%.4g", x);
    }
}
