/**
 * Reading captures: the {@link org.fabriclab.capture.CaptureReader} interface, content sniffing
 * ({@link org.fabriclab.capture.Readers}), the result of one file ({@link org.fabriclab.capture.Capture})
 * and the tidy table's column names ({@link org.fabriclab.capture.Tidy}). One sub-package per format
 * holds that format's reader. Readers type every counter through the catalogue; a counter value is an
 * exact {@code long}, never a double, and an absent counter ({@code N/A (no PMA)}, {@code NA}) is
 * recorded as absent, never as 0.
 *
 * <pre>{@code
 * Capture c = Readers.standard().read(Path.of("before/perfquery.txt"));
 * c.tidy();   // source, file, line, port, counter, raw_name, value, unit, ...
 * }</pre>
 */
package org.fabriclab.capture;
