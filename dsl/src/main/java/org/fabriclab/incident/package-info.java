/**
 * Incident folders as {@code fabriclab collect} writes them: the {@link org.fabriclab.incident.Layout}
 * (before/after or a t0, t1, ... series, the manifest, the test output) and each snapshot's
 * {@link org.fabriclab.incident.SnapshotTime}. The one-call analysis {@code incident(dir)} builds on
 * these.
 *
 * <pre>{@code
 * List<Path> snaps = Layout.snapshots(Path.of("incident-42"));
 * }</pre>
 */
package org.fabriclab.incident;
