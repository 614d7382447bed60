package org.fabriclab.capture.perfquery;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.atomic.AtomicInteger;

import org.fabriclab.capture.CaptureException;

/**
 * Cuts a large perfquery text into chunks at block headers and parses them on a small pool of
 * daemon threads (the calling thread takes chunks too). A cut is made only at a line that parses
 * as a block header ({@link BlockHeader#parse}), where the serial reader's state is the same
 * whatever came before; the chunks are returned in file order, and the first error in file order
 * is the one thrown: a chunk's own first error, the chunks before it having none.
 *
 * <p>Threads: {@code -Dfabriclab.threads=N} (1 reads serially), else the machine's cores, at most
 * {@value #MAX_THREADS}. A text below {@value #MIN_PARALLEL_CHARS} characters is read serially.
 *
 * <pre>{@code
 * int[] cuts = Chunks.cuts(text, 8);             // offsets of header lines, 0 first
 * List<Chunk> parts = Chunks.parse(chunks);      // parsed, file order
 * }</pre>
 */
final class Chunks {
    /** Below this (about 70 ports of {@code perfquery -x}) a file is read on the calling thread. */
    static final int MIN_PARALLEL_CHARS = 64 * 1024;
    /** Characters per chunk aimed at: small enough to share out evenly on a loaded machine. */
    static final int CHUNK_CHARS = 1 << 20;
    static final int MAX_THREADS = 4;

    private Chunks() {}

    /** Threads a large file is read on (1: serially). */
    static int threads() {
        return Math.min(MAX_THREADS, org.fabriclab.work.Threads.configured());
    }

    /** How many chunks to cut a text of {@code length} characters into (1: read serially). */
    static int chunkCount(int length) {
        int threads = threads();
        if (threads <= 1 || length < MIN_PARALLEL_CHARS) return 1;
        return Math.max(threads, Math.min(4 * threads, length / CHUNK_CHARS));
    }

    /**
     * Up to {@code n} cut offsets, ascending, the first 0: each after the first is the start of a
     * line that parses as a block header, the first such line at or after {@code length * k / n}.
     * Fewer when the text has fewer headers to cut at.
     */
    static int[] cuts(String text, int n) {
        List<Integer> out = new ArrayList<>();
        out.add(0);
        int length = text.length();
        for (int k = 1; k < n; k++) {
            int target = (int) ((long) length * k / n);
            int at = headerAtOrAfter(text, Math.max(target, out.get(out.size() - 1) + 1));
            if (at < 0) break;
            if (at > out.get(out.size() - 1)) out.add(at);
        }
        int[] cuts = new int[out.size()];
        for (int i = 0; i < cuts.length; i++) cuts[i] = out.get(i);
        return cuts;
    }

    /** The start of the first line at or after {@code from} (a line start or not) that parses as a block header; -1 if none. */
    private static int headerAtOrAfter(String text, int from) {
        int pos = from == 0 ? 0 : text.indexOf('\n', from - 1) + 1;
        int length = text.length();
        while (pos > 0 && pos < length) {
            int nl = text.indexOf('\n', pos);
            int end = nl < 0 ? length : nl;
            int s = pos;
            while (s < end && (text.charAt(s) == ' ' || text.charAt(s) == '\t')) s++;
            if (s < end && text.charAt(s) == '#') {
                int e = end > s && text.charAt(end - 1) == '\r' ? end - 1 : end;
                try {
                    if (BlockHeader.parse(text.substring(s, e), "", 1) != null) return pos;
                } catch (CaptureException notAHeader) {
                    // a malformed header: the serial reader fails there; never cut at it
                }
            }
            if (nl < 0) break;
            pos = nl + 1;
        }
        return -1;
    }

    /**
     * 1-based line numbers of the lines starting at {@code cuts} (newlines counted in the bytes before
     * them; the stretches between cuts counted on the pool when there are several).
     */
    static int[] firstLines(byte[] a, int[] cuts) {
        int n = cuts.length;
        int[] newlines = new int[n];   // newlines in [cuts[k-1], cuts[k]) for k >= 1
        run(n - 1, k -> {
            int count = 0;
            for (int i = cuts[k], end = cuts[k + 1]; i < end; i++) if (a[i] == '\n') count++;
            newlines[k + 1] = count;
        });
        int[] lines = new int[n];
        int line = 1;
        for (int k = 0; k < n; k++) {
            line += newlines[k];
            lines[k] = line;
        }
        return lines;
    }

    private static final class Pool {
        private static final AtomicInteger COUNT = new AtomicInteger();
        static final ExecutorService THREADS = Executors.newFixedThreadPool(MAX_THREADS - 1, r -> {
            Thread t = new Thread(r, "fabriclab-perfquery-" + COUNT.incrementAndGet());
            t.setDaemon(true);
            return t;
        });
    }

    /**
     * Parses every chunk, on up to {@link #threads()} threads (this one included), and returns them
     * in the order given; throws the first failure in that order (a {@link CaptureException} as the
     * chunk threw it). Chunks after a failed one may be left unparsed.
     */
    static List<Chunk> parse(List<Chunk> chunks) {
        run(chunks.size(), k -> chunks.get(k).parse());
        return chunks;
    }

    /**
     * Runs {@code task} for 0..n-1 on up to {@link #threads()} threads (this one included); throws the
     * failure of the lowest index that failed, as thrown. Indexes after a failed one may be skipped.
     */
    private static void run(int n, java.util.function.IntConsumer task) {
        if (n <= 0) return;
        if (n == 1) { task.accept(0); return; }
        Throwable[] failed = new Throwable[n];
        AtomicInteger next = new AtomicInteger();
        AtomicInteger firstFailure = new AtomicInteger(n);
        Runnable work = () -> {
            for (int k; (k = next.getAndIncrement()) < n; ) {
                if (k > firstFailure.get()) continue;   // the file fails before this one
                try {
                    task.accept(k);
                } catch (RuntimeException | Error e) {
                    failed[k] = e;
                    firstFailure.accumulateAndGet(k, Math::min);
                }
            }
        };
        int helpers = Math.min(threads(), n) - 1;
        List<Future<?>> running = new ArrayList<>();
        for (int i = 0; i < helpers; i++) running.add(Pool.THREADS.submit(work));
        work.run();
        for (Future<?> f : running) {
            try {
                f.get();
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                throw new IllegalStateException("interrupted while reading perfquery chunks", e);
            } catch (java.util.concurrent.ExecutionException e) {
                throw new IllegalStateException(e.getCause());
            }
        }
        for (Throwable e : failed) {
            if (e instanceof RuntimeException re) throw re;
            if (e instanceof Error err) throw err;
        }
    }
}
