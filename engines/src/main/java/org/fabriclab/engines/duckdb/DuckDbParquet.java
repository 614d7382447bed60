package org.fabriclab.engines.duckdb;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.function.Function;

import org.apache.arrow.c.ArrowArrayStream;
import org.apache.arrow.c.Data;
import org.apache.arrow.memory.BufferAllocator;
import org.apache.arrow.memory.RootAllocator;
import org.duckdb.DuckDBAppender;
import org.duckdb.DuckDBChunkedResult;
import org.duckdb.DuckDBConnection;
import org.duckdb.DuckDBDataChunkReader;
import org.duckdb.DuckDBPreparedStatement;
import org.fabriclab.capture.CaptureException;
import org.fabriclab.catalogue.Source;
import org.fabriclab.delta.Rules;
import org.fabriclab.engines.sql.SweepSql;
import org.fabriclab.history.History;
import org.fabriclab.history.HistoryFile;
import org.fabriclab.history.HistoryFormat;
import org.fabriclab.history.Progress;
import org.fabriclab.history.RateRule;
import org.fabriclab.history.Steps;
import org.fabriclab.io.AtomicFiles;

/**
 * The Parquet history, read and written by DuckDB's own Parquet reader and writer: columns
 * {@code timestamp} (INT64, epoch ms), {@code port} (UTF-8, dictionary-encoded), one INT64 per
 * counter (NULL = no sample), one DOUBLE per measurement (a BER, a temperature; NULL = no sample), rows ordered by port then time, Parquet 2 data pages (cumulative counters
 * delta-encoded: DELTA_BINARY_PACKED, half the size of PLAIN), LZ4-compressed (LZ4_RAW: a third less CPU to
 * decode than zstd, for a file about 1.4x the size), with the step and the
 * counters' sources in the key-value metadata ({@code fabriclab.step_ms}, {@code fabriclab.sources}).
 * Read straight into primitive columns allocated once at their exact size (the footer's row count):
 * DuckDB decodes in parallel, several readers fetch disjoint ranges of row groups, and the vectors
 * are copied in bulk.
 * Written by DuckDB's COPY, which pulls the rows as Arrow record batches made from the columns while it
 * writes ({@link HistoryArrowStream}: no copy of the history is staged; the JVM needs
 * {@code --add-opens=java.base/java.nio=ALL-UNNAMED}, as the kernel's flags have it); without that flag the
 * rows are staged in DuckDB first, one list per run of a port's rows, at ~3.5x the columns' size in memory.
 *
 * <pre>{@code
 * new DuckDbParquet().write(history, Path.of("history.parquet"));
 * History h = History.load(Path.of("history.parquet"));
 * }</pre>
 */
public final class DuckDbParquet implements HistoryFormat {
    /** The most values of one port the writer stages in one list. */
    private static final int RUN = 1 << 16;
    /**
     * Rows per row group the writer aims at: DuckDB's own default. Each reader thread holds a row group's
     * column chunks while it decodes them; 1,000,000-row groups cost ~120 MB more peak RSS on a 17.3M-row
     * load than these, for the same CPU.
     */
    static final int ROW_GROUP = 122_880;

    @Override public HistoryFile.Format format() { return HistoryFile.Format.PARQUET; }

    @Override public History read(Path file, Map<String, Source> sources, Progress progress) {
        return read(file, sources, progress, Runtime.getRuntime().availableProcessors(), null);
    }

    /**
     * Only the columns sweeping {@code rule} reads: the timestamps, the ports and the counters the rule
     * resolves to on this file (DuckDB decodes no other column); every column when the rule reads
     * measurements or cannot be resolved here (the sweep then names what is missing).
     */
    @Override public History read(Path file, Map<String, Source> sources, Progress progress, RateRule rule) {
        return read(file, sources, progress, Runtime.getRuntime().availableProcessors(), rule);
    }

    History read(Path file, Map<String, Source> sources, Progress progress, int readers) {
        return read(file, sources, progress, readers, null);
    }

