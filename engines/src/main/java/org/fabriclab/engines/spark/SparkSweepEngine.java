package org.fabriclab.engines.spark;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStream;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.zip.GZIPInputStream;

import org.apache.spark.sql.Dataset;
import org.apache.spark.sql.Row;
import org.apache.spark.sql.RowFactory;
import org.apache.spark.sql.SparkSession;
import org.apache.spark.sql.types.DataTypes;
import org.apache.spark.sql.types.StructField;
import org.apache.spark.sql.types.StructType;
import org.fabriclab.capture.CaptureException;
import org.fabriclab.capture.Telemetry;
import org.fabriclab.engines.duckdb.DuckDbParquet;
import org.fabriclab.engines.sql.ForeignColumns;
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

/**
 * The sweep on Apache Spark, for fleets past one machine: the same SQL as the DuckDB engine
 * ({@link SweepSql}, Spark dialect) over the Parquet or CSV file, read by Spark's own readers, with
 * the labels as a small broadcast relation. {@code master} is {@code local[N]} (tests, one machine),
 * a cluster URL ({@code spark://host:7077}, {@code yarn}, {@code k8s://...}: the file must then be
 * on storage every executor reads, e.g. HDFS or S3), or {@code sc://host:15002} for Spark Connect
 * (needs {@code spark-connect-client-jvm} on the class path). Other {@code spark.*} options pass
 * through to the session. On Java 17 the JVM needs Spark's {@code --add-opens} flags (see the
 * README's engines section). Inside {@code spark-submit}, the active session is used.
 *
 * <pre>{@code
 * SweepEngine e = SweepEngines.spark("local[2]");
 * e.sweep(HistoryFile.of(Path.of("history.parquet")), RateRule.congestion(), Thresholds.log(100, 1e5, 50), labels, Progress.NONE);
 * }</pre>
 */
public final class SparkSweepEngine implements SweepEngine, AutoCloseable {
    private static final AtomicInteger VIEWS = new AtomicInteger();
    private final Map<String, String> options;
    private SparkSession session;
    private boolean owned;

    public SparkSweepEngine(Map<String, String> options) { this.options = Map.copyOf(options); }

    @Override public String name() { return "spark"; }

    /** The session: the active one (spark-submit), else one built from the options. */
    public synchronized SparkSession session() {
        if (session != null) return session;
        var active = SparkSession.getActiveSession();
        if (active.isDefined() && !options.containsKey("master")) {
            session = active.get();
            return session;
        }
        String master = options.getOrDefault("master", "local[*]");
        SparkSession.Builder b = SparkSession.builder().appName("fabriclab sweep");
        if (master.startsWith("sc://")) {
            b.config("spark.remote", master).config("spark.api.mode", "connect");
        } else {
            b.master(master).config("spark.ui.enabled", "false").config("spark.sql.shuffle.partitions", "8")
                    .config("spark.sql.adaptive.enabled", "true");
        }
        // a Parquet TIMESTAMP without a zone is UTC, as DuckDB and the CSV reader take it (ForeignColumns), not this JVM's zone
        b.config("spark.sql.session.timeZone", "UTC");
        options.forEach((k, v) -> { if (k.startsWith("spark.")) b.config(k, v); });
        try {
            session = b.getOrCreate();
        } catch (IllegalAccessError | ExceptionInInitializerError | NoClassDefFoundError e) {
            throw new IllegalStateException("Spark cannot start in this JVM: " + e + ". On Java 17 it needs --add-opens flags "
                    + "(README, engines: FABRICLAB_JAVA_OPTS); Spark Connect needs spark-connect-client-jvm on the class path", e);
        }
        session.sparkContext().setLogLevel(options.getOrDefault("log_level", "WARN"));
        owned = true;
        return session;
    }

    @Override public ClassSweep sweep(History h, RateRule rule, double[] thresholds, Labels labels, PortClasses classes, Progress progress) {
        String master = options.getOrDefault("master", "local[*]");
        if (!master.startsWith("local")) {
            throw new IllegalArgumentException("an in-memory history can be swept by Spark only in local mode; write it as Parquet "
                    + "where the cluster reads it (HistoryFormats.write) and sweep the file");
        }
        return DuckDbParquet.viaTemporaryFile(h, "Spark", f -> sweep(f, rule, thresholds, labels, classes, progress));
    }

