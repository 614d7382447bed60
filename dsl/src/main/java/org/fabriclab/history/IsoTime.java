package org.fabriclab.history;

/**
 * An ISO-8601 time in a history file's timestamp cell, as pandas' {@code to_csv} of a datetime column,
 * Grafana's and InfluxDB's CSV exports write it: {@code 2025-12-01 00:05:00},
 * {@code 2025-12-01T00:05:00.250Z}, {@code 2025-12-01T01:05:00+01:00}, {@code 2025-12-01} (midnight).
 * A time without a zone is UTC. Parsed from the bytes in place (no {@code java.time} per row).
 *
 * <pre>{@code
 * byte[] b = "2025-12-01 00:05:00".getBytes(StandardCharsets.US_ASCII);
 * IsoTime.epochMs(b, 0, b.length);   // 1764547500000
 * }</pre>
 */
final class IsoTime {
    /** What {@link #epochMs} returns for a cell that is no ISO-8601 time. */
    static final long NONE = Long.MIN_VALUE;

    private IsoTime() {}

    /** The epoch milliseconds of {@code b[from, to)}, or {@link #NONE}. */
    static long epochMs(byte[] b, int from, int to) {
        int i = from;
        int y = digits(b, i, 4, to), mo = sep(b, i + 4, '-', to) ? digits(b, i + 5, 2, to) : -1, d = sep(b, i + 7, '-', to) ? digits(b, i + 8, 2, to) : -1;
        if (y < 0 || mo < 1 || mo > 12 || d < 1 || d > daysIn(y, mo)) return NONE;
        i += 10;
        long ms = 0;
        if (i < to && (b[i] == 'T' || b[i] == ' ')) {
            int h = digits(b, i + 1, 2, to), mi = sep(b, i + 3, ':', to) ? digits(b, i + 4, 2, to) : -1;
            if (h < 0 || h > 23 || mi < 0 || mi > 59) return NONE;
            i += 6;
            int s = 0;
            if (sep(b, i, ':', to)) {
                s = digits(b, i + 1, 2, to);
                if (s < 0 || s > 60) return NONE;
                i += 3;
            }
            int frac = 0;
            if (i < to && (b[i] == '.' || b[i] == ',')) {
                int k = i + 1, scale = 100;
                while (k < to && b[k] >= '0' && b[k] <= '9') {
                    frac += (b[k] - '0') * scale;   // milliseconds: digits past the third are dropped
                    scale /= 10;
                    k++;
                }
                if (k == i + 1) return NONE;
                i = k;
            }
            ms = ((h * 60L + mi) * 60 + s) * 1000 + frac;
        }
        long offset = 0;
        if (i < to) {
            byte z = b[i];
            if (z == 'Z' && i + 1 == to) {
                i++;
            } else if (z == '+' || z == '-') {
                int oh = digits(b, i + 1, 2, to), om;
                int k = i + 3;
                if (sep(b, k, ':', to)) k++;
                om = k == to ? 0 : digits(b, k, 2, to);
                if (oh < 0 || om < 0 || oh > 18 || om > 59) return NONE;
                if (k != to && k + 2 != to) return NONE;
                offset = (z == '+' ? 1 : -1) * (oh * 60L + om) * 60_000;
                i = to;
            } else {
                return NONE;
            }
        }
        return days(y, mo, d) * 86_400_000L + ms - offset;
    }

    /** The value of {@code n} ASCII digits at {@code b[i..]}, or -1. */
    private static int digits(byte[] b, int i, int n, int to) {
        if (i + n > to) return -1;
        int v = 0;
        for (int k = i; k < i + n; k++) {
            if (b[k] < '0' || b[k] > '9') return -1;
            v = v * 10 + (b[k] - '0');
        }
        return v;
    }

    private static boolean sep(byte[] b, int i, char c, int to) { return i < to && b[i] == c; }

    private static int daysIn(int y, int m) {
        return switch (m) {
            case 2 -> (y % 4 == 0 && (y % 100 != 0 || y % 400 == 0)) ? 29 : 28;
            case 4, 6, 9, 11 -> 30;
            default -> 31;
        };
    }

    /** Days from 1970-01-01 to {@code y-m-d} (proleptic Gregorian; Howard Hinnant's days_from_civil). */
    static long days(int y, int m, int d) {
        y -= m <= 2 ? 1 : 0;
        long era = Math.floorDiv(y, 400);
        long yoe = y - era * 400;
        long doy = (153L * (m + (m > 2 ? -3 : 9)) + 2) / 5 + d - 1;
        long doe = yoe * 365 + yoe / 4 - yoe / 100 + doy;
        return era * 146_097 + doe - 719_468;
    }
}
