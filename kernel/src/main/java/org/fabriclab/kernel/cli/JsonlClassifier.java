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
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;

import org.fabriclab.verdict.Classifier;
import org.fabriclab.verdict.Profile;
import org.fabriclab.verdict.Profiles;
import org.fabriclab.verdict.Verdict;

import com.fasterxml.jackson.core.JsonEncoding;
import com.fasterxml.jackson.core.JsonFactory;
import com.fasterxml.jackson.core.JsonGenerator;
import com.fasterxml.jackson.core.JsonLocation;
import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.core.JsonToken;
import com.fasterxml.jackson.core.StreamReadFeature;
import com.fasterxml.jackson.core.io.JsonStringEncoder;

/**
 * {@code classify --jsonl}: one JSON object per input line
 * ({@code {"fabric","bytes","cong_per_gb","before","after"}}), one verdict line out per line in,
 * in order: {@code {"verdict","detail","live"}} as the runbook's {@code classify()} returns, or
 * {@code {"error":"stdin:LINE: ..."}}.
 * <p>Streaming: stdin is read in blocks of up to {@value #BLOCK} bytes and cut at the last newline;
 * each block of whole lines is classified on a worker thread (one per core) into its own output bytes,
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

    private JsonlClassifier() {}

    /**
     * What one block of lines gave: its output bytes, how many lines it held, and for each error line
     * where its line number goes ({@code sites}: output offset, line within the block, pairs) — the
     * block does not know how many lines came before it; the writer does.
     */
    private record Answer(byte[] out, int length, int lines, int[] sites) {}

    /** Classifies every line of {@code in} into {@code out}; returns 0, or 2 when a line was bad input. */
    static int run(InputStream in, OutputStream out) throws IOException {
        int workers = Math.max(1, Math.min(4, Runtime.getRuntime().availableProcessors()));
        ExecutorService pool = Executors.newFixedThreadPool(workers, r -> {
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
                    pending.add(pool.submit(() -> blocks.get().classify(lines, lines.length)));
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
                pending.add(pool.submit(() -> blocks.get().classify(last, last.length)));
            }
            while (!pending.isEmpty()) {
                Answer a = answer(pending.poll());
                write(a, linesBefore, out);
                linesBefore += a.lines();
                bad |= a.sites().length > 0;
            }
            out.flush();
        } finally {
            pool.shutdownNow();
        }
        return bad ? Main.BAD_INPUT : Main.OK;
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
        private final Map<String, Profile> profiles = new HashMap<>();
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
                            Verdict v = null;
                            try {
                                v = object(p);
                            } catch (JsonProcessingException | RuntimeException e) {
                                v = null;
                            }
                            if (v != null && p.currentLocation().getLineNr() == at.getLineNr()
                                    && restOfLineBlank(b, pos + (int) p.currentLocation().getByteOffset(), len)) {
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
            Verdict v;
            try (JsonParser p = JSON.createParser(b, s, to - s)) {
                if (p.nextToken() != JsonToken.START_OBJECT) throw new IllegalArgumentException("expected a JSON object");
                v = object(p);
            } catch (JsonProcessingException e) {
                error(lineNo, e.getOriginalMessage());
                return;
            } catch (RuntimeException e) {
                error(lineNo, e.getMessage());
                return;
            }
            write(v);
        }

        private void write(Verdict v) throws IOException {
            gen.writeStartObject();
            gen.writeStringField("verdict", v.verdict());
            gen.writeArrayFieldStart("detail");
            for (String d : v.detail()) gen.writeString(d);
            gen.writeEndArray();
            gen.writeArrayFieldStart("live");
            for (String d : v.live()) gen.writeString(d);
            gen.writeEndArray();
            gen.writeEndObject();
            gen.writeRaw('\n');
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

        /** The verdict of the object the parser is at (its START_OBJECT read); bad content throws naming the field. */
        private Verdict object(JsonParser p) throws IOException {
            String fabric = null;
            Number bytesMoved = null;
            Double cong = null;
            Map<String, Number> before = null, after = null;
            {
                JsonToken t;
                while ((t = p.nextToken()) == JsonToken.FIELD_NAME) {
                    String key = p.currentName();
                    t = p.nextToken();
                    switch (key) {
                        case "fabric" -> fabric = t == JsonToken.VALUE_STRING ? p.getText() : null;
                        case "bytes" -> bytesMoved = t.isNumeric() ? p.getNumberValue() : null;
                        case "cong_per_gb" -> {
                            if (t == JsonToken.VALUE_NULL) cong = null;
                            else if (t.isNumeric()) cong = p.getDoubleValue();
                            else throw new IllegalArgumentException("expected \"cong_per_gb\": a number");
                        }
                        case "before" -> before = values(p, t, "before");
                        case "after" -> after = values(p, t, "after");
                        default -> p.skipChildren();
                    }
                }
                if (t != JsonToken.END_OBJECT) throw new IllegalArgumentException("expected a JSON object");
            }
            if (fabric == null) throw new IllegalArgumentException("expected \"fabric\": a string");
            if (bytesMoved == null) throw new IllegalArgumentException("expected \"bytes\": a number");
            if (before == null) throw new IllegalArgumentException("expected \"before\": an object of counter values");
            if (after == null) throw new IllegalArgumentException("expected \"after\": an object of counter values");
            Profile profile = profiles.computeIfAbsent(fabric, Profiles::named);
            return Classifier.classify(profile, before, after, bytesMoved.doubleValue(),
                    cong == null ? Classifier.DEFAULT_CONG_PER_GB : cong);
        }

        private static Map<String, Number> values(JsonParser p, JsonToken t, String key) throws IOException {
            if (t != JsonToken.START_OBJECT) {
                p.skipChildren();
                return null;
            }
            Map<String, Number> m = new HashMap<>(32);
            while (p.nextToken() == JsonToken.FIELD_NAME) {
                String name = p.currentName();
                JsonToken v = p.nextToken();
                if (!v.isNumeric()) {
                    String found = v == JsonToken.START_OBJECT ? "an object" : v == JsonToken.START_ARRAY ? "an array"
                            : v == JsonToken.VALUE_STRING ? "\"" + p.getText() + "\"" : p.getText();
                    throw new IllegalArgumentException(key + "." + name + ": expected a number, found " + found);
                }
                m.put(name, p.getNumberValue());
            }
            return m;
        }
    }

    /** The worker's output buffer, sized for a block's answers. */
    private static final class Bytes extends ByteArrayOutputStream {
        Bytes() { super(1 << 18); }
    }
}
