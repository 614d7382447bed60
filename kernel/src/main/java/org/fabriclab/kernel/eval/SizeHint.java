package org.fabriclab.kernel.eval;

import java.lang.reflect.Array;
import java.lang.reflect.Method;
import java.lang.reflect.Modifier;
import java.util.Collection;
import java.util.Map;

import tech.tablesaw.api.Table;
import tech.tablesaw.columns.Column;

/**
 * How big a value is, in a few words, for {@code %vars}: {@code 3 rows × 2 columns} for a Tablesaw
 * table, {@code 10 values} for a column, {@code length 4} for an array, {@code 3 elements} /
 * {@code 2 entries} for collections and maps, {@code 12 chars} for text, {@code 32 ports} for any
 * value with a public {@code ports()} list (snapshots, deltas, captures, histories, series; with
 * {@code , 4,100 rows} when it also has a public {@code int rows()}), and the value itself for
 * numbers, booleans and characters. Empty when nothing is known. Never throws.
 *
 * <pre>{@code
 * SizeHint.of(new int[4]);   // "length 4"
 * SizeHint.of(snapshot);     // "12 ports"
 * }</pre>
 */
final class SizeHint {
    private SizeHint() {}

    static String of(Object v) {
        try {
            return hint(v);
        } catch (RuntimeException | LinkageError e) {
            return "";
        }
    }

    private static String hint(Object v) {
        if (v == null) return "null";
        if (v instanceof Number || v instanceof Boolean || v instanceof Character) return String.valueOf(v);
        if (v instanceof Table t) return t.rowCount() + " rows \u00d7 " + t.columnCount() + " columns";
        if (v instanceof Column<?> c) return c.size() + " values";
        if (v.getClass().isArray()) return "length " + Array.getLength(v);
        if (v instanceof Collection<?> c) return c.size() + (c.size() == 1 ? " element" : " elements");
        if (v instanceof Map<?, ?> m) return m.size() + (m.size() == 1 ? " entry" : " entries");
        if (v instanceof CharSequence s) return s.length() + " chars";
        Object ports = call(v, "ports");
        if (ports instanceof Collection<?> p) {
            Object rows = call(v, "rows");
            return p.size() + (p.size() == 1 ? " port" : " ports") + (rows instanceof Integer r ? ", " + r + " rows" : "");
        }
        return "";
    }

    /** The result of a public no-argument method declared by a public type, else null. */
    private static Object call(Object v, String name) {
        try {
            Method m = v.getClass().getMethod(name);
            if (!Modifier.isPublic(m.getDeclaringClass().getModifiers()) || Modifier.isStatic(m.getModifiers())) return null;
            return m.invoke(v);
        } catch (ReflectiveOperationException | RuntimeException e) {
            return null;
        }
    }
}
