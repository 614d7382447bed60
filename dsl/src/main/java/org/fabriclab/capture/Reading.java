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
 * know; they are kept (canonical = raw name, informative) rather than dropped. {@code queue} is the
 * ring/queue index of a per-queue counter ({@code [3]: rx_ucast_bytes}, {@code rx_queue_3_bytes}:
 * the counter is the queue-less canonical name, the same for every queue, so the queues of one port
 * sum to the port: {@link Queues#sumToPort}), {@link #PORT_LEVEL} for a port-level counter.
 */
public record Reading(Source source, String file, int line, String port, String counter, String rawName,
                      long value, String unit, long scale, Field field, Kind kind, Layer layer,
                      boolean catalogued, int queue) {
    /** {@link #queue()} of a port-level counter. */
    public static final int PORT_LEVEL = -1;

    /** A port-level reading. */
    public Reading(Source source, String file, int line, String port, String counter, String rawName, long value, String unit,
                   long scale, Field field, Kind kind, Layer layer, boolean catalogued) {
        this(source, file, line, port, counter, rawName, value, unit, scale, field, kind, layer, catalogued, PORT_LEVEL);
    }

    /** True for a per-queue (per-ring) reading. */
    public boolean isQueue() { return queue != PORT_LEVEL; }

    /** The same reading on another port (a snapshot's joined name). */
    public Reading onPort(String newPort) {
        return newPort.equals(port) ? this : new Reading(source, file, line, newPort, counter, rawName, value, unit, scale, field,
                kind, layer, catalogued, queue);
    }
}
