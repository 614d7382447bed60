package org.fabriclab.kernel.display;

import java.io.IOException;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.util.LinkedHashMap;
import java.util.Map;

import com.fasterxml.jackson.databind.ObjectMapper;

/**
 * A display's representations held to the display output limit ({@link DisplayLimits#maxOutput()}, bytes, the limit
 * {@code %display output=N} sets for stdout and stderr too; 0 = none). The {@code application/json} or
 * {@code text/plain} of a result larger than the limit (an incident over a fabric's thousands of ports: 17 MB of check
 * rows in JSON) is replaced by a note saying how large it was and how to have it, so the notebook stays small enough to
 * open; {@code text/html} and images, which front ends show, are kept. The values themselves stay in the session
 * ({@code x.toMap()}, {@code x.table()}).
 *
 * <pre>{@code
 * Map<String, Object> b = BundleLimit.apply(Renderers.standard().bundle(incident, Mime.DEFAULT), 1_000_000);
 * }</pre>
 */
final class BundleLimit {
    private static final ObjectMapper JSON = new ObjectMapper();

    private BundleLimit() {}

    /** {@code bundle} with its JSON and plain text held to {@code limit} bytes (0: as it is). */
    static Map<String, Object> apply(Map<String, Object> bundle, long limit) {
        if (limit <= 0) return bundle;
        Map<String, Object> out = new LinkedHashMap<>(bundle);
        Object json = out.get(Mime.JSON);
        if (json != null) {
            long size = jsonSize(json, limit);
            if (size > limit) {
                out.put(Mime.JSON, Map.of("omitted", "application/json of more than " + limit + " bytes, above the display output limit "
                        + "(%display output=N, 0 for none); the value's toMap() holds it in code"));
            }
        }
        if (out.get(Mime.TEXT) instanceof String text && text.length() > limit) {
            byte[] b = text.getBytes(StandardCharsets.UTF_8);
            if (b.length > limit) {
                String kept = new String(b, 0, (int) limit, StandardCharsets.UTF_8);
                out.put(Mime.TEXT, kept + "\n[fabriclab: text/plain cut at " + limit + " of " + b.length
                        + " bytes by the display output limit (%display output=N, 0 for none)]");
            }
        }
        return out;
    }

    /** The bytes {@code value} takes as JSON, counted up to just past {@code limit} (the writing stops there); -1 when it is no JSON. */
    static long jsonSize(Object value, long limit) {
        Counter c = new Counter(limit);
        try {
            JSON.writeValue(c, value);
        } catch (Past e) {
            return c.n;
        } catch (IOException | RuntimeException e) {
            return -1;   // the front end's encoder says what is wrong with it, as before
        }
        return c.n;
    }

    /** Thrown by the counter once past the limit, to stop the writing; no stack trace is taken. */
    private static final class Past extends IOException {
        @Override public synchronized Throwable fillInStackTrace() { return this; }
    }

    private static final class Counter extends OutputStream {
        private final long limit;
        long n;

        Counter(long limit) { this.limit = limit; }

        @Override public void write(int b) throws IOException { add(1); }

        @Override public void write(byte[] b, int off, int len) throws IOException { add(len); }

        private void add(long k) throws IOException {
            n += k;
            if (n > limit) throw new Past();
        }
    }
}
