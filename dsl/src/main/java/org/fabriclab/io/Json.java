package org.fabriclab.io;

import com.fasterxml.jackson.databind.ObjectMapper;

/**
 * The DSL's Jackson {@link ObjectMapper} for reading JSON captures and files (Jackson's defaults), made on first use,
 * not when a class that reads JSON is loaded: every command loads every capture reader to sniff its input, and an
 * {@code ObjectMapper} costs ~50-150 ms of a small command's start (C1, with the CLI's class-data archive). Shared:
 * a configured mapper is thread-safe.
 *
 * <pre>{@code
 * JsonNode n = Json.mapper().readTree(Files.readString(Path.of("before/timestamp.json")));
 * }</pre>
 */
public final class Json {
    private Json() {}

    private static final class Holder { static final ObjectMapper MAPPER = new ObjectMapper(); }

    /** The shared mapper, made by the first call. */
    public static ObjectMapper mapper() { return Holder.MAPPER; }
}