    @Override public ClassSweep sweep(HistoryFile file, RateRule rule, double[] thresholds, Labels labels, PortClasses classes,
                                      Progress progress) {
        long t0 = System.nanoTime();
        HistoryFile f = DuckDbParquet.withRecordedSources(file);
        org.fabriclab.engines.sql.CsvLayout.check(f);
        double[] th = SweepSql.ascending(thresholds);
        String name = f.path().toString();
        String stage = "sweep " + rule.name() + " (spark)";
        progress.update(stage, 0, 1);
        SparkSession s = session();
        String path = f.path().toString().contains("://") ? f.path().toString() : f.path().toAbsolutePath().toString();
        Dataset<Row> h;
        try {
            h = f.format() == HistoryFile.Format.PARQUET ? s.read().parquet(path)
                    : s.read().option("header", "true").option("mode", "FAILFAST").schema(csvSchema(f)).csv(path);
            if (f.format() == HistoryFile.Format.PARQUET && !f.path().toString().contains("://") && !DuckDbParquet.isOwn(f.path())) h = foreign(s, h, name);
        } catch (CaptureException e) {
            throw e;
        } catch (Exception e) {        // AnalysisException is checked in Java's eyes
            throw new CaptureException(name, 0, "Spark cannot read the history: " + e.getMessage(), e);
        }
        RateRule.Resolved resolved = rule.resolve(name, List.of(h.columns()));
        int id = VIEWS.incrementAndGet();
        String view = "fabriclab_history_" + id, labelView = "fabriclab_labels_" + id;
        h.createOrReplaceTempView(view);
        List<Row> rows = new ArrayList<>();
        for (Labels.Incident i : labels.of(rule.layer())) rows.add(RowFactory.create(i.port(), i.startMs(), i.endMs()));
        StructType ls = new StructType(new StructField[] {
                DataTypes.createStructField("port", DataTypes.StringType, false),
                DataTypes.createStructField("s", DataTypes.LongType, false),
                DataTypes.createStructField("e", DataTypes.LongType, false)});
        s.createDataFrame(rows, ls).createOrReplaceTempView(labelView);
        String classView = null;
        if (!classes.isNone() && !classes.ports().isEmpty()) {
            classView = "fabriclab_classes_" + id;
            List<Row> cr = new ArrayList<>();
            for (var e : classes.ports().entrySet()) cr.add(RowFactory.create(e.getKey(), e.getValue()));
            StructType cs = new StructType(new StructField[] {
                    DataTypes.createStructField("port", DataTypes.StringType, false),
                    DataTypes.createStructField("cls", DataTypes.IntegerType, false)});
            s.createDataFrame(cr, cs).createOrReplaceTempView(classView);
        }
        Tally tally = new Tally(name, th.length, classes);
        try {
            String sql = SweepSql.query(f, resolved, th, view, labelView, classView, classes.count() - 1, SweepSql.SPARK);
            for (Row r : s.sql(sql).collectAsList()) {
                tally.add(r.getInt(0), r.getString(1), r.isNullAt(2) ? null : r.getLong(2), r.isNullAt(3) ? null : r.getInt(3), r.getLong(4),
                        r.isNullAt(5) ? null : r.getLong(5), r.isNullAt(6) ? null : r.getLong(6));
            }
        } catch (CaptureException | IllegalArgumentException e) {
            throw e;
        } catch (Exception e) {
            throw new CaptureException(name, 0, "Spark cannot sweep the history: " + e.getMessage(), e);
        } finally {
            s.catalog().dropTempView(view);
            s.catalog().dropTempView(labelView);
            if (classView != null) s.catalog().dropTempView(classView);
        }
        progress.update(stage, 1, 1);
        return tally.result(rule, name(), th, (System.nanoTime() - t0) / 1_000_000);
    }

    /** The CSV's schema from its header: timestamp and counters BIGINT (never inferred), port a string, measurements doubles. */
    static StructType csvSchema(HistoryFile f) {
        String line;
        try (InputStream raw = Files.newInputStream(f.path());
             InputStream in = f.format() == HistoryFile.Format.CSV_GZ ? new GZIPInputStream(raw) : raw;
             BufferedReader r = new BufferedReader(new InputStreamReader(in, StandardCharsets.UTF_8))) {
            line = r.readLine();
        } catch (IOException e) {
            throw new CaptureException(f.path().toString(), 0, "cannot read history: " + e.getMessage(), e);
        }
        if (line == null) throw new CaptureException(f.path().toString(), 1, "expected a header line, found an empty file");
        String[] names = line.strip().split(",", -1);
        if (names.length < 3 || !names[0].equals(Telemetry.TIMESTAMP) || !names[1].equals(Telemetry.PORT)) {
            throw new CaptureException(f.path().toString(), 1, "expected a header 'timestamp,port,<counter>...', found '" + line + "'");
        }
        StructField[] fs = new StructField[names.length];
        for (int i = 0; i < names.length; i++) {
            String n = names[i].strip();
            fs[i] = DataTypes.createStructField(n, i == 1 ? DataTypes.StringType
                    : Telemetry.MEASUREMENTS.contains(n) ? DataTypes.DoubleType : DataTypes.LongType, true);
        }
        return new StructType(fs);
    }

    /** Stops the session if this engine started it. */
    @Override public synchronized void close() {
        if (session != null && owned) session.stop();
        session = null;
    }

    /**
     * Another program's Parquet history (pandas, pyarrow) as the project's columns, by the mapping every engine
     * uses ({@link ForeignColumns}); the file as it is when it is in the project's layout already.
     */
    private static Dataset<Row> foreign(SparkSession s, Dataset<Row> h, String name) {
        Map<String, String> types = new java.util.LinkedHashMap<>();
        for (StructField field : h.schema().fields()) types.put(field.name(), ForeignColumns.duckdbType(field.dataType().simpleString()));
        if (ForeignColumns.inLayout(types)) return h;
        ForeignColumns m = ForeignColumns.of(name, types);
        String raw = "fabriclab_foreign_" + VIEWS.incrementAndGet();
        h.createOrReplaceTempView(raw);
        List<String> cands = m.wholeCandidates(), whole = new ArrayList<>(), inexact = new ArrayList<>();
        String q = m.wholeQuery(ForeignColumns.Dialect.SPARK, raw);
        if (q != null) {
            Row r = s.sql(q).first();
            for (int i = 0; i < cands.size(); i++) {
                if (!r.getBoolean(2 * i)) continue;
                whole.add(cands.get(i));
                if (r.getBoolean(2 * i + 1)) inexact.add(cands.get(i));
            }
        }
        return s.sql(m.decide(whole, inexact).select(ForeignColumns.Dialect.SPARK, raw));
    }

    @Override public String toString() { return "SparkSweepEngine" + options; }
}
