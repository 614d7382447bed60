package org.fabriclab.delta;

import org.fabriclab.snapshot.Snapshot;

/**
 * A {@link Delta} that knows how many bytes the test moved: every readable counter delta has its rate
 * per GB moved, and the delta can be classified. Made by {@link Delta#moved}.
 *
 * <pre>{@code
 * MovedDelta d = delta(before, after).moved(TB);
 * d.classify(IB);              // Verdicts: one verdict per port, congestion bar 1000 per GB
 * d.classify(ROCE, 1680);      // the same with another congestion bar (events per GB moved)
 * }</pre>
 */
public final class MovedDelta extends Delta {

    MovedDelta(Snapshot before, Snapshot after, double bytes) { super(before, after, bytes); }

    /**
     * Classifies every port against {@code profile} ({@code IB}, {@code ROCE}, {@code IB_FULL},
     * {@code ROCE_FULL}: an {@code org.fabriclab.verdict.Profile}) with its default congestion bar.
     */
    public <R> R classify(DeltaProfile<R> profile) { return profile.classify(this); }

    /** The same with the congestion bar {@code congPerGb} (congestion events per GB moved, exclusive). */
    public <R> R classify(DeltaProfile<R> profile, double congPerGb) { return profile.classify(this, congPerGb); }
}
