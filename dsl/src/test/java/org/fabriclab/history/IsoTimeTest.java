package org.fabriclab.history;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.nio.charset.StandardCharsets;
import java.time.Instant;
import java.time.LocalDate;
import java.time.ZoneOffset;

import org.junit.jupiter.api.Test;

/** ISO-8601 timestamp cells, against java.time's own reading of the same text. */
class IsoTimeTest {
    private static long ms(String s) {
        byte[] b = ("x," + s + ",y").getBytes(StandardCharsets.US_ASCII);
        return IsoTime.epochMs(b, 2, 2 + s.length());
    }

    @Test void theLayoutsPandasGrafanaAndInfluxWriteAgreeWithJavaTime() {
        assertEquals(Instant.parse("2025-12-01T00:05:00Z").toEpochMilli(), ms("2025-12-01 00:05:00"));
        assertEquals(Instant.parse("2025-12-01T00:05:00Z").toEpochMilli(), ms("2025-12-01T00:05:00Z"));
        assertEquals(Instant.parse("2025-12-01T00:05:00.250Z").toEpochMilli(), ms("2025-12-01T00:05:00.250123Z"));
        assertEquals(Instant.parse("2025-12-01T00:05:00.500Z").toEpochMilli(), ms("2025-12-01 00:05:00.5"));
        assertEquals(Instant.parse("2025-12-01T00:05:00Z").toEpochMilli(), ms("2025-12-01T01:05:00+01:00"));
        assertEquals(Instant.parse("2025-12-01T00:05:00Z").toEpochMilli(), ms("2025-11-30T19:05:00-0500"));
        assertEquals(Instant.parse("2025-12-01T00:05:00Z").toEpochMilli(), ms("2025-12-01 00:05:00+00:00"));
        assertEquals(Instant.parse("2025-12-01T00:05:00Z").toEpochMilli(), ms("2025-12-01T00:05"));
        assertEquals(Instant.parse("2025-12-01T00:00:00Z").toEpochMilli(), ms("2025-12-01"));
        assertEquals(Instant.parse("2024-02-29T12:00:00Z").toEpochMilli(), ms("2024-02-29 12:00:00"));
        for (int y : new int[] {1969, 1970, 2000, 2100, 2400}) {
            assertEquals(LocalDate.of(y, 3, 1).atStartOfDay().toInstant(ZoneOffset.UTC).toEpochMilli(), ms(y + "-03-01"), "year " + y);
        }
    }

    @Test void whatIsNoIsoTimeIsNone() {
        for (String s : new String[] {"2025-13-01", "2025-02-29", "2025-12-32", "2025-12-01 24:00:00", "2025-12-01T00:61:00", "2025-12-01X",
                "2025-12-01 00:05:00 UTC", "2025-12-01T00:05:00+25:00", "2025-12-1", "1764547200000", "2025-12-01T00:05:00.Z"}) {
            assertEquals(IsoTime.NONE, ms(s), s);
        }
    }
}
