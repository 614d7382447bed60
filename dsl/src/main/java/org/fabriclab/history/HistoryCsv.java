package org.fabriclab.history;

import java.io.FilterInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.RandomAccessFile;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ArrayBlockingQueue;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.zip.GZIPInputStream;

import org.fabriclab.capture.CaptureException;
import org.fabriclab.capture.Telemetry;
import org.fabriclab.catalogue.Source;
import org.fabriclab.work.Cancellation;
import org.fabriclab.work.OperationInterruptedException;

import de.siegmar.fastcsv.reader.CsvReader;
import de.siegmar.fastcsv.reader.CsvRecord;

/**
 * The history file: a CSV (gzip when it starts with the gzip magic bytes, whatever its name) with header
 * {@code timestamp,port,<counter>...}: epoch ms, the port identity, one column of cumulative raw
 * values per canonical counter (empty cell = no sample; a whole number written as a float, {@code 1000000000.0},
 * as pandas writes a column with a gap, is that integer), rows ordered by port then time. Columns
 * named as link measurements ({@link Telemetry#MEASUREMENTS}) are skipped: a history holds counters.
 * A history that pandas wrote with its index ({@code df.to_csv(path)}, no {@code index=False}) has one
 * more column first, headed by an empty name ({@code ,timestamp,port,...}) or, after a round trip
 * through {@code read_csv}, {@code Unnamed: 0}: that column is skipped unread ({@link Telemetry#indexColumns}).
 *
 * <p>Read straight into primitive columns, no table on the way: the calling thread inflates and cuts
 * the text into blocks of whole lines; a pool parses the blocks in parallel ({@link CsvChunk}) and
 * appends them in file order ({@link HistoryColumns}). One gzip stream inflates serially, so on a
 * gzip file the inflating thread sets the pace and parsing runs beside it. The columns are sized
 * from the uncompressed size (the gzip trailer, checked against the compression ratio of the first
 * block), so a load holds about one copy of the data. Progress is reported in compressed bytes.
 *
 * <pre>{@code
 * History h = HistoryCsv.read(Path.of("history.csv.gz"), Map.of(), Progress.terminal(System.err));
 * }</pre>
 */
public final class HistoryCsv {
    /** Text per block: large enough that a block is parsed in milliseconds, small enough to keep a few in flight. */
    static final int BLOCK = 4 << 20;
    private static final AtomicInteger THREADS = new AtomicInteger();

    private HistoryCsv() {}

    /** Reads with one parser per processor. */
    public static History read(Path file, Map<String, Source> sources, Progress progress) {
        return read(file, sources, progress, Runtime.getRuntime().availableProcessors());
    }

