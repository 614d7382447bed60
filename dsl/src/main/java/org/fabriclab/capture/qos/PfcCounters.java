package org.fabriclab.capture.qos;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

import org.fabriclab.capture.Capture;

/**
 * dcb's per-priority PFC counters ({@code requests N}, {@code indications N}) held until the output's
 * {@code prio-pfc} is known, then given as readings only for the priorities with PFC on. dcb prints a
 * counter for every priority, but on a priority with PFC off it counts nothing by design: its 0 is no
 * pause count. So there the counter is absent with that reason, as {@code ethtool -S} leaves it out
 * (mlx5 prints {@code rx_prio<n>_pause} only for PFC priorities), and a profile that grades it says
 * "incomplete" instead of "clean". Without a {@code prio-pfc} for the port every counter is read.
 *
 * <pre>{@code
 * PfcCounters p = new PfcCounters();
 * p.pfc("netdev eth0", 0b1000);   p.counter("netdev eth0", "requests 3", 10, 4);
 * p.emit(builder);                 // requests 3 read; requests 0 would be absent
 * }</pre>
 */
final class PfcCounters {
    private record Pending(String port, String name, int prio, long value, int line) {}

    private final List<Pending> pending = new ArrayList<>();
    private final Map<String, Integer> masks = new HashMap<>();

    /** The port's {@code prio-pfc}: bit N set when PFC is on for priority N. */
    void pfc(String port, int mask) { masks.put(port, mask); }

    /** One counter of priority {@code prio} ({@code name}: "requests 3"), read at {@code line}. */
    void counter(String port, String name, int prio, long value, int line) { pending.add(new Pending(port, name, prio, value, line)); }

    /** The counters into {@code b}: read where PFC is on or not stated, absent with the reason where it is off. */
    void emit(Capture.Builder b) {
        for (Pending p : pending) {
            Integer mask = masks.get(p.port());
            if (mask == null || (mask >> p.prio() & 1) != 0) {
                b.counter(p.port(), p.name(), p.value(), p.line());
            } else {
                b.absent(p.port(), p.name(), p.line(), "PFC is off on priority " + p.prio() + " (prio-pfc): dcb prints " + p.value()
                        + ", but the priority sends and honours no PFC frames, so it is no pause count");
            }
        }
    }
}