    /**
     * {@link #read(Path, Map, Progress)} with {@code readers} threads fetching disjoint ranges of row
     * groups, each through its own connection (DuckDB skips the row groups outside a
     * {@code file_row_number} range); one JDBC result is fetched by one thread, so a single result
     * leaves the other cores waiting on the hand-over. {@code rule} null: every counter; else only the
     * counters {@link #projected} keeps.
     */
    History read(Path file, Map<String, Source> sources, Progress progress, int readers, RateRule rule) {
        String name = file.toString();
        if (!Files.isRegularFile(file)) throw new CaptureException(name, 0, "no such history file");
        return read(name, file, sources, progress, readers, rule, false);
    }

    /**
     * The read of {@code file}, named {@code name} in errors; {@code ordered}: the file was put in the
     * project's layout by {@link ForeignParquet} (no second attempt).
     */
    private History read(String name, Path file, Map<String, Source> sources, Progress progress, int readers, RateRule rule, boolean ordered) {
        String stage = "reading " + Path.of(name).getFileName();
        String path = SweepSql.string(file.toAbsolutePath().toString());
        String src = "read_parquet(" + path + ", file_row_number = true)";
        try (DuckDb db = DuckDb.open(Map.of())) {
            Map<String, String> types = db.columnTypes(src);
            if (!ordered && !ForeignParquet.written(db, path)) {
                if (!org.fabriclab.engines.sql.ForeignColumns.inLayout(types)) return readForeign(db, name, path, types, sources, progress, readers, rule);
                try {
                    return read(name, file, sources, progress, readers, rule, true);
                } catch (ForeignParquet.NotInOrder e) {
                    return readForeign(db, name, path, types, sources, progress, readers, rule);
                }
            }
            List<String> cols = new ArrayList<>(types.keySet());
            if (cols.size() < 3 || !cols.get(0).equals("timestamp") || !cols.get(1).equals("port")) {
                throw new CaptureException(name, 0, "expected columns 'timestamp, port, <counter>...', found " + cols);
            }
            List<String> all = new ArrayList<>(cols.subList(2, cols.size()));
            all.remove("file_row_number");
            // floating-point columns are measurements (BER, temperature), read beside the counters whatever the rule
            List<String> measures = new ArrayList<>();
            for (String c : all) if (types.get(c).equals("DOUBLE") || types.get(c).equals("FLOAT")) measures.add(c);
            all.removeAll(measures);
            List<String> counters = rule == null ? all : projected(name, all, rule);
            Map<String, Source> given = new LinkedHashMap<>(metadataSources(db, file));
            given.putAll(sources);
            progress.update(stage, 0, 2);
            // the row count and the row groups from the footer: every column is allocated once at its exact size
            List<Long> groups = rowGroups(db, path);
            long rows = 0;
            for (long g : groups) rows += g;
            if (rows > Integer.MAX_VALUE - 16) throw new CaptureException(name, 0, rows + " rows: too large for one in-memory history; "
                    + "sweep it with SweepEngines.duckdb()");
            int n = (int) rows;
            long[] bounds = ranges(groups, Math.max(1, readers));
            int fetchers = Math.max(1, bounds.length - 1);
            ExecutorService pool = Executors.newFixedThreadPool(fetchers + 1, r -> {
                Thread t = new Thread(r, "fabriclab-parquet-reader");
                t.setDaemon(true);
                return t;
            });
            List<Future<?>> tasks = new ArrayList<>();
            List<Future<Boolean>> parts = new ArrayList<>();
            List<String> ports = new ArrayList<>();
            int[] port;
            long[] time;
            long[][] values = new long[counters.size()][];
            double[][] measured = new double[measures.size()][];
            Steps steps = new Steps();
            try {
                // the port runs in file order (each port's rows must be one block) while the columns are allocated
                // (zeroing fresh memory is most of that; allocated on several threads at once, the peak RSS was
                // 5% higher in one load of two) and then filled by the readers
                DuckDBConnection own = (DuckDBConnection) ((DuckDBConnection) db.conn).duplicate();
                Future<List<Run>> runs = pool.submit(() -> {
                    try (own) {
                        return portRuns(own, src);
                    }
                });
                tasks.add(runs);
                // the counters' columns allocated on the pool while this thread allocates the timestamps and ports:
                // zeroing fresh memory (a page fault for every 4 kB) is a third of a load's CPU and runs on every core
                List<Future<long[]>> columns = new ArrayList<>();
                for (int c = 0; c < counters.size(); c++) {
                    Future<long[]> f = pool.submit(() -> new long[n]);
                    columns.add(f);
                    tasks.add(f);
                }
                List<Future<double[]>> doubles = new ArrayList<>();
                for (int m = 0; m < measures.size(); m++) {
                    Future<double[]> f = pool.submit(() -> new double[n]);
                    doubles.add(f);
                    tasks.add(f);
                }
                time = new long[n];
                port = new int[n];
                for (int c = 0; c < counters.size(); c++) values[c] = get(columns.get(c), name);
                for (int m = 0; m < measures.size(); m++) measured[m] = get(doubles.get(m), name);
                for (int k = 0; k + 1 < bounds.length; k++) {
                    long lo = bounds[k], hi = bounds[k + 1];
                    DuckDBConnection dup = (DuckDBConnection) ((DuckDBConnection) db.conn).duplicate();
                    long[] t = time;
                    Future<Boolean> f = pool.submit(() -> {
                        try (dup) {
                            return fetch(dup, name, src, types, counters, measures, lo, hi, t, values, measured);
                        }
                    });
                    parts.add(f);
                    tasks.add(f);
                }
                long at = 0;
                for (Run r : get(runs, name)) {
                    if (r.port() == null || r.port().isEmpty()) throw new CaptureException(name, 0, "row " + r.first() + ": expected a port identity, found none");
                    if (r.first() != at) {
                        throw new ForeignParquet.NotInOrder(name, "rows must be ordered by port then time: port '" + r.port() + "' has rows after row "
                                + (r.first() + r.rows()) + " that are not together (its first row is " + r.first() + ")");
                    }
                    if (r.first() + r.rows() > n) throw new CaptureException(name, 0, "expected " + n + " rows, read more");
                    Arrays.fill(port, (int) r.first(), (int) (r.first() + r.rows()), ports.size());
                    ports.add(r.port());
                    at += r.rows();
                }
                if (at != n) throw new CaptureException(name, 0, "expected " + n + " rows, read " + at);
                boolean negative = false;
                for (Future<Boolean> f : parts) negative |= get(f, name);
                if (negative) refuseNegative(name, counters, values);
                // each port's timestamps must increase; the step's intervals counted in the same pass, range by range
                List<Steps> rangeSteps = new ArrayList<>();
                List<Future<Integer>> passes = new ArrayList<>();
                for (int k = 0; k + 1 < bounds.length; k++) {
                    int lo = (int) bounds[k], hi = (int) bounds[k + 1];
                    long[] t = time;
                    int[] pt = port;
                    Steps s = new Steps();
                    rangeSteps.add(s);
                    Future<Integer> f = pool.submit(() -> s.addIntervals(t, pt, lo, hi));
                    passes.add(f);
                    tasks.add(f);
                }
                for (int k = 0; k < passes.size(); k++) {
                    int i = get(passes.get(k), name);
                    if (i >= 0) {
                        throw new ForeignParquet.NotInOrder(name, "row " + i + ": timestamps of port '" + ports.get(port[i]) + "' must increase: "
                                + time[i - 1] + " then " + time[i]);
                    }
                    steps.addAll(rangeSteps.get(k));
                }
            } finally {
                // on an error above, the readers still finish before the database closes: no thread outlives the load
                for (Future<?> f : tasks) {
                    try {
                        f.get();
                    } catch (InterruptedException e) {
                        Thread.currentThread().interrupt();
                        break;
                    } catch (ExecutionException e) {
                        // reported above, or superseded by the error being thrown
                    }
                }
                pool.shutdown();
            }
            progress.update(stage, 1, 2);
            Map<String, long[]> m = new LinkedHashMap<>();
            for (int c = 0; c < counters.size(); c++) m.put(counters.get(c), values[c]);
            History h;
            try {
                h = History.of(name, ports, time, port, m, given, steps.mode());
                if (!measures.isEmpty()) {
                    Map<String, double[]> mm = new LinkedHashMap<>();
                    for (int k = 0; k < measures.size(); k++) mm.put(measures.get(k), measured[k]);
                    h = History.of(h.series().withMeasurements(mm));
                }
            } catch (IllegalArgumentException e) {
                throw new CaptureException(name, 0, e.getMessage());
            }
            progress.update(stage, 2, 2);
            return h;
        } catch (SQLException e) {
            throw new CaptureException(name, 0, "DuckDB cannot read the Parquet history: " + e.getMessage(), e);
        }
    }

