package org.fabriclab.delta;

/**
 * What a {@link MovedDelta} is classified against: {@code org.fabriclab.verdict.Profile} implements
 * it, returning one verdict per port. The delta package names this contract so that it need not know
 * the verdict package: verdict depends on delta, never the other way round.
 *
 * <pre>{@code
 * Verdicts v = delta(before, after).moved(TB).classify(Profiles.ROCE);
 * }</pre>
 *
 * @param <R> the result of a classification (verdicts)
 */
public interface DeltaProfile<R> {
    /** Classifies {@code delta} with this profile's default congestion bar. */
    R classify(MovedDelta delta);

    /** Classifies {@code delta} with the congestion bar {@code congPerGb} (events per GB moved, exclusive). */
    R classify(MovedDelta delta, double congPerGb);
}
