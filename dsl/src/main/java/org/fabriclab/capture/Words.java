package org.fabriclab.capture;

import java.util.regex.Pattern;

/**
 * Splitting a line into its blank-separated words with one compiled pattern. {@code s.split("\\s+")}
 * compiles its pattern on every call (only one-character patterns take {@code String.split}'s fast
 * path), and readers call it once or twice per line: a 281-link ibdiagnet2.lst compiled about 840 patterns,
 * interpreted, at start-up. Same result as {@code s.split("\\s+")}, leading empty word included.
 *
 * <pre>{@code
 * Words.split("4096  1000  11.5");   // ["4096", "1000", "11.5"]
 * }</pre>
 */
public final class Words {
    private static final Pattern BLANKS = Pattern.compile("\\s+");

    private Words() {}

    /** {@code s.split("\\s+")}: the words of {@code s} between runs of whitespace (a leading run gives an empty first word). */
    public static String[] split(String s) { return BLANKS.split(s); }
}