    /**
     * A Parquet history another program wrote: put in the project's layout ({@link ForeignParquet}), read, the
     * temporary file deleted; the history carries what was done to it as warnings.
     */
    private History readForeign(DuckDb db, String name, String path, Map<String, String> types, Map<String, Source> sources, Progress progress,
                                int readers, RateRule rule) throws SQLException {
        progress.update("putting " + Path.of(name).getFileName() + " in port and time order", 0, 1);
        ForeignParquet.Normalised n = ForeignParquet.normalise(db, name, "read_parquet(" + path + ")", types);
        try {
            return read(name, n.file(), sources, progress, readers, rule, true).withWarnings(n.warnings());
        } catch (ForeignParquet.NotInOrder e) {
            // in port and time order, a time that does not increase is a port sampled twice at one time
            throw new CaptureException(name, 0, "a port has two rows at one time (read in port and time order): " + e.detail);
        } finally {
            n.file().toFile().delete();
        }
    }

    /** The counters of {@code counters} that {@code rule} reads, in file order; all of them where it reads none of these. */
    static List<String> projected(String name, List<String> counters, RateRule rule) {
        if (rule.per().kind() == RateRule.Per.Kind.SAMPLE) return counters;
        RateRule.Resolved r;
        try {
            r = rule.resolve(name, counters);
        } catch (IllegalArgumentException e) {
            return counters;
        }
        List<String> keep = new ArrayList<>(counters);
        keep.removeIf(c -> !r.counters().contains(c) && !c.equals(r.denominator()));
        return keep;
    }

