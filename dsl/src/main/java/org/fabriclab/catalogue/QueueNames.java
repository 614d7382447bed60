package org.fabriclab.catalogue;

import java.util.ArrayList;
import java.util.EnumMap;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * Raw-name patterns with a queue placeholder ({@code [{q}]: rx_ucast_bytes}, {@code rx_queue_{q}_bytes}).
 * A name is keyed by its shape (every run of digits replaced by {@code #}), so a lookup is one hash
 * probe plus a match against the few patterns of that shape: the text before {@code {q}}, 1 to 6
 * ASCII digits, the text after (compared as strings: no regex is compiled per queue binding on a
 * short command's catalogue load).
 */
final class QueueNames {
    private record Entry(String before, String after, Binding binding) {
        /** The queue index when {@code raw} is {@code before}, 1 to 6 digits 0-9, {@code after}; -1 otherwise. */
        int queue(String raw) {
            int from = before.length(), to = raw.length() - after.length(), n = to - from;
            if (n < 1 || n > 6 || !raw.startsWith(before) || !raw.endsWith(after)) return -1;
            int q = 0;
            for (int i = from; i < to; i++) {
                char c = raw.charAt(i);
                if (!isDigit(c)) return -1;
                q = q * 10 + (c - '0');
            }
            return q;
        }
    }

    private final Map<Source, Map<String, List<Entry>>> byShape = new EnumMap<>(Source.class);

    void add(Source source, String raw, Binding b) {
        int at = raw.indexOf("{q}");
        if (raw.indexOf("{q}", at + 1) >= 0) throw new IllegalArgumentException("raw name '" + raw + "' has more than one {q}");
        String before = raw.substring(0, at), after = raw.substring(at + 3);
        // as before.matches(".*\\d") || after.matches("\\d.*"), without compiling two regexes per queue binding
        if ((!before.isEmpty() && isDigit(before.charAt(before.length() - 1)) && oneLine(before))
                || (!after.isEmpty() && isDigit(after.charAt(0)) && oneLine(after))) {
            throw new IllegalArgumentException("raw name '" + raw + "': {q} must not touch other digits");
        }
        String shape = shape(before) + "#" + shape(after);
        Map<String, List<Entry>> m = byShape.get(source);   // get/put, not computeIfAbsent: a lambda call site is linked on first use, cold
        if (m == null) byShape.put(source, m = new HashMap<>());
        List<Entry> es = m.get(shape);
        if (es == null) m.put(shape, es = new ArrayList<>());
        es.add(new Entry(before, after, b));
    }

    Optional<Binding> lookup(Source source, String raw) {
        Map<String, List<Entry>> m = byShape.get(source);
        if (m == null) return Optional.empty();
        List<Entry> es = m.get(shape(raw));
        if (es == null) return Optional.empty();
        for (Entry e : es) {
            int q = e.queue(raw);
            if (q >= 0) return Optional.of(e.binding().withQueue(q));
        }
        return Optional.empty();
    }

    private static boolean isDigit(char c) { return c >= '0' && c <= '9'; }

    /** No line terminator in {@code s} (which a regex's {@code .} does not match). */
    private static boolean oneLine(String s) {
        for (int i = 0; i < s.length(); i++) {
            char c = s.charAt(i);
            if (c == '\n' || c == '\r' || c == '\u0085' || c == '\u2028' || c == '\u2029') return false;
        }
        return true;
    }

    /** The name with every run of digits replaced by one {@code #}. */
    static String shape(String s) {
        StringBuilder b = new StringBuilder(s.length());
        boolean digits = false;
        for (int i = 0; i < s.length(); i++) {
            char c = s.charAt(i);
            if (c >= '0' && c <= '9') {
                if (!digits) b.append('#');
                digits = true;
            } else {
                b.append(c);
                digits = false;
            }
        }
        return b.toString();
    }
}
