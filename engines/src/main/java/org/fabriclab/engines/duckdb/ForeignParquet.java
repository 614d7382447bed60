package org.fabriclab.engines.duckdb;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;

import org.fabriclab.capture.CaptureException;
import org.fabriclab.capture.Telemetry;
import org.fabriclab.engines.sql.SweepSql;

/**
 * A Parquet history written by another program (pandas' {@code to_parquet}, pyarrow, Spark, DuckDB, a
 * data lake export), put into the project's layout so the fast read can take it: {@code timestamp}
 * first (epoch ms), {@code port} second, rows ordered by port then time, counters as BIGINT.
 * <ul>
 *   <li>{@code timestamp} and {@code port} are found by name in any case and at any position; a
 *       Parquet TIMESTAMP (any unit, with or without a time zone) or DATE becomes epoch ms, an integer
 *       is taken as epoch ms already (the project's contract); a port that is no text is cast to text.</li>
 *   <li>pandas' index column ({@code __index_level_0__}, {@code Unnamed: 0} or an empty name) is left out.</li>
 *   <li>Integer columns of any width are counters; an unsigned value above 2^63 - 1 is absent (as in
 *       {@code ethtool -S}). A floating-point column named as a link measurement
 *       ({@link Telemetry#MEASUREMENTS}) stays a measurement, and so does every FLOAT or DECIMAL; any other
 *       DOUBLE column is a counter when every value is whole (pandas writes an integer column with a
 *       missing value as float64, the missing values as null or NaN: both become absent), else a
 *       measurement.</li>
 *   <li>Columns that are neither (text, booleans, lists) are left out and named in a warning.</li>
 *   <li>Rows are sorted by port then time (DuckDB sorts out of core).</li>
 * </ul>
 * The rows are written once to a temporary Parquet file in the project's layout, read, and deleted;
 * that file costs about the input's size on disk while the load runs. A file the project wrote (its
 * {@code fabriclab.*} key-value metadata) is read as it is.
 */
final class ForeignParquet {
    /** The put-in-order file and what the caller should be told about it. */
    record Normalised(Path file, List<String> warnings) {}

    private ForeignParquet() {}

    /** Whether {@code path} (an SQL string literal) carries the key-value metadata the project's writer records. */
    static boolean written(DuckDb db, String path) throws SQLException {
        try (Statement s = db.conn.createStatement();
             ResultSet r = s.executeQuery("SELECT count(*) FROM parquet_kv_metadata(" + path + ") WHERE decode(key) LIKE 'fabriclab.%'")) {
            return r.next() && r.getLong(1) > 0;
        }
    }

    /**
     * Whether a file of columns {@code types} (in file order) can be read as it is: timestamp (an integer) and
     * port (text) first, no index column, every other column an integer or a named measurement.
     * Row order is checked by the read itself ({@link NotInOrder}).
     */
    static boolean inLayout(Map<String, String> types) {
        List<String> cols = new ArrayList<>(types.keySet());
        cols.remove("file_row_number");
        if (cols.size() < 3 || !cols.get(0).equals(Telemetry.TIMESTAMP) || !cols.get(1).equals(Telemetry.PORT)) return false;
        if (!isInteger(types.get(cols.get(0))) || !types.get(cols.get(1)).equals("VARCHAR")) return false;
        for (String c : cols.subList(2, cols.size())) {
            String t = types.get(c);
            if (isIndex(c) || !(isInteger(t) && !t.startsWith("U") && !t.equals("HUGEINT") || isFloating(t) && !(t.equals("DOUBLE") && !Telemetry.MEASUREMENTS.contains(c)))) return false;
        }
        return true;
    }

    /** A SELECT over another program's Parquet history that gives the project's columns (rows in file order), and what it did. */
    record Layout(String select, List<String> warnings) {}