    /**
     * Row bounds of at most {@code readers} ranges of whole row groups with about equal rows:
     * {@code [0, b1, ..., rows]}.
     */
    static long[] ranges(List<Long> groups, int readers) {
        long rows = 0;
        for (long g : groups) rows += g;
        int k = (int) Math.max(1, Math.min(readers, groups.size()));
        long[] out = new long[k + 1];
        int i = 1;
        long at = 0;
        for (long g : groups) {
            at += g;
            // close a range once it holds its share of the rows
            if (i < k && at >= rows * i / k) out[i++] = at;
        }
        for (; i <= k; i++) out[i] = rows;
        // drop empty ranges (a share reached inside one large group)
        return Arrays.stream(out).distinct().toArray();
    }

    /**
     * Fetches the rows {@code [lo, hi)} into the columns (each chunk copied in bulk to where its rows
     * belong; DuckDB scans in parallel, in any order), NULL counters as {@link Rules#ABSENT}, the measurements
     * {@code measures} into {@code measured} (NULL as {@code NaN}); true when a
     * counter holds a negative value. Columns DuckDB reads as BIGINT are projected as they are (no
     * expression for DuckDB to evaluate; NULLs come from the vectors' validity masks), others cast.
     */
    private static boolean fetch(DuckDBConnection conn, String name, String src, Map<String, String> types, List<String> counters,
                                 List<String> measures, long lo, long hi, long[] time, long[][] values, double[][] measured) throws SQLException {
        StringBuilder q = new StringBuilder("SELECT file_row_number, ").append(asBigint(types, "timestamp"));
        for (String c : counters) q.append(", ").append(asBigint(types, c));
        for (String m : measures) {
            String col = SweepSql.DUCKDB.apply(m);
            q.append(", ").append("DOUBLE".equals(types.get(m)) ? col : "CAST(" + col + " AS DOUBLE)");
        }
        q.append(" FROM ").append(src).append(" WHERE file_row_number >= ").append(lo).append(" AND file_row_number < ").append(hi);
        long got = 0;
        boolean negative = false;
        long[] rowNo = new long[4096];
        try (DuckDBPreparedStatement ps = (DuckDBPreparedStatement) conn.prepareStatement(q.toString());
             DuckDBChunkedResult r = ps.query()) {
            while (r.nextChunk()) {
                DuckDBDataChunkReader ch = r.chunk();
                int k = (int) ch.rowCount();
                if (k == 0) continue;
                if (rowNo.length < k) rowNo = new long[k];
                VectorCopy.longs(ch.vector(0), 0, rowNo, 0, k, Rules.ABSENT);
                // a chunk's rows are consecutive rows of the file; any other chunk is taken piece by consecutive piece
                int from = 0;
                while (from < k) {
                    int to = rowNo[k - 1] - rowNo[from] == k - 1 - from ? k : from + 1;
                    while (to < k && rowNo[to] == rowNo[to - 1] + 1) to++;
                    long first = rowNo[from];
                    if (first < lo || first + (to - from) > hi) throw new CaptureException(name, 0, "the file changed while it was read");
                    negative |= piece(ch, name, counters, from, to - from, (int) first, time, values, measured);
                    from = to;
                }
                got += k;
            }
        }
        if (got != hi - lo) throw new CaptureException(name, 0, "expected " + (hi - lo) + " rows from row " + lo + ", read " + got);
        return negative;
    }

