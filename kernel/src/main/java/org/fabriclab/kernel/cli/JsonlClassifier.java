package org.fabriclab.kernel.cli;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.util.ArrayDeque;
import java.util.Arrays;
import java.util.HashMap;
import java.util.Map;
import java.util.concurrent.Callable;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.FutureTask;

import org.fabriclab.verdict.Classifier;
import org.fabriclab.verdict.DirectValues;
import org.fabriclab.verdict.Profile;
import org.fabriclab.verdict.Profiles;
import org.fabriclab.work.Threads;

import com.fasterxml.jackson.core.JsonEncoding;
import com.fasterxml.jackson.core.JsonFactory;
import com.fasterxml.jackson.core.JsonGenerator;
import com.fasterxml.jackson.core.JsonLocation;
import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.core.JsonToken;
import com.fasterxml.jackson.core.StreamReadFeature;
import com.fasterxml.jackson.core.io.JsonStringEncoder;
import com.fasterxml.jackson.core.io.SerializedString;

/**
 * {@code classify --jsonl}: one JSON object per input line
 * ({@code {"fabric","bytes","cong_per_gb","before","after"}}), one verdict line out per line in,
 * in order: {@code {"verdict","detail","live"}} as the runbook's {@code classify()} returns, or
 * {@code {"error":"stdin:LINE: ..."}}.
 * <p>Streaming: stdin is read in blocks of up to {@value #BLOCK} bytes and cut at the last newline;
 * each block of whole lines is classified on a worker thread ({@link Threads#configured()}: one per core, or {@code -Dfabriclab.threads}) into its own output bytes,
 * and the blocks are written back in input order. Each line is parsed with Jackson's streaming parser
 * (no tree; fast double parsing) and answered with Jackson's generator. Output is flushed only when
 * stdin has nothing more to read at that moment, so a file or pipe is answered in large writes and an
 * interactive caller still gets each answer as soon as its line is in.
 *
 * <pre>{@code
 * int exit = JsonlClassifier.run(System.in, new FileOutputStream(FileDescriptor.out));
 * }</pre>
 */
final class JsonlClassifier {
    static final JsonFactory JSON = JsonFactory.builder().enable(StreamReadFeature.USE_FAST_DOUBLE_PARSER).build();
    static final int BLOCK = 1 << 20;
    private static final SerializedString VERDICT = new SerializedString("verdict"), DETAIL = new SerializedString("detail"),
            LIVE = new SerializedString("live");

    private JsonlClassifier() {}

    /**
     * What one block of lines gave: its output bytes, how many lines it held, and for each error line
     * where its line number goes ({@code sites}: output offset, line within the block, pairs) — the
     * block does not know how many lines came before it; the writer does.
     */
    private record Answer(byte[] out, int length, int lines, int[] sites) {}

    /** Classifies every line of {@code in} into {@code out}; returns 0, or 2 when a line was bad input. */
    static int run(InputStream in, OutputStream out) throws IOException {
        return run(in, out, Threads.configured());
    }

