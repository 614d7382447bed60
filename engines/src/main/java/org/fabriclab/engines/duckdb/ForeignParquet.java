package org.fabriclab.engines.duckdb;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

import org.fabriclab.capture.CaptureException;
import org.fabriclab.engines.sql.ForeignColumns;
import org.fabriclab.engines.sql.SweepSql;

/**
 * A Parquet history written by another program, read through DuckDB: the columns mapped by
 * {@link ForeignColumns}, the rows put in port then time order in a temporary Parquet file of the
 * project's layout, which the fast read takes and then deletes (about the input's size on disk while the
 * load runs); the DuckDB engine sweeps the mapping as a subquery instead ({@link #relation}). A file the
 * project wrote (its {@code fabriclab.*} key-value metadata) is read as it is.
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

    /** {@link ForeignColumns} of {@code src} (columns {@code types}) with its DOUBLE columns settled by one scan. */
    static ForeignColumns columns(DuckDb db, String name, String src, Map<String, String> types) throws SQLException {
        ForeignColumns m = ForeignColumns.of(name, types);
        List<String> cands = m.wholeCandidates(), whole = new ArrayList<>(), inexact = new ArrayList<>();
        String q = m.wholeQuery(ForeignColumns.Dialect.DUCKDB, src);
        if (q != null) {
            try (Statement s = db.conn.createStatement(); ResultSet r = s.executeQuery(q)) {
                r.next();
                for (int i = 0; i < cands.size(); i++) {
                    if (!r.getBoolean(2 * i + 1)) continue;
                    whole.add(cands.get(i));
                    if (r.getBoolean(2 * i + 2)) inexact.add(cands.get(i));
                }
            }
        }
        return m.decide(whole, inexact);
    }

    /**
     * Writes the rows of {@code src} (a {@code read_parquet(...)} relation of columns {@code types}) in the
     * project's layout, in port then time order, to a fresh temporary file.
     *
     * @throws CaptureException naming {@code name} when the file has no timestamp or port column, or no counter
     * @throws SQLException when DuckDB cannot read or write the rows
     */
    static Normalised normalise(DuckDb db, String name, String src, Map<String, String> types) throws SQLException {
        ForeignColumns m = columns(db, name, src, types);
        Path tmp;
        try {
            tmp = Files.createTempFile("fabriclab-history-", ".parquet");
        } catch (IOException e) {
            throw new CaptureException(name, 0, "cannot make a temporary file to put the Parquet history in order: " + e.getMessage(), e);
        }
        try {
            db.execute("SET preserve_insertion_order = true");
            db.execute("COPY (" + m.select(ForeignColumns.Dialect.DUCKDB, src) + " ORDER BY port, \"timestamp\") TO "
                    + SweepSql.string(tmp.toAbsolutePath().toString()) + " (FORMAT parquet, COMPRESSION lz4_raw, ROW_GROUP_SIZE "
                    + DuckDbParquet.ROW_GROUP + ", PARQUET_VERSION V2)");
        } catch (SQLException | RuntimeException e) {
            tmp.toFile().delete();
            throw e;
        }
        List<String> warnings = new ArrayList<>(m.warnings());
        warnings.set(0, warnings.get(0) + ", rows put in port and time order");
        return new Normalised(tmp, warnings);
    }

    /**
     * The relation an SQL engine sweeps for Parquet file {@code path} (an SQL string literal): the file as it
     * is when the project wrote it or it is in the project's layout, else a subquery of the mapping.
     */
    static String relation(DuckDb db, String name, String path) throws SQLException {
        String src = "read_parquet(" + path + ")";
        if (written(db, path)) return src;
        Map<String, String> types = db.columnTypes(src);
        return ForeignColumns.inLayout(types) ? src : "(" + columns(db, name, src, types).select(ForeignColumns.Dialect.DUCKDB, src) + ")";
    }

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
