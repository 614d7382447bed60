package org.fabriclab.capture;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import org.fabriclab.catalogue.Field;
import org.fabriclab.catalogue.Overflow;

/**
 * Per-queue counters summed to their port. Every queue of a port and counter is added exactly
 * ({@code Math.addExact}); the sum is a port-level reading of the same counter, at the line of the
 * first queue, raw name {@code sum of N queues}. Its field is 64-bit wrapping only when every queue's
 * field is (a sum of narrower wrapping fields cannot be unwrapped: width not verified). A sum above
 * 2^63-1 is left out and named by {@link Sum#overflowed}.
 *
 * <pre>{@code
 * Queues.Sum s = Queues.sumToPort(capture.readings());
 * s.readings();   // one reading per port and per-queue counter, e.g. netdev ?/rx_queue_ucast_bytes
 * }</pre>
 */
public final class Queues {
    private Queues() {}

    /** The port totals and the (port, counter) pairs whose total does not fit a long. */
    public record Sum(List<Reading> readings, List<String> overflowed) {}

    public static Sum sumToPort(List<Reading> readings) {
        Map<String, List<Reading>> groups = new LinkedHashMap<>();
        for (Reading r : readings) if (r.isQueue()) groups.computeIfAbsent(r.port() + '\u0000' + r.counter(), k -> new ArrayList<>()).add(r);
        List<Reading> out = new ArrayList<>(groups.size());
        List<String> overflowed = new ArrayList<>();
        for (List<Reading> g : groups.values()) {
            Reading first = g.get(0);
            long sum = 0;
            boolean all64 = true;
            boolean over = false;
            for (Reading r : g) {
                if (r.field().width() != 64) all64 = false;
                try {
                    sum = Math.addExact(sum, r.value());
                } catch (ArithmeticException e) {
                    over = true;
                    break;
                }
            }
            if (over) { overflowed.add(first.port() + " " + first.counter()); continue; }
            Field f = all64 ? new Field("sum of " + g.size() + " queues", 64, Overflow.WRAPPING)
                    : new Field("sum of " + g.size() + " queues", 0, Overflow.UNKNOWN);
            out.add(new Reading(first.source(), first.file(), first.line(), first.port(), first.counter(), "sum of " + g.size() + " queues",
                    sum, first.unit(), first.scale(), f, first.kind(), first.layer(), first.catalogued(), Reading.PORT_LEVEL));
        }
        return new Sum(out, overflowed);
    }
}