    /**
     * The SELECT that reads {@code src} (a {@code read_parquet(...)} relation of columns {@code types}) in the
     * project's columns: {@code timestamp} (epoch ms), {@code port} (text), the counters as BIGINT, the
     * measurements as DOUBLE; rows in file order. One scan of the file decides which DOUBLE columns are
     * whole numbers.
     *
     * @throws CaptureException naming {@code name} when the file has no timestamp or port column, or no counter
     * @throws SQLException when DuckDB cannot read the file
     */
    static Layout layout(DuckDb db, String name, String src, Map<String, String> types) throws SQLException {
        String ts = null, port = null;
        for (String c : types.keySet()) {
            if (ts == null && c.equalsIgnoreCase(Telemetry.TIMESTAMP)) ts = c;
            if (port == null && c.equalsIgnoreCase(Telemetry.PORT)) port = c;
        }
        if (ts == null || port == null) {
            throw new CaptureException(name, 0, "expected a 'timestamp' column (epoch ms, or a Parquet TIMESTAMP) and a 'port' column, found "
                    + new ArrayList<>(types.keySet()));
        }
        String tsType = types.get(ts);
        String tsExpr;
        if (isInteger(tsType)) tsExpr = "CAST(" + q(ts) + " AS BIGINT)";
        else if (tsType.startsWith("TIMESTAMP")) tsExpr = "epoch_ms(" + q(ts) + ")";
        else if (tsType.equals("DATE")) tsExpr = "epoch_ms(CAST(" + q(ts) + " AS TIMESTAMP))";
        else throw new CaptureException(name, 0, "expected column '" + ts + "' as epoch ms or a Parquet TIMESTAMP, found " + tsType);
        List<String> wholeCandidates = new ArrayList<>();
        List<String> left = new ArrayList<>();
        for (Map.Entry<String, String> e : types.entrySet()) {
            String c = e.getKey(), t = e.getValue();
            if (c.equals(ts) || c.equals(port) || c.equals("file_row_number") || isIndex(c)) continue;
            if (t.equals("DOUBLE") && !Telemetry.MEASUREMENTS.contains(c)) wholeCandidates.add(c);
            else if (!isInteger(t) && !isFloating(t)) left.add(c + " (" + t + ")");
        }
        List<String> inexact = new ArrayList<>();
        List<String> whole = whole(db, src, wholeCandidates, inexact);
        StringBuilder sel = new StringBuilder("SELECT ").append(tsExpr).append(" AS \"timestamp\", CAST(").append(q(port)).append(" AS VARCHAR) AS port");
        int counters = 0;
        for (Map.Entry<String, String> e : types.entrySet()) {
            String c = e.getKey(), t = e.getValue();
            if (c.equals(ts) || c.equals(port) || c.equals("file_row_number") || isIndex(c)) continue;
            if (isInteger(t)) {
                sel.append(", ").append(isSignedBigint(t) ? q(c) : "TRY_CAST(" + q(c) + " AS BIGINT)").append(" AS ").append(q(c));
                counters++;
            } else if (whole.contains(c)) {
                sel.append(", CASE WHEN isnan(").append(q(c)).append(") THEN NULL ELSE CAST(").append(q(c)).append(" AS BIGINT) END AS ").append(q(c));
                counters++;
            } else if (isFloating(t)) {
                sel.append(", CAST(").append(q(c)).append(" AS DOUBLE) AS ").append(q(c));
            }
        }
        if (counters == 0) throw new CaptureException(name, 0, "expected at least one counter column (integers, or whole numbers), found " + types);
        sel.append(" FROM ").append(src);
        List<String> warnings = new ArrayList<>();
        warnings.add(name + ": not in the project's Parquet layout; read as timestamp " + describe(ts, tsType) + ", port '" + port + "'"
                + (whole.isEmpty() ? "" : "; floating-point columns of whole numbers read as counters: " + String.join(", ", whole)));
        if (!inexact.isEmpty()) {
            warnings.add(name + ": " + String.join(", ", inexact) + " hold values above 2^53 as floating point, where the last digits may already be lost"
                    + " (write counters as integers, e.g. pandas' Int64 or uint64)");
        }
        if (!left.isEmpty()) warnings.add(name + ": columns left out (a history holds counters and measurements): " + String.join(", ", left));
        return new Layout(sel.toString(), warnings);
    }

