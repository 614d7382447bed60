package org.fabriclab.kernel.cli;

import java.io.PrintWriter;
import java.nio.file.Path;
import java.util.List;
import java.util.Optional;

import org.fabriclab.incident.SnapshotTime;
import org.fabriclab.snapshot.Snapshot;

/**
 * The seconds between {@code check}'s two samples when {@code --pm-pause-time} is not given: the snapshots' own times
 * ({@code timestamp.json} as {@code fabriclab collect} writes it, a date output in the folder, a sosreport's or
 * sysinfo-snapshot's recorded time: {@link SnapshotTime#of}), the monotonic clock within one boot, else the wall clock;
 * ibdiagnet's {@value CheckCommand#IBDIAGNET_PAUSE} s (its own samples' spacing) when either side has no time, with a note
 * saying so, since the counter-derived BER is then only as right as that guess. The seconds themselves are printed by
 * the check's own note ({@code counter-derived symbol BER over 40 s}).
 *
 * <pre>{@code
 * double s = SamplesApart.seconds(List.of(before), b, List.of(after), a, err);   // 40.0 for collect's t0 and t4 of a 10 s series
 * }</pre>
 */
final class SamplesApart {
    private SamplesApart() {}

    /**
     * The seconds from the first sample to the second, saying on {@code err} where they came from.
     *
     * @throws org.fabriclab.capture.CaptureException when a folder's timestamp.json is malformed
     */
    static double seconds(List<Path> beforePaths, Snapshot before, List<Path> afterPaths, Snapshot after, PrintWriter err) {
        Optional<SnapshotTime> b = SnapshotTime.of(folder(beforePaths), before), a = SnapshotTime.of(folder(afterPaths), after);
        if (b.isPresent() && a.isPresent()) {
            double s = b.get().secondsUntil(a.get());
            if (s > 0) {
                err.println("fabriclab: the samples' spacing is the snapshots' own (" + b.get().intervalSource(a.get())
                        + "); --pm-pause-time SECONDS gives another interval");
                return s;
            }
            err.println("fabriclab: warning: the 'after' snapshot's time is not after the 'before' one's (" + b.get().intervalSource(a.get())
                    + "); counter-derived BER over ibdiagnet's " + CheckCommand.IBDIAGNET_PAUSE + " s: give --pm-pause-time SECONDS");
            return CheckCommand.IBDIAGNET_PAUSE;
        }
        err.println("fabriclab: note: no time in " + (b.isEmpty() ? "the 'before'" : "the 'after'") + " snapshot (timestamp.json, a date "
                + "output): counter-derived BER over ibdiagnet's " + CheckCommand.IBDIAGNET_PAUSE + " s between samples; give --pm-pause-time SECONDS "
                + "for the test's real interval");
        return CheckCommand.IBDIAGNET_PAUSE;
    }

    /** The one folder a side was given as, whose files may hold its time; null for several paths or a file. */
    private static Path folder(List<Path> paths) {
        return paths.size() == 1 && java.nio.file.Files.isDirectory(paths.get(0)) ? paths.get(0) : null;
    }
}
