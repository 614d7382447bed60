package org.fabriclab.capture;

import java.time.Instant;

/**
 * One line of {@code date} output as epoch milliseconds: {@code date}'s default output in the C locale
 * ({@code Thu Dec  3 11:59:33 UTC 2026}), {@code date -R}, {@code date -Is}/{@code -Ins}, an ISO instant
 * ({@code 2026-12-03T11:59:33Z}) or epoch seconds ({@code date +%s}). The one parser for a snapshot's date file
 * ({@code incident.SnapshotTime}) and a bundle's recorded date ({@link Bundle#time()}).
 *
 * <pre>{@code
 * DateOutput.epochMs("Thu Dec  3 11:59:33 UTC 2026");   // 1796299173000
 * DateOutput.epochMs("ran the test");                    // null
 * }</pre>
 */
public final class DateOutput {
    private DateOutput() {}

    /** Epoch seconds, optionally with a fraction ({@code date +%s}, {@code +%s.%N}). */
    public static final java.util.regex.Pattern EPOCH = java.util.regex.Pattern.compile("\\d{9,11}(\\.\\d{1,9})?");
    private static final java.time.format.DateTimeFormatter DATE_C = new java.time.format.DateTimeFormatterBuilder().parseCaseInsensitive()
            .appendPattern("EEE MMM d HH:mm:ss zzz yyyy").toFormatter(java.util.Locale.ROOT);

    /** Epoch milliseconds of one line of date output, or null when it is no date. */
    public static Long epochMs(String line) {
        String t = line.strip().replaceAll("\\s+", " ");
        try {
            if (EPOCH.matcher(t).matches()) return Math.round(Double.parseDouble(t) * 1000);
            if (t.length() >= 20 && Character.isDigit(t.charAt(0)) && t.charAt(4) == '-' && t.charAt(10) == 'T') {
                String iso = t.replace(',', '.');
                if (iso.endsWith("Z")) return Instant.parse(iso).toEpochMilli();
                return java.time.OffsetDateTime.parse(iso).toInstant().toEpochMilli();
            }
            if (t.length() > 5 && t.charAt(3) == ',') {
                return java.time.ZonedDateTime.parse(t, java.time.format.DateTimeFormatter.RFC_1123_DATE_TIME).toInstant().toEpochMilli();
            }
            return java.time.ZonedDateTime.parse(t, DATE_C).toInstant().toEpochMilli();
        } catch (java.time.DateTimeException | NumberFormatException | StringIndexOutOfBoundsException e) {
            return null;
        }
    }
}
