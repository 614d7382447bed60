package org.fabriclab.kernel.notebook;

import java.util.LinkedHashMap;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Papermill-style parameters for Java cells: {@code -p name=value} becomes a declaration in the
 * injected cell, typed like the default in the cell tagged {@code parameters}
 * ({@code double bytes = 1e12;} + {@code -p bytes=2e12} gives {@code double bytes = 2e12;}),
 * or inferred ({@code var}) for a name the parameters cell does not declare.
 *
 * <pre>{@code
 * Parameters.parse("fabric=roce");                          // name -> raw text
 * Parameters.cell(Map.of("fabric", "roce"), "String fabric = \"ib\";");
 * // "// Parameters injected by fabriclab run\nString fabric = \"roce\";\n"
 * }</pre>
 */
public final class Parameters {
    private static final Pattern DECL = Pattern.compile(
            "^\\s*(?:final\\s+)?([A-Za-z_][\\w.]*(?:<[^=;]*>)?(?:\\[\\])*)\\s+([A-Za-z_]\\w*)\\s*=", Pattern.MULTILINE);

    private Parameters() {}

    /** {@code name=value} -> entry; a bad name is an IllegalArgumentException naming it. */
    public static Map.Entry<String, String> parse(String kv) {
        int eq = kv.indexOf('=');
        if (eq <= 0) throw new IllegalArgumentException("-p " + kv + ": expected name=value");
        String name = kv.substring(0, eq).trim();
        if (!name.matches("[A-Za-z_]\\w*")) throw new IllegalArgumentException("-p " + kv + ": '" + name + "' is not a Java identifier");
        return Map.entry(name, kv.substring(eq + 1));
    }

    /** Declared types of the parameters cell: name -> type. */
    public static Map<String, String> declared(String parametersCell) {
        Map<String, String> m = new LinkedHashMap<>();
        Matcher d = DECL.matcher(parametersCell == null ? "" : parametersCell);
        while (d.find()) m.put(d.group(2), d.group(1));
        return m;
    }

    /** The source of the injected cell. */
    public static String cell(Map<String, String> values, String parametersCell) {
        Map<String, String> types = declared(parametersCell);
        StringBuilder sb = new StringBuilder("// Parameters injected by fabriclab run\n");
        for (Map.Entry<String, String> e : values.entrySet()) {
            String type = types.getOrDefault(e.getKey(), "var");
            sb.append(type).append(' ').append(e.getKey()).append(" = ").append(literal(type, e.getValue())).append(";\n");
        }
        return sb.toString();
    }

    /** A Java literal of {@code raw} for a declared type (or inferred for {@code var}). */
    static String literal(String type, String raw) {
        String t = type.trim();
        switch (t) {
            case "String", "java.lang.String" -> { return quote(raw); }
            case "int", "Integer", "short", "byte" -> { return Long.toString(number(raw, t)); }
            case "long", "Long" -> { return number(raw, t) + "L"; }
            case "double", "Double", "float", "Float" -> {
                try {
                    double d = Double.parseDouble(raw.trim());
                    return t.startsWith("f") || t.startsWith("F") ? d + "f" : Double.toString(d);
                } catch (NumberFormatException e) {
                    throw new IllegalArgumentException("-p " + raw + ": expected a number for " + t);
                }
            }
            case "boolean", "Boolean" -> {
                if (!raw.trim().equals("true") && !raw.trim().equals("false")) throw new IllegalArgumentException("-p " + raw + ": expected true or false");
                return raw.trim();
            }
            case "char", "Character" -> {
                if (raw.length() != 1) throw new IllegalArgumentException("-p " + raw + ": expected one character");
                return "'" + (raw.equals("'") || raw.equals("\\") ? "\\" + raw : raw) + "'";
            }
            case "var" -> {
                String r = raw.trim();
                if (r.equals("true") || r.equals("false")) return r;
                if (r.matches("-?\\d{1,9}")) return r;
                if (r.matches("-?\\d+")) return r + "L";
                if (r.matches("-?(\\d+\\.?\\d*|\\.\\d+)([eE][-+]?\\d+)?")) return Double.toString(Double.parseDouble(r));
                return quote(raw);
            }
            default -> { return quote(raw); } // other declared types: hand over the text, the cell converts
        }
    }

    private static long number(String raw, String type) {
        try {
            return Long.parseLong(raw.trim());
        } catch (NumberFormatException e) {
            throw new IllegalArgumentException("-p " + raw + ": expected a whole number for " + type);
        }
    }

    static String quote(String s) {
        StringBuilder sb = new StringBuilder("\"");
        for (char c : s.toCharArray()) {
            switch (c) {
                case '"' -> sb.append("\\\"");
                case '\\' -> sb.append("\\\\");
                case '\n' -> sb.append("\\n");
                case '\r' -> sb.append("\\r");
                case '\t' -> sb.append("\\t");
                default -> sb.append(c);
            }
        }
        return sb.append('"').toString();
    }
}
