/**
 * fabriclab's DSL. {@link org.fabriclab.Fabric} is the one static-import entry point; the packages
 * below it own one concept each: {@code catalogue} (the counter catalogue), {@code capture} (readers),
 * {@code snapshot} (joining captures per port), {@code delta} (deltas with status), {@code verdict}
 * (profiles and the classifier), {@code history} (telemetry histories, threshold sweeps scored
 * against labels) and {@code generate} (the seeded dataset generator).
 */
package org.fabriclab;