    /**
     * Copies chunk rows {@code [from, from + k)}, file rows {@code [at, at + k)}, into the columns; true when
     * a counter holds a negative value.
     *
     * @throws CaptureException naming the file and the row when a timestamp is NULL
     */
    private static boolean piece(DuckDBDataChunkReader ch, String name, List<String> counters, int from, int k, int at, long[] time,
                                 long[][] values, double[][] measured) {
        if (VectorCopy.longs(ch.vector(1), from, time, at, k, Rules.ABSENT)) {
            for (int i = at; i < at + k; i++) {
                if (time[i] == Rules.ABSENT) throw new CaptureException(name, 0, "row " + i + ": expected a timestamp, found none");
            }
        }
        boolean negative = false;
        for (int c = 0; c < counters.size(); c++) {
            long[] v = values[c];
            VectorCopy.longs(ch.vector(c + 2), from, v, at, k, Rules.ABSENT);
            negative |= negative(v, at, at + k);
        }
        for (int m = 0; m < measured.length; m++) VectorCopy.doubles(ch.vector(counters.size() + 2 + m), from, measured[m], at, k);
        return negative;
    }

    /** Whether {@code v[from..to)} holds a negative value other than {@link Rules#ABSENT}. */
    private static boolean negative(long[] v, int from, int to) {
        boolean neg = false;
        for (int i = from; i < to; i++) neg |= v[i] < 0 & v[i] != Rules.ABSENT;
        return neg;
    }

    /** Column {@code c} as a BIGINT: as it is where DuckDB reads it as one, else cast. */
    private static String asBigint(Map<String, String> types, String c) {
        String col = SweepSql.DUCKDB.apply(c);
        return "BIGINT".equals(types.get(c)) ? col : "CAST(" + col + " AS BIGINT)";
    }

    /** One port's rows in the file: {@code rows} rows from row {@code first}. */
    private record Run(String port, long first, long rows) {}

    /** Every port's run of rows, in file order (a port whose rows are not together has a run longer than its rows). */
    private static List<Run> portRuns(DuckDBConnection conn, String src) throws SQLException {
        List<Run> out = new ArrayList<>();
        try (Statement s = conn.createStatement();
             ResultSet r = s.executeQuery("SELECT port, min(file_row_number) AS first, count(*) AS n FROM " + src + " GROUP BY port ORDER BY first")) {
            while (r.next()) out.add(new Run(r.getString(1), r.getLong(2), r.getLong(3)));
        }
        return out;
    }

