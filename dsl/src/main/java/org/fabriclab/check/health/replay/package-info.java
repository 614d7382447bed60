/**
 * The IB Link Resiliency plugin's action execution, replayed over a history and a topology: the port
 * state machine ({@link org.fabriclab.check.health.replay.PortState}), every isolation and de-isolation
 * checkpoint ({@link org.fabriclab.check.health.replay.ReplayConfig}), shadow mode, links isolated
 * outside the plugin, and the events it would have reported, actions taken and not taken
 * ({@link org.fabriclab.check.health.replay.EventKind}); the PDR plugin's rules and action rules as a
 * second policy ({@link org.fabriclab.check.health.replay.RuleSet}); policies compared on the same
 * history ({@link org.fabriclab.check.health.replay.PolicyComparison}) and engines scored against
 * labelled failures ({@link org.fabriclab.check.health.replay.EngineScores}).
 *
 * <pre>{@code
 * ReplayResult r = replay(healthRules().mode(Engine.FAILURE_DETECTION, Mode.ACTIVE), series, topology).run();
 * r.table();  r.perDay();  r.perSwitchPair();  r.chart(port);
 * }</pre>
 */
package org.fabriclab.check.health.replay;
