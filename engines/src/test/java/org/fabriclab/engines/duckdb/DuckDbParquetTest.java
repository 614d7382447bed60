package org.fabriclab.engines.duckdb;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.SQLException;
import java.util.List;

import org.fabriclab.capture.CaptureException;
import org.fabriclab.engines.Histories;
import org.fabriclab.catalogue.Source;
import org.fabriclab.history.History;
import org.fabriclab.engines.Agreement;
import org.fabriclab.history.HistoryFormats;
import org.fabriclab.history.Labels;
import org.fabriclab.history.PrimitiveSweepEngine;
import org.fabriclab.history.Progress;
import org.fabriclab.history.RateRule;
import org.fabriclab.history.SweepResult;
import org.fabriclab.history.Thresholds;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class DuckDbParquetTest {
    @TempDir Path dir;

    @Test void aHistoryRoundTripsExactlyWithItsSourcesAndStep() throws IOException {
        History h = Histories.pegged();
        Path p = dir.resolve("h.parquet");
        HistoryFormats.write(h, p);
        History back = History.load(p);
        assertEquals(h.ports(), back.ports());
        assertArrayEquals(h.time(), back.time());
        assertArrayEquals(h.port(), back.port());
        assertEquals(h.counters(), back.counters());
        for (String c : h.counters()) assertArrayEquals(h.values(c), back.values(c), c);
        assertEquals(h.stepMs(), back.stepMs());
        assertEquals(Source.PERFQUERY, back.column("PortXmitData").get().source());     // from the file's metadata
        assertEquals(h.column("PortXmitData").get().field(), back.column("PortXmitData").get().field());
        assertTrue(Files.list(dir).allMatch(f -> f.getFileName().toString().equals("h.parquet")), "no temporary file left");
    }

    @Test void aWrittenFileWhoseFooterHoldsOtherThanTheHistorysRowsIsRefused() throws IOException, SQLException {
        History h = Histories.pegged();
        Path p = dir.resolve("h.parquet");
        HistoryFormats.write(h, p);
        try (DuckDb db = DuckDb.open(java.util.Map.of())) {
            DuckDbParquet.checkWritten(db, p, h.time().length);                     // what the writer wrote: accepted
            IOException e = assertThrows(IOException.class, () -> DuckDbParquet.checkWritten(db, p, h.time().length + 1L));
            assertTrue(e.getMessage().contains("wrote " + h.time().length + " rows of " + (h.time().length + 1)), e.getMessage());
        }
    }

    @Test void loadingForARuleReadsOnlyItsCountersAndSweepsTheSame() {
        History csv = History.load(Histories.BUNDLED.resolve("history.csv.gz"));
        Path p = dir.resolve("bundled.parquet");
        HistoryFormats.write(csv, p);
        Labels labels = Labels.load(Histories.BUNDLED.resolve("labels.csv"));
        double[] th = Thresholds.log(100, 100_000, 50);
        RateRule rule = RateRule.congestion();
        History part = History.load(p, rule);
        RateRule.Resolved r = rule.resolve("bundled", csv.counters());
        List<String> read = new java.util.ArrayList<>(r.counters());
        read.add(r.denominator());
        assertEquals(read.size(), part.counters().size(), "only the rule's counters: " + part.counters());
        assertTrue(part.counters().containsAll(read), part.counters().toString());
        assertTrue(part.counters().size() < csv.counters().size(), "the bundled history holds counters the rule does not read");
        assertEquals(csv.ports(), part.ports());
        assertArrayEquals(csv.time(), part.time());
        assertArrayEquals(csv.port(), part.port());
        for (String c : part.counters()) {
            assertArrayEquals(csv.values(c), part.values(c), c);
            assertEquals(csv.column(c).get().source(), part.column(c).get().source(), c);
        }
        assertEquals(csv.stepMs(), part.stepMs());
        SweepResult full = new PrimitiveSweepEngine(2).sweep(csv, rule, th, labels, Progress.NONE);
        SweepResult projected = new PrimitiveSweepEngine(2).sweep(part, rule, th, labels, Progress.NONE);
        Agreement.same(full, projected, 50);
        // CSV has no projection: every column, the same sweep
        History whole = History.load(Histories.BUNDLED.resolve("history.csv.gz"), rule);
        assertEquals(csv.counters(), whole.counters());
    }

    @Test void aRuleTheFileCannotSatisfyGetsEveryColumnAndTheSweepNamesWhatIsMissing() {
        History h = Histories.pegged();
        Path p = dir.resolve("pegged.parquet");
        HistoryFormats.write(h, p);
        RateRule rule = RateRule.congestion().withCounters(List.of("no_such_counter"));
        History back = History.load(p, rule);
        assertEquals(h.counters(), back.counters());
        var e = assertThrows(IllegalArgumentException.class, () -> back.sweep(rule, new double[] {1}, Histories.labels()));
        assertTrue(e.getMessage().contains("no_such_counter"), e.getMessage());
    }

    @Test void theBundledCsvAndItsParquetHoldTheSameColumns() {
        History csv = History.load(Histories.BUNDLED.resolve("history.csv.gz"));
        Path p = dir.resolve("bundled.parquet");
        HistoryFormats.write(csv, p);
        History pq = History.load(p);
        assertEquals(csv.rows(), pq.rows());
        for (String c : csv.counters()) assertArrayEquals(csv.values(c), pq.values(c), c);
        assertArrayEquals(csv.time(), pq.time());
    }

    @Test void missingSamplesAndPortsLongerThanOneStagingListRoundTrip() throws SQLException {
        History small = Histories.handmade();
        Path p = dir.resolve("handmade.parquet");
        HistoryFormats.write(small, p);
        History back = History.load(p);
        assertEquals(small.ports(), back.ports());
        assertArrayEquals(small.port(), back.port());
        for (String c : small.counters()) assertArrayEquals(small.values(c), back.values(c), c);
        // 150,000 rows of one port (the writer stages at most 65,536 values of a port per list), then a second port
        int n = 150_000, m = 10;
        long[] time = new long[n + m];
        int[] port = new int[n + m];
        long[] bytes = new long[n + m];
        for (int i = 0; i < n + m; i++) {
            port[i] = i < n ? 0 : 1;
            time[i] = Histories.T0 + (i < n ? i : i - n) * Histories.STEP;
            bytes[i] = i % 9_973 == 17 ? Histories.X : 1_000L * i;
        }
        History big = History.of("long", List.of("p0", "p1"), time, port, java.util.Map.of("tx_bytes_phy", bytes), java.util.Map.of(), 0);
        Path q = dir.resolve("long.parquet");
        HistoryFormats.write(big, q);
        History again = History.load(q);
        try (Connection c = DriverManager.getConnection("jdbc:duckdb:");
             var r = c.createStatement().executeQuery("SELECT count(DISTINCT row_group_id), max(row_group_num_rows) FROM parquet_metadata('" + q + "')")) {
            r.next();
            // row groups of at most DuckDB's default size (a reader holds one while it decodes it)
            assertEquals(2, r.getLong(1));
            assertTrue(r.getLong(2) <= DuckDbParquet.ROW_GROUP, "rows in the largest row group: " + r.getLong(2));
        }
        assertArrayEquals(big.time(), again.time());
        assertArrayEquals(big.port(), again.port());
        assertArrayEquals(bytes, again.values("tx_bytes_phy"));
    }

    @Test void portsOutOfOrderInTheProjectsOwnFileAreRefusedNamingTheFileAndInAnotherProgramsFilePutInOrder() throws SQLException, IOException {
        Path own = dir.resolve("shuffled.parquet"), other = dir.resolve("shuffled-by-pandas.parquet");
        String rows = "SELECT * FROM (VALUES (1::BIGINT, 'a', 5::BIGINT), (1, 'b', 7), (2, 'a', 6)) t(\"timestamp\", port, tx_bytes_phy)";
        try (Connection c = DriverManager.getConnection("jdbc:duckdb:")) {
            c.createStatement().execute("COPY (" + rows + ") TO '" + own + "' (FORMAT parquet, KV_METADATA {'fabriclab.step_ms': '1'})");
            c.createStatement().execute("COPY (" + rows + ") TO '" + other + "' (FORMAT parquet)");
        }
        var e = assertThrows(CaptureException.class, () -> History.load(own));
        assertTrue(e.getMessage().contains("shuffled.parquet") && e.getMessage().contains("ordered by port"), e.getMessage());
        History h = History.load(other);
        assertEquals(List.of("a", "b"), h.ports());
        assertArrayEquals(new long[] {1, 2, 1}, h.time());
        assertArrayEquals(new long[] {5, 6, 7}, h.values("tx_bytes_phy"));
        assertTrue(h.warnings().stream().anyMatch(w -> w.contains("shuffled-by-pandas.parquet") && w.contains("port and time order")), h.warnings().toString());
        Path notParquet = dir.resolve("text.parquet");
        Files.writeString(notParquet, "timestamp,port\n");
        var f = assertThrows(CaptureException.class, () -> History.load(notParquet));
        assertTrue(f.getMessage().contains("text.parquet"), f.getMessage());
    }

    /**
     * What pandas' {@code df.to_parquet()} and pyarrow write for a fleet history: the index as
     * {@code __index_level_0__}, columns in the frame's order, the time as a Parquet TIMESTAMP, a counter
     * with a missing sample as float64 (null or NaN), uint64 counters (one above 2^63 - 1), a host-name
     * text column, rows in collection order (time, then port). It is put in the project's layout and read.
     */
    @Test void aPandasWrittenHistoryIsPutInTheProjectsLayout() throws SQLException {
        Path p = dir.resolve("fleet-from-pandas.parquet");
        try (Connection c = DriverManager.getConnection("jdbc:duckdb:")) {
            c.createStatement().execute("COPY (SELECT * FROM (VALUES "
                    + "(0::BIGINT, 'node2', 'guid 0x2/1', TIMESTAMP '2025-12-01 00:00:00', 10.0::DOUBLE, 100::UBIGINT, 1e-12::DOUBLE, 41.5::DOUBLE), "
                    + "(1, 'node1', 'guid 0x1/1', TIMESTAMP '2025-12-01 00:00:00', 3.0, 18446744073709551615::UBIGINT, 2e-12, 40.0), "
                    + "(2, 'node2', 'guid 0x2/1', TIMESTAMP '2025-12-01 00:05:00', NULL, 160, NULL, 41.0), "
                    + "(3, 'node1', 'guid 0x1/1', TIMESTAMP '2025-12-01 00:05:00', 'NaN'::DOUBLE, 50, 3e-12, 40.5), "
                    + "(4, 'node2', 'guid 0x2/1', TIMESTAMP '2025-12-01 00:10:00', 25.0, 220, 1e-12, 42.0)"
                    + ") t(__index_level_0__, hostname, port, \"Timestamp\", SymbolErrorCounter, PortXmitData, raw_ber, temp_c)) TO '" + p + "' (FORMAT parquet)");
        }
        int before = tempFiles();
        History h = History.load(p);
        assertEquals(before, tempFiles(), "the file put in order is deleted");
        long t0 = 1764547200000L, x = Histories.X;
        assertEquals(List.of("guid 0x1/1", "guid 0x2/1"), h.ports());
        assertArrayEquals(new long[] {t0, t0 + 300_000, t0, t0 + 300_000, t0 + 600_000}, h.time());
        assertArrayEquals(new int[] {0, 0, 1, 1, 1}, h.port());
        assertEquals(List.of("SymbolErrorCounter", "PortXmitData"), h.counters());
        assertArrayEquals(new long[] {3, x, 10, x, 25}, h.values("SymbolErrorCounter"));
        assertArrayEquals(new long[] {x, 50, 100, 160, 220}, h.values("PortXmitData"));
        assertEquals(List.of("raw_ber", "temp_c"), h.series().measurements());
        assertArrayEquals(new double[] {2e-12, 3e-12, 1e-12, Double.NaN, 1e-12}, h.series().measure("raw_ber"));
        String w = String.join("\n", h.warnings());
        assertTrue(w.contains("fleet-from-pandas.parquet: not in the project's Parquet layout; read as timestamp 'Timestamp' (TIMESTAMP, as epoch ms), port 'port'")
                && w.contains("whole numbers read as counters: SymbolErrorCounter") && !w.contains("temp_c,")
                && w.contains("columns left out (a history holds counters and measurements): hostname (VARCHAR)") && !w.contains("2^53"), w);
        Path big = dir.resolve("float-bytes.parquet");
        try (Connection c = DriverManager.getConnection("jdbc:duckdb:")) {
            c.createStatement().execute("COPY (SELECT * FROM (VALUES (1::BIGINT, 'a', 9007199254740994.0::DOUBLE), (2, 'a', 9007199254740996.0)) "
                    + "t(\"timestamp\", port, tx_bytes_phy)) TO '" + big + "' (FORMAT parquet)");
        }
        History b = History.load(big);
        assertArrayEquals(new long[] {9007199254740994L, 9007199254740996L}, b.values("tx_bytes_phy"));
        assertTrue(String.join("\n", b.warnings()).contains("tx_bytes_phy hold values above 2^53 as floating point"), b.warnings().toString());
    }

    private static int tempFiles() {
        java.io.File[] f = new java.io.File(System.getProperty("java.io.tmpdir")).listFiles((d, n) -> n.startsWith("fabriclab-history-") && n.endsWith(".parquet"));
        return f == null ? 0 : f.length;
    }

    @Test void anotherProgramsFileWithTwoRowsOfAPortAtOneTimeOrNoTimeColumnIsRefusedNamingIt() throws SQLException {
        Path twice = dir.resolve("twice.parquet"), timeless = dir.resolve("timeless.parquet");
        try (Connection c = DriverManager.getConnection("jdbc:duckdb:")) {
            c.createStatement().execute("COPY (SELECT * FROM (VALUES (TIMESTAMP '2025-12-01 00:00:00', 'a', 5::BIGINT), "
                    + "(TIMESTAMP '2025-12-01 00:00:00', 'a', 6)) t(\"timestamp\", port, tx_bytes_phy)) TO '" + twice + "' (FORMAT parquet)");
            c.createStatement().execute("COPY (SELECT * FROM (VALUES ('a', 5::BIGINT)) t(port, tx_bytes_phy)) TO '" + timeless + "' (FORMAT parquet)");
        }
        var e = assertThrows(CaptureException.class, () -> History.load(twice));
        assertTrue(e.getMessage().contains("twice.parquet") && e.getMessage().contains("a port has two rows at one time")
                && e.getMessage().contains("port 'a' must increase: 1764547200000 then 1764547200000"), e.getMessage());
        e = assertThrows(CaptureException.class, () -> History.load(timeless));
        assertTrue(e.getMessage().contains("timeless.parquet") && e.getMessage().contains("expected a 'timestamp' column"), e.getMessage());
    }

    @Test void rowGroupsReadInParallelRangesLandInFileOrderExactly() throws SQLException {
        Path p = dir.resolve("groups.parquet");
        int perPort = 7_000, ports = 3, n = perPort * ports;
        try (Connection c = DriverManager.getConnection("jdbc:duckdb:")) {
            c.createStatement().execute("COPY (SELECT (i % " + perPort + ") * 1000 + 1 AS \"timestamp\", 'p' || (i // " + perPort + ") AS port, "
                    + "CASE WHEN i % 997 = 5 THEN NULL ELSE i * 3 END AS tx_bytes_phy FROM range(" + n + ") t(i) ORDER BY i) TO '" + p
                    + "' (FORMAT parquet, ROW_GROUP_SIZE 2048)");
            var r = c.createStatement().executeQuery("SELECT count(DISTINCT row_group_id) FROM parquet_metadata('" + p + "')");
            r.next();
            assertTrue(r.getLong(1) >= 4, "several row groups: " + r.getLong(1));
        }
        long[] time = new long[n], bytes = new long[n];
        int[] port = new int[n];
        for (int i = 0; i < n; i++) {
            time[i] = (i % perPort) * 1000L + 1;
            port[i] = i / perPort;
            bytes[i] = i % 997 == 5 ? Histories.X : i * 3L;
        }
        for (int readers : new int[] {1, 2, 3, 7, 64}) {
            History h = new DuckDbParquet().read(p, java.util.Map.of(), org.fabriclab.history.Progress.NONE, readers);
            assertEquals(List.of("p0", "p1", "p2"), h.ports(), "readers " + readers);
            assertArrayEquals(time, h.time(), "readers " + readers);
            assertArrayEquals(port, h.port(), "readers " + readers);
            assertArrayEquals(bytes, h.values("tx_bytes_phy"), "readers " + readers);
        }
    }

    @Test void aNegativeCounterInALaterRangeIsRefusedNamingItsRow() throws SQLException {
        Path p = dir.resolve("negative.parquet");
        try (Connection c = DriverManager.getConnection("jdbc:duckdb:")) {
            c.createStatement().execute("COPY (SELECT i * 1000 AS \"timestamp\", 'p' AS port, CASE WHEN i = 9000 THEN -4 ELSE i END AS tx_bytes_phy "
                    + "FROM range(10000) t(i) ORDER BY i) TO '" + p + "' (FORMAT parquet, ROW_GROUP_SIZE 2048)");
        }
        var e = assertThrows(CaptureException.class, () -> new DuckDbParquet().read(p, java.util.Map.of(), org.fabriclab.history.Progress.NONE, 2));
        assertTrue(e.getMessage().contains("negative.parquet") && e.getMessage().contains("row 9000: counter 'tx_bytes_phy' must not be negative, found -4"),
                e.getMessage());
    }

    @Test void timestampsThatStopIncreasingAreRefusedAtTheirFirstRowAndTheStepIsCountedOverEveryRange() throws SQLException {
        // p0: 5,999 intervals of 1000 ms, p1: 6,000 of 2000 ms; an interval lost or counted twice at a range's edge ties them
        Path ok = dir.resolve("steps.parquet"), bad = dir.resolve("backwards.parquet");
        String rows = "SELECT CASE WHEN i < 6000 THEN i * 1000 ELSE 6000000 + (i - 6000) * 2000 END AS \"timestamp\", "
                + "CASE WHEN i < 6000 THEN 'p0' ELSE 'p1' END AS port, i AS tx_bytes_phy FROM range(12001) t(i)";
        try (Connection c = DriverManager.getConnection("jdbc:duckdb:")) {
            c.createStatement().execute("COPY (" + rows + " ORDER BY i) TO '" + ok + "' (FORMAT parquet, ROW_GROUP_SIZE 2048)");
            // the project's own file (its metadata): the row is named (another program's file would be put in order)
            c.createStatement().execute("COPY (SELECT CASE WHEN tx_bytes_phy IN (11000, 11500) THEN 5 ELSE \"timestamp\" END AS \"timestamp\", port, tx_bytes_phy "
                    + "FROM (" + rows + ") ORDER BY tx_bytes_phy) TO '" + bad + "' (FORMAT parquet, ROW_GROUP_SIZE 2048, KV_METADATA {'fabriclab.step_ms': '1000'})");
        }
        for (int readers : new int[] {1, 2, 5}) {
            History h = new DuckDbParquet().read(ok, java.util.Map.of(), Progress.NONE, readers);
            assertEquals(org.fabriclab.history.Steps.of(h.time(), h.port()), h.stepMs(), "readers " + readers);
            assertEquals(2000, h.stepMs(), "readers " + readers);
            var e = assertThrows(CaptureException.class, () -> new DuckDbParquet().read(bad, java.util.Map.of(), Progress.NONE, readers));
            assertTrue(e.getMessage().contains("backwards.parquet") && e.getMessage().contains("row 11000: timestamps of port 'p1' must increase"),
                    e.getMessage());
        }
    }

    @Test void rangesAreWholeRowGroupsWithAboutEqualRows() {
        assertArrayEquals(new long[] {0, 10, 20}, DuckDbParquet.ranges(List.of(5L, 5L, 5L, 5L), 2));
        assertArrayEquals(new long[] {0, 100, 101, 102}, DuckDbParquet.ranges(List.of(100L, 1L, 1L), 3));
        assertArrayEquals(new long[] {0, 100}, DuckDbParquet.ranges(List.of(100L), 4));
        assertArrayEquals(new long[] {0, 7}, DuckDbParquet.ranges(List.of(3L, 4L), 1));
        assertArrayEquals(new long[] {0}, DuckDbParquet.ranges(List.of(), 2));
    }

    @Test void theWriterDeltaEncodesCumulativeCountersInParquet2Pages() throws SQLException {
        History h = Histories.pegged();
        Path p = dir.resolve("v2.parquet");
        HistoryFormats.write(h, p);
        try (Connection c = DriverManager.getConnection("jdbc:duckdb:");
             var r = c.createStatement().executeQuery("SELECT DISTINCT encodings FROM parquet_metadata('" + p + "') WHERE path_in_schema = 'PortXmitData'")) {
            java.util.Set<String> enc = new java.util.HashSet<>();
            while (r.next()) enc.add(r.getString(1));
            // Parquet 1 pages write a dictionary or PLAIN; 2 pages delta-encode integers (or use RLE_DICTIONARY)
            assertTrue(!enc.isEmpty() && enc.stream().allMatch(e -> e.contains("DELTA_BINARY_PACKED") || e.contains("RLE_DICTIONARY")), enc.toString());
        }
        try (Connection c = DriverManager.getConnection("jdbc:duckdb:");
             var r = c.createStatement().executeQuery("SELECT DISTINCT compression FROM parquet_metadata('" + p + "')")) {
            java.util.Set<String> comp = new java.util.HashSet<>();
            while (r.next()) comp.add(r.getString(1));
            // LZ4_RAW decodes in about two thirds of zstd's CPU (17.3M rows: 0.95-1.0 s against 1.5 s on one thread)
            assertEquals(java.util.Set.of("LZ4_RAW"), comp);
        }
    }

    /**
     * The streamed writer (Arrow batches, here 4 rows each, so a batch cuts across ports) and the staged one
     * write the same rows in the same order, nulls where a sample is absent, and the same metadata.
     */
    @Test void theStreamedAndTheStagedWriterWriteTheSameFile() throws IOException, SQLException {
        assertTrue(HistoryArrowStream.usable(), "the engines' tests run with java.nio opened, as the kernel does");
        History h = Histories.handmade();
        assertTrue(h.rows() > 8 && h.ports().size() > 1 && h.firstRow(1) % 4 != 0, "rows over several batches, one cutting across ports");
        boolean absent = false;
        for (String c : h.counters()) for (long v : h.values(c)) absent |= v == Histories.X;
        assertTrue(absent, "the history has absent samples");
        Path streamed = dir.resolve("streamed.parquet"), staged = dir.resolve("staged.parquet");
        DuckDbParquet.copyStreamed(h, streamed, 4);
        DuckDbParquet.copyStaged(h, staged);
        try (Connection c = DriverManager.getConnection("jdbc:duckdb:"); var st = c.createStatement()) {
            StringBuilder differs = new StringBuilder("x.timestamp IS DISTINCT FROM y.timestamp OR x.port IS DISTINCT FROM y.port");
            for (String n : h.counters()) differs.append(" OR x.\"").append(n).append("\" IS DISTINCT FROM y.\"").append(n).append('"');
            var r = st.executeQuery("SELECT count(*), count(*) FILTER (WHERE " + differs + ") FROM read_parquet('" + streamed + "', file_row_number = true) x "
                    + "FULL JOIN read_parquet('" + staged + "', file_row_number = true) y USING (file_row_number)");
            r.next();
            assertEquals(h.rows(), r.getLong(1));
            assertEquals(0, r.getLong(2), "rows that differ");
            for (String key : List.of("fabriclab.step_ms", "fabriclab.sources")) {
                List<String> values = new java.util.ArrayList<>();
                for (Path f : List.of(streamed, staged)) {
                    var m = st.executeQuery("SELECT value::VARCHAR FROM parquet_kv_metadata('" + f + "') WHERE key::VARCHAR = '" + key + "'");
                    assertTrue(m.next(), key + " in " + f.getFileName());
                    values.add(m.getString(1));
                }
                assertEquals(values.get(0), values.get(1), key);
            }
        }
        History back = History.load(streamed);
        assertEquals(h.ports(), back.ports());
        assertArrayEquals(h.time(), back.time());
        for (String c : h.counters()) assertArrayEquals(h.values(c), back.values(c), c);
    }

    /**
     * A history with a measurement (UFM's effective_ber, one sample missing) keeps it through either writer:
     * the same values, the missing sample still missing, and every rule beyond congestion (BER included)
     * sweeps the file as it sweeps the history in memory.
     */
    @Test void measurementsRoundTripWithTheirMissingSamples() throws IOException {
        History h = Histories.roles();
        assertTrue(!h.series().measurements().isEmpty(), "the history has a measurement");
        Labels labels = Histories.roleLabels();
        for (boolean streamed : new boolean[] {true, false}) {
            Path p = dir.resolve(streamed ? "streamed.parquet" : "staged.parquet");
            if (streamed) DuckDbParquet.copyStreamed(h, p, 5); else DuckDbParquet.copyStaged(h, p);
            History back = History.load(p);
            assertEquals(h.counters(), back.counters(), p.toString());
            for (String c : h.counters()) assertArrayEquals(h.values(c), back.values(c), c);
            assertEquals(h.series().measurements(), back.series().measurements(), p.toString());
            for (String m : h.series().measurements()) assertArrayEquals(h.series().measure(m), back.series().measure(m), m);
            for (RateRule rule : Histories.beyondCongestion()) {
                double[] th = Histories.grid(rule);
                Agreement.same(new PrimitiveSweepEngine().sweep(h, rule, th, labels, Progress.NONE),
                        new PrimitiveSweepEngine().sweep(back, rule, th, labels, Progress.NONE), 50);
                Agreement.same(new PrimitiveSweepEngine().sweep(h, rule, th, labels, Progress.NONE),
                        new PrimitiveSweepEngine().sweep(History.load(p, rule), rule, th, labels, Progress.NONE), 50);
            }
        }
    }

    /**
     * A file another writer made: INTEGER and UBIGINT counters (cast), BIGINT ones read as they are with NULLs
     * on both sides of the validity masks' 64-row words, a counter holding Long.MIN_VALUE (the absent marker),
     * row groups of 1,000 rows that cut across ports, DOUBLE and FLOAT measurements with NULLs; every reader
     * count lands the same columns.
     */
    @Test void aForeignFileWithOtherIntegerTypesAndNullsAtMaskWordEdgesLoadsExactly() throws SQLException {
        Path p = dir.resolve("foreign.parquet");
        int perPort = 1_500, ports = 3, n = perPort * ports;
        try (Connection c = DriverManager.getConnection("jdbc:duckdb:")) {
            c.createStatement().execute("COPY (SELECT (i % " + perPort + ") * 1000 AS \"timestamp\", 'port ' || (i // " + perPort + ") AS port, "
                    + "CASE WHEN i % 64 IN (0, 63) OR i % 1000 = 999 THEN NULL ELSE i * 5 END AS tx_bytes_phy, "
                    + "CAST(CASE WHEN i % 7 = 3 THEN NULL ELSE i % 100 END AS INTEGER) AS rx_prio3_pause, "
                    + "CAST(i AS UBIGINT) AS np_cnp_sent, "
                    + "CASE WHEN i = 10 THEN CAST('-9223372036854775808' AS BIGINT) ELSE 1 END AS rx_discards_phy, "
                    + "CASE WHEN i % 64 = 5 THEN NULL ELSE i / 8.0 END::DOUBLE AS effective_ber, "
                    + "CAST(CASE WHEN i % 500 = 0 THEN NULL ELSE i % 50 END AS FLOAT) AS temperature FROM range(" + n + ") t(i) ORDER BY i) TO '" + p
                    + "' (FORMAT parquet, ROW_GROUP_SIZE 1000)");
        }
        long[] time = new long[n], bytes = new long[n], pause = new long[n], cnp = new long[n], discards = new long[n];
        double[] ber = new double[n], temp = new double[n];
        int[] port = new int[n];
        for (int i = 0; i < n; i++) {
            time[i] = (i % perPort) * 1000L;
            port[i] = i / perPort;
            bytes[i] = i % 64 == 0 || i % 64 == 63 || i % 1000 == 999 ? Histories.X : i * 5L;
            pause[i] = i % 7 == 3 ? Histories.X : i % 100;
            cnp[i] = i;
            discards[i] = i == 10 ? Histories.X : 1;
            ber[i] = i % 64 == 5 ? Double.NaN : i / 8.0;
            temp[i] = i % 500 == 0 ? Double.NaN : i % 50;
        }
        for (int readers : new int[] {1, 2, 3}) {
            History h = new DuckDbParquet().read(p, java.util.Map.of(), Progress.NONE, readers);
            assertEquals(List.of("port 0", "port 1", "port 2"), h.ports(), "readers " + readers);
            assertArrayEquals(time, h.time(), "readers " + readers);
            assertArrayEquals(port, h.port(), "readers " + readers);
            assertArrayEquals(bytes, h.values("tx_bytes_phy"), "readers " + readers);
            assertArrayEquals(pause, h.values("rx_prio3_pause"), "readers " + readers);
            assertArrayEquals(cnp, h.values("np_cnp_sent"), "readers " + readers);
            assertArrayEquals(discards, h.values("rx_discards_phy"), "readers " + readers);
            assertEquals(List.of("effective_ber", "temperature"), h.series().measurements(), "readers " + readers);
            assertArrayEquals(ber, h.series().measure("effective_ber"), "readers " + readers);
            assertArrayEquals(temp, h.series().measure("temperature"), "readers " + readers);
        }
    }

    @Test void aTimestampThatIsNullIsRefusedNamingItsRow() throws SQLException {
        Path p = dir.resolve("no-time.parquet");
        try (Connection c = DriverManager.getConnection("jdbc:duckdb:")) {
            c.createStatement().execute("COPY (SELECT CASE WHEN i = 3000 THEN NULL ELSE i * 1000 END AS \"timestamp\", 'p' AS port, i AS tx_bytes_phy "
                    + "FROM range(5000) t(i) ORDER BY i) TO '" + p + "' (FORMAT parquet, ROW_GROUP_SIZE 2048)");
        }
        for (int readers : new int[] {1, 2}) {
            var e = assertThrows(CaptureException.class, () -> new DuckDbParquet().read(p, java.util.Map.of(), Progress.NONE, readers));
            assertTrue(e.getMessage().contains("no-time.parquet") && e.getMessage().contains("row 3000: expected a timestamp, found none"), e.getMessage());
        }
    }
}
