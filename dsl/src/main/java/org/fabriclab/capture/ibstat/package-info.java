/**
 * The {@code ibstat} reader: port attributes only (LID, GUIDs, state, rate, link layer), named
 * {@code <ca>/<port>}; the bridge between LID-named captures (perfquery) and device ports.
 *
 * <pre>{@code
 * Capture c = Readers.standard().read(Path.of("ibstat.txt"));   // sniffed as "ibstat"
 * }</pre>
 */
package org.fabriclab.capture.ibstat;
