package org.fabriclab.capture;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Splits a dump of several files into one {@link Input} per file: the {@code ==> NAME <==} headers
 * {@code head}/{@code tail} print over several files, or the {@code NAME:} prefixes of
 * {@code grep -H} (every non-blank line prefixed, each name on several lines). Each part keeps its
 * lines at their line numbers in the dump ({@link Input#part}), so a reading or an error names the
 * dump and the line; the part's name ({@link Input#partName}) names the port where the format does
 * not ({@code ethtool -S} of {@code eth0}: {@code netdev eth0}).
 *
 * <pre>{@code
 * List<Input> parts = MultiFileDump.split(Input.of(Path.of("ethtool_all.txt")));   // null: not a dump
 * }</pre>
 */
public final class MultiFileDump {
    private MultiFileDump() {}

    /** {@code ==> eth0 <==}: the name, else null. */
    static String headTailName(String line) {
        String t = line.strip();
        if (!t.startsWith("==> ") || !t.endsWith(" <==") || t.length() < 9) return null;
        String n = t.substring(4, t.length() - 4).strip();
        return n.isEmpty() ? null : n;
    }

    /** The parts of a {@code head}/{@code tail} dump, or null when the first non-blank line is no {@code ==> x <==} header. */
    public static List<Input> headTail(Input in) {
        List<String> head = in.head(1);
        if (head.isEmpty() || headTailName(head.get(0)) == null) return null;
        List<String> lines = in.lines();
        List<Input> parts = new ArrayList<>();
        String name = null;
        StringBuilder sb = null;
        for (int i = 0; i < lines.size(); i++) {
            String n = headTailName(lines.get(i));
            if (n != null) {
                if (sb != null) parts.add(Input.part(in, name, sb.toString()));
                name = n;
                sb = new StringBuilder();
                sb.append("\n".repeat(i + 1));   // the part's own lines keep their numbers in the dump
                continue;
            }
            if (sb != null) sb.append(lines.get(i)).append('\n');
        }
        if (sb != null) parts.add(Input.part(in, name, sb.toString()));
        return parts;
    }

    /**
     * The parts of a {@code grep -H} dump, or null: every non-blank line must be {@code NAME:rest}
     * with a name of no blanks, quotes, braces or commas, and each name must cover two lines or more
     * on average (a one-line-per-file grep, such as sysfs's, is its own format).
     */
    public static List<Input> grepH(Input in) {
        // the first non-blank line decides most files (a perfquery header, a JSON brace): checked on the
        // text, before the whole file is split into line strings
        List<String> head = in.head(1);
        if (head.isEmpty() || !grepName(head.get(0))) return null;
        List<String> lines = in.lines();
        Map<String, List<Integer>> byName = new LinkedHashMap<>();
        int nonBlank = 0;
        for (int i = 0; i < lines.size(); i++) {
            String l = lines.get(i);
            if (l.isBlank()) continue;
            nonBlank++;
            if (!grepName(l)) return null;
            int colon = l.indexOf(':');
            byName.computeIfAbsent(l.substring(0, colon), k -> new ArrayList<>()).add(i);
        }
        if (byName.isEmpty() || nonBlank < 2 * byName.size()) return null;
        List<Input> parts = new ArrayList<>();
        for (Map.Entry<String, List<Integer>> e : byName.entrySet()) {
            StringBuilder sb = new StringBuilder();
            int at = 0;
            int cut = e.getKey().length() + 1;
            for (int i : e.getValue()) {
                sb.append("\n".repeat(i - at));
                sb.append(lines.get(i), cut, lines.get(i).length()).append('\n');
                at = i + 1;
            }
            parts.add(Input.part(in, e.getKey(), sb.toString()));
        }
        return parts;
    }

    /** True when {@code l} is {@code NAME:rest} with a name of no blanks, quotes, braces, brackets, commas, '=' or '#'. */
    private static boolean grepName(String l) {
        int colon = l.indexOf(':');
        if (colon <= 0) return false;
        for (int k = 0; k < colon; k++) {
            char c = l.charAt(k);
            if (Character.isWhitespace(c) || c == '"' || c == '\'' || c == '{' || c == '}' || c == '[' || c == ']' || c == ','
                    || c == '=' || c == '#') return false;
        }
        return true;
    }
}
