/**
 * UFM telemetry: {@link org.fabriclab.capture.telemetry.UfmCsvReader} (the CSV metrics endpoint) and
 * {@link org.fabriclab.capture.telemetry.UfmJsonReader} (the fluentd stream). Both produce the
 * {@link org.fabriclab.capture.Telemetry} table and readings of each port's latest sample.
 *
 * <pre>{@code
 * Capture c = Readers.standard().read(Path.of("ufm_telemetry.csv"));
 * c.measurements(Telemetry.NAME).get();
 * }</pre>
 */
package org.fabriclab.capture.telemetry;
