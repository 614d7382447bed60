package org.fabriclab.catalogue;

import java.util.OptionalLong;

/**
 * How one source exposes a counter: the raw name, the bit width (0 when not verified) and what the
 * field does at its maximum.
 *
 * <pre>{@code
 * new Field("LinkDownedCounter", 8, Overflow.SATURATING).cap();   // OptionalLong[255]
 * }</pre>
 */
public record Field(String rawName, int width, Overflow overflow) {

    /** The saturation value, when the field saturates at a verified width below 64 bits. */
    public OptionalLong cap() {
        if (overflow != Overflow.SATURATING || width <= 0 || width >= 64) return OptionalLong.empty();
        return OptionalLong.of((1L << width) - 1);
    }

    /** True when {@code value} sits at (or above) the saturation value of this field. */
    public boolean isPegged(long value) {
        OptionalLong c = cap();
        return c.isPresent() && value >= c.getAsLong();
    }

    /** {@code "16-bit saturating"}, {@code "32-bit wrapping"}, {@code "width not verified"}. */
    public String describe() {
        if (width <= 0) return "width not verified";
        return width + "-bit " + overflow;
    }

    /** Parses a catalogue cell entry such as {@code SymbolErrorCounter@16s}. */
    static Field parse(String cell) {
        int at = cell.lastIndexOf('@');
        if (at < 0) return new Field(cell, 0, Overflow.UNKNOWN);
        String name = cell.substring(0, at);
        String spec = cell.substring(at + 1);
        if (spec.equals("?")) return new Field(name, 0, Overflow.UNKNOWN);
        char mode = spec.charAt(spec.length() - 1);
        String digits = Character.isDigit(mode) ? spec : spec.substring(0, spec.length() - 1);
        int width = digits.equals("?") || digits.isEmpty() ? 0 : Integer.parseInt(digits);
        Overflow o = switch (mode) {
            case 's' -> Overflow.SATURATING;
            case 'w' -> Overflow.WRAPPING;
            default -> Overflow.UNKNOWN;
        };
        return new Field(name, width, o);
    }
}