    /**
     * {@link #run(InputStream, OutputStream)} on {@code workers} threads; 1 classifies each block on
     * the calling thread, between its reads.
     */
    static int run(InputStream in, OutputStream out, int workers) throws IOException {
        // the catalogue and the profiles (~0.1 s of a cold start) load while the first blocks are read and parsed
        Thread profiles = new Thread(new LoadProfiles(), "fabriclab-profiles");
        profiles.setDaemon(true);
        profiles.start();
        ExecutorService pool = workers <= 1 ? null : Executors.newFixedThreadPool(workers, r -> {
            Thread t = new Thread(r, "fabriclab-jsonl");
            t.setDaemon(true);
            return t;
        });
        ThreadLocal<Block> blocks = ThreadLocal.withInitial(Block::new);
        ArrayDeque<Future<Answer>> pending = new ArrayDeque<>();
        boolean bad = false;
        try {
            byte[] buf = new byte[BLOCK];
            int len = 0;
            long linesBefore = 0;
            while (true) {
                if (len == buf.length) buf = Arrays.copyOf(buf, buf.length * 2); // one line longer than a block
                int n = in.read(buf, len, buf.length - len);
                if (n < 0) break;
                len += n;
                int cut = len;
                while (cut > 0 && buf[cut - 1] != '\n') cut--;
                if (cut > 0) {
                    byte[] lines = Arrays.copyOf(buf, cut);
                    pending.add(submit(pool, () -> blocks.get().classify(lines, lines.length)));
                    System.arraycopy(buf, cut, buf, 0, len - cut);
                    len -= cut;
                }
                boolean idle = in.available() <= 0;
                while (!pending.isEmpty() && (idle || pending.size() > 2 * workers || pending.peek().isDone())) {
                    Answer a = answer(pending.poll());
                    write(a, linesBefore, out);
                    linesBefore += a.lines();
                    bad |= a.sites().length > 0;
                }
                if (idle) out.flush();
            }
            if (len > 0) {
                byte[] last = Arrays.copyOf(buf, len);
                pending.add(submit(pool, () -> blocks.get().classify(last, last.length)));
            }
            while (!pending.isEmpty()) {
                Answer a = answer(pending.poll());
                write(a, linesBefore, out);
                linesBefore += a.lines();
                bad |= a.sites().length > 0;
            }
            out.flush();
        } finally {
            if (pool != null) pool.shutdownNow();
        }
        return bad ? Main.BAD_INPUT : Main.OK;
    }

    /** Initialises {@link Profiles} (and with it the catalogue); a failure is left to the first line that names a profile. */
    private static final class LoadProfiles implements Runnable {
        @Override public void run() {
            try {
                Profiles.all();
            } catch (RuntimeException | Error e) {
                // reported where a line needs a profile, as it was before this preload
            }
        }
    }

    /** {@code task} on the pool, or done now on this thread when there is none (one worker). */
    private static Future<Answer> submit(ExecutorService pool, Callable<Answer> task) {
        if (pool != null) return pool.submit(task);
        FutureTask<Answer> done = new FutureTask<>(task);
        done.run();
        return done;
    }

    /** The block's output with each error's line number made absolute ({@code linesBefore} + its line in the block). */
    private static void write(Answer a, long linesBefore, OutputStream out) throws IOException {
        int at = 0;
        for (int i = 0; i < a.sites().length; i += 2) {
            out.write(a.out(), at, a.sites()[i] - at);
            out.write(Long.toString(linesBefore + a.sites()[i + 1]).getBytes(StandardCharsets.US_ASCII));
            at = a.sites()[i];
        }
        out.write(a.out(), at, a.length() - at);
    }

    private static Answer answer(Future<Answer> f) throws IOException {
        try {
            return f.get();
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IOException("interrupted", e);
        } catch (ExecutionException e) {
            if (e.getCause() instanceof IOException io) throw io;
            if (e.getCause() instanceof RuntimeException r) throw r;
            throw new IOException(e.getCause());
        }
    }

    /** A worker's state: its output buffer, generator and profile cache, reused block after block. */
    private static final class Block {
        private final Bytes bytes = new Bytes();
        private final JsonGenerator gen;
        private final Map<String, Graded> graded = new HashMap<>();
        private final Side before = new Side(), after = new Side();
        private final KeyOrder keys = new KeyOrder();
        /** The fields of the object last read ({@link #read}); null / false where absent or of another type. */
        private String fabric;
        private Number bytesMoved;
        private Double cong;
        private boolean hasBefore, hasAfter;
        /** The graded profile's counter names, quoted once ({@link Graded#names}); null for a profile resolved per line. */
        private SerializedString[] names;
        private final Map<String, SerializedString> labels = new HashMap<>();
        private int[] sites = new int[16];
        private int nSites;

        Block() {
            try {
                gen = JSON.createGenerator(bytes, JsonEncoding.UTF8);
            } catch (IOException e) {
                throw new UncheckedIOException(e);
            }
            gen.setRootValueSeparator(null);
        }

