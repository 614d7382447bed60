/**
 * The sysfs reader: {@code /sys/class/infiniband/<dev>/ports/<n>/counters} (classic PMA copies),
 * {@code hw_counters} (mlx5 q-counters and congestion counters) and the port and device attributes
 * that join these ports to perfquery LIDs and node GUIDs. Three carriers: {@code grep -H} lines, a
 * real directory, a ttar archive. Also {@code ibstatus}, the infiniband-diags script that prints the
 * same port files ({@link org.fabriclab.capture.sysfs.IbstatusReader}).
 *
 * <pre>{@code
 * Capture c = Readers.standard().read(Path.of("sysfs.txt"));   // sniffed as "sysfs"
 * }</pre>
 */
package org.fabriclab.capture.sysfs;
