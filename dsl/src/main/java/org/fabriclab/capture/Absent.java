package org.fabriclab.capture;

import org.fabriclab.catalogue.Source;

/**
 * A counter the capture names but holds no value for ({@code N/A (no PMA)} in sysfs, {@code NA} in
 * ibdiagnet2.pm). Absent is not zero: a delta over it has status {@code missing}.
 */
public record Absent(Source source, String file, int line, String port, String counter, String rawName,
                     String reason) {
}
