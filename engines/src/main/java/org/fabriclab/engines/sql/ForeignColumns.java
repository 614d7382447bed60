package org.fabriclab.engines.sql;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.function.UnaryOperator;

import org.fabriclab.capture.CaptureException;
import org.fabriclab.capture.Telemetry;

/**
 * How the columns of a Parquet history another program wrote (pandas' {@code to_parquet}, pyarrow,
 * Spark, a data lake export) map onto the project's: {@code timestamp} (epoch ms), {@code port}
 * (text), counters (BIGINT), measurements (DOUBLE). One rule for every engine, rendered as SQL for
 * DuckDB or Spark ({@link Dialect}).
 * <ul>
 *   <li>{@code timestamp} and {@code port} are found by name in any case and at any position; a
 *       TIMESTAMP (any unit, with or without a zone) or DATE becomes epoch ms, an integer is epoch ms
 *       already (the project's contract); a port that is no text is cast to text.</li>
 *   <li>pandas' index column ({@code __index_level_N__}, {@code Unnamed: 0}, an empty name) is left out.</li>
 *   <li>Integer columns of any width are counters (an unsigned value above 2^63 - 1, or a DECIMAL
 *       integer beyond a long, is absent, as in {@code ethtool -S}). A floating-point column named as a
 *       link measurement ({@link Telemetry#MEASUREMENTS}), and every FLOAT or fractional DECIMAL, is a
 *       measurement; any other DOUBLE is a counter when every value is whole (pandas writes an integer
 *       column with a missing value as float64, missing as null or NaN: both become absent), else a
 *       measurement.</li>
 *   <li>Other columns (text, booleans, lists) are left out, named in a warning.</li>
 * </ul>
 * Types are DuckDB's names ({@code BIGINT}, {@code UBIGINT}, {@code TIMESTAMP_NS}, ...); {@link #duckdbType}
 * maps Spark's.
 *
 * <pre>{@code
 * ForeignColumns m = ForeignColumns.of("h.parquet", types);
 * String check = m.wholeQuery(ForeignColumns.Dialect.DUCKDB, "read_parquet('h.parquet')");   // one scan
 * String select = m.decide(wholeFromTheCheck, inexact).select(ForeignColumns.Dialect.DUCKDB, "read_parquet('h.parquet')");
 * }</pre>
 */
public final class ForeignColumns {
    /** The SQL an engine speaks for the few expressions the mapping needs. */
    public enum Dialect {
        DUCKDB(SweepSql.DUCKDB, "epoch_ms(%s)", "epoch_ms(CAST(%s AS TIMESTAMP))", "TRY_CAST(%s AS BIGINT)"),
        SPARK(SweepSql.SPARK, "unix_millis(CAST(%s AS TIMESTAMP))", "unix_millis(CAST(%s AS TIMESTAMP))", "try_cast(%s AS BIGINT)");

        final UnaryOperator<String> quote;
        final String fromTimestamp, fromDate, tryBigint;

        Dialect(UnaryOperator<String> quote, String fromTimestamp, String fromDate, String tryBigint) {
            this.quote = quote;
            this.fromTimestamp = fromTimestamp;
            this.fromDate = fromDate;
            this.tryBigint = tryBigint;
        }
    }

    private enum Kind { COUNTER, COUNTER_CAST, COUNTER_IF_WHOLE, MEASURE }

    private final String name, ts, tsType, port;
    /** Every other kept column in file order, with how it is read ({@link #decide} settles the DOUBLEs). */
    private final Map<String, Kind> columns;
    private final List<String> left;
    private final List<String> whole, inexact;

    private ForeignColumns(String name, String ts, String tsType, String port, Map<String, Kind> columns, List<String> left,
                           List<String> whole, List<String> inexact) {
        this.name = name;
        this.ts = ts;
        this.tsType = tsType;
        this.port = port;
        this.columns = columns;
        this.left = left;
        this.whole = whole;
        this.inexact = inexact;
    }

