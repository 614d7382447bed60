package org.fabriclab.history.formats;

import java.time.DateTimeException;
import java.time.LocalDateTime;
import java.time.ZoneId;
import java.time.ZoneOffset;
import java.util.Optional;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The time a scrape file's name gives, for samples that carry none: how scrapes saved by a loop are named
 * ({@code curl ... > node-$(date +%s).prom}, {@code metrics-$(date +%Y%m%d-%H%M%S).prom}, {@code $(date -Is).prom}).
 * <ul>
 * <li>Epoch time: the first run of exactly 10 digits (seconds) or 13 (milliseconds).</li>
 * <li>A calendar date and time: {@code yyyy-MM-dd}, {@code yyyy_MM_dd} or {@code yyyyMMdd}, then {@code T}, {@code _},
 * {@code -}, a space or nothing, then {@code HH:mm[:ss]}, {@code HH-mm[-ss]}, {@code HH_mm[_ss]} or {@code HHmm[ss]}
 * ({@code %Y_%m_%d_%H_%M_%S}: how the UFM SDK's PDR plugin names its telemetry files, data_store.py), an optional fraction
 * ({@code .123}, {@code ,123456789} as {@code date -Ins} writes), then an optional zone: {@code Z} or an offset
 * ({@code +01:00}, {@code -0500}). With a zone the time is exact; without one it is a wall-clock time in the zone
 * the caller assumes ({@link #zoned} false), UTC unless told otherwise.</li>
 * <li>A date alone ({@code metrics-2025-12-01.prom}) is no time: empty.</li>
 * </ul>
 *
 * <pre>{@code
 * NameTime.of("node-2025-12-01T12:00:00Z.prom", ZoneOffset.UTC).get().epochMs();   // 1764590400000
 * NameTime.of("metrics-20251201-120000.prom", ZoneOffset.UTC).get().zoned();       // false: UTC assumed
 * }</pre>
 */
record NameTime(long epochMs, boolean zoned, String text) {
    private static final Pattern EPOCH = Pattern.compile("(?<!\\d)(\\d{13}|\\d{10})(?!\\d)");
    private static final Pattern DATE_TIME = Pattern.compile(
            "(?<!\\d)(\\d{4})([-_]?)(\\d{2})\\2(\\d{2})[Tt_ -]?(\\d{2})([:_-]?)(\\d{2})(?:\\6(\\d{2}))?([.,]\\d{1,9})?"
                    + "(?:([Zz])|([+-]\\d{2}:?\\d{2}))?(?!\\d)");

    /** The time in {@code fileName}, a zone-less one read in {@code assumed}; empty when the name holds none. */
    static Optional<NameTime> of(String fileName, ZoneId assumed) {
        Matcher m = DATE_TIME.matcher(fileName);
        while (m.find()) {
            Optional<NameTime> t = calendar(m, assumed);
            if (t.isPresent()) return t;
        }
        Matcher e = EPOCH.matcher(fileName);
        if (e.find()) {
            long n = Long.parseLong(e.group(1));
            return Optional.of(new NameTime(e.group(1).length() == 13 ? n : n * 1000, true, e.group(1)));
        }
        return Optional.empty();
    }

    private static Optional<NameTime> calendar(Matcher m, ZoneId assumed) {
        int year = Integer.parseInt(m.group(1));
        if (year < 1970 || year > 2199) return Optional.empty();
        try {
            LocalDateTime local = LocalDateTime.of(year, Integer.parseInt(m.group(3)), Integer.parseInt(m.group(4)),
                    Integer.parseInt(m.group(5)), Integer.parseInt(m.group(7)), m.group(8) == null ? 0 : Integer.parseInt(m.group(8)));
            long ms = 0;
            if (m.group(9) != null) {
                String f = (m.group(9).substring(1) + "00").substring(0, 3);
                ms = Long.parseLong(f);
            }
            boolean zoned = m.group(10) != null || m.group(11) != null;
            ZoneId zone = m.group(10) != null ? ZoneOffset.UTC : m.group(11) != null ? ZoneOffset.of(offset(m.group(11))) : assumed;
            long epochMs = local.atZone(zone).toInstant().toEpochMilli() + ms;
            return Optional.of(new NameTime(epochMs, zoned, m.group()));
        } catch (DateTimeException e) {
            return Optional.empty();          // not a calendar time (month 13, hour 25, ...)
        }
    }

    /** {@code +0100} as {@code +01:00}, which {@link ZoneOffset#of} reads. */
    private static String offset(String o) { return o.indexOf(':') >= 0 ? o : o.substring(0, 3) + ":" + o.substring(3); }
}