    /**
     * Reads {@code file} with {@code parsers} parsing threads beside the reading one.
     *
     * @throws CaptureException naming the file and line when the header or a row is not the history format
     */
    public static History read(Path file, Map<String, Source> sources, Progress progress, int parsers) {
        String name = file.toString();
        boolean gz = isGzip(file);
        long size;
        try { size = Files.size(file); } catch (IOException e) { throw new CaptureException(name, 0, "cannot read history: " + e.getMessage()); }
        String stage = "reading " + file.getFileName();
        Cancellation cancel = Cancellation.ofCurrentThread();
        ExecutorService pool = Executors.newFixedThreadPool(Math.max(1, parsers), r -> {
            Thread t = new Thread(r, "history-csv-" + THREADS.incrementAndGet());
            t.setDaemon(true);
            return t;
        });
        try (Counting raw = new Counting(Files.newInputStream(file));
             InputStream in = gz ? new GZIPInputStream(raw, 1 << 16) : raw) {
            List<String> full = header(in, name);
            int lead = Telemetry.indexColumns(full);
            List<String> header = full.subList(lead, full.size());
            int[] layout = layout(header, name, lead);
            List<String> counters = new ArrayList<>();
            for (int f = 2; f < header.size(); f++) if (layout[f] != CsvChunk.SKIP) counters.add(header.get(f));
            int inFlight = Math.max(1, parsers) + 2;
            BlockingQueue<CsvChunk> free = new ArrayBlockingQueue<>(inFlight);
            for (int i = 0; i < inFlight; i++) free.add(new CsvChunk(BLOCK + 2, counters.size(), lead));
            ArrayDeque<Future<?>> pending = new ArrayDeque<>();
            byte[] carry = new byte[BLOCK];
            int carryLen = 0;
            boolean eof = false;
            HistoryColumns cols = null;
            Sequencer seq = new Sequencer();
            int next = 0;
            while (!eof) {
                cancel.check();
                CsvChunk c = free.take();
                System.arraycopy(carry, 0, c.buf, 0, carryLen);
                int len = carryLen;
                while (len < BLOCK) {
                    int k = in.read(c.buf, len, BLOCK - len);
                    if (k < 0) { eof = true; break; }
                    len += k;
                }
                int last = len - 1;
                while (last >= 0 && c.buf[last] != '\n') last--;
                if (eof) {
                    if (last < len - 1) c.buf[len++] = '\n';
                    last = len - 1;
                } else if (last < 0) {
                    throw new CaptureException(name, (cols == null ? 0 : cols.rows()) + 2, "a line longer than " + (BLOCK >> 20)
                            + " MB: not a history file");
                }
                carryLen = len - last - 1;
                System.arraycopy(c.buf, last + 1, carry, 0, carryLen);
                c.len = last + 1;
                if (cols == null) cols = new HistoryColumns(name, counters, estimateRows(file, gz, size, raw.count, c, eof), 1);
                HistoryColumns target = cols;
                int mine = next++;
                pending.add(pool.submit(() -> {
                    RuntimeException parseError = null;
                    try {
                        c.parse(layout);
                    } catch (RuntimeException e) {
                        parseError = e;
                    }
                    seq.await(mine);
                    try {
                        if (parseError != null) seq.fail(parseError);
                        else if (!seq.failed()) target.append(c);
                    } catch (RuntimeException e) {
                        seq.fail(e);
                    } finally {
                        seq.advance();
                        free.add(c);
                    }
                    return null;
                }));
                while (!pending.isEmpty() && pending.peek().isDone()) finish(pending.poll());
                if (seq.failed()) break;
                progress.update(stage, Math.min(raw.count, size), size);
            }
            while (!pending.isEmpty()) finish(pending.poll());
            seq.rethrow();
            progress.update(stage, size, size);
            return cols.build(sources);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new OperationInterruptedException("interrupted while reading " + name);
        } catch (IOException e) {
            throw new CaptureException(name, 0, "cannot read history: " + e.getMessage(), e);
        } finally {
            pool.shutdownNow();
        }
    }

    private static void finish(Future<?> f) throws InterruptedException {
        try {
            f.get();
        } catch (ExecutionException e) {
            if (e.getCause() instanceof RuntimeException r) throw r;
            if (e.getCause() instanceof Error err) throw err;
            throw new IllegalStateException(e.getCause());
        }
    }

    /** The header line, tokenized by FastCSV (quoted names allowed). */
    private static List<String> header(InputStream in, String name) throws IOException {
        StringBuilder b = new StringBuilder();
        int ch;
        while ((ch = in.read()) >= 0 && ch != '\n') {
            b.append((char) ch);
            if (b.length() > 1 << 20) throw new CaptureException(name, 1, "expected a header line, found more than 1 MB without a line break");
        }
        if (b.length() == 0 && ch < 0) throw new CaptureException(name, 1, "expected a header line, found an empty file");
        String line = new String(b.toString().getBytes(StandardCharsets.ISO_8859_1), StandardCharsets.UTF_8).strip();
        CsvRecord rec = CsvReader.builder().ofSingleCsvRecord(line);
        List<String> h = new ArrayList<>();
        for (String f : rec.getFields()) h.add(f.strip());
        return h;
    }

