package org.fabriclab.capture;

import java.time.Instant;
import java.time.LocalDateTime;
import java.time.ZoneOffset;

/**
 * One line of {@code date} output as epoch milliseconds: {@code date}'s default output in the C locale
 * ({@code Thu Dec  3 11:59:33 UTC 2026}), in the en_US and en_GB locales ({@code Thu Dec  3 11:59:33 AM UTC 2026},
 * {@code Thu  3 Dec 11:59:33 UTC 2026}), {@code date -R}, {@code date -Is}/{@code -Ins}, an ISO instant
 * ({@code 2026-12-03T11:59:33Z}, an offset with or without its colon as {@code +%z} prints it: {@code +0100}),
 * {@code date --rfc-3339=seconds}/{@code =ns} ({@code 2026-12-03 11:59:33.123456789+00:00}) or epoch seconds
 * ({@code date +%s}). The one parser for a snapshot's date file ({@code incident.SnapshotTime}) and a bundle's recorded
 * date ({@link Bundle#time()}). {@link #stamp} also reads the forms that name no zone, as UTC, and {@link #epochNumberMs}
 * a bare epoch number in seconds, milliseconds, microseconds or nanoseconds.
 *
 * <pre>{@code
 * DateOutput.epochMs("Thu Dec  3 11:59:33 UTC 2026");   // 1796299173000
 * DateOutput.epochMs("ran the test");                    // null
 * DateOutput.stamp("2026-12-03 11:59:33").zoned();       // false: read as UTC
 * DateOutput.epochNumberMs("1796299173123");             // 1796299173123 (date +%s%3N)
 * }</pre>
 */
public final class DateOutput {
    private DateOutput() {}

    /** Epoch seconds, optionally with a fraction ({@code date +%s}, {@code +%s.%N}). */
    public static final java.util.regex.Pattern EPOCH = java.util.regex.Pattern.compile("\\d{9,11}(\\.\\d{1,9})?");
    private static final java.time.format.DateTimeFormatter DATE_C = new java.time.format.DateTimeFormatterBuilder().parseCaseInsensitive()
            .appendPattern("EEE MMM d HH:mm:ss zzz yyyy").toFormatter(java.util.Locale.ROOT);
    /** {@code date} in en_US ({@code %a %b %e %r %Z %Y}): a 12-hour clock with AM/PM. */
    private static final java.time.format.DateTimeFormatter DATE_US = new java.time.format.DateTimeFormatterBuilder().parseCaseInsensitive()
            .appendPattern("EEE MMM d hh:mm:ss a zzz yyyy").toFormatter(java.util.Locale.ROOT);
    /** {@code date} in en_GB ({@code %a %e %b %H:%M:%S %Z %Y}): the day before the month. */
    private static final java.time.format.DateTimeFormatter DATE_GB = new java.time.format.DateTimeFormatterBuilder().parseCaseInsensitive()
            .appendPattern("EEE d MMM HH:mm:ss zzz yyyy").toFormatter(java.util.Locale.ROOT);
    /** C's {@code ctime}, {@code date +%c} in the C locale, watch's header: no zone. */
    private static final java.time.format.DateTimeFormatter CTIME = new java.time.format.DateTimeFormatterBuilder().parseCaseInsensitive()
            .appendPattern("EEE MMM d HH:mm:ss yyyy").toFormatter(java.util.Locale.ROOT);
    /** An ISO date and time with no zone, {@code T} or a blank between ({@code date '+%F %T'}, {@code +%FT%T.%3N}). */
    private static final java.util.regex.Pattern LOCAL_ISO =
            java.util.regex.Pattern.compile("(\\d{4}-\\d{2}-\\d{2})[T ](\\d{2}:\\d{2}:\\d{2}(?:[.,]\\d{1,9})?)");
    /** A numeric offset without its colon at the end ({@code +0100}, as {@code %z} prints it). */
    private static final java.util.regex.Pattern BARE_OFFSET = java.util.regex.Pattern.compile("([+-]\\d{2})(\\d{2})$");

    /** The earliest and latest plausible epoch seconds of a date line: 2001-01-01 and 2100-01-01 (UTC). */
    static final long FIRST_S = 978_307_200L, LAST_S = 4_102_444_800L;

