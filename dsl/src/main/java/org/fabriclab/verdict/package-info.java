/**
 * Profiles, the classifier and verdicts. The runbook's {@code ib} and {@code roce} profiles
 * ({@link org.fabriclab.verdict.Profiles#IB}, {@link org.fabriclab.verdict.Profiles#ROCE}) reproduce the
 * reference {@code counter_delta.py} exactly; {@code ib-full} and {@code roce-full} use the whole
 * catalogue with required and optional counters.
 *
 * <pre>{@code
 * Verdict v = Classifier.classify(Profiles.IB, before, after, 1e12, 1000);   // maps of counter -> value
 * v.verdict();   // "physical"
 * v.detail();    // [SymbolErrorCounter]
 * }</pre>
 */
package org.fabriclab.verdict;
