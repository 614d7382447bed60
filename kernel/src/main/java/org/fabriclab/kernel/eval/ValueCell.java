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
 * ValueCell.declaration("1 + 1", 7);                // "Object $fabriclabValue7 = (1 + 1\n);"
 * }</pre>
 *
 * <p>Each attempt declares a variable of its own name ({@link #NAME} and a number that is never
 * reused). JShell names a snippet's wrapper class after its variable's key and a version counter,
 * and starts that counter again at 0 when the name's previous snippet was dropped; in this JVM it
 * cannot redefine an already loaded class, so a dropped and re-declared name is compiled once for
 * every earlier version until an unused class name comes up: one fixed name made cell N cost N
 * javac runs (issue 9: 55 ms -> 381 ms per trivial cell over 200 cells). A new name is one new key,
 * compiled once.
 */
final class ValueCell {
    /** The hidden variables' name prefix; each is dropped again as soon as its value is taken. */
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

    /**
     * Whether {@code src} is one call of the cells' {@code display(...)} (as a statement or the last expression): its
     * value, the display id, is not the cell's result, as IPython's {@code display} returns nothing. The output is the
     * display itself; {@code String id = display(x);} keeps the id for {@code updateDisplay}.
     *
     * <pre>{@code
     * isDisplayCall("display(chart, \"image/svg+xml\");")   // true
     * isDisplayCall("display(t).length()")                   // false
     * }</pre>
     */
    static boolean isDisplayCall(String src) {
        String s = src.strip();
        while (s.endsWith(";")) s = s.substring(0, s.length() - 1).strip();
        if (!s.startsWith("display") || !s.endsWith(")")) return false;
        String rest = s.substring("display".length()).stripLeading();
        if (!rest.startsWith("(")) return false;
        // the '(' after display must close at the very end: skip string, text block and char literals
        int depth = 0;
        for (int i = 0; i < rest.length(); i++) {
            char c = rest.charAt(i);
            if (c == '"' || c == '\'') {
                boolean block = c == '"' && rest.startsWith("\"\"\"", i);
                String close = block ? "\"\"\"" : String.valueOf(c);
                i += close.length();
                while (i < rest.length() && !rest.startsWith(close, i)) i += rest.charAt(i) == '\\' ? 2 : 1;
                i += close.length() - 1;
            } else if (c == '(') {
                depth++;
            } else if (c == ')' && --depth == 0) {
                return i == rest.length() - 1;
            }
        }
        return false;
    }

    /**
     * The declaration JShell is offered, naming variable {@code NAME + id} ({@code id} never used
     * before in the session); the newline keeps a trailing line comment out of the way.
     */
    static String declaration(String expr, long id) {
        return "Object " + NAME + id + " = (" + expr.strip() + "\n);";
    }
}
