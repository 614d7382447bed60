package org.fabriclab.engines.duckdb;

import java.io.IOException;
import java.nio.Buffer;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import org.apache.arrow.memory.BufferAllocator;
import org.apache.arrow.vector.BigIntVector;
import org.apache.arrow.vector.Float8Vector;
import org.apache.arrow.vector.VarCharVector;
import org.apache.arrow.vector.VectorSchemaRoot;
import org.apache.arrow.vector.ipc.ArrowReader;
import org.apache.arrow.vector.types.FloatingPointPrecision;
import org.apache.arrow.vector.types.pojo.ArrowType;
import org.apache.arrow.vector.types.pojo.Field;
import org.apache.arrow.vector.types.pojo.FieldType;
import org.apache.arrow.vector.types.pojo.Schema;
import org.fabriclab.delta.Rules;
import org.fabriclab.history.History;

/**
 * A history's rows as a stream of Arrow record batches, made one batch at a time from its primitive
 * columns when the consumer asks for the next: {@code ts} (epoch ms), {@code port} (UTF-8),
 * {@code c0..cN-1}, the history's counters in {@link History#counters()} order ({@link Rules#ABSENT}
 * becomes null), then {@code m0..mK-1}, its measurements in {@code Series.measurements()} order (doubles,
 * {@code NaN} becomes null). Handed to DuckDB through Arrow's C stream interface, it lets the Parquet writer's
 * COPY read the history without staging a copy of it in DuckDB (that copy cost ~3.5x the columns'
 * own size in native memory: about 5 GB at 17.3M rows, 15-20 GB at 51.8M).
 *
 * <p>Arrow's memory needs {@code java.nio} opened to it on Java 17 ({@link #usable()}).
 *
 * <pre>{@code
 * try (var alloc = new RootAllocator(); var rows = new HistoryArrowStream(alloc, history, 122_880)) {
 *     ArrowArrayStream s = ArrowArrayStream.allocateNew(alloc);
 *     Data.exportArrayStream(alloc, rows, s);
 *     duckdbConnection.registerArrowStream("h", s);
 * }
 * }</pre>
 */
final class HistoryArrowStream extends ArrowReader {
    private final long[] time;
    private final int[] port;
    private final long[][] values;
    private final double[][] measures;
    private final byte[][] portNames;
    private final int batchRows;
    private int next;

    /**
     * @param batchRows rows per record batch, at least 1
     * @throws IllegalArgumentException if {@code batchRows} is below 1
     */
    HistoryArrowStream(BufferAllocator allocator, History h, int batchRows) {
        super(allocator);
        if (batchRows < 1) throw new IllegalArgumentException("batchRows must be at least 1, got " + batchRows);
        this.batchRows = batchRows;
        time = h.time();
        port = h.port();
        List<String> counters = h.counters();
        values = new long[counters.size()][];
        for (int c = 0; c < values.length; c++) values[c] = h.values(counters.get(c));
        List<String> ms = h.series().measurements();
        measures = new double[ms.size()][];
        for (int m = 0; m < measures.length; m++) measures[m] = h.series().measure(ms.get(m));
        portNames = new byte[h.ports().size()][];
        for (int p = 0; p < portNames.length; p++) portNames[p] = h.ports().get(p).getBytes(StandardCharsets.UTF_8);
    }

    /**
     * Whether Arrow can manage memory in this JVM: on Java 17 its memory code reads a private field of
     * {@code java.nio.Buffer}, which needs {@code --add-opens=java.base/java.nio=ALL-UNNAMED} (the kernel's
     * flags and the engines' tests have it; a plain {@code java} does not).
     */
    static boolean usable() {
        return Buffer.class.getModule().isOpen("java.nio", BufferAllocator.class.getModule());
    }

    /** The column name of counter {@code c} (its index in {@link History#counters()}). */
    static String counterColumn(int c) { return "c" + c; }

    /** The column name of measurement {@code m} (its index in {@code Series.measurements()}). */
    static String measureColumn(int m) { return "m" + m; }

    @Override protected Schema readSchema() {
        List<Field> fields = new ArrayList<>(values.length + 2);
        fields.add(new Field("ts", FieldType.notNullable(new ArrowType.Int(64, true)), null));
        fields.add(new Field("port", FieldType.notNullable(new ArrowType.Utf8()), null));
        for (int c = 0; c < values.length; c++) fields.add(new Field(counterColumn(c), FieldType.nullable(new ArrowType.Int(64, true)), null));
        for (int m = 0; m < measures.length; m++) {
            fields.add(new Field(measureColumn(m), FieldType.nullable(new ArrowType.FloatingPoint(FloatingPointPrecision.DOUBLE)), null));
        }
        return new Schema(fields);
    }

    @Override public boolean loadNextBatch() throws IOException {
        if (next >= time.length) return false;
        int from = next, n = Math.min(batchRows, time.length - from);
        VectorSchemaRoot root = getVectorSchemaRoot();
        BigIntVector ts = (BigIntVector) root.getVector(0);
        ts.allocateNew(n);
        for (int i = 0; i < n; i++) ts.set(i, time[from + i]);
        VarCharVector ports = (VarCharVector) root.getVector(1);
        ports.allocateNew(n);
        for (int i = 0; i < n; i++) ports.setSafe(i, portNames[port[from + i]]);
        for (int c = 0; c < values.length; c++) {
            BigIntVector v = (BigIntVector) root.getVector(c + 2);
            v.allocateNew(n);
            long[] col = values[c];
            for (int i = 0; i < n; i++) {
                long x = col[from + i];
                if (x == Rules.ABSENT) v.setNull(i); else v.set(i, x);
            }
        }
        for (int m = 0; m < measures.length; m++) {
            Float8Vector v = (Float8Vector) root.getVector(values.length + 2 + m);
            v.allocateNew(n);
            double[] col = measures[m];
            for (int i = 0; i < n; i++) {
                double x = col[from + i];
                if (Double.isNaN(x)) v.setNull(i); else v.set(i, x);
            }
        }
        root.setRowCount(n);
        next = from + n;
        return true;
    }

    @Override public long bytesRead() { return 0; }                 // nothing is read from a source: the columns are in memory

    @Override protected void closeReadSource() { }
}
