package org.fabriclab.capture;

import java.util.regex.Pattern;

/**
 * Terminal escape sequences in a pasted capture: colour from {@code grep --color=always}, {@code ip -c},
 * {@code ls --color} or a prompt, cursor moves in a {@code script} typescript. They are removed before any reader
 * sees the text, so {@code rx_ESC[01;31mbytesESC[m} reads as {@code rx_bytes}; line breaks are never removed,
 * so line numbers stay those of the file. Removed: ECMA-48 control sequences ({@code ESC [} parameters,
 * intermediates, a final byte), operating-system commands ({@code ESC ]} up to BEL or {@code ESC \}, a window
 * title) and the two-byte escapes ({@code ESC} and one of {@code @}-{@code _}, {@code ESC (B}'s charset selection
 * included). Text without an ESC is returned as it is, without a copy.
 *
 * <pre>{@code
 * Ansi.strip("rx_\u001b[01;31m\u001b[Kbytes\u001b[m\u001b[K: 12")   // "rx_bytes: 12"
 * }</pre>
 */
final class Ansi {
    static final char ESC = '\u001b';
    private static final Pattern SEQUENCE = Pattern.compile(
            "\u001b\\[[0-?]*[ -/]*[@-~]"          // CSI: colours (SGR), erase in line, cursor moves
            + "|\u001b\\][^\u0007\u001b\n]*(?:\u0007|\u001b\\\\)?"   // OSC: a window title, up to BEL or ST
            + "|\u001b[()][0-9A-Za-z]"               // charset selection (ESC ( B)
            + "|\u001b[@-Z\\\\-_]");                 // other two-byte escapes

    private Ansi() {}

    /** {@code text} without terminal escape sequences (see the class). */
    static String strip(String text) {
        if (text.indexOf(ESC) < 0) return text;
        return SEQUENCE.matcher(text).replaceAll("");
    }
}
