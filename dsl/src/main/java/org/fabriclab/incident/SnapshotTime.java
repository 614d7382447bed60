package org.fabriclab.incident;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;

import org.fabriclab.capture.Bundle;
import org.fabriclab.capture.CaptureException;
import org.fabriclab.io.Json;
import org.fabriclab.snapshot.Snapshot;

import com.fasterxml.jackson.databind.JsonNode;

/**
 * When a snapshot was taken: its {@value Layout#TIMESTAMP}. {@code epochMs} is the wall clock
 * (UTC), {@code monotonicNs} the host's {@code CLOCK_MONOTONIC} at the start of the snapshot
 * (what {@code System.nanoTime()} reads on Linux: nanoseconds since boot, unaffected by NTP steps),
 * {@code durationMs} how long the snapshot took, {@code bootId} the kernel's boot id, {@code file} the file of
 * the snapshot folder it was read from ({@value Layout#TIMESTAMP}, or a date output: {@link #find}). Two
 * snapshots of one boot give the elapsed time from the monotonic clock; across a reboot only the wall clock is left.
 *
 * <pre>{@code
 * SnapshotTime a = SnapshotTime.read(Path.of("incident/before")), b = SnapshotTime.read(Path.of("incident/after"));
 * double s = a.secondsUntil(b);      // 12.4
 * }</pre>
 */
public record SnapshotTime(long epochMs, long monotonicNs, long durationMs, String bootId, String file, String how) {

    /** A time read from {@code file} of the snapshot folder, described by {@link #source()}'s default. */
    public SnapshotTime(long epochMs, long monotonicNs, long durationMs, String bootId, String file) {
        this(epochMs, monotonicNs, durationMs, bootId, file, null);
    }

    /**
     * The time of a snapshot already read: its folder's {@value Layout#TIMESTAMP}, else the time the bundle it was read
     * from records ({@link Snapshot#recordedTime()}: a sosreport's manifest or date output), else the folder's date
     * output ({@link #find}). Empty when none is there; {@code dir} may be a file (a capture given alone), which holds no time,
     * or null (captures given as several paths: only the bundle's time counts).
     *
     * @throws CaptureException when {@value Layout#TIMESTAMP} is there but malformed
     */
    public static java.util.Optional<SnapshotTime> of(Path dir, Snapshot snapshot) {
        if (dir != null && Files.isRegularFile(dir.resolve(Layout.TIMESTAMP))) return java.util.Optional.of(read(dir));
        java.util.Optional<Bundle.Time> t = snapshot.recordedTime();
        if (t.isPresent()) return java.util.Optional.of(new SnapshotTime(t.get().epochMs(), 0, 0, "", t.get().file(), t.get().how()));
        return dir != null && Files.isDirectory(dir) ? find(dir) : java.util.Optional.empty();
    }

    /**
     * Reads {@code dir/timestamp.json}: {@code epoch_ms} required; {@code monotonic_ns} and {@code boot_id} optional
     * (without the monotonic clock the elapsed time is the wall clock's).
     *
     * @throws CaptureException when it is missing or malformed (no {@code epoch_ms} number)
     */
    public static SnapshotTime read(Path dir) {
        Path f = dir.resolve(Layout.TIMESTAMP);
        JsonNode n;
        try {
            n = Json.mapper().readTree(Files.readString(f));
        } catch (IOException e) {
            throw new CaptureException(f.toString(), 0, "cannot read the snapshot's timestamp: " + e.getMessage());
        }
        if (n == null || !n.path("epoch_ms").canConvertToLong()) {
            throw new CaptureException(f.toString(), 1, "expected {\"epoch_ms\": N, ...} (the wall clock in ms since 1970; "
                    + "\"monotonic_ns\" and \"boot_id\" optional) as fabriclab collect writes");
        }
        // a hand-written or another tool's file may hold the wall clock only: then only the wall clock counts
        boolean monotonic = n.path("monotonic_ns").canConvertToLong();
        return new SnapshotTime(n.get("epoch_ms").asLong(), monotonic ? n.get("monotonic_ns").asLong() : 0, n.path("duration_ms").asLong(0),
                monotonic ? n.path("boot_id").asText("") : "", Layout.TIMESTAMP);
    }

