package org.fabriclab.kernel.collect;

import java.time.Duration;
import java.util.Locale;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * A time interval as written on the command line: {@code 10s}, {@code 500ms}, {@code 2m}, {@code 1h},
 * {@code 1.5s}; a bare number is seconds.
 *
 * <pre>{@code
 * Interval.parse("10s");    // PT10S
 * }</pre>
 */
public final class Interval {
    private static final Pattern FORM = Pattern.compile("(\\d+(?:\\.\\d+)?)\\s*(ms|s|m|h)?");

    private Interval() {}

    /** @throws IllegalArgumentException naming the expected form */
    public static Duration parse(String s) {
        Matcher m = FORM.matcher(s.strip().toLowerCase(Locale.ROOT));
        if (!m.matches()) throw new IllegalArgumentException("expected an interval such as 10s, 500ms, 2m or 1h, found '" + s + "'");
        double v = Double.parseDouble(m.group(1));
        String unit = m.group(2) == null ? "s" : m.group(2);
        double ms = switch (unit) {
            case "ms" -> v;
            case "s" -> v * 1e3;
            case "m" -> v * 60e3;
            default -> v * 3600e3;
        };
        return Duration.ofNanos(Math.round(ms * 1e6));
    }
}