        /**
         * Classifies the lines of {@code b[0, len)} (whole lines; numbered from 1 within the block). One
         * parser reads the block's objects one after the other (its line count names each line); a line
         * that is not exactly one object on one line (bad JSON, a second value, an object cut over two
         * lines) is answered alone by {@link #line}, as if every line had its own parser, and a fresh
         * parser resumes after it.
         */
        Answer classify(byte[] b, int len) throws IOException {
            bytes.reset();
            nSites = 0;
            int pos = 0, base = 1, lines = 0;
            while (pos < len) {
                int next = -1, nextLine = 0;
                try (JsonParser p = JSON.createParser(b, pos, len - pos)) {
                    while (true) {
                        JsonToken t;
                        try {
                            t = p.nextToken();
                        } catch (JsonProcessingException e) {
                            t = JsonToken.NOT_AVAILABLE;   // the slow path below names the line
                        }
                        if (t == null) {
                            lines = base - 1 + p.currentLocation().getLineNr() - 1;   // newlines passed (a block ends with one)
                            break;
                        }
                        JsonLocation at = p.currentTokenLocation();
                        int start = pos + (int) at.getByteOffset(), lineNo = base + at.getLineNr() - 1;
                        if (t == JsonToken.START_OBJECT) {
                            boolean read;
                            try {
                                read(p, true);
                                read = true;
                            } catch (JsonProcessingException | RuntimeException e) {
                                read = false;
                            }
                            if (read && p.currentLocation().getLineNr() == at.getLineNr()
                                    && restOfLineBlank(b, pos + (int) p.currentLocation().getByteOffset(), len)) {
                                // the object alone on its line, read whole: graded here, as its own parser would
                                DirectValues v;
                                try {
                                    v = grade();
                                } catch (RuntimeException e) {
                                    error(lineNo, e.getMessage());
                                    continue;
                                }
                                write(v);
                                continue;
                            }
                        }
                        // anything else: this line alone, with its own parser, then a fresh parser after it
                        int from = start;
                        while (from > 0 && b[from - 1] != '\n') from--;
                        int to = start;
                        while (to < len && b[to] != '\n') to++;
                        line(b, from, to, lineNo);
                        next = to + 1;
                        nextLine = lineNo + 1;
                        break;
                    }
                }
                if (next < 0) break;
                pos = next;
                base = nextLine;
                lines = base - 1;
            }
            gen.flush();
            // copies: this worker's buffers are reused by its next block before this one is written
            return new Answer(bytes.toByteArray(), bytes.size(), lines, Arrays.copyOf(sites, nSites));
        }

        /** Whether {@code b} from {@code i} holds only blanks up to the next newline (or the end). */
        private static boolean restOfLineBlank(byte[] b, int i, int len) {
            for (; i < len; i++) {
                byte c = b[i];
                if (c == '\n') return true;
                if (c != ' ' && c != '\t' && c != '\r') return false;
            }
            return true;
        }

        /** One input line, bytes {@code [from, to)} (a trailing CR is dropped); blank lines give no output. */
        private void line(byte[] b, int from, int to, int lineNo) throws IOException {
            if (to > from && b[to - 1] == '\r') to--;
            int s = from;
            while (s < to && (b[s] == ' ' || b[s] == '\t')) s++;
            if (s == to) return;
            DirectValues v;
            try (JsonParser p = JSON.createParser(b, s, to - s)) {
                if (p.nextToken() != JsonToken.START_OBJECT) throw new IllegalArgumentException("expected a JSON object");
                read(p, false);
                v = grade();
            } catch (JsonProcessingException e) {
                error(lineNo, e.getOriginalMessage());
                return;
            } catch (RuntimeException e) {
                error(lineNo, e.getMessage());
                return;
            }
            write(v);
        }

