/**
 * Snapshots: one or more captures taken at one instant, joined per port. A port's identity is a
 * string ({@code mlx5_0/1}, {@code lid 1719/1}, {@code guid 0x.../1}, {@code netdev ens1f0np0});
 * captures that name the same port differently are joined through the attributes they carry (a sysfs
 * {@code lid} file, ibdiagnet's LID and GUID). A port that cannot be joined is reported, never
 * silently merged, and the same counter read twice with different values is an error naming both
 * files.
 *
 * <pre>{@code
 * Snapshot before = Snapshot.of(Path.of("before"));     // a folder of captures
 * before.ports();                                       // [mlx5_0/1]
 * before.value("mlx5_0/1", "rx_prio3_pause");           // OptionalLong
 * }</pre>
 */
package org.fabriclab.snapshot;
