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
 * The sweep as SQL, the same rules as {@code PrimitiveSweepEngine} ({@code RuleColumns}) and
 * {@link Rules}: per port, consecutive samples ordered by time make an interval; an interval has no
 * value when the denominator counter or any of the rule's counters is absent on either side, went
 * down (a reset or a wrap) or ends at its field's saturation value (pegged), or when the
 * denominator did not move; a measurement rule reads the value at the interval's end (absent or NaN:
 * no value). The value is, in doubles exactly as the Java engine computes it, each term's
 * {@code (delta - allowance)} divided by the denominator {@code D} ({@code delta * scale * factor /
 * unit} for a counter, {@code dt / unit} for time, nothing per interval), combined by MAX (from 0)
 * or SUM (left to right). The bin is how many thresholds lie strictly below the value (a generated
 * binary search). The gap rule needs the step, itself the mode of the interval lengths
 * ({@code org.fabriclab.history.Steps}), so the query groups by interval length and the caller
 * applies the rule: one pass whatever the file.
 *
 * <p>Result columns: {@code cls} (port class index; the {@code classes} relation's, else the last
 * class), {@code kind} ('all' or 'pos': intervals whose end lies in a labelled incident of the
 * port), {@code dt} (interval length in ms; NULL for a port's first sample), {@code bin} (NULL: no
 * value), {@code n}, {@code tmin}, {@code tmax} (sample times, 'all' only).
 *
 * <pre>{@code
 * var r = RateRule.congestion().resolve(file.toString(), columns);
 * String sql = SweepSql.query(file, r, th, "h", "labels", null, 0, SweepSql.DUCKDB);
 * }</pre>
 */
public final class SweepSql {
    /** How a dialect quotes a column name. */
    public static final UnaryOperator<String> DUCKDB = s -> "\"" + s.replace("\"", "\"\"") + "\"";
    public static final UnaryOperator<String> SPARK = s -> "`" + s.replace("`", "``") + "`";

    private SweepSql() {}

    /**
     * A copy of {@code thresholds}, checked as every engine needs them: at least one, none NaN, strictly
     * ascending (the bins are cut between them).
     *
     * @throws IllegalArgumentException otherwise
     */
    public static double[] ascending(double[] thresholds) {
        if (thresholds.length == 0) throw new IllegalArgumentException("need at least one threshold");
        for (int i = 0; i < thresholds.length; i++) {
            if (Double.isNaN(thresholds[i])) throw new IllegalArgumentException("threshold " + i + " is NaN");
            if (i > 0 && !(thresholds[i] > thresholds[i - 1])) throw new IllegalArgumentException("thresholds must be strictly ascending");
        }
        return thresholds.clone();
    }

