package org.fabriclab.history;

/**
 * The threshold a {@link ChoiceRule} picked, its scores, and the trade-off in words: what the next
 * lower and next higher threshold would have cost or gained.
 *
 * <pre>{@code
 * Choice c = sweep.choose(Choose.maxRecallWithin(5));
 * c.threshold();   // use as delta.classify(ROCE, c.threshold())
 * c.explanation();
 * }</pre>
 */
public record Choice(String rule, double threshold, long alerts, double alertsPerDay, long tp, long fp, long fn,
                     double precision, double recall, double f1, String explanation) {
    @Override public String toString() { return explanation; }
}
