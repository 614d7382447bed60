package org.fabriclab.engines.sql;

import java.util.ArrayList;
import java.util.List;
import java.util.function.UnaryOperator;

import org.fabriclab.catalogue.Kind;
import org.fabriclab.delta.Rules;
import org.fabriclab.series.Columns;
import org.fabriclab.history.HistoryFile;
import org.fabriclab.history.RateRule;

/**
 * The sweep as SQL, the same rules as {@code PrimitiveSweepEngine} and {@link Rules}: per port,
 * consecutive samples ordered by time make an interval; an interval has no value when the byte
 * counter or any of the rule's counters is absent on either side, went down (a reset or a wrap) or
 * ends at its field's saturation value (pegged), or when no bytes moved; the rate is each counter's
 * delta per GB moved ({@code delta / (bytes * scale / 1e9)} in doubles, as the Java engine computes
 * it), combined by MAX (from 0) or SUM (left to right). The bin is how many thresholds lie strictly
 * below the rate (a generated binary search). The gap rule needs the step, itself the mode of the
 * interval lengths ({@code org.fabriclab.history.Steps}), so the query groups by interval length
 * and the caller applies the rule: one pass whatever the file.
 *
 * <p>Result columns: {@code kind} ('all' or 'pos': intervals whose end lies in a labelled
 * incident of the port), {@code dt} (interval length in ms; NULL for a port's first sample),
 * {@code bin} (NULL: no value), {@code n}, {@code tmin}, {@code tmax} (sample times, 'all' only).
 *
 * <pre>{@code
 * String sql = SweepSql.query(file, RateRule.congestion(), "tx_bytes_phy", th, "h", "labels", SweepSql.DUCKDB);
 * }</pre>
 */
public final class SweepSql {
    /** How a dialect quotes a column name. */
    public static final UnaryOperator<String> DUCKDB = s -> "\"" + s.replace("\"", "\"\"") + "\"";
    public static final UnaryOperator<String> SPARK = s -> "`" + s.replace("`", "``") + "`";

    private SweepSql() {}

    /**
     * The query over relation {@code source} (columns timestamp, port, counters) and {@code labels}
     * (port, s, e: the rule's layer only, inclusive epoch-ms bounds).
     */
    public static String query(HistoryFile file, RateRule rule, String bytesCounter, double[] th, String source, String labels,
                               UnaryOperator<String> q) {
        List<String> cs = rule.counters();
        Columns bc = file.column(bytesCounter);
        StringBuilder b = new StringBuilder();
        b.append("WITH d AS (SELECT ").append(q.apply("port")).append(" AS port, ").append(q.apply("timestamp")).append(" AS t, ")
                .append(q.apply("timestamp")).append(" - lag(").append(q.apply("timestamp")).append(") OVER w AS dt, ")
                .append("lag(").append(q.apply(bytesCounter)).append(") OVER w AS b0, ").append(q.apply(bytesCounter)).append(" AS b1");
        for (int i = 0; i < cs.size(); i++) {
            String c = q.apply(cs.get(i));
            b.append(", lag(").append(c).append(") OVER w AS c").append(i).append("_0, ").append(c).append(" AS c").append(i).append("_1");
        }
        b.append(" FROM ").append(source).append(" WINDOW w AS (PARTITION BY ").append(q.apply("port")).append(" ORDER BY ")
                .append(q.apply("timestamp")).append(")), ");
        String moved = bc.scale() == 1 ? "(b1 - b0)" : "((b1 - b0) * " + bc.scale() + ")";
        String gb = "(CAST(" + moved + " AS DOUBLE) / CAST(1000000000 AS DOUBLE))";
        b.append("r AS (SELECT port, t, dt, CASE WHEN dt IS NULL THEN NULL WHEN ").append(unreadable("b0", "b1", Rules.capOf(bc.field())))
                .append(" THEN NULL WHEN ").append(moved).append(" <= 0 THEN NULL");
        List<String> xs = new ArrayList<>();
        for (int i = 0; i < cs.size(); i++) {
            Columns col = file.column(cs.get(i));
            if (col.kind() == Kind.GAUGE) throw new IllegalArgumentException("'" + cs.get(i) + "' is a gauge: no delta is taken");
            b.append(" WHEN ").append(unreadable("c" + i + "_0", "c" + i + "_1", Rules.capOf(col.field()))).append(" THEN NULL");
            xs.add("(CAST(c" + i + "_1 - c" + i + "_0 AS DOUBLE) / " + gb + ")");
        }
        String rate = rule.combine() == RateRule.Combine.SUM ? String.join(" + ", xs)
                : "GREATEST(CAST(0 AS DOUBLE), " + String.join(", ", xs) + ")";
        b.append(" ELSE ").append(rate).append(" END AS rate FROM d), ");
        b.append("x AS (SELECT port, t, dt, CASE WHEN rate IS NULL THEN NULL ELSE ").append(bin(th, 0, th.length)).append(" END AS bin FROM r) ");
        b.append("SELECT 'all' AS kind, dt, bin, count(*) AS n, min(t) AS tmin, max(t) AS tmax FROM x GROUP BY dt, bin ");
        b.append("UNION ALL SELECT 'pos' AS kind, dt, bin, count(*) AS n, NULL AS tmin, NULL AS tmax FROM x WHERE dt IS NOT NULL AND EXISTS ")
                .append("(SELECT 1 FROM ").append(labels).append(" l WHERE l.port = x.port AND x.t >= l.s AND x.t <= l.e) GROUP BY dt, bin");
        return b.toString();
    }

    private static String unreadable(String before, String after, long cap) {
        String s = before + " IS NULL OR " + after + " IS NULL OR " + after + " < " + before;
        return cap > 0 ? s + " OR " + after + " >= " + cap : s;
    }

    /** How many of {@code th[lo..hi)} lie strictly below rate, knowing those below lo do: a binary search as nested CASE. */
    static String bin(double[] th, int lo, int hi) {
        if (lo == hi) return Integer.toString(lo);
        int mid = (lo + hi) >>> 1;
        return "CASE WHEN rate > " + literal(th[mid]) + " THEN " + bin(th, mid + 1, hi) + " ELSE " + bin(th, lo, mid) + " END";
    }

    /** A double literal both dialects read back exactly (the shortest decimal that round-trips). */
    static String literal(double x) {
        return "CAST('" + Double.toString(x) + "' AS DOUBLE)";
    }

    /** A Java string as an SQL string literal. */
    public static String string(String s) { return "'" + s.replace("'", "''") + "'"; }
}
