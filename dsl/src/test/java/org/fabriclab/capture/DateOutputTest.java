package org.fabriclab.capture;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;

import java.time.Instant;

import org.junit.jupiter.api.Test;

/** The forms of {@code date} output read as a time, and the bare epoch numbers. */
class DateOutputTest {
    static final long T0 = Instant.parse("2026-12-07T10:00:00Z").toEpochMilli();

    @Test void theFormsReadBefore() {
        assertEquals(T0, DateOutput.epochMs("Mon Dec  7 10:00:00 UTC 2026"));
        assertEquals(T0, DateOutput.epochMs("Mon, 07 Dec 2026 10:00:00 +0000"));
        assertEquals(T0, DateOutput.epochMs("2026-12-07T10:00:00Z"));
        assertEquals(T0 + 123, DateOutput.epochMs("2026-12-07T10:00:00,123456789+00:00"));
        assertEquals(T0, DateOutput.epochMs("1796637600"));
    }

    /**
     * {@code date --rfc-3339=seconds}/{@code =ns} (a blank where ISO has its T), an offset without its colon
     * ({@code date +%FT%T%z}), and {@code date} in the en_US (12-hour clock) and en_GB (day first) locales: they were
     * no date.
     */
    @Test void rfc3339NumericOffsetsAndEnglishLocales() {
        assertEquals(T0 + 123, DateOutput.epochMs("2026-12-07 10:00:00.123456789+00:00"));
        assertEquals(T0, DateOutput.epochMs("2026-12-07 05:00:00-05:00"));
        assertEquals(T0, DateOutput.epochMs("2026-12-07T11:00:00+0100"));
        assertEquals(T0, DateOutput.epochMs("Mon Dec  7 10:00:00 AM UTC 2026"));
        assertEquals(T0 + 12 * 3_600_000, DateOutput.epochMs("Mon Dec  7 10:00:00 PM UTC 2026"));
        assertEquals(T0 - 10 * 3_600_000, DateOutput.epochMs("Mon Dec  7 12:00:00 AM UTC 2026"));
        assertEquals(T0, DateOutput.epochMs("Mon  7 Dec 10:00:00 UTC 2026"));
        assertNull(DateOutput.epochMs("Mon  7 Dec 10:00:00 2026"), "no zone");
    }

    /** {@code date '+%F %T'} and C's ctime ({@code date +%c}) name no zone: {@link DateOutput#stamp} reads them as UTC, epochMs not. */
    @Test void zoneLessFormsAreStampsInUtc() {
        assertEquals(new DateOutput.Stamp(T0, false), DateOutput.stamp("2026-12-07 10:00:00"));
        assertEquals(new DateOutput.Stamp(T0 + 250, false), DateOutput.stamp("2026-12-07T10:00:00.250"));
        assertEquals(new DateOutput.Stamp(T0 + 250, false), DateOutput.stamp("2026-12-07 10:00:00,250"));
        assertEquals(new DateOutput.Stamp(T0, false), DateOutput.stamp("Mon Dec  7 10:00:00 2026"));
        assertEquals(new DateOutput.Stamp(T0, true), DateOutput.stamp("2026-12-07T10:00:00Z"));
        assertNull(DateOutput.epochMs("2026-12-07 10:00:00"), "a snapshot's date file still names its zone");
        assertNull(DateOutput.epochMs("Mon Dec  7 10:00:00 2026"));
        assertNull(DateOutput.stamp("2026-12-07 25:00:00"));
        assertNull(DateOutput.stamp("Mon Dec 32 10:00:00 2026"));
        assertNull(DateOutput.stamp("10:00:00"));
    }

    /** Seconds (with a fraction), ms, us and ns since the epoch in 2001..2099, told apart by magnitude; nothing else. */
    @Test void bareEpochNumbers() {
        assertEquals(T0, DateOutput.epochNumberMs("1796637600"));
        assertEquals(T0 + 500, DateOutput.epochNumberMs(" 1796637600.5 "));
        assertEquals(T0 + 123, DateOutput.epochNumberMs("1796637600.123456789"));
        assertEquals(T0 + 123, DateOutput.epochNumberMs("1796637600123"));
        assertEquals(T0 + 123, DateOutput.epochNumberMs("1796637600123456"));
        assertEquals(T0 + 123, DateOutput.epochNumberMs("1796637600123456789"));
        assertEquals(978_307_200_000L, DateOutput.epochNumberMs("978307200"));
        assertNull(DateOutput.epochNumberMs("978307199"), "2000");
        assertNull(DateOutput.epochNumberMs("4102444800"), "2100");
        assertNull(DateOutput.epochNumberMs("17966376000"), "between the seconds' and the ms' ranges");
        assertNull(DateOutput.epochNumberMs("41024448000000"), "between the ms' and the us' ranges");
        assertNull(DateOutput.epochNumberMs("99999999999999999999"));
        assertNull(DateOutput.epochNumberMs("12"));
        assertNull(DateOutput.epochNumberMs("-1796637600"));
        assertNull(DateOutput.epochNumberMs("1796637600."));
        assertNull(DateOutput.epochNumberMs("1796637600.1.2"));
        assertNull(DateOutput.epochNumberMs("1796637600123.5"), "a fraction only of seconds");
        assertNull(DateOutput.epochNumberMs("1796637600 5"));
    }
}
