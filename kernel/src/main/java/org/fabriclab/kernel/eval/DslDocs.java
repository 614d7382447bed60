package org.fabriclab.kernel.eval;

import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Javadoc of the DSL's own types for {@code inspect}: JShell finds javadoc only in the JDK's
 * {@code src.zip}, so the kernel jar carries the DSL sources as resources under {@code dsl-src/}
 * and this class reads the comment in front of a declaration. A light scan (the last
 * {@code /** ... *&#47;} before the declaring line), not a Java parser. JShell names a type it can
 * reach by its simple name (an imported one: {@code ByLayer Delta.byLayer()}) by that name alone, so
 * a simple owner is qualified through the session's imports first.
 *
 * <pre>{@code
 * DslDocs.forSignature("Snapshot org.fabriclab.Fabric.snapshot(String... paths)");
 * // "\n\nJoins files and folders taken at one instant into a per-port snapshot."
 * }</pre>
 */
final class DslDocs {
    private static final Map<String, String> SOURCES = new ConcurrentHashMap<>();
    private static final Pattern JAVADOC = Pattern.compile("/\\*\\*(.*?)\\*/", Pattern.DOTALL);

    private DslDocs() {}

    /** "\n" + javadoc for a JShell signature such as {@code R org.fabriclab.X.m(A a)}; "" when unknown. */
    static String forSignature(String signature) { return forSignature(signature, List.of()); }

    /**
     * "\n" + javadoc for a JShell signature, its owner qualified through {@code imports} (the session's non-static
     * imports as JShell gives them: {@code org.fabriclab.delta.*}, {@code org.fabriclab.delta.Delta}) when it is a
     * simple name ({@code ByLayer Delta.byLayer()}); a variable's {@code name:Type} gives the type's javadoc.
     */
    static String forSignature(String signature, List<String> imports) {
        if (signature == null) return "";
        int paren = signature.indexOf('(');
        String head = paren < 0 ? signature : signature.substring(0, paren);
        int colon = head.indexOf(':');
        if (paren < 0 && colon > 0 && !head.contains(" ")) return forType(head.substring(colon + 1), imports);
        String[] words = head.trim().split("\\s+");
        String qualified = qualify(words[words.length - 1], imports);
        if (!qualified.startsWith("org.fabriclab.")) return "";
        int dot = qualified.lastIndexOf('.');
        String owner = qualified.substring(0, dot);
        String member = qualified.substring(dot + 1);
        String src = source(owner);
        if (src == null) {
            // the signature names a type, not a member
            return forType(qualified);
        }
        String simpleOwner = owner.substring(owner.lastIndexOf('.') + 1);
        String decl = member.equals(simpleOwner) && paren >= 0
                ? "\\b" + Pattern.quote(member) + "\\s*\\(" // constructor
                : (paren >= 0 ? "\\s" + Pattern.quote(member) + "\\s*\\(" : "\\s" + Pattern.quote(member) + "\\s*[=;,]");
        return docBefore(src, Pattern.compile(decl));
    }

    /** "\n" + class javadoc of a DSL type name; "" when unknown. */
    static String forType(String type) { return forType(type, List.of()); }

    /** "\n" + class javadoc of a DSL type name, qualified through {@code imports} when simple; "" when unknown. */
    static String forType(String type, List<String> imports) {
        if (type == null) return "";
        String t = qualify(type.replaceAll("<.*", "").trim(), imports);
        if (!t.startsWith("org.fabriclab.")) return "";
        String src = source(t);
        if (src == null) return "";
        String simple = t.substring(t.lastIndexOf('.') + 1);
        return docBefore(src, Pattern.compile("\\b(class|record|interface|enum)\\s+" + Pattern.quote(simple) + "\\b"));
    }

    /**
     * {@code name} ({@code Delta}, {@code Delta.moved}, {@code Capture.Builder}) with its first part qualified by the
     * import that brings a DSL type of that simple name into scope; {@code name} itself when none does.
     */
    static String qualify(String name, List<String> imports) {
        if (name.startsWith("org.fabriclab.") || name.isEmpty() || !Character.isUpperCase(name.charAt(0))) return name;
        int dot = name.indexOf('.');
        String simple = dot < 0 ? name : name.substring(0, dot);
        for (String imp : imports) {
            if (!imp.startsWith("org.fabriclab.")) continue;
            String candidate = imp.endsWith(".*") ? imp.substring(0, imp.length() - 1) + simple
                    : imp.endsWith("." + simple) ? imp : null;
            if (candidate == null) continue;
            String path = "dsl-src/" + candidate.replace('.', '/') + ".java";
            if (!SOURCES.computeIfAbsent(path, DslDocs::read).isEmpty()) return candidate + (dot < 0 ? "" : name.substring(dot));
        }
        return name;
    }

    private static String docBefore(String src, Pattern decl) {
        Matcher d = decl.matcher(src);
        while (d.find()) {
            String before = src.substring(0, d.start());
            int lineStart = before.lastIndexOf('\n') + 1;
            String lineHead = before.substring(lineStart).trim();
            if (lineHead.startsWith("*") || lineHead.startsWith("//") || lineHead.startsWith("return")) continue;
            Matcher j = JAVADOC.matcher(before);
            String last = null;
            int lastEnd = -1;
            while (j.find()) { last = j.group(1); lastEnd = j.end(); }
            if (last == null) return "";
            String between = before.substring(lastEnd, lineStart).replaceAll("@\\w+(\\([^)]*\\))?", "").trim();
            if (!between.isEmpty()) return "";
            return "\n" + clean(last);
        }
        return "";
    }

    private static String clean(String raw) {
        StringBuilder sb = new StringBuilder();
        for (String line : raw.split("\n")) {
            String l = line.strip();
            if (l.startsWith("*")) l = l.substring(1);
            if (l.startsWith(" ")) l = l.substring(1);
            sb.append(l).append('\n');
        }
        return sb.toString().replaceAll("\\{@(code|link|linkplain) ([^}]*)}", "$2").replaceAll("</?p>", "").strip();
    }

    /** The source of a top-level or nested DSL type (org.fabriclab.capture.Capture.Builder -> Capture.java). */
    private static String source(String qualified) {
        String name = qualified;
        while (name.contains(".")) {
            String path = "dsl-src/" + name.replace('.', '/') + ".java";
            String s = SOURCES.computeIfAbsent(path, DslDocs::read);
            if (!s.isEmpty()) return s;
            name = name.substring(0, name.lastIndexOf('.'));
        }
        return null;
    }

    private static String read(String path) {
        try (InputStream in = DslDocs.class.getClassLoader().getResourceAsStream(path)) {
            return in == null ? "" : new String(in.readAllBytes(), StandardCharsets.UTF_8);
        } catch (IOException e) {
            return "";
        }
    }
}