        /** The verdict of {@code v} as {@code {"verdict","detail","live"}}; names quoted once per profile where known. */
        private void write(DirectValues v) throws IOException {
            gen.writeStartObject();
            gen.writeFieldName(VERDICT);
            gen.writeString(quoted(v.label()));
            gen.writeFieldName(DETAIL);
            gen.writeStartArray();
            for (int i = 0; i < v.size(); i++) if (v.isDetail(i)) name(v, i);
            gen.writeEndArray();
            gen.writeFieldName(LIVE);
            gen.writeStartArray();
            for (int i = 0; i < v.size(); i++) if (v.isLive(i)) name(v, i);
            gen.writeEndArray();
            gen.writeEndObject();
            gen.writeRaw('\n');
        }

        private void name(DirectValues v, int i) throws IOException {
            if (names != null) gen.writeString(names[i]);
            else gen.writeString(v.name(i));
        }

        private SerializedString quoted(String label) {
            SerializedString q = labels.get(label);
            if (q == null) labels.put(label, q = new SerializedString(label));
            return q;
        }

        /** {@code {"error":"stdin:LINE: message"}}, the absolute LINE left for the writer (a site). */
        private void error(int lineNo, String message) throws IOException {
            gen.writeRaw("{\"error\":\"stdin:");
            gen.flush();
            if (nSites + 2 > sites.length) sites = Arrays.copyOf(sites, sites.length * 2);
            sites[nSites++] = bytes.size();
            sites[nSites++] = lineNo;
            gen.writeRaw(": ");
            gen.writeRaw(new String(JsonStringEncoder.getInstance().quoteAsString(String.valueOf(message))));
            gen.writeRaw("\"}\n");
        }

        /**
         * Reads the object the parser is at (its START_OBJECT read) into this worker's fields; content
         * of the wrong type throws naming the field (a counter value: the side and the counter).
         * {@code inOrder}: keys matched against the order of the previous lines ({@link KeyOrder}),
         * else read one by one (the single-line path, whose parse errors are reported).
         */
        private void read(JsonParser p, boolean inOrder) throws IOException {
            fabric = null;
            bytesMoved = null;
            cong = null;
            hasBefore = false;
            hasAfter = false;
            KeyOrder order = inOrder ? keys : null;
            if (order != null) order.start();
            JsonToken t;
            while (true) {
                String key = order != null ? order.next(p) : p.nextToken() == JsonToken.FIELD_NAME ? p.currentName() : null;
                if (key == null) {
                    t = p.currentToken();
                    break;
                }
                t = p.nextToken();
                switch (key) {
                    case "fabric" -> fabric = t == JsonToken.VALUE_STRING ? p.getText() : null;
                    case "bytes" -> bytesMoved = t.isNumeric() ? p.getNumberValue() : null;
                    case "cong_per_gb" -> {
                        if (t == JsonToken.VALUE_NULL) cong = null;
                        else if (t.isNumeric()) cong = p.getDoubleValue();
                        else throw new IllegalArgumentException("expected \"cong_per_gb\": a number");
                    }
                    case "before" -> hasBefore = before.read(p, t, "before", inOrder);
                    case "after" -> hasAfter = after.read(p, t, "after", inOrder);
                    default -> p.skipChildren();
                }
            }
            if (t != JsonToken.END_OBJECT) throw new IllegalArgumentException("expected a JSON object");
        }

        /**
         * The verdict of the object last {@link #read}: a field absent (or of the wrong type), an unknown
         * profile or a value the classifier refuses throws, naming it.
         */
        private DirectValues grade() {
            if (fabric == null) throw new IllegalArgumentException("expected \"fabric\": a string");
            if (bytesMoved == null) throw new IllegalArgumentException("expected \"bytes\": a number");
            if (!hasBefore) throw new IllegalArgumentException("expected \"before\": an object of counter values");
            if (!hasAfter) throw new IllegalArgumentException("expected \"after\": an object of counter values");
            Graded g = graded.get(fabric);
            if (g == null) graded.put(fabric, g = new Graded(Profiles.named(fabric)));
            DirectValues v = g.values;
            names = g.names;
            if (v == null) {   // a profile with families: resolved against this line's counters (Classifier's rule)
                java.util.Set<String> union = new java.util.HashSet<>();
                before.names(union);
                after.names(union);
                v = new DirectValues(g.profile.resolve(union));
            }
            v.clear();
            before.into(v, true);
            after.into(v, false);
            v.classify(bytesMoved.doubleValue(), cong == null ? Classifier.DEFAULT_CONG_PER_GB : cong);
            return v;
        }
    }

