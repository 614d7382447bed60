/**
 * {@code fabriclab collect}: snapshots of a fabric host's counters around a test or as a series,
 * written as an incident folder ({@link org.fabriclab.incident.Layout}). {@link
 * org.fabriclab.kernel.collect.Collector} orchestrates, {@link org.fabriclab.kernel.collect.SnapshotTaker}
 * runs the tools ({@link org.fabriclab.kernel.collect.Tools}, {@link org.fabriclab.kernel.collect.ToolRun})
 * and reads sysfs ({@link org.fabriclab.kernel.collect.Sysfs}), {@link org.fabriclab.kernel.collect.TestRun}
 * runs the test command.
 *
 * <pre>{@code
 * ./fabriclab collect --out incident-42 -- ib_write_bw -D 10 host2
 * ./fabriclab collect --out pauses --every 10s --count 30
 * }</pre>
 */
package org.fabriclab.kernel.collect;
