/**
 * The PDR deterministic plugin's rules (NVIDIA UFM SDK {@code plugins/pdr_deterministic_plugin}) as a
 * second rule set beside the IB Link Resiliency defaults: packet drop rate, BER windows scaled by link
 * speed, temperature (absolute and delta), link down on both ends; their settings and defaults in
 * {@link org.fabriclab.check.health.pdr.PdrConfig}. The replay ({@code check.health.replay}) runs them
 * with the plugin's isolation and return-to-service (retest) rules.
 *
 * <pre>{@code
 * var alerts = PdrRules.run(series, PdrConfig.defaults().withDryRun(false), Map.of(), new ArrayList<>());
 * }</pre>
 */
package org.fabriclab.check.health.pdr;
