package org.fabriclab.kernel.wire;

import java.util.Map;
import java.util.Set;

import com.fasterxml.jackson.databind.JsonNode;

/**
 * The content fields the kernel's handlers read, with the JSON type each must have (Jupyter
 * messaging spec 5.3). A signed request with a field of the wrong type (a number as {@code code})
 * is answered with an error and never run; a missing optional field takes its default, and JSON
 * {@code null} counts as missing.
 *
 * <pre>{@code
 * Requests.problem("execute_request", content);   // null when fine, else e.g.
 * // "execute_request: 'code' must be a string, got the number 42"
 * }</pre>
 */
final class Requests {
    private enum Kind { STRING, BOOLEAN, INTEGER, OBJECT }

    private record Field(String name, Kind kind, boolean required) {}

    private static final Map<String, Set<Field>> FIELDS = Map.of(
            "execute_request", Set.of(new Field("code", Kind.STRING, true), new Field("silent", Kind.BOOLEAN, false),
                    new Field("store_history", Kind.BOOLEAN, false), new Field("allow_stdin", Kind.BOOLEAN, false),
                    new Field("stop_on_error", Kind.BOOLEAN, false), new Field("user_expressions", Kind.OBJECT, false)),
            "complete_request", Set.of(new Field("code", Kind.STRING, true), new Field("cursor_pos", Kind.INTEGER, false)),
            "inspect_request", Set.of(new Field("code", Kind.STRING, true), new Field("cursor_pos", Kind.INTEGER, false),
                    new Field("detail_level", Kind.INTEGER, false)),
            "is_complete_request", Set.of(new Field("code", Kind.STRING, true)),
            "history_request", Set.of(new Field("hist_access_type", Kind.STRING, false), new Field("output", Kind.BOOLEAN, false),
                    new Field("raw", Kind.BOOLEAN, false), new Field("session", Kind.INTEGER, false),
                    new Field("start", Kind.INTEGER, false), new Field("stop", Kind.INTEGER, false),
                    new Field("n", Kind.INTEGER, false), new Field("pattern", Kind.STRING, false),
                    new Field("unique", Kind.BOOLEAN, false)),
            "shutdown_request", Set.of(new Field("restart", Kind.BOOLEAN, false)));

    private Requests() {}

    /** What is wrong with a request's content, or {@code null} when every field it has is of the right type. */
    static String problem(String type, JsonNode content) {
        Set<Field> fields = FIELDS.get(type);
        if (fields == null) return null;
        for (Field f : fields) {
            JsonNode v = content.get(f.name());
            if (v == null || v.isNull()) {
                if (f.required()) return type + ": '" + f.name() + "' is missing (expected " + article(f.kind()) + ")";
                continue;
            }
            boolean ok = switch (f.kind()) {
                case STRING -> v.isTextual();
                case BOOLEAN -> v.isBoolean();
                case INTEGER -> v.canConvertToInt() && v.isIntegralNumber();
                case OBJECT -> v.isObject();
            };
            if (!ok) return type + ": '" + f.name() + "' must be " + article(f.kind()) + ", got " + describe(v);
        }
        return null;
    }

    private static String article(Kind k) {
        return switch (k) {
            case STRING -> "a string";
            case BOOLEAN -> "a boolean";
            case INTEGER -> "an integer";
            case OBJECT -> "an object";
        };
    }

    private static String describe(JsonNode v) {
        if (v.isTextual()) return "a string";
        if (v.isBoolean()) return "a boolean";
        if (v.isNumber()) return "the number " + v;
        if (v.isArray()) return "an array";
        if (v.isObject()) return "an object";
        return v.getNodeType().toString().toLowerCase(java.util.Locale.ROOT);
    }
}
