package org.fabriclab.engines.duckdb;

import java.lang.reflect.Field;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.util.function.IntConsumer;

import org.duckdb.DuckDBReadableVector;

/**
 * Copies the values of a vector of a DuckDB result chunk into Java arrays: in bulk from DuckDB's own
 * buffer where it is reachable (the driver's {@code data} and {@code validity} buffers), value by value
 * through the driver's accessors otherwise. A NULL becomes the caller's marker, read from the vector's
 * validity mask (one bit a row, 0 = NULL), so the query projects the column as it is, with no
 * {@code coalesce} or {@code CAST} for DuckDB to evaluate.
 */
final class VectorCopy {
    private static final Field DATA = field("data");
    private static final Field VALIDITY = field("validity");

    private VectorCopy() {}

    /**
     * Copies BIGINT rows {@code [from, from + k)} of {@code v} to {@code into[at..]}, {@code absent} where a value is NULL.
     *
     * @return whether a value was NULL
     */
    static boolean longs(DuckDBReadableVector v, int from, long[] into, int at, int k, long absent) {
        ByteBuffer data = buffer(DATA, v), valid = buffer(VALIDITY, v);
        if (data == null || (valid == null && VALIDITY == null)) {
            boolean nulls = false;
            for (int i = 0; i < k; i++) {
                boolean isNull = v.isNull(from + i);
                into[at + i] = isNull ? absent : v.getLong(from + i);
                nulls |= isNull;
            }
            return nulls;
        }
        data.duplicate().order(ByteOrder.nativeOrder()).asLongBuffer().get(from, into, at, k);
        return valid != null && markNulls(valid.duplicate().order(ByteOrder.nativeOrder()), from, into, at, k, absent);
    }

    /** Copies DOUBLE rows {@code [from, from + k)} of {@code v} to {@code into[at..]}, {@code NaN} where a value is NULL. */
    static void doubles(DuckDBReadableVector v, int from, double[] into, int at, int k) {
        ByteBuffer data = buffer(DATA, v), valid = buffer(VALIDITY, v);
        if (data == null || (valid == null && VALIDITY == null)) {
            for (int i = 0; i < k; i++) into[at + i] = v.isNull(from + i) ? Double.NaN : v.getDouble(from + i);
            return;
        }
        data.duplicate().order(ByteOrder.nativeOrder()).asDoubleBuffer().get(from, into, at, k);
        if (valid != null) eachNull(valid.duplicate().order(ByteOrder.nativeOrder()), from, k, i -> into[at + i] = Double.NaN);
    }

    /** Sets {@code into[at + i] = absent} for every row {@code from + i} ({@code i < k}) whose validity bit is 0; whether there was one. */
    static boolean markNulls(ByteBuffer valid, int from, long[] into, int at, int k, long absent) {
        return eachNull(valid, from, k, i -> into[at + i] = absent);
    }

    /** Calls {@code row} with {@code i} for every row {@code from + i} ({@code i < k}) whose validity bit is 0; whether there was one. */
    private static boolean eachNull(ByteBuffer valid, int from, int k, IntConsumer row) {
        boolean nulls = false;
        for (int w = from >>> 6; w << 6 < from + k; w++) {
            long missing = ~valid.getLong(w * 8) & rows(w, from, from + k);
            while (missing != 0) {
                row.accept((w << 6) + Long.numberOfTrailingZeros(missing) - from);
                missing &= missing - 1;
                nulls = true;
            }
        }
        return nulls;
    }

    /** The bits of validity word {@code w} that are rows {@code [from, to)}. */
    private static long rows(int w, int from, int to) {
        int lo = Math.max(from - (w << 6), 0), hi = Math.min(to - (w << 6), 64);
        long upTo = hi == 64 ? -1L : (1L << hi) - 1;
        return upTo & (-1L << lo);
    }

    /** The driver's buffer {@code f} of {@code v}, or null (no such field, or no mask: every value valid). */
    private static ByteBuffer buffer(Field f, DuckDBReadableVector v) {
        if (f == null) return null;
        try {
            return (ByteBuffer) f.get(v);
        } catch (IllegalAccessException | RuntimeException e) {
            return null;
        }
    }

    private static Field field(String name) {
        try {
            Field f = DuckDBReadableVector.class.getDeclaredField(name);
            if (f.getType() != ByteBuffer.class) return null;
            f.setAccessible(true);
            return f;
        } catch (ReflectiveOperationException | RuntimeException e) {
            return null;
        }
    }
}
