package org.fabriclab.kernel.eval;

import java.util.List;

/**
 * The text {@code %vars} prints, as IPython's {@code %whos}: one row per variable with its
 * declared type and a size hint ({@link SizeHint}), or a short value for numbers and short text.
 *
 * <pre>{@code
 * Variable  Type      Data/Info
 * ---------------------------------------
 * t         Table     3 rows × 2 columns
 * snap      Snapshot  12 ports
 * n         int       5
 * }</pre>
 */
final class VarsTable {
    static final int VALUE_CHARS = 40;

    private VarsTable() {}

    /** One variable: its name, declared type and live value. */
    record Var(String name, String type, Object value) {}

    /** A variable whose live value could not be read: shown by JShell's string of it. */
    record Unread(String text) {}

    static String format(List<Var> vars) {
        if (vars.isEmpty()) return "No variables are defined.\n";
        int nw = "Variable".length(), tw = "Type".length();
        for (Var v : vars) {
            nw = Math.max(nw, v.name().length());
            tw = Math.max(tw, v.type().length());
        }
        StringBuilder sb = new StringBuilder();
        row(sb, nw, tw, "Variable", "Type", "Data/Info");
        sb.append("-".repeat(nw + tw + 4 + 20)).append('\n');
        for (Var v : vars) row(sb, nw, tw, v.name(), v.type(), info(v.value()));
        return sb.toString();
    }

    private static void row(StringBuilder sb, int nw, int tw, String a, String b, String c) {
        sb.append(a).append(" ".repeat(nw - a.length() + 2)).append(b).append(" ".repeat(tw - b.length() + 2)).append(c).append('\n');
    }

    private static String info(Object v) {
        if (v instanceof Unread u) return u.text();
        if (v instanceof CharSequence s && s.length() <= VALUE_CHARS && s.chars().noneMatch(c -> c == '\n')) return "\"" + s + "\"";
        return SizeHint.of(v);
    }
}
