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

    /**
     * A field from the {@code width} and {@code overflow} cells of {@code bindings.tsv}: a width in
     * bits or {@code ?} (not verified), and {@code saturating}, {@code wrapping} or {@code unknown}.
     *
     * @throws IllegalArgumentException on any other cell
     */
    static Field of(String rawName, String width, String overflow) {
        int w;
        if (width.equals("?")) {
            w = 0;
        } else {
            try { w = Integer.parseInt(width); } catch (NumberFormatException e) {
                throw new IllegalArgumentException("width '" + width + "': expected bits (4, 8, 16, 32, 64) or ?");
            }
            if (w <= 0 || w > 64) throw new IllegalArgumentException("width " + w + ": expected 1..64 bits or ?");
        }
        Overflow o = switch (overflow) {
            case "saturating" -> Overflow.SATURATING;
            case "wrapping" -> Overflow.WRAPPING;
            case "unknown" -> Overflow.UNKNOWN;
            default -> throw new IllegalArgumentException("overflow '" + overflow + "': expected saturating, wrapping or unknown");
        };
        if (w == 0 && o != Overflow.UNKNOWN) {
            throw new IllegalArgumentException("overflow " + o + " with width ?: a cap is never guessed, so an unverified width is 'unknown'");
        }
        return new Field(rawName, w, o);
    }
}
