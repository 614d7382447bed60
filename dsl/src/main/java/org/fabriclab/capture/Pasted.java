package org.fabriclab.capture;

import java.util.regex.Pattern;

/**
 * What a terminal or a copy and paste adds to a capture that the tool never printed, removed before any
 * reader sees the text:
 * <ul>
 *   <li>terminal escape sequences: colour from {@code grep --color=always}, {@code ip -c} or a prompt, cursor
 *       moves in a {@code script} typescript, so {@code rx_ESC[01;31mbytesESC[m} reads as {@code rx_bytes}.
 *       Removed: ECMA-48 control sequences ({@code ESC [} parameters, intermediates, a final byte),
 *       operating-system commands ({@code ESC ]} up to BEL or {@code ESC \}: a window title), charset selection
 *       ({@code ESC ( B}) and the other two-byte escapes;</li>
 *   <li>Markdown code fences around a capture pasted from a GitHub issue, a chat or a notes page
 *       ({@code ```}, {@code ```console}, {@code ~~~}), each left as an empty line;</li>
 *   <li>sudo's own lines on the terminal: its password prompt ({@code [sudo] password for ops: }) and its
 *       {@code sudo: unable to resolve host ...} warning, each left as an empty line;</li>
 *   <li>typographic spaces a web page, wiki or chat client puts in a pasted block: no-break space (U+00A0),
 *       the U+2000-U+200A spaces, narrow no-break (U+202F), ideographic (U+3000), each made a plain space;
 *       zero-width space and joiners (U+200B-U+200D) and a byte-order mark inside the text (U+FEFF) removed.</li>
 * </ul>
 * Line breaks are never removed, so line numbers stay those of the file. Text with none of these is returned
 * as it is, without a copy.
 *
 * <pre>{@code
 * Pasted.clean("rx_\u001b[01;31m\u001b[Kbytes\u001b[m\u001b[K: 12")   // "rx_bytes: 12"
 * Pasted.clean("\u00a0\u00a0Port 1:")                                  // "  Port 1:"
 * }</pre>
 */
final class Pasted {
    static final char ESC = '\u001b';
    private static final Pattern SEQUENCE = Pattern.compile(
            "\u001b\\[[0-?]*[ -/]*[@-~]"          // CSI: colours (SGR), erase in line, cursor moves
            + "|\u001b\\][^\u0007\u001b\n]*(?:\u0007|\u001b\\\\)?"   // OSC: a window title, up to BEL or ST
            + "|\u001b[()][0-9A-Za-z]"               // charset selection (ESC ( B)
            + "|\u001b[@-Z\\\\-_]");                 // other two-byte escapes

    /** sudo's password prompt and host warning, each a whole line (what the user typed after the prompt is never echoed). */
    private static final Pattern SUDO = Pattern.compile("(?m)^(?:\\[sudo\\] password for [^\n]*|sudo: unable to resolve host [^\n]*)$");

    /** A Markdown code fence line: three backticks or tildes, an optional info string ({@code console}, {@code text}). */
    private static final Pattern FENCE = Pattern.compile("(?m)^[ \\t]*(?:```|~~~)[^\n`]*$");

    private Pasted() {}

    /** {@code text} without sudo's lines and code fences (each left empty): a few {@code indexOf}s when it has none. */
    private static String lines(String text) {
        if (text.indexOf("```") >= 0 || text.indexOf("~~~") >= 0) text = FENCE.matcher(text).replaceAll("");
        return sudo(text);
    }

    /** {@code text} without sudo's lines (left empty): two {@code indexOf}s when it has none. */
    private static String sudo(String text) {
        if (text.indexOf("[sudo] ") < 0 && text.indexOf("sudo: ") < 0) return text;
        return SUDO.matcher(text).replaceAll("");
    }

    /** {@code text} without terminal escape sequences and with plain spaces (see the class). */
    static String clean(String text) {
        text = lines(text);
        int i = 0, n = text.length();
        while (i < n && !noise(text.charAt(i))) i++;
        if (i == n) return text;
        String t = text.indexOf(ESC, i) >= 0 ? SEQUENCE.matcher(text).replaceAll("") : text;
        StringBuilder sb = new StringBuilder(t.length());
        for (int k = 0; k < t.length(); k++) {
            char c = t.charAt(k);
            if (space(c)) sb.append(' ');
            else if (!zeroWidth(c)) sb.append(c);
        }
        return sb.toString();
    }

    /** {@link #clean} of text known to be ASCII, where no typographic space can be: a few {@code indexOf}s when there is nothing to remove. */
    static String escapes(String ascii) {
        String t = lines(ascii);
        return t.indexOf(ESC) < 0 ? t : SEQUENCE.matcher(t).replaceAll("");
    }

    /** A char that starts an escape sequence or is a typographic space or zero-width char. */
    private static boolean noise(char c) {
        return c < '\u00a0' ? c == ESC : space(c) || zeroWidth(c);
    }

    /** A typographic space, made a plain one: no-break, U+2000-U+200A, narrow no-break, ideographic. */
    private static boolean space(char c) {
        return c == '\u00a0' || c >= '\u2000' && c <= '\u200a' || c == '\u202f' || c == '\u3000';
    }

    /** A zero-width space or joiner (U+200B-U+200D), or a byte-order mark inside the text: removed. */
    private static boolean zeroWidth(char c) {
        return c >= '\u200b' && c <= '\u200d' || c == '\ufeff';
    }
}
