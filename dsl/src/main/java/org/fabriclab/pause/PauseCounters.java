package org.fabriclab.pause;

import java.util.ArrayList;
import java.util.List;

import org.fabriclab.catalogue.Catalogue;
import org.fabriclab.catalogue.CounterName;
import org.fabriclab.catalogue.Direction;
import org.fabriclab.catalogue.Role;

/**
 * The counters that describe pause on one priority in one direction, as the catalogue pairs them by
 * role: {@code pause} (frames), {@code pause-duration} (time paused) and {@code pause-transition}
 * (XOFF to XON) of the same direction and priority, whatever vendor named them. {@code duration} and
 * {@code transition} are null when the catalogue has no such counter for the pair.
 *
 * <pre>{@code
 * for (PauseCounters c : PauseCounters.all()) c.label();   // "rx prio0" ... "tx global"
 * }</pre>
 *
 * @param direction  {@link Direction#RX}: pause frames received, the peer throttles us;
 *                   {@link Direction#TX}: pause frames sent, our receive path is behind
 * @param priority   {@code prio0} .. {@code prio7} or {@code global} (802.3x link-level pause)
 */
public record PauseCounters(Direction direction, String priority, String pause, String duration, String transition) {

    /** Every pair the standard catalogue knows, rx before tx, priorities in catalogue order. */
    public static List<PauseCounters> all() { return all(Catalogue.standard()); }

    /** Every pair {@code cat} knows. */
    public static List<PauseCounters> all(Catalogue cat) {
        List<PauseCounters> out = new ArrayList<>();
        for (Direction d : List.of(Direction.RX, Direction.TX)) {
            for (CounterName p : cat.counterNames(Role.PAUSE, d)) {
                if (p.priority().isEmpty()) continue;
                out.add(new PauseCounters(d, p.priority(), p.name(), cat.forPriority(Role.PAUSE_DURATION, d, p.priority()).orElse(null),
                        cat.forPriority(Role.PAUSE_TRANSITION, d, p.priority()).orElse(null)));
            }
        }
        return List.copyOf(out);
    }

    /** {@code "rx prio3"}. */
    public String label() { return direction + " " + priority; }

    /** What a pause in this direction means for the port that counted it. */
    public String meaning() { return meaning(direction); }

    /** What pause in {@code d} means, in one sentence. */
    public static String meaning(Direction d) {
        return d == Direction.RX
                ? "received pause: the peer throttles us (its receive buffer or the fabric behind it is full)"
                : "sent pause: our receive path is behind (the host or NIC cannot drain what arrives)";
    }
}
