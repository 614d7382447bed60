package org.fabriclab.history.formats;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

import org.fabriclab.capture.CaptureException;
import org.fabriclab.history.History;
import org.fabriclab.history.Progress;
import org.fabriclab.incident.Layout;
import org.fabriclab.incident.SnapshotTime;
import org.fabriclab.series.Series;
import org.fabriclab.snapshot.Snapshot;

/**
 * A series of {@code fabriclab collect} snapshots as a history: the incident folder {@link Layout}
 * describes ({@code t0/ t1/ ...}, or {@code before/ after/}), each snapshot read by the snapshot readers
 * as it is ({@link Snapshot#of}), joined into one series ({@link Series#ofSnapshots}: counters read from
 * the fields of their readings). Sample times come from each snapshot's {@code timestamp.json}
 * ({@link SnapshotTime}): within one boot the monotonic clock from the first snapshot's wall clock (NTP
 * steps do not move samples), across a reboot the wall clock. A hand-collected series in the other layouts
 * {@link Layout#snapshots} takes ({@code snap1/ snap2/ ...}, timestamp-named folders) is read too when each
 * snapshot holds a date output ({@link SnapshotTime#find}): wall clock, to the second.
 *
 * <pre>{@code
 * History h = new CollectSeriesHistory().read(Path.of("incident-42"), Progress.NONE);
 * }</pre>
 */
public final class CollectSeriesHistory implements HistoryReader {
    @Override public String format() { return "collect-series"; }

    @Override public int sniff(Path path) {
        if (!Files.isDirectory(path)) return 0;
        boolean series = Files.isRegularFile(path.resolve(Layout.series(0)).resolve(Layout.TIMESTAMP));
        boolean pair = Files.isRegularFile(path.resolve(Layout.BEFORE).resolve(Layout.TIMESTAMP))
                && Files.isRegularFile(path.resolve(Layout.AFTER).resolve(Layout.TIMESTAMP));
        if (series || pair) return 95;
        // a hand-collected series (snap1/ snap2/ ..., pre/ post/, timestamp-named folders), each with a date output
        try {
            List<Path> dirs = Layout.snapshots(path);
            if (dirs.size() < 2) return 0;
            for (Path d : dirs) if (SnapshotTime.find(d).isEmpty()) return 0;
            return 70;
        } catch (CaptureException e) {
            return 0;
        }
    }

    @Override public History read(Path path, Progress progress) {
        List<Path> dirs = Layout.snapshots(path);
        List<Snapshot> snaps = new ArrayList<>();
        long[] times = new long[dirs.size()];
        SnapshotTime first = null;
        for (int i = 0; i < dirs.size(); i++) {
            Path d = dirs.get(i);
            SnapshotTime t = SnapshotTime.find(d).orElseThrow(() -> new CaptureException(d.toString(), 0, "snapshot "
                    + d.getFileName() + " has no time: expected " + Layout.TIMESTAMP + " (as fabriclab collect writes) or one file "
                    + "holding only a date (date > " + d.getFileName() + "/date.txt)"));
            if (first == null) first = t;
            times[i] = first.epochMs() + Math.round(first.secondsUntil(t) * 1000);
            if (i > 0 && times[i] <= times[i - 1]) {
                throw new CaptureException(d.resolve(t.file()).toString(), 1, "snapshot " + d.getFileName() + " is not later than "
                        + dirs.get(i - 1).getFileName() + " (" + times[i] + " ms after " + times[i - 1] + " ms); a series needs increasing times");
            }
            snaps.add(Snapshot.of(d));
            progress.update("reading " + path.getFileName(), i + 1, dirs.size());
        }
        return History.of(Series.ofSnapshots(snaps, times));
    }
}
