package org.fabriclab.generate;

import java.util.ArrayList;
import java.util.List;

import org.fabriclab.catalogue.Layer;

/** The plan of one port in the history set: its incident and idle segments, sorted, never overlapping. */
final class PortPlan {
    /** Samples {@code [from, to)}; {@code layer} null for a maintenance window with no traffic. */
    record Seg(int from, int to, Layer layer, double level, boolean ecn) { }

    final List<Seg> segs = new ArrayList<>();
    int resetAt = -1;
    boolean wrapPse;
    private int cursor;

    boolean free(int from, int to) {
        for (Seg g : segs) if (from - 1 < g.to() && g.from() < to + 1) return false;
        return true;
    }

    void add(Seg g) {
        segs.add(g);
        segs.sort((x, y) -> Integer.compare(x.from(), y.from()));
    }

    /** The segment holding sample {@code s}, or null; {@code s} must not decrease between calls. */
    Seg at(int s) {
        while (cursor < segs.size() && segs.get(cursor).to() <= s) cursor++;
        if (cursor < segs.size() && segs.get(cursor).from() <= s) return segs.get(cursor);
        return null;
    }
}
