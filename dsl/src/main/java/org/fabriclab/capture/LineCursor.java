package org.fabriclab.capture;

/**
 * Walks the lines of a text without splitting it: {@link #start()} and {@link #end()} bound the
 * current line inside {@link #text()} (a trailing {@code \r} excluded), {@link #number()} is its
 * 1-based line number. Readers scan the bounds with {@code charAt}/{@code indexOf} and create a
 * {@code String} only for what they keep, which keeps parsing at hundreds of MB/s.
 *
 * <pre>{@code
 * LineCursor c = new LineCursor(in.text());
 * while (c.next()) {
 *     if (c.isBlank()) continue;
 *     int colon = c.indexOf(':');      // -1 when the line has none
 *     ...
 * }
 * }</pre>
 */
public final class LineCursor {
    private final String text;
    private final int length;
    private int pos;
    private int number;
    private int start;
    private int end;

    public LineCursor(String text) {
        this.text = text;
        this.length = text.length();
    }

    /**
     * Walks only the lines in {@code text[from, to)}: {@code from} is the start of a line, {@code to}
     * the end of the text or just past a {@code '\n'}, and {@code firstLine} the 1-based number that
     * line has in the whole text. Offsets stay those of {@code text}, so a chunk of a large file
     * (a parallel reader's) reports the same offsets and line numbers as a cursor over all of it.
     */
    public LineCursor(String text, int from, int to, int firstLine) {
        if (from < 0 || to > text.length() || from > to || firstLine < 1) {
            throw new IllegalArgumentException("lines [" + from + ", " + to + ") from line " + firstLine + " of a text of "
                    + text.length() + " chars");
        }
        this.text = text;
        this.length = to;
        this.pos = from;
        this.number = firstLine - 1;
    }

    /** Advances to the next line; false at the end of the text. */
    public boolean next() {
        if (pos >= length) return false;
        int nl = text.indexOf('\n', pos);
        if (nl < 0 || nl > length) nl = length;
        start = pos;
        end = nl;
        if (end > start && text.charAt(end - 1) == '\r') end--;
        pos = nl + 1;
        number++;
        return true;
    }

    public String text() { return text; }

    /** Offset of the current line's first character. */
    public int start() { return start; }

    /** Offset just past the current line's last character. */
    public int end() { return end; }

    /** The 1-based number of the current line. */
    public int number() { return number; }

    /**
     * {@code text[from, to)} as a string, shared with earlier equal regions of this text: counter
     * names repeat on every port, so a dump of 10,000 ports allocates each name once.
     */
    public String name(int from, int to) {
        int h = 0;
        for (int i = from; i < to; i++) h = 31 * h + text.charAt(i);
        return name(from, to, h);
    }

    /**
     * {@link #name(int, int)} with a hash the caller computed over the region; any hash works as long
     * as a reader uses the same one for every name (equal regions must get equal hashes).
     */
    public String name(int from, int to, int h) {
        int mask = names.length - 1;
        for (int slot = (h ^ (h >>> 16)) & mask, probes = 0; probes < 8; slot = (slot + 1) & mask, probes++) {
            String s = names[slot];
            if (s == null) {
                if (count * 2 >= names.length) break;
                s = text.substring(from, to);
                names[slot] = s;
                count++;
                return s;
            }
            if (s.length() == to - from && text.startsWith(s, from)) return s;
        }
        return text.substring(from, to);
    }

    private final String[] names = new String[4096];
    private int count;

    /** The current line as a string. */
    public String line() { return text.substring(start, end); }

    /** True when the current line holds only whitespace. */
    public boolean isBlank() {
        return skipSpace(start) >= end;
    }

    /** The first non-space/tab offset at or after {@code from} within the line ({@link #end()} if none). */
    public int skipSpace(int from) {
        int i = from;
        while (i < end && (text.charAt(i) == ' ' || text.charAt(i) == '\t')) i++;
        return i;
    }

    /** The offset after the last non-space/tab character of the line at or after {@code from}. */
    public int trimEnd(int from) {
        int i = end;
        while (i > from && (text.charAt(i - 1) == ' ' || text.charAt(i - 1) == '\t')) i--;
        return i;
    }

    /** Index of {@code ch} in the current line, or -1. */
    public int indexOf(char ch) {
        return indexOf(ch, start);
    }

    /** Index of {@code ch} in the current line at or after {@code from}, or -1 (never searches past the line). */
    public int indexOf(char ch, int from) {
        for (int i = Math.max(from, start); i < end; i++) if (text.charAt(i) == ch) return i;
        return -1;
    }

    /** Index of {@code s} in the current line at or after {@code from}, or -1 (never searches past the line). */
    public int indexOf(String s, int from) {
        int last = end - s.length();
        char c0 = s.charAt(0);
        for (int i = Math.max(from, start); i <= last; i++) if (text.charAt(i) == c0 && text.startsWith(s, i)) return i;
        return -1;
    }

    /** Index of the last {@code s} in the current line that starts at or before {@code from}, or -1. */
    public int lastIndexOf(String s, int from) {
        char c0 = s.charAt(0);
        for (int i = Math.min(from, end - s.length()); i >= start; i--) {
            if (text.charAt(i) == c0 && text.startsWith(s, i)) return i;
        }
        return -1;
    }

    /** True when the line, after leading blanks, starts with {@code prefix}. */
    public boolean startsWithTrimmed(String prefix) {
        int s = skipSpace(start);
        return s + prefix.length() <= end && text.startsWith(prefix, s);
    }

    /** True when the line contains {@code s}. */
    public boolean contains(String s) {
        return indexOf(s, start) >= 0;
    }

    /**
     * Parses {@code text[from, to)} as a counter value (decimal fast path, else {@link Values#parseCounter}
     * with its error naming {@code file} and this line).
     */
    public long counter(int from, int to, String file) {
        long v = Values.parseDecimal(text, from, to);
        if (v >= 0) return v;
        return Values.parseCounter(text.substring(from, to), file, number);
    }

    /** True when {@code text[from, to)} is a non-empty run of decimal digits. */
    public boolean isDigits(int from, int to) {
        if (from >= to) return false;
        for (int i = from; i < to; i++) {
            char c = text.charAt(i);
            if (c < '0' || c > '9') return false;
        }
        return true;
    }
}
