package org.fabriclab.capture;

import java.io.IOException;

import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.core.JsonToken;

/**
 * A JSON reader's step from one document to the next, for a file that holds a command's JSON output more than once
 * ({@code rdma statistic -j >> f} before and after a test, {@code ip -j -s link >> f}): each document is read, so
 * {@link Runs} can cut the file into its runs; none after the first is dropped unread. Text after the documents that
 * is no JSON (a prompt pasted after the output) ends the reading with a warning naming its line.
 *
 * <pre>{@code
 * do { ...read one array... } while (JsonDocuments.next(p, b, file, 0));
 * }</pre>
 */
public final class JsonDocuments {
    private JsonDocuments() {}

    /**
     * After a document has ended: moves {@code p} to the next document's {@code [} and returns true, or returns false at
     * the end of the text, or (after a warning on {@code b}) at text that is no JSON array. {@code lineOffset}: lines
     * before the parsed text in the file, for the warning.
     *
     * @throws IOException when the text cannot be read
     */
    public static boolean next(JsonParser p, Capture.Builder b, String file, int lineOffset) throws IOException {
        JsonToken t = after(p, b, file, lineOffset);
        if (t == null) return false;
        if (t == JsonToken.START_ARRAY) return true;
        b.warn(file + ":" + (lineOffset + p.currentTokenLocation().getLineNr()) + ": after the JSON output, " + t
                + " where another array would start; not read");
        return false;
    }

    /**
     * After a document has ended: the first token of what follows it, for a reader that takes more than an array for a
     * document; null at the end of the text, or (after a warning on {@code b}) at text that is no JSON.
     *
     * @throws IOException when the text cannot be read
     */
    public static JsonToken after(JsonParser p, Capture.Builder b, String file, int lineOffset) throws IOException {
        int line = p.currentLocation().getLineNr();
        try {
            return p.nextToken();
        } catch (JsonProcessingException e) {
            int at = e.getLocation() == null ? line : e.getLocation().getLineNr();
            b.warn(file + ":" + (lineOffset + at) + ": text after the JSON output is no JSON; not read");
            return null;
        }
    }
}
