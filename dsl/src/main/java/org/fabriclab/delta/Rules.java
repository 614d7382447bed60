package org.fabriclab.delta;

import org.fabriclab.catalogue.Field;
import org.fabriclab.catalogue.Kind;
import org.fabriclab.catalogue.Overflow;

/**
 * The delta rule on two raw values, allocation-free: the same decision {@link Delta} makes per
 * counter, for callers that hold values in primitive arrays (a telemetry history of millions of
 * intervals). Order of the tests, as in {@link Delta}: absent on either side, gauge, negative
 * (reset or wrap), after at the saturation value of the field, otherwise readable.
 *
 * <pre>{@code
 * Field f = new Field("LinkDownedCounter", 8, Overflow.SATURATING);
 * Rules.status(true, 3, true, 255, f, Kind.COUNTER);   // PEGGED
 * Rules.status(true, 900, true, 12, f, Kind.COUNTER);  // RESET
 * }</pre>
 */
public final class Rules {
    private Rules() {}

    /**
     * The one value that stands for "no sample" in every primitive counter column (series, histories,
     * the fleet classifier): a counter is never negative. It is Tablesaw's missing long, so a
     * {@code LongColumn}'s {@code asLongArray()} needs no remapping.
     */
    public static final long ABSENT = Long.MIN_VALUE;

    /** The status of the delta {@code after - before} of a counter read from {@code field}. */
    public static Status status(boolean hasBefore, long before, boolean hasAfter, long after, Field field, Kind kind) {
        if (!hasBefore || !hasAfter) return Status.MISSING;
        if (kind == Kind.GAUGE) return Status.GAUGE;
        return status(before, after, capOf(field));
    }

    /**
     * The same rule on primitive values of a counter (not a gauge): {@link #ABSENT} on either side is
     * missing; {@code cap} is {@link #capOf(Field)} (0 when the field has no verified saturation value).
     */
    public static Status status(long before, long after, long cap) {
        if (before == ABSENT || after == ABSENT) return Status.MISSING;
        if (after < before) return Status.RESET;
        if (cap > 0 && after >= cap) return Status.PEGGED;
        return Status.READABLE;
    }

    /** The saturation value of {@code field}, 0 when it has none (wrapping, 64-bit or not verified). */
    public static long capOf(Field field) {
        return field.cap().orElse(0L);
    }

    /** Why a delta with {@code status} is not a measurement, in the words {@link Delta} uses; null when readable. */
    public static String reason(Status status, Field field) {
        return switch (status) {
            case READABLE -> null;
            case MISSING -> "absent on one side";
            case GAUGE -> "a gauge (a level, not a count): no delta taken";
            case RESET -> field.overflow() == Overflow.WRAPPING
                    ? "negative delta on a " + field.describe() + " counter: a reset or a wrap, indistinguishable; unrecoverable, not zero"
                    : "negative delta: the counter was reset mid-test (driver reload, perfquery -r/-R); unrecoverable, not zero";
            case PEGGED -> "pegged at " + field.cap().getAsLong() + ", the saturation value of the " + field.describe() + " field";
        };
    }
}