    /** Waits for one task of the load; its failure becomes the load's. */
    private static <T> T get(Future<T> f, String name) throws SQLException {
        try {
            return f.get();
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new CaptureException(name, 0, "interrupted while reading");
        } catch (ExecutionException e) {
            Throwable t = e.getCause();
            if (t instanceof SQLException s) throw s;
            if (t instanceof RuntimeException r) throw r;
            if (t instanceof Error err) throw err;
            throw new IllegalStateException(t);
        }
    }

    /** The first negative counter value, in counter then row order (the readers only flag that one exists). */
    private static void refuseNegative(String name, List<String> counters, long[][] values) {
        for (int c = 0; c < counters.size(); c++) {
            long[] v = values[c];
            for (int i = 0; i < v.length; i++) {
                if (v[i] < 0 && v[i] != Rules.ABSENT) {
                    throw new CaptureException(name, 0, "row " + i + ": counter '" + counters.get(c) + "' must not be negative, found " + v[i]);
                }
            }
        }
    }

    @Override public void write(History h, Path file) {
        try {
            // a temporary beside the file, renamed into place; a killed writer's temporary goes at the next write
            AtomicFiles.writeFile(file, tmp -> copy(h, tmp));
        } catch (IOException e) {
            throw new IllegalStateException("cannot write the Parquet history '" + file + "': " + e.getMessage(), e);
        }
    }

    /**
     * Writes {@code h} to {@code tmp} as Parquet: streamed to DuckDB as Arrow batches where Arrow can run
     * ({@link HistoryArrowStream#usable()}), else staged in DuckDB first.
     */
    private static void copy(History h, Path tmp) throws IOException {
        if (HistoryArrowStream.usable()) copyStreamed(h, tmp, ROW_GROUP); else copyStaged(h, tmp);
    }

    /**
     * The writer that needs no copy of the history: DuckDB's COPY, on one thread, pulls {@code batchRows}-row
     * Arrow batches made from the columns as it writes, through Arrow's C stream interface. Measured beside
     * the history's own columns: +0.1 GB peak RSS at 17.3M and at 51.8M rows (the staged writer: +5 GB at 17.3M).
     */
    static void copyStreamed(History h, Path tmp, int batchRows) throws IOException {
        // one DuckDB thread: with two, its in-order COPY held batches in proportion to the history (+2.4 GB at 51.8M rows)
        try (DuckDb db = DuckDb.open(Map.of("threads", "1"));
             BufferAllocator alloc = new RootAllocator();
             HistoryArrowStream rows = new HistoryArrowStream(alloc, h, batchRows);
             ArrowArrayStream stream = ArrowArrayStream.allocateNew(alloc)) {
            Data.exportArrayStream(alloc, rows, stream);
            ((DuckDBConnection) db.conn).registerArrowStream("h_rows", stream);
            copyOut(db, h, "h_rows", "%s", tmp);
        } catch (SQLException e) {
            throw new IOException("DuckDB cannot write Parquet: " + e.getMessage(), e);
        }
    }

