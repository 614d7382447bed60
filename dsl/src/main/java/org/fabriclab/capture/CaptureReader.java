package org.fabriclab.capture;

/**
 * One capture format. A reader says how sure it is that an input is its format (content first;
 * the file name is a hint only) and turns it into a {@link Capture}. Implementations are stateless
 * and registered in {@code META-INF/services/org.fabriclab.capture.CaptureReader}.
 *
 * <pre>{@code
 * public final class MyReader implements CaptureReader {
 *     public String format() { return "my-format"; }
 *     public int sniff(Input in) { return in.head(1).get(0).startsWith("MY ") ? 90 : 0; }
 *     public Capture read(Input in) { ... }
 * }
 * }</pre>
 */
public interface CaptureReader {

    /** A short name for the format ("perfquery", "ethtool", ...), used in messages and {@code --format}. */
    String format();

    /**
     * How sure this reader is that {@code in} is its format: 0 means "not mine", 100 "certain". Must
     * not throw on unexpected content.
     */
    int sniff(Input in);

    /** Parses the input; bad content throws a {@link CaptureException} naming file, line and expectation. */
    Capture read(Input in);
}
