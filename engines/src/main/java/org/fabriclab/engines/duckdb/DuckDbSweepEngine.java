package org.fabriclab.engines.duckdb;

import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

import org.duckdb.DuckDBConnection;
import org.fabriclab.capture.CaptureException;
import org.fabriclab.engines.sql.SweepSql;
import org.fabriclab.engines.sql.Tally;
import org.fabriclab.history.History;
import org.fabriclab.history.HistoryFile;
import org.fabriclab.history.Labels;
import org.fabriclab.history.Progress;
import org.fabriclab.history.RateRule;
import org.fabriclab.history.SweepEngine;
import org.fabriclab.history.ClassSweep;
import org.fabriclab.history.PortClasses;
import org.fabriclab.work.OperationInterruptedException;

/**
 * The sweep in embedded DuckDB, out of core: {@link SweepSql} over the Parquet or CSV file where it
 * lies (DuckDB spills its window sort to disk past its memory limit), the labels appended as a
 * small table. The same table as the in-memory engine, for files larger than the heap. An
 * in-memory history is first written to a temporary Parquet file.
 *
 * <pre>{@code
 * SweepEngine e = SweepEngines.duckdb();      // or new DuckDbSweepEngine(Map.of("memory_limit", "4GB"))
 * e.sweep(HistoryFile.of(Path.of("history.parquet")), RateRule.congestion(), Thresholds.log(100, 1e5, 50), labels, Progress.NONE);
 * }</pre>
 */
public final class DuckDbSweepEngine implements SweepEngine {
    private final Map<String, String> options;

    public DuckDbSweepEngine(Map<String, String> options) { this.options = Map.copyOf(options); }

    @Override public String name() { return "duckdb"; }

    @Override public ClassSweep sweep(History h, RateRule rule, double[] thresholds, Labels labels, PortClasses classes, Progress progress) {
        return DuckDbParquet.viaTemporaryFile(h, "DuckDB", f -> sweep(f, rule, thresholds, labels, classes, progress));
    }

    @Override public ClassSweep sweep(HistoryFile file, RateRule rule, double[] thresholds, Labels labels, PortClasses classes,
                                      Progress progress) {
        long t0 = System.nanoTime();
        HistoryFile f = DuckDbParquet.withRecordedSources(file);
        org.fabriclab.engines.sql.CsvLayout.check(f);
        double[] th = SweepSql.ascending(thresholds);
        String name = f.path().toString();
        String stage = "sweep " + rule.name() + " (duckdb)";
        progress.update(stage, 0, 1);
        try (DuckDb db = DuckDb.open(options)) {
            // another program's Parquet history is read through a SELECT that gives the project's columns (ForeignParquet)
            String parquet = f.format() == HistoryFile.Format.PARQUET && !f.path().toString().contains("://")
                    ? ForeignParquet.relation(db, name, SweepSql.string(f.path().toAbsolutePath().toString())) : null;
            RateRule.Resolved resolved = rule.resolve(name, db.columns(parquet != null ? parquet : DuckDb.source(f, List.of())));
            db.execute("CREATE TEMP TABLE labels (port VARCHAR, s BIGINT, e BIGINT)");
            try (var app = ((DuckDBConnection) db.conn).createAppender("temp", "main", "labels")) {
                for (Labels.Incident i : labels.of(rule.layer())) app.beginRow().append(i.port()).append(i.startMs()).append(i.endMs()).endRow();
            }
            String classTable = null;
            if (!classes.isNone() && !classes.ports().isEmpty()) {
                classTable = "classes";
                db.execute("CREATE TEMP TABLE classes (port VARCHAR, cls INTEGER)");
                try (var app = ((DuckDBConnection) db.conn).createAppender("temp", "main", "classes")) {
                    for (var e : classes.ports().entrySet()) app.beginRow().append(e.getKey()).append(e.getValue().intValue()).endRow();
                }
            }
            List<String> needed = new ArrayList<>(resolved.counters());
            if (resolved.denominator() != null) needed.add(resolved.denominator());
            String sql = SweepSql.query(f, resolved, th, parquet != null ? parquet : DuckDb.source(f, needed), "labels", classTable, classes.count() - 1,
                    SweepSql.DUCKDB);
            Tally tally = new Tally(name, th.length, classes);
            try (Statement s = db.conn.createStatement()) {
                Thread watch = DuckDb.watch(Thread.currentThread(), s);
                try (ResultSet r = s.executeQuery(sql)) {
                    while (r.next()) {
                        tally.add(r.getInt(1), r.getString(2), (Long) r.getObject(3, Long.class), (Integer) r.getObject(4, Integer.class),
                                r.getLong(5), r.getObject(6, Long.class), r.getObject(7, Long.class));
                    }
                } finally {
                    watch.interrupt();
                }
            }
            if (Thread.currentThread().isInterrupted()) throw new OperationInterruptedException("interrupted: the DuckDB sweep was cancelled");
            progress.update(stage, 1, 1);
            return tally.result(rule, name(), th, (System.nanoTime() - t0) / 1_000_000);
        } catch (SQLException e) {
            if (Thread.currentThread().isInterrupted()) throw new OperationInterruptedException("interrupted: the DuckDB sweep was cancelled");
            throw new CaptureException(name, 0, "DuckDB cannot sweep the history: " + e.getMessage(), e);
        }
    }

    @Override public String toString() { return "DuckDbSweepEngine" + options; }
}