    /**
     * Writes the rows of {@code src} (a {@code read_parquet(...)} relation of columns {@code types}) in the
     * project's layout ({@link #layout}, rows in port then time order) to a fresh temporary file.
     *
     * @throws CaptureException naming {@code name} when the file has no timestamp or port column, or no counter
     * @throws SQLException when DuckDB cannot read or write the rows
     */
    static Normalised normalise(DuckDb db, String name, String src, Map<String, String> types) throws SQLException {
        Layout l = layout(db, name, src, types);
        Path tmp;
        try {
            tmp = Files.createTempFile("fabriclab-history-", ".parquet");
        } catch (IOException e) {
            throw new CaptureException(name, 0, "cannot make a temporary file to put the Parquet history in order: " + e.getMessage(), e);
        }
        try {
            db.execute("SET preserve_insertion_order = true");
            db.execute("COPY (" + l.select() + " ORDER BY port, \"timestamp\") TO " + SweepSql.string(tmp.toAbsolutePath().toString())
                    + " (FORMAT parquet, COMPRESSION lz4_raw, ROW_GROUP_SIZE " + DuckDbParquet.ROW_GROUP + ", PARQUET_VERSION V2)");
        } catch (SQLException | RuntimeException e) {
            tmp.toFile().delete();
            throw e;
        }
        List<String> warnings = new ArrayList<>(l.warnings());
        warnings.set(0, warnings.get(0) + ", rows put in port and time order");
        return new Normalised(tmp, warnings);
    }

    /**
     * The relation an SQL engine sweeps for Parquet file {@code path} (an SQL string literal): the file as it
     * is when the project wrote it or it is in the project's layout, else a subquery of {@link #layout}.
     */
    static String relation(DuckDb db, String name, String path) throws SQLException {
        String src = "read_parquet(" + path + ")";
        if (written(db, path)) return src;
        Map<String, String> types = db.columnTypes(src);
        return inLayout(types) ? src : "(" + layout(db, name, src, types).select() + ")";
    }

    /**
     * The candidates whose every value is whole (NULL and NaN allowed) and within a long, in one scan; those
     * holding a value above 2^53 (where a double no longer holds every integer, so a counter written as
     * float64 may have lost its last digits) are added to {@code inexact}.
     */
    private static List<String> whole(DuckDb db, String src, List<String> candidates, List<String> inexact) throws SQLException {
        List<String> out = new ArrayList<>();
        if (candidates.isEmpty()) return out;
        StringBuilder sel = new StringBuilder("SELECT ");
        for (int i = 0; i < candidates.size(); i++) {
            String c = q(candidates.get(i));
            if (i > 0) sel.append(", ");
            sel.append("coalesce(bool_and(").append(c).append(" IS NULL OR isnan(").append(c).append(") OR (").append(c).append(" = trunc(").append(c)
                    .append(") AND abs(").append(c).append(") < 9.2e18)), true), coalesce(max(CASE WHEN isnan(").append(c).append(") THEN 0 ELSE abs(")
                    .append(c).append(") END) > 9007199254740992, false)");
        }
        try (Statement s = db.conn.createStatement(); ResultSet r = s.executeQuery(sel.append(" FROM ").append(src).toString())) {
            r.next();
            for (int i = 0; i < candidates.size(); i++) {
                if (!r.getBoolean(2 * i + 1)) continue;
                out.add(candidates.get(i));
                if (r.getBoolean(2 * i + 2)) inexact.add(candidates.get(i));
            }
        }
        return out;
    }

    private static String describe(String ts, String type) {
        return "'" + ts + "'" + (isInteger(type) ? " (epoch ms)" : " (" + type + ", as epoch ms)");
    }

    /** pandas' index column, as {@code to_parquet} or a CSV round trip leave it. */
    static boolean isIndex(String c) {
        return c.isEmpty() || c.equals("Unnamed: 0") || c.matches("__index_level_\\d+__");
    }

    private static boolean isSignedBigint(String t) { return t.equals("BIGINT"); }

    private static boolean isInteger(String t) {
        return switch (t.toUpperCase(Locale.ROOT)) {
            case "TINYINT", "SMALLINT", "INTEGER", "BIGINT", "UTINYINT", "USMALLINT", "UINTEGER", "UBIGINT", "HUGEINT", "UHUGEINT" -> true;
            default -> false;
        };
    }

    private static boolean isFloating(String t) { return t.equals("DOUBLE") || t.equals("FLOAT") || t.startsWith("DECIMAL"); }

    private static String q(String c) { return SweepSql.DUCKDB.apply(c); }

    /** The read found a port's rows apart or its times not increasing: a foreign file is then put in order and read again. */
    static final class NotInOrder extends CaptureException {
        /** What was out of order, without the file's name. */
        final String detail;

        NotInOrder(String file, String detail) {
            super(file, 0, detail);
            this.detail = detail;
        }
    }
}