    /**
     * The mapping of a file named {@code name} whose columns are {@code types} (in file order, DuckDB type names).
     *
     * @throws CaptureException naming {@code name} when there is no timestamp or port column, or the time is neither
     */
    public static ForeignColumns of(String name, Map<String, String> types) {
        String ts = null, port = null;
        for (String c : types.keySet()) {
            if (ts == null && c.equalsIgnoreCase(Telemetry.TIMESTAMP)) ts = c;
            if (port == null && c.equalsIgnoreCase(Telemetry.PORT)) port = c;
        }
        if (ts == null || port == null) {
            throw new CaptureException(name, 0, "expected a 'timestamp' column (epoch ms, or a Parquet TIMESTAMP) and a 'port' column, found "
                    + new ArrayList<>(types.keySet()));
        }
        String tsType = types.get(ts).toUpperCase(Locale.ROOT);
        if (!isInteger(tsType) && !tsType.startsWith("TIMESTAMP") && !tsType.equals("DATE")) {
            throw new CaptureException(name, 0, "expected column '" + ts + "' as epoch ms or a Parquet TIMESTAMP, found " + types.get(ts));
        }
        Map<String, Kind> cols = new LinkedHashMap<>();
        List<String> left = new ArrayList<>();
        for (Map.Entry<String, String> e : types.entrySet()) {
            String c = e.getKey(), t = e.getValue().toUpperCase(Locale.ROOT);
            if (c.equals(ts) || c.equals(port) || c.equals("file_row_number") || isIndex(c)) continue;
            if (t.equals("BIGINT")) cols.put(c, Kind.COUNTER);
            else if (isInteger(t)) cols.put(c, Kind.COUNTER_CAST);
            else if (t.equals("DOUBLE") && !Telemetry.MEASUREMENTS.contains(c)) cols.put(c, Kind.COUNTER_IF_WHOLE);
            else if (isFloating(t)) cols.put(c, Kind.MEASURE);
            else left.add(c + " (" + e.getValue() + ")");
        }
        return new ForeignColumns(name, ts, tsType, port, cols, left, null, null);
    }

    /**
     * Whether columns {@code types} (in file order) are the project's layout already: timestamp (an
     * integer) and port (text) first, no index column, every other column a BIGINT or a measurement.
     */
    public static boolean inLayout(Map<String, String> types) {
        List<String> cols = new ArrayList<>(types.keySet());
        cols.remove("file_row_number");
        if (cols.size() < 3 || !cols.get(0).equals(Telemetry.TIMESTAMP) || !cols.get(1).equals(Telemetry.PORT)) return false;
        if (!isInteger(types.get(cols.get(0)).toUpperCase(Locale.ROOT)) || !types.get(cols.get(1)).equalsIgnoreCase("VARCHAR")) return false;
        for (String c : cols.subList(2, cols.size())) {
            String t = types.get(c).toUpperCase(Locale.ROOT);
            boolean plainInteger = isInteger(t) && !t.startsWith("U") && !t.contains("HUGEINT") && !t.startsWith("DECIMAL");
            boolean measure = (t.equals("FLOAT") || t.equals("DOUBLE") && Telemetry.MEASUREMENTS.contains(c));
            if (isIndex(c) || !(plainInteger || measure)) return false;
        }
        return true;
    }

    /** The DOUBLE columns whose values decide whether they are counters. */
    public List<String> wholeCandidates() {
        List<String> out = new ArrayList<>();
        columns.forEach((c, k) -> { if (k == Kind.COUNTER_IF_WHOLE) out.add(c); });
        return out;
    }

    /**
     * One scan of {@code from} answering, per {@link #wholeCandidates} column {@code i}, column {@code 2i+1}:
     * every value whole (null and NaN allowed) and within a long; {@code 2i+2}: a value above 2^53. Null when
     * there is no candidate.
     */
    public String wholeQuery(Dialect d, String from) {
        List<String> cands = wholeCandidates();
        if (cands.isEmpty()) return null;
        StringBuilder sel = new StringBuilder("SELECT ");
        for (int i = 0; i < cands.size(); i++) {
            String c = d.quote.apply(cands.get(i));
            if (i > 0) sel.append(", ");
            sel.append("coalesce(bool_and(").append(c).append(" IS NULL OR isnan(").append(c).append(") OR (").append(c).append(" = floor(").append(c)
                    .append(") AND abs(").append(c).append(") < 9.2e18)), true), coalesce(max(CASE WHEN isnan(").append(c).append(") THEN 0 ELSE abs(")
                    .append(c).append(") END) > 9007199254740992, false)");
        }
        return sel.append(" FROM ").append(from).toString();
    }

    /**
     * The mapping with the DOUBLE columns settled: {@code whole} are counters ({@code inexact} of them hold
     * values above 2^53, named in a warning), the others measurements.
     *
     * @throws CaptureException naming the file when no counter is left
     */
    public ForeignColumns decide(List<String> whole, List<String> inexact) {
        boolean counter = false;
        for (Map.Entry<String, Kind> e : columns.entrySet()) {
            Kind k = e.getValue();
            counter |= k == Kind.COUNTER || k == Kind.COUNTER_CAST || k == Kind.COUNTER_IF_WHOLE && whole.contains(e.getKey());
        }
        if (!counter) throw new CaptureException(name, 0, "expected at least one counter column (integers, or whole numbers), found " + columns.keySet());
        return new ForeignColumns(name, ts, tsType, port, columns, left, List.copyOf(whole), List.copyOf(inexact));
    }