    /** Epoch milliseconds of one line of date output, or null when it is no date. */
    public static Long epochMs(String line) {
        String t = line.strip().replaceAll("\\s+", " ");
        try {
            if (EPOCH.matcher(t).matches()) return Math.round(Double.parseDouble(t) * 1000);
            if (t.length() >= 20 && Character.isDigit(t.charAt(0)) && t.charAt(4) == '-' && (t.charAt(10) == 'T' || t.charAt(10) == ' ')) {
                // date --rfc-3339 puts a blank where ISO has its T; +%z writes the offset without a colon
                String iso = (t.substring(0, 10) + 'T' + t.substring(11)).replace(',', '.');
                if (iso.endsWith("Z")) return Instant.parse(iso).toEpochMilli();
                iso = BARE_OFFSET.matcher(iso).replaceFirst("$1:$2");
                return java.time.OffsetDateTime.parse(iso).toInstant().toEpochMilli();
            }
            if (t.length() > 5 && t.charAt(3) == ',') {
                return java.time.ZonedDateTime.parse(t, java.time.format.DateTimeFormatter.RFC_1123_DATE_TIME).toInstant().toEpochMilli();
            }
            if (t.contains(" AM ") || t.contains(" PM ")) {
                return java.time.ZonedDateTime.parse(t, DATE_US).toInstant().toEpochMilli();
            }
            if (t.length() > 5 && Character.isDigit(t.charAt(4))) {
                return java.time.ZonedDateTime.parse(t, DATE_GB).toInstant().toEpochMilli();
            }
            return java.time.ZonedDateTime.parse(t, DATE_C).toInstant().toEpochMilli();
        } catch (java.time.DateTimeException | NumberFormatException | StringIndexOutOfBoundsException e) {
            return null;
        }
    }

    /** A date line's time: epoch milliseconds, and whether the line named its zone (a time without one is read as UTC). */
    public record Stamp(long epochMs, boolean zoned) {}

    /**
     * The time of one line of date output, as {@link #epochMs} reads it (zoned), else a form that names no zone, read
     * as UTC ({@code zoned} false): {@code date '+%F %T'} ({@code 2026-12-03 11:59:33}, with {@code T} or a fraction
     * too) and C's {@code ctime} as {@code date +%c} prints it in the C locale ({@code Thu Dec  3 11:59:33 2026}).
     * Null when it is no date.
     */
    public static Stamp stamp(String line) {
        Long ms = epochMs(line);
        if (ms != null) return new Stamp(ms, true);
        String t = line.strip().replaceAll("\\s+", " ");
        try {
            java.util.regex.Matcher m = LOCAL_ISO.matcher(t);
            if (m.matches()) {
                return new Stamp(LocalDateTime.parse(m.group(1) + "T" + m.group(2).replace(',', '.')).toInstant(ZoneOffset.UTC).toEpochMilli(), false);
            }
            if (t.length() >= 20 && Character.isLetter(t.charAt(0)) && Character.isDigit(t.charAt(t.length() - 1))) {
                return new Stamp(LocalDateTime.parse(t, CTIME).toInstant(ZoneOffset.UTC).toEpochMilli(), false);
            }
        } catch (java.time.DateTimeException e) {
            return null;
        }
        return null;
    }

    /**
     * Epoch milliseconds of a line holding only an epoch number that falls in 2001..2099: seconds ({@code date +%s}, or
     * with a fraction, {@code +%s.%N}), milliseconds ({@code +%s%3N}), microseconds ({@code +%s%6N}) or nanoseconds
     * ({@code +%s%N}), told apart by magnitude (the four ranges do not overlap); else null. A counter's value is such
     * a number too: whether the line is a date is the caller's to decide by where it stands.
     */
    public static Long epochNumberMs(String line) {
        String t = line.strip();
        int n = t.length(), dot = t.indexOf('.');
        if (n < 9 || n > 30) return null;
        int digits = dot < 0 ? n : dot;
        for (int i = 0; i < n; i++) if (i != dot && !Character.isDigit(t.charAt(i))) return null;
        if (dot >= 0 && (dot == n - 1 || digits > 10)) return null;
        if (digits > 19) return null;
        long whole;
        try {
            whole = Long.parseLong(t.substring(0, digits));
        } catch (NumberFormatException e) {
            return null;   // 19 digits past a long: no epoch in range
        }
        if (dot >= 0) {
            if (whole < FIRST_S || whole >= LAST_S) return null;
            return whole * 1000 + Long.parseLong((t.substring(dot + 1) + "00").substring(0, 3));
        }
        if (whole >= FIRST_S && whole < LAST_S) return whole * 1000;
        for (long perMs = 1; perMs <= 1_000_000L; perMs *= 1000) {   // ms, us, ns
            if (whole / perMs >= FIRST_S * 1000 && whole / perMs < LAST_S * 1000) return whole / perMs;
        }
        return null;
    }
}
