/**
 * Fabric topology: readers for {@code ibnetdiscover} (topology file and {@code -p}), {@code iblinkinfo},
 * ibdiagnet's {@code ibdiagnet2.lst} and {@code ibdiagnet2.net_dump}, each giving the {@value
 * org.fabriclab.capture.topology.Topology#LINKS} table (one row per link: both ends' node and port GUIDs,
 * port numbers, LIDs, node types and descriptions, width, speed, state) and port attributes that join
 * the link ends to the ports other captures name by LID or GUID; {@link org.fabriclab.capture.topology.Topology}
 * is the value snapshots and health rules take link pairs from. Also the {@code ibqueryerrors} reader
 * (errors per port, with its threshold semantics).
 *
 * <pre>{@code
 * Capture lst = Readers.standard().read(Path.of("ibdiagnet2.lst"));
 * Topology t = Topology.of(lst);
 * t.peer("guid 0x5c257303009ab1c0/1");   // Optional[guid 0xfc6a1c030091f9c0/12]
 * }</pre>
 */
package org.fabriclab.capture.topology;
