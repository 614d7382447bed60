package org.fabriclab.check.health.replay;

import java.util.List;

/**
 * One event of a replay: when (epoch ms, the iteration's telemetry time), what, on which port (the end
 * whose alert drove it; its link's other end is {@code peer}), between which switches
 * ({@code switchPair}, {@code "a <-> b"} by node description, empty for a port without a link), the
 * alerts behind it ({@code engine/rule}, for an isolation the triggering ones, for a de-isolation the
 * isolation's reasons) and a human-readable detail (the checkpoint's numbers).
 */
public record ReplayEvent(long time, EventKind kind, String port, String peer, String switchPair, List<String> reasons, String detail) {
    public ReplayEvent {
        reasons = List.copyOf(reasons);
    }

    /** The event message in the spirit of the UFM events table. */
    public String message() {
        String why = reasons.isEmpty() ? "" : " (" + String.join(", ", reasons) + ")";
        return kind.label() + ": " + port + (peer == null || peer.isEmpty() ? "" : " <-> " + peer) + why + (detail.isEmpty() ? "" : "; " + detail);
    }
}
