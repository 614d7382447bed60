package org.fabriclab.history.formats;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.time.Instant;
import java.time.ZoneId;
import java.time.ZoneOffset;

import org.junit.jupiter.api.Test;

/** File names as scrape loops write them: date +%s, +%Y%m%d-%H%M%S, -Is, -Ins, -u +%Y%m%dT%H%M%SZ, and colon-free variants. */
class NameTimeTest {
    private static final long NOON = Instant.parse("2025-12-01T12:00:00Z").toEpochMilli();

    private static NameTime utc(String name) { return NameTime.of(name, ZoneOffset.UTC).orElseThrow(() -> new AssertionError(name)); }

    @Test void epochSecondsAndMillisecondsAreExact() {
        assertEquals(NOON, utc("node-" + NOON / 1000 + ".prom").epochMs());
        assertEquals(NOON + 250, utc("scrape." + (NOON + 250) + ".txt").epochMs());
        assertTrue(utc("node-" + NOON / 1000 + ".prom").zoned());
    }

    @Test void isoTimesWithAZoneOrAnOffsetAreExact() {
        for (String n : new String[] {"node-2025-12-01T12:00:00Z.prom", "node-2025-12-01T13:00:00+01:00.prom",
                "gpu07_2025-12-01T07:00:00-0500.prom", "20251201T120000Z.prom", "m-2025-12-01T12-00-00Z.txt"}) {
            NameTime t = utc(n);
            assertEquals(NOON, t.epochMs(), n);
            assertTrue(t.zoned(), n);
        }
        assertEquals(NOON + 123, utc("x-2025-12-01T12:00:00,123456789+00:00.prom").epochMs());   // date -Ins
        assertEquals(NOON + 500, utc("x-2025-12-01T12:00:00.5Z.prom").epochMs());
    }

    @Test void aTimeWithoutAZoneIsReadInTheAssumedZone() {
        for (String n : new String[] {"metrics-20251201-120000.prom", "scrape_2025-12-01_12-00-00.txt", "ufm-20251201T1200.csv",
                "dump 2025-12-01 12:00:00.prom", "n01-20251201120000.prom", "node-2025-12-01T12:00:00.prom"}) {
            NameTime t = utc(n);
            assertEquals(NOON, t.epochMs(), n);
            assertFalse(t.zoned(), n);
        }
        assertEquals(NOON - 3_600_000, NameTime.of("metrics-20251201-120000.prom", ZoneId.of("Europe/Paris")).orElseThrow().epochMs());
        // the zone's own offset on that date: Paris is +02:00 in July
        assertEquals(Instant.parse("2025-07-01T10:00:00Z").toEpochMilli(),
                NameTime.of("metrics-20250701-120000.prom", ZoneId.of("Europe/Paris")).orElseThrow().epochMs());
    }

    /** %Y_%m_%d_%H_%M_%S, the UFM SDK's PDR plugin datastore naming (ufm_sdk_3.0 @3e96418e data_store.py OUTPUT_FILE_FORMAT). */
    @Test void underscoreSeparatedDateAndTimeAsPythonScriptsWriteThem() {
        for (String n : new String[] {"2025_12_01_12_00_00.prom", "metrics_2025_12_01_12_00.prom"}) {
            NameTime t = utc(n);
            assertEquals(NOON, t.epochMs(), n);
            assertFalse(t.zoned(), n);
        }
        assertTrue(NameTime.of("metrics_2025_12_01.prom", java.time.ZoneOffset.UTC).isEmpty());   // a date alone is still no time
    }

    @Test void namesWithoutATimeGiveNone() {
        for (String n : new String[] {"scrape.prom", "metrics-2025-12-01.prom", "gpu01-mlx5_0.prom", "node-20251301-120000.prom",
                "node-20251201-250000.prom", "run-123456789.prom"}) {
            assertTrue(NameTime.of(n, ZoneOffset.UTC).isEmpty(), n);
        }
    }
}