    /** The SELECT over {@code from} giving the project's columns, rows in file order (after {@link #decide}). */
    public String select(Dialect d, String from) {
        if (whole == null) throw new IllegalStateException("decide() the DOUBLE columns first");
        String t = d.quote.apply(ts);
        String time = isInteger(tsType) ? "CAST(" + t + " AS BIGINT)" : String.format(tsType.equals("DATE") ? d.fromDate : d.fromTimestamp, t);
        StringBuilder sel = new StringBuilder("SELECT ").append(time).append(" AS ").append(d.quote.apply(Telemetry.TIMESTAMP))
                .append(", CAST(").append(d.quote.apply(port)).append(" AS ").append(d == Dialect.SPARK ? "STRING" : "VARCHAR").append(") AS ")
                .append(d.quote.apply(Telemetry.PORT));
        for (Map.Entry<String, Kind> e : columns.entrySet()) {
            String c = d.quote.apply(e.getKey());
            String expr = switch (e.getValue()) {
                case COUNTER -> c;
                case COUNTER_CAST -> String.format(d.tryBigint, c);
                case COUNTER_IF_WHOLE -> whole.contains(e.getKey()) ? "CASE WHEN isnan(" + c + ") THEN NULL ELSE CAST(" + c + " AS BIGINT) END"
                        : "CAST(" + c + " AS DOUBLE)";
                case MEASURE -> "CAST(" + c + " AS DOUBLE)";
            };
            sel.append(", ").append(expr).append(" AS ").append(c);
        }
        return sel.append(" FROM ").append(from).toString();
    }

    /** What the mapping did, for the history's warnings (after {@link #decide}). */
    public List<String> warnings() {
        List<String> w = new ArrayList<>();
        w.add(name + ": not in the project's Parquet layout; read as timestamp '" + ts + "'" + (isInteger(tsType) ? " (epoch ms)" : " (" + tsType + ", as epoch ms)")
                + ", port '" + port + "'" + (whole == null || whole.isEmpty() ? "" : "; floating-point columns of whole numbers read as counters: " + String.join(", ", whole)));
        if (inexact != null && !inexact.isEmpty()) {
            w.add(name + ": " + String.join(", ", inexact) + " hold values above 2^53 as floating point, where the last digits may already be lost"
                    + " (write counters as integers, e.g. pandas' Int64 or uint64)");
        }
        if (!left.isEmpty()) w.add(name + ": columns left out (a history holds counters and measurements): " + String.join(", ", left));
        return w;
    }

    /** DuckDB's name for a Spark SQL type's {@code simpleString()} ({@code bigint}, {@code timestamp_ntz}, {@code decimal(20,0)}, ...). */
    public static String duckdbType(String spark) {
        String t = spark.toLowerCase(Locale.ROOT);
        if (t.startsWith("decimal")) return t.toUpperCase(Locale.ROOT);
        if (t.startsWith("timestamp")) return "TIMESTAMP";
        return switch (t) {
            case "bigint", "long" -> "BIGINT";
            case "int", "integer" -> "INTEGER";
            case "smallint", "short" -> "SMALLINT";
            case "tinyint", "byte" -> "TINYINT";
            case "double" -> "DOUBLE";
            case "float", "real" -> "FLOAT";
            case "string" -> "VARCHAR";
            case "date" -> "DATE";
            default -> t.toUpperCase(Locale.ROOT);
        };
    }

    /** pandas' index column, as {@code to_parquet} or a CSV round trip leave it. */
    public static boolean isIndex(String c) {
        return c.isEmpty() || c.equals("Unnamed: 0") || c.matches("__index_level_\\d+__");
    }

    private static boolean isInteger(String t) {
        if (t.startsWith("DECIMAL")) return t.matches("DECIMAL\\(\\d+, ?0\\)");
        return switch (t) {
            case "TINYINT", "SMALLINT", "INTEGER", "BIGINT", "UTINYINT", "USMALLINT", "UINTEGER", "UBIGINT", "HUGEINT", "UHUGEINT" -> true;
            default -> false;
        };
    }

    private static boolean isFloating(String t) { return t.equals("DOUBLE") || t.equals("FLOAT") || t.startsWith("DECIMAL"); }
}
