package org.fabriclab.kernel.cli;

import java.io.IOException;
import java.util.Arrays;
import java.util.HashMap;
import java.util.Map;

import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonToken;
import com.fasterxml.jackson.core.io.SerializedString;

/**
 * The keys of a JSON object in the order the last object that began with the same key had them, so
 * that the next object's keys are matched as bytes ({@link JsonParser#nextFieldName(com.fasterxml.jackson.core.SerializableString)})
 * instead of decoded and looked up one by one: a producer of JSON lines writes its keys in one
 * order (one per kind of line, told apart by the first key). A key that is not the one expected is
 * read as usual: when it comes later in the order the keys between were left out, else it is
 * remembered in its place. The tokens and names read are exactly those of
 * {@link JsonParser#nextToken()}; only the work differs. At most {@value #KINDS} first keys are
 * remembered.
 *
 * <pre>{@code
 * order.start();
 * for (String key; (key = order.next(p)) != null; ) { p.nextToken(); ... }
 * }</pre>
 */
final class KeyOrder {
    static final int KINDS = 32;

    private final Map<String, SerializedString[]> byFirst = new HashMap<>();
    private SerializedString[] keys = new SerializedString[0];
    private String first;
    private int at;

    /** The parser is at an object's START_OBJECT: its keys are read next. */
    void start() { at = 0; }

    /**
     * The object's next key, the parser then at its FIELD_NAME; null when the next token is not a key
     * (the parser is then at that token: END_OBJECT, or what a malformed object holds).
     *
     * @throws IOException what {@link JsonParser#nextToken()} throws
     */
    String next(JsonParser p) throws IOException {
        SerializedString want = at > 0 && at < keys.length ? keys[at] : null;
        String name;
        if (want != null) {
            if (p.nextFieldName(want)) {
                at++;
                return want.getValue();
            }
            if (p.currentToken() != JsonToken.FIELD_NAME) return null;
        } else if (p.nextToken() != JsonToken.FIELD_NAME) {
            return null;
        }
        name = p.currentName();
        if (at == 0) {
            first = name;
            keys = byFirst.get(name);
            if (keys == null) {
                keys = new SerializedString[] {new SerializedString(name)};
                if (byFirst.size() < KINDS) byFirst.put(name, keys);
            }
        } else {
            // a key left out (a counter absent from this line): the order goes on after it
            for (int k = at + 1; k < keys.length; k++) {
                if (keys[k].getValue().equals(name)) {
                    at = k + 1;
                    return name;
                }
            }
            if (at >= keys.length) {
                keys = Arrays.copyOf(keys, at + 1);
                if (byFirst.get(first) != null) byFirst.put(first, keys);
            }
            keys[at] = new SerializedString(name);
        }
        at++;
        return name;
    }
}