    /**
     * The snapshot's time: its {@value Layout#TIMESTAMP} when there is one, else the one file of the
     * folder that holds nothing but a date, as a hand collection writes it ({@code date > before/date.txt}):
     * {@code date}'s default output in the C locale ({@code Thu Dec  3 11:59:33 UTC 2026}), {@code date -R},
     * {@code date -Is}/{@code -Ins}, an ISO instant ({@code 2026-12-03T11:59:33Z}) or epoch seconds
     * ({@code date +%s}). Such a time is the wall clock only (no boot id), at the resolution the file has.
     * Empty when neither is there, or when two files each hold a date (which one is meant cannot be told).
     *
     * @throws CaptureException when {@value Layout#TIMESTAMP} is there but malformed
     */
    public static java.util.Optional<SnapshotTime> find(Path dir) {
        if (Files.isRegularFile(dir.resolve(Layout.TIMESTAMP))) return java.util.Optional.of(read(dir));
        SnapshotTime found = null;
        try (java.util.stream.Stream<Path> s = Files.list(dir)) {
            for (Path f : s.filter(Files::isRegularFile).sorted().toList()) {
                if (Files.size(f) > 200) continue;
                String t = Files.readString(f, java.nio.charset.StandardCharsets.ISO_8859_1).strip();
                if (t.isEmpty() || t.indexOf('\n') >= 0) continue;
                Long ms = dateMs(t);
                if (ms == null) continue;
                // a bare number is a time only in a file named as one (a saved counter value is a number too)
                if (EPOCH.matcher(t).matches() && !TIME_NAME.matcher(f.getFileName().toString()).find()) continue;
                if (found != null) return java.util.Optional.empty();
                found = new SnapshotTime(ms, 0, 0, "", f.getFileName().toString());
            }
        } catch (IOException e) {
            return java.util.Optional.empty();
        }
        return java.util.Optional.ofNullable(found);
    }

    private static final java.util.regex.Pattern TIME_NAME = java.util.regex.Pattern.compile("(?i)date|time|stamp|epoch|clock");
    private static final java.util.regex.Pattern EPOCH = org.fabriclab.capture.DateOutput.EPOCH;

    /** Epoch milliseconds of one line of date output (see {@link #find}), or null when it is no date ({@link org.fabriclab.capture.DateOutput}). */
    static Long dateMs(String line) { return org.fabriclab.capture.DateOutput.epochMs(line); }

    /** Seconds from this snapshot's start to {@code later}'s: monotonic within one boot, else wall clock. */
    public double secondsUntil(SnapshotTime later) {
        if (!bootId.isEmpty() && bootId.equals(later.bootId)) return (later.monotonicNs - monotonicNs) / 1e9;
        return (later.epochMs - epochMs) / 1e3;
    }

    /**
     * Where {@link #secondsUntil later} comes from, for a report: the two times' sources and the clock that counts
     * ({@code timestamp.json, monotonic clock}; {@code date.txt (a date output, ...) and timestamp.json, wall clock}).
     */
    public String intervalSource(SnapshotTime later) {
        return source() + (later.source().equals(source()) ? "" : " and " + later.source())
                + (bootId.isEmpty() || !bootId.equals(later.bootId) ? ", wall clock" : ", monotonic clock");
    }

    /** Seconds between the snapshots in two folders (see {@link #secondsUntil}). */
    public static double elapsedSeconds(Path earlier, Path later) {
        return read(earlier).secondsUntil(read(later));
    }

    public Instant instant() { return Instant.ofEpochMilli(epochMs); }

    /** Where this time was read, for a report: {@value Layout#TIMESTAMP}, or the date output's file and its resolution. */
    public String source() {
        if (how != null) return how;
        return file.equals(Layout.TIMESTAMP) ? file : file + " (a date output, to the second unless it prints finer)";
    }
}
