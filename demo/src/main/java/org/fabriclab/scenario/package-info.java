/**
 * Scenario folders and their known right answers: a folder of captures with a {@code scenario.json}
 * (as {@code ./fabriclab datasets} writes them) read as a {@link org.fabriclab.scenario.Scenario},
 * comparisons of computed answers against the stated ones collected in
 * {@link org.fabriclab.scenario.Expectations} (a table; {@code assertOk()} throws on a mismatch),
 * the whole bundled set answered at once by {@link org.fabriclab.scenario.DatasetAnswers}, and
 * {@link org.fabriclab.scenario.NotebookPaths}, which resolves a notebook's relative paths against the
 * notebook's folder. Known-answer machinery of the demo module ({@code fabriclab-demo}), outside the
 * DSL's library jar; the committed notebooks still use it in their last cells.
 *
 * <pre>{@code
 * Expectations e = new Expectations();
 * for (Scenario s : Scenario.find(NotebookPaths.resolve("../datasets"), "ib-incident")) {
 *     MovedDelta d = delta(s.before(), s.after()).moved(s.bytesMoved());
 *     for (String p : s.expectedProfiles()) e.verdicts(s, p, d.classify(profile(p), s.congPerGb()));
 * }
 * e.assertOk();
 * }</pre>
 */
package org.fabriclab.scenario;