    /**
     * The query over relation {@code source} (columns timestamp, port, counters) and {@code labels}
     * (port, s, e: the rule's layer only, inclusive epoch-ms bounds). {@code classes} names a relation
     * (port, cls) or is null (every port in class {@code otherClass}); ports not in it are in
     * {@code otherClass}.
     *
     * @throws IllegalArgumentException when a term or the denominator is a gauge
     */
    public static String query(HistoryFile file, RateRule.Resolved resolved, double[] th, String source, String labels, String classes,
                               int otherClass, UnaryOperator<String> q) {
        RateRule rule = resolved.rule();
        RateRule.Per per = rule.per();
        boolean sample = per.kind() == RateRule.Per.Kind.SAMPLE;
        List<String> cs = resolved.counters();
        StringBuilder b = new StringBuilder();
        b.append("WITH d AS (SELECT ").append(q.apply("port")).append(" AS port, ").append(q.apply("timestamp")).append(" AS t, ")
                .append(q.apply("timestamp")).append(" - lag(").append(q.apply("timestamp")).append(") OVER w AS dt");
        String den = resolved.denominator();
        if (den != null) b.append(", lag(").append(q.apply(den)).append(") OVER w AS b0, ").append(q.apply(den)).append(" AS b1");
        for (int i = 0; i < cs.size(); i++) {
            String c = q.apply(cs.get(i));
            if (sample) { b.append(", CAST(").append(c).append(" AS DOUBLE) AS c").append(i).append("_1"); continue; }
            b.append(", lag(").append(c).append(") OVER w AS c").append(i).append("_0, ").append(c).append(" AS c").append(i).append("_1");
        }
        b.append(" FROM ").append(source).append(" WINDOW w AS (PARTITION BY ").append(q.apply("port")).append(" ORDER BY ")
                .append(q.apply("timestamp")).append(")), ");
        b.append("r AS (SELECT port, t, dt, CASE WHEN dt IS NULL THEN NULL");
        String d = null;
        switch (per.kind()) {
            case COUNTER -> {
                Columns bc = file.column(den);
                if (bc.kind() == Kind.GAUGE) throw new IllegalArgumentException("'" + den + "' is a gauge: no delta is taken");
                long mul = bc.scale() * per.factor();
                String moved = mul == 1 ? "(b1 - b0)" : "((b1 - b0) * " + mul + ")";
                b.append(" WHEN ").append(unreadable("b0", "b1", Rules.capOf(bc.field()))).append(" THEN NULL WHEN ").append(moved)
                        .append(" <= 0 THEN NULL");
                d = "(CAST(" + moved + " AS DOUBLE) / " + literal(per.unit()) + ")";
            }
            case TIME -> {
                b.append(" WHEN dt <= 0 THEN NULL");
                d = "(CAST(dt AS DOUBLE) / " + literal(per.unit()) + ")";
            }
            default -> { }
        }
        List<String> xs = new ArrayList<>();
        for (int i = 0; i < cs.size(); i++) {
            if (sample) {
                b.append(" WHEN c").append(i).append("_1 IS NULL OR isnan(c").append(i).append("_1) THEN NULL");
                xs.add("c" + i + "_1");
                continue;
            }
            Columns col = file.column(cs.get(i));
            if (col.kind() == Kind.GAUGE) throw new IllegalArgumentException("'" + cs.get(i) + "' is a gauge: no delta is taken; use RateRule.measured");
            b.append(" WHEN ").append(unreadable("c" + i + "_0", "c" + i + "_1", Rules.capOf(col.field()))).append(" THEN NULL");
            long allow = rule.terms().get(i).allowance();
            String delta = "CAST(c" + i + "_1 - c" + i + "_0" + (allow == 0 ? "" : " - " + allow) + " AS DOUBLE)";
            xs.add(d == null ? "(" + delta + ")" : "(" + delta + " / " + d + ")");
        }
        String rate = rule.combine() == RateRule.Combine.SUM ? String.join(" + ", xs)
                : "GREATEST(CAST(0 AS DOUBLE), " + String.join(", ", xs) + ")";
        b.append(" ELSE ").append(rate).append(" END AS rate FROM d), ");
        String cls = classes == null ? Integer.toString(otherClass) : "coalesce(k.cls, " + otherClass + ")";
        String join = classes == null ? "" : " LEFT JOIN " + classes + " k ON k.port = r.port";
        b.append("x AS (SELECT r.port AS port, t, dt, ").append(cls).append(" AS cls, CASE WHEN rate IS NULL THEN NULL ELSE ")
                .append(bin(th, 0, th.length)).append(" END AS bin FROM r").append(join).append(") ");
        b.append("SELECT cls, 'all' AS kind, dt, bin, count(*) AS n, min(t) AS tmin, max(t) AS tmax FROM x GROUP BY cls, dt, bin ");
        b.append("UNION ALL SELECT cls, 'pos' AS kind, dt, bin, count(*) AS n, NULL AS tmin, NULL AS tmax FROM x WHERE dt IS NOT NULL AND EXISTS ")
                .append("(SELECT 1 FROM ").append(labels).append(" l WHERE l.port = x.port AND x.t >= l.s AND x.t <= l.e) GROUP BY cls, dt, bin");
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