    /**
     * The writer for a JVM where Arrow cannot run: stages {@code h} in a DuckDB table, one row per run of a
     * port's rows (at most {@link #RUN} values) with its columns as lists, then COPYs it out unnested. The
     * staged table costs ~3.5x the columns' own size in native memory.
     */
    static void copyStaged(History h, Path tmp) throws IOException {
        // the staged copy of the history and its in-order COPY need DuckDB's own default limit (see DuckDb.OWN_DEFAULT)
        try (DuckDb db = DuckDb.open(Map.of("memory_limit", DuckDb.OWN_DEFAULT))) {
            StringBuilder ddl = new StringBuilder("CREATE TEMP TABLE h (port VARCHAR, ts BIGINT[]");
            List<String> counters = h.counters();
            for (int c = 0; c < counters.size(); c++) ddl.append(", ").append(HistoryArrowStream.counterColumn(c)).append(" BIGINT[]");
            List<String> measures = h.series().measurements();
            for (int m = 0; m < measures.size(); m++) ddl.append(", ").append(HistoryArrowStream.measureColumn(m)).append(" DOUBLE[]");
            db.execute(ddl.append(')').toString());
            DuckDBConnection dc = (DuckDBConnection) db.conn;
            long[] time = h.time();
            int[] port = h.port();
            long[][] v = new long[counters.size()][];
            for (int c = 0; c < v.length; c++) v[c] = h.values(counters.get(c));
            try (DuckDBAppender a = dc.createAppender("temp", "main", "h")) {
                for (int from = 0; from < time.length; ) {
                    int to = from + 1;
                    while (to < time.length && to - from < RUN && port[to] == port[from]) to++;
                    a.beginRow().append(h.ports().get(port[from])).append(Arrays.copyOfRange(time, from, to));
                    for (long[] col : v) {
                        long[] part = Arrays.copyOfRange(col, from, to);
                        boolean[] absent = null;
                        for (int i = 0; i < part.length; i++) {
                            if (part[i] != Rules.ABSENT) continue;
                            if (absent == null) absent = new boolean[part.length];
                            absent[i] = true;
                        }
                        if (absent == null) a.append(part); else a.append(part, absent);
                    }
                    for (String m : measures) {
                        double[] part = Arrays.copyOfRange(h.series().measure(m), from, to);
                        boolean[] absent = new boolean[part.length];
                        for (int i = 0; i < part.length; i++) absent[i] = Double.isNaN(part[i]);
                        a.append(part, absent);
                    }
                    a.endRow();
                    from = to;
                }
            }
            // several unnests in one SELECT run side by side; with insertion order kept, rows come out as staged
            copyOut(db, h, "h", "unnest(%s)", tmp);
        } catch (SQLException e) {
            throw new IOException("DuckDB cannot write Parquet: " + e.getMessage(), e);
        }
    }

    /**
     * COPYs table {@code from} (columns {@code ts}, {@code port}, {@code c0..}; each but {@code port} read
     * through {@code column}, a format such as {@code unnest(%s)}) to {@code tmp}, rows in the order they come.
     */
    private static void copyOut(DuckDb db, History h, String from, String column, Path tmp) throws SQLException, IOException {
        List<String> counters = h.counters();
        StringBuilder sel = new StringBuilder("SELECT ").append(String.format(column, "ts")).append(" AS timestamp, port");
        StringBuilder srcs = new StringBuilder();
        for (int c = 0; c < counters.size(); c++) {
            sel.append(", ").append(String.format(column, HistoryArrowStream.counterColumn(c))).append(" AS ").append(SweepSql.DUCKDB.apply(counters.get(c)));
            if (srcs.length() > 0) srcs.append(',');
            srcs.append(counters.get(c)).append('=').append(h.column(counters.get(c)).orElseThrow().source().key());
        }
        List<String> measures = h.series().measurements();
        for (int m = 0; m < measures.size(); m++) {
            sel.append(", ").append(String.format(column, HistoryArrowStream.measureColumn(m))).append(" AS ").append(SweepSql.DUCKDB.apply(measures.get(m)));
        }
        sel.append(" FROM ").append(from);
        db.execute("SET preserve_insertion_order = true");
        db.execute("COPY (" + sel + ") TO " + SweepSql.string(tmp.toAbsolutePath().toString()) + " (FORMAT parquet, COMPRESSION lz4_raw, ROW_GROUP_SIZE " + ROW_GROUP + ", PARQUET_VERSION V2, "
                + "KV_METADATA {'fabriclab.step_ms': " + SweepSql.string(Long.toString(h.stepMs())) + ", 'fabriclab.sources': "
                + SweepSql.string(srcs.toString()) + "})");
        checkWritten(db, tmp, h.time().length);
    }

    /**
     * Checks that the file DuckDB wrote holds {@code rows} rows, by its footer: a writer that loses rows
     * (an appender refused under a memory limit, a stream ended early) fails instead of leaving a
     * shorter history behind.
     *
     * @throws SQLException when DuckDB cannot read the footer
     * @throws IOException when the footer's row count differs from {@code rows}
     */
    static void checkWritten(DuckDb db, Path file, long rows) throws SQLException, IOException {
        long got = 0;
        for (long g : rowGroups(db, SweepSql.string(file.toAbsolutePath().toString()))) got += g;
        if (got != rows) throw new IOException("DuckDB wrote " + got + " rows of " + rows + " to " + file + "; the file is not kept");
    }

