package org.fabriclab.capture;

import org.fabriclab.catalogue.Field;
import org.fabriclab.catalogue.Kind;
import org.fabriclab.catalogue.Layer;
import org.fabriclab.catalogue.Source;

/**
 * One counter value read from one file: a row of the tidy table. {@code value} is the exact raw
 * value in the source's unit (4-octet words for {@code PortXmitData}); {@code scale} converts it to
 * the base unit (bytes). {@code field} carries the source's width and overflow, so a delta can tell
 * a pegged 8-bit copy from a 64-bit one. {@code catalogued} is false for names the catalogue does not
 * know; they are kept (canonical = raw name, informative) rather than dropped.
 */
public record Reading(Source source, String file, int line, String port, String counter, String rawName,
                      long value, String unit, long scale, Field field, Kind kind, Layer layer,
                      boolean catalogued) {
}
