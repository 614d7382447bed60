/**
 * The {@code ibv_devinfo} reader (libibverbs' device and port attributes): port state, link layer, LID,
 * MTU, and with {@code -v} width, lane speed, rate and GID 0, named {@code <hca>/<port>} like ibstat's.
 *
 * <pre>{@code
 * Capture c = Readers.standard().read(Path.of("ibv_devinfo.txt"));   // sniffed as "ibv_devinfo"
 * }</pre>
 */
package org.fabriclab.capture.verbs;
