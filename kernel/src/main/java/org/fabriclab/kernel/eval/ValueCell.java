package org.fabriclab.kernel.eval;

import java.util.Set;
import java.util.regex.Pattern;

/**
 * The source form of {@link Session}'s value fast path: a complete snippet typed without a
 * closing semicolon (the notebook idiom of ending a cell with the value to show) that may be an
 * expression is offered to JShell as {@code Object <hidden> = (expr\n);}.
 * {@link #mayBeExpression} only filters out what is surely not an expression (a declaration or a
 * statement keyword first), to save a rejected attempt; it never decides correctness, because
 * JShell rejects whatever is not an expression and the snippet is then evaluated as written.
 *
 * <pre>{@code
 * ValueCell.mayBeExpression("t.rowCount()");        // true
 * ValueCell.mayBeExpression("var t = load(p)");     // false
 * ValueCell.declaration("1 + 1");                   // "Object $fabriclabValue = (1 + 1\n);"
 * }</pre>
 */
final class ValueCell {
    /** The hidden variable's name; dropped again as soon as its value is taken. */
    static final String NAME = "$fabriclabValue";

    private static final Set<String> NOT_EXPRESSION_START = Set.of(
            "import", "var", "final", "abstract", "static", "public", "private", "protected", "class", "interface",
            "enum", "record", "if", "for", "while", "do", "try", "return", "throw", "break", "continue",
            "synchronized", "assert", "boolean", "byte", "char", "short", "int", "long", "float", "double", "void");
    /** {@code Type name}, {@code Type<A, B> name}, {@code Type[] name} at the start: a declaration. */
    private static final Pattern DECLARATION = Pattern.compile(
            "^[A-Za-z_$][\\w$.]*\\s*(<[\\w$.,?\\s<>\\[\\]]*>)?\\s*(\\[\\s*]\\s*)*\\s[A-Za-z_$][\\w$]*\\s*(=(?!=)|;|$)",
            Pattern.DOTALL);

    private ValueCell() {}

    /** False when the snippet surely is no expression (declaration, statement, annotation). */
    static boolean mayBeExpression(String src) {
        String s = src.strip();
        // a closing ';' or '}' ends a statement or declaration; "1 + 1;" still works, on the general path
        if (s.isEmpty() || s.endsWith(";") || s.endsWith("}") || s.startsWith("@") || s.startsWith("{")
                || s.startsWith("//") || s.startsWith("/*")) return false;
        int end = 0;
        while (end < s.length() && Character.isJavaIdentifierPart(s.charAt(end))) end++;
        if (NOT_EXPRESSION_START.contains(s.substring(0, end))) return false;
        return !DECLARATION.matcher(s).find();
    }

    /** The declaration JShell is offered; the newline keeps a trailing line comment out of the way. */
    static String declaration(String expr) {
        return "Object " + NAME + " = (" + expr.strip() + "\n);";
    }
}