    private static int[] layout(List<String> header, String name, int lead) {
        if (header.size() < 3 || !header.get(0).equals(Telemetry.TIMESTAMP) || !header.get(1).equals(Telemetry.PORT)) {
            throw new CaptureException(name, 1, "expected a header 'timestamp,port,<counter>...', found '" + String.join(",", header) + "'; "
                    + HistoryFormats.OTHER_FORMATS);
        }
        int[] layout = new int[header.size()];
        Set<String> seen = new HashSet<>();
        int k = 0;
        for (int f = 2; f < header.size(); f++) {
            String c = header.get(f);
            if (c.isEmpty()) throw new CaptureException(name, 1, "expected a counter name in header field " + (f + 1 + lead) + ", found an empty one");
            if (!seen.add(c)) throw new CaptureException(name, 1, "counter '" + c + "' appears twice in the header");
            layout[f] = Telemetry.MEASUREMENTS.contains(c) ? CsvChunk.SKIP : k++;
        }
        return layout;
    }

    /**
     * The expected row count: uncompressed size over the first block's bytes per line. For gzip the
     * trailer holds the size modulo 2^32; of the sizes it allows, the one nearest to what the first
     * block's compression ratio predicts is taken.
     */
    static long estimateRows(Path file, boolean gz, long size, long consumed, CsvChunk first, boolean eof) {
        int lines = 0;
        for (int i = 0; i < first.len; i++) if (first.buf[i] == '\n') lines++;
        if (eof) return lines;
        double perLine = Math.max(1, (double) first.len / Math.max(1, lines));
        double bytes = size;
        if (gz) {
            double byRatio = consumed > 0 ? (double) size * first.len / consumed : size * 8.0;
            long isize = trailer(file);
            bytes = byRatio;
            if (isize >= 0) {
                long k = Math.max(0, Math.round((byRatio - isize) / 4294967296.0));
                double exact = isize + k * 4294967296.0;
                if (Math.abs(exact - byRatio) < 0.5 * byRatio) bytes = exact;
            }
        }
        return (long) (bytes / perLine * 1.01) + 1024;
    }

    /** True when {@code file} starts with the gzip magic bytes {@code 1f 8b} (the name does not matter). */
    static boolean isGzip(Path file) {
        try (InputStream in = Files.newInputStream(file)) {
            return in.read() == 0x1f && in.read() == 0x8b;
        } catch (IOException e) {
            throw new CaptureException(file.toString(), 0, "cannot read history: " + e.getMessage(), e);
        }
    }

    /** The gzip trailer's ISIZE (uncompressed size modulo 2^32), -1 when unreadable. */
    private static long trailer(Path file) {
        try (RandomAccessFile f = new RandomAccessFile(file.toFile(), "r")) {
            if (f.length() < 18) return -1;
            f.seek(f.length() - 4);
            long b0 = f.read(), b1 = f.read(), b2 = f.read(), b3 = f.read();
            return b0 | b1 << 8 | b2 << 16 | b3 << 24;
        } catch (IOException e) {
            return -1;
        }
    }

    /** Lets the parsed blocks append in file order; the first failure stops the rest. */
    private static final class Sequencer {
        private int turn;
        private RuntimeException failure;

        synchronized void await(int mine) throws InterruptedException {
            while (turn != mine) wait();
        }

        synchronized void advance() {
            turn++;
            notifyAll();
        }

        synchronized void fail(RuntimeException e) { if (failure == null) failure = e; }

        synchronized boolean failed() { return failure != null; }

        synchronized void rethrow() { if (failure != null) throw failure; }
    }

    /** Counts the bytes consumed from the file. */
    private static final class Counting extends FilterInputStream {
        volatile long count;

        Counting(InputStream in) { super(in); }

        @Override public int read() throws IOException {
            int b = super.read();
            if (b >= 0) count++;
            return b;
        }

        @Override public int read(byte[] buf, int off, int len) throws IOException {
            int k = super.read(buf, off, len);
            if (k > 0) count += k;
            return k;
        }
    }
}
