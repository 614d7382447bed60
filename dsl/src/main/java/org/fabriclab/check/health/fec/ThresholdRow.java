package org.fabriclab.check.health.fec;

/**
 * The prediction quality at one decision threshold. An alert is a run of consecutive hourly points of
 * one port scoring above the threshold (the plugin alerts when the probability exceeds it); it is true when it overlaps the horizon before that
 * port's failure ({@code [failure - horizon, failure)}), false otherwise. {@code precision} = true
 * alerts / alerts; {@code recall} = failures with a true alert / failures; lead time = failure minus
 * the start of its first true alert, in hours ({@code NaN} when no failure was caught). {@code mark}
 * names the recommended bounds and the chosen value ({@code "0.65"}, {@code "0.8 default"},
 * {@code "chosen"}), empty otherwise.
 */
public record ThresholdRow(double threshold, int alerts, int trueAlerts, int failures, int caught, double precision,
                           double recall, double medianLeadHours, double minLeadHours, String mark) {
    /** The harmonic mean of precision and recall (0 when both are 0). */
    public double f1() { return precision + recall == 0 ? 0 : 2 * precision * recall / (precision + recall); }
}