    /** The row count of every row group of the Parquet file {@code path} (an SQL string literal), in order, from its footer. */
    private static List<Long> rowGroups(DuckDb db, String path) throws SQLException {
        List<Long> groups = new ArrayList<>();
        try (Statement s = db.conn.createStatement();
             ResultSet r = s.executeQuery("SELECT row_group_id, any_value(row_group_num_rows) FROM parquet_metadata(" + path
                     + ") GROUP BY row_group_id ORDER BY row_group_id")) {
            while (r.next()) groups.add(r.getLong(2));
        }
        return groups;
    }

    /**
     * Whether the local Parquet file {@code file} was written by the project (its {@code fabriclab.*} metadata), so
     * its columns are the project's; false for another program's.
     *
     * @throws CaptureException when DuckDB cannot read the file's metadata
     */
    public static boolean isOwn(Path file) {
        try (DuckDb db = DuckDb.open(Map.of())) {
            return ForeignParquet.written(db, SweepSql.string(file.toAbsolutePath().toString()));
        } catch (SQLException e) {
            throw new CaptureException(file.toString(), 0, "DuckDB cannot read the Parquet metadata: " + e.getMessage(), e);
        }
    }

    /**
     * {@code f} with the sources recorded in its Parquet metadata added under the ones it names
     * (what the caller said wins); other files unchanged.
     */
    public static HistoryFile withRecordedSources(HistoryFile f) {
        if (f.format() != HistoryFile.Format.PARQUET || f.path().toString().contains("://") || !Files.isRegularFile(f.path())) return f;
        try (DuckDb db = DuckDb.open(Map.of())) {
            Map<String, Source> m = new LinkedHashMap<>(metadataSources(db, f.path()));
            m.putAll(f.sources());
            return new HistoryFile(f.path(), m);
        } catch (SQLException e) {
            throw new CaptureException(f.path().toString(), 0, "DuckDB cannot read the Parquet metadata: " + e.getMessage(), e);
        }
    }

    /**
     * Writes {@code h} to a temporary Parquet file, runs {@code sweep} on it and deletes the file: how an
     * engine that reads files (DuckDB, Spark) sweeps a history held in memory. {@code engine} names it in
     * the error when the file cannot be written.
     *
     * @throws IllegalStateException when the temporary file cannot be created or written
     */
    public static <T> T viaTemporaryFile(History h, String engine, Function<HistoryFile, T> sweep) {
        Path tmp = null;
        try {
            tmp = Files.createTempFile("fabriclab-sweep-", ".parquet");
            new DuckDbParquet().write(h, tmp);
            return sweep.apply(new HistoryFile(tmp, sourcesOf(h)));
        } catch (IOException e) {
            throw new IllegalStateException("cannot write the history for " + engine + ": " + e.getMessage(), e);
        } finally {
            if (tmp != null) tmp.toFile().delete();
        }
    }

    /** The sources of a history's counters, for a file written from it. */
    public static Map<String, Source> sourcesOf(History h) {
        Map<String, Source> m = new LinkedHashMap<>();
        for (String c : h.counters()) m.put(c, h.column(c).orElseThrow().source());
        return m;
    }

    /** The sources the writer recorded, so a reloaded history keeps its counters' widths. */
    private static Map<String, Source> metadataSources(DuckDb db, Path file) throws SQLException {
        Map<String, Source> out = new LinkedHashMap<>();
        try (Statement s = db.conn.createStatement();
             ResultSet r = s.executeQuery("SELECT decode(key), decode(value) FROM parquet_kv_metadata("
                     + SweepSql.string(file.toAbsolutePath().toString()) + ")")) {
            while (r.next()) {
                if (!"fabriclab.sources".equals(r.getString(1))) continue;
                for (String kv : r.getString(2).split(",")) {
                    int eq = kv.indexOf('=');
                    if (eq <= 0) continue;
                    for (Source src : Source.values()) if (src.key().equals(kv.substring(eq + 1))) out.put(kv.substring(0, eq), src);
                }
            }
        }
        return out;
    }
}
