package org.fabriclab.incident;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;

import org.fabriclab.capture.CaptureException;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;

/**
 * When a snapshot was taken: its {@value Layout#TIMESTAMP}. {@code epochMs} is the wall clock
 * (UTC), {@code monotonicNs} the host's {@code CLOCK_MONOTONIC} at the start of the snapshot
 * (what {@code System.nanoTime()} reads on Linux: nanoseconds since boot, unaffected by NTP steps),
 * {@code durationMs} how long the snapshot took, {@code bootId} the kernel's boot id. Two snapshots of
 * one boot give the elapsed time from the monotonic clock; across a reboot only the wall clock is left.
 *
 * <pre>{@code
 * SnapshotTime a = SnapshotTime.read(Path.of("incident/before")), b = SnapshotTime.read(Path.of("incident/after"));
 * double s = a.secondsUntil(b);      // 12.4
 * }</pre>
 */
public record SnapshotTime(long epochMs, long monotonicNs, long durationMs, String bootId) {
    private static final ObjectMapper JSON = new ObjectMapper();

    /** Reads {@code dir/timestamp.json}. @throws CaptureException when it is missing or malformed */
    public static SnapshotTime read(Path dir) {
        Path f = dir.resolve(Layout.TIMESTAMP);
        JsonNode n;
        try {
            n = JSON.readTree(Files.readString(f));
        } catch (IOException e) {
            throw new CaptureException(f.toString(), 0, "cannot read the snapshot's timestamp: " + e.getMessage());
        }
        if (n == null || !n.path("epoch_ms").canConvertToLong() || !n.path("monotonic_ns").canConvertToLong()) {
            throw new CaptureException(f.toString(), 1, "expected {\"epoch_ms\": N, \"monotonic_ns\": N, ...} as fabriclab collect writes");
        }
        return new SnapshotTime(n.get("epoch_ms").asLong(), n.get("monotonic_ns").asLong(), n.path("duration_ms").asLong(0),
                n.path("boot_id").asText(""));
    }

    /** Seconds from this snapshot's start to {@code later}'s: monotonic within one boot, else wall clock. */
    public double secondsUntil(SnapshotTime later) {
        if (!bootId.isEmpty() && bootId.equals(later.bootId)) return (later.monotonicNs - monotonicNs) / 1e9;
        return (later.epochMs - epochMs) / 1e3;
    }

    /** Seconds between the snapshots in two folders (see {@link #secondsUntil}). */
    public static double elapsedSeconds(Path earlier, Path later) {
        return read(earlier).secondsUntil(read(later));
    }

    public Instant instant() { return Instant.ofEpochMilli(epochMs); }
}