    /** A profile asked for by name and, when it has no families, its values slots, set up once per worker. */
    private static final class Graded {
        final Profile profile;
        final DirectValues values;
        /** {@link #values}' counter names as JSON strings, encoded once. */
        final SerializedString[] names;

        Graded(Profile profile) {
            this.profile = profile;
            this.values = profile.families().isEmpty() ? new DirectValues(profile) : null;
            this.names = values == null ? null : new SerializedString[values.size()];
            for (int i = 0; names != null && i < names.length; i++) names[i] = new SerializedString(values.name(i));
        }
    }

    /**
     * One side's counter values as parsed, in input order (a name given twice: the later value wins,
     * as in a map), before the line's profile is known ({@code fabric} may come after them).
     */
    private static final class Side {
        private String[] names = new String[32];
        private long[] longs = new long[32];
        private Number[] numbers = new Number[32];
        private int n;
        private final KeyOrder keys = new KeyOrder();

        /**
         * Reads the object the parser is at into this side (replacing what it held); false when the
         * value is not an object. A value that is not a number throws naming {@code key} and the counter.
         */
        boolean read(JsonParser p, JsonToken t, String key, boolean inOrder) throws IOException {
            n = 0;
            if (t != JsonToken.START_OBJECT) {
                p.skipChildren();
                return false;
            }
            if (inOrder) keys.start();
            while (true) {
                String name = inOrder ? keys.next(p) : p.nextToken() == JsonToken.FIELD_NAME ? p.currentName() : null;
                if (name == null) break;
                JsonToken v = p.nextToken();
                if (!v.isNumeric()) {
                    String found = v == JsonToken.START_OBJECT ? "an object" : v == JsonToken.START_ARRAY ? "an array"
                            : v == JsonToken.VALUE_STRING ? "\"" + p.getText() + "\"" : p.getText();
                    throw new IllegalArgumentException(key + "." + name + ": expected a number, found " + found);
                }
                if (n == names.length) {
                    names = Arrays.copyOf(names, 2 * n);
                    longs = Arrays.copyOf(longs, 2 * n);
                    numbers = Arrays.copyOf(numbers, 2 * n);
                }
                names[n] = name;
                JsonParser.NumberType type = v == JsonToken.VALUE_NUMBER_INT ? p.getNumberType() : null;
                if (type == JsonParser.NumberType.INT || type == JsonParser.NumberType.LONG) {
                    longs[n] = p.getLongValue();
                    numbers[n] = null;
                } else {
                    numbers[n] = p.getNumberValue();   // a big integer or a floating value, judged by the classifier
                }
                n++;
            }
            return true;
        }

        void names(java.util.Set<String> out) {
            for (int i = 0; i < n; i++) out.add(names[i]);
        }

        /** This side's values of the profile's counters into {@code v}, in input order. */
        void into(DirectValues v, boolean isBefore) {
            for (int k = 0; k < n; k++) {
                int i = v.index(names[k]);
                if (i < 0) continue;
                if (numbers[k] != null) {
                    if (isBefore) v.before(i, numbers[k]); else v.after(i, numbers[k]);
                } else {
                    if (isBefore) v.before(i, longs[k]); else v.after(i, longs[k]);
                }
            }
            Arrays.fill(numbers, 0, n, null);
        }
    }

    /** The worker's output buffer, sized for a block's answers. */
    private static final class Bytes extends ByteArrayOutputStream {
        Bytes() { super(1 << 18); }
    }
}
