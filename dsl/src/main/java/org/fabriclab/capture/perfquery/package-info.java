/**
 * The {@code perfquery} reader: classic, extended ({@code -x}), detail ({@code -E}, {@code -D}) and
 * per-SL ({@code -X}, {@code -S}) blocks, several per file ({@code -l}, port lists). Ports are named
 * {@code lid <decimal>/<port>}; an {@code ibstat} or sysfs capture carrying the same LID joins them
 * to their device port in a snapshot.
 *
 * <pre>{@code
 * Capture c = Readers.standard().read(Path.of("perfquery_x.out"));   // sniffed as "perfquery"
 * }</pre>
 */
package org.fabriclab.capture.perfquery;
