/**
 * FEC error histograms as data and the failure-prediction model built on them: {@link
 * org.fabriclab.check.health.fec.FecHistogram} (the {@code fec_hist{b}} counters of a series, per-interval
 * histograms by the delta rule; mlxlink readouts as a series), {@link org.fabriclab.check.health.fec.Feature}
 * and {@link org.fabriclab.check.health.fec.Features} (tail mass, bin-shift slopes, uncorrected errors,
 * effective BER, hourly per port), {@link org.fabriclab.check.health.fec.FailureTrainer} (Tribuo logistic
 * regression on labelled failures), {@link org.fabriclab.check.health.fec.FailureModel} (the trained model
 * as a JSON file of coefficients) and {@link org.fabriclab.check.health.fec.ThresholdReport} (precision,
 * recall and lead time against the decision threshold). The alert engine that runs the model is
 * {@code check.health.FailurePredictionRule}.
 *
 * <pre>{@code
 * FailureModel m = FailureTrainer.defaults().train(series, Failures.of(labels("labels.csv")));
 * ThresholdReport.of(m, series, Failures.of(labels("labels.csv"))).table();
 * }</pre>
 */
package org.fabriclab.check.health.fec;
