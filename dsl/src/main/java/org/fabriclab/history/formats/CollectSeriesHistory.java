package org.fabriclab.history.formats;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

import org.fabriclab.capture.CaptureException;
import org.fabriclab.capture.Unpacked;
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
 * snapshot holds a date output ({@link SnapshotTime#find}): wall clock, to the second. Snapshots handed over as archives
 * of their folders ({@code t0.tar.gz t1.tar.gz ...}, {@code before.tgz after.tgz}: {@link Layout#snapshots}) are unpacked
 * one at a time ({@link Unpacked}), read, and deleted, their files named {@code t0.tar.gz!/t0/...}.
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
        // a hand-collected series (snap1/ snap2/ ..., pre/ post/, timestamp-named folders), each with a date output;
        // or snapshots as archives (t0.tar.gz ...), whose time is read when each is unpacked
        try {
            List<Path> dirs = Layout.snapshots(path);
            if (dirs.size() < 2) return 0;
            boolean archives = false;
            for (Path d : dirs) {
                if (!Files.isDirectory(d)) archives = true;
                else if (SnapshotTime.find(d).isEmpty()) return 0;
            }
            if (!archives) return 70;
            // collect's names (t0.tar.gz t1.tar.gz ..., before.tgz after.tgz) say a collect series; other names less
            String first = dirs.get(0).getFileName().toString();
            return first.startsWith(Layout.series(0) + ".") || first.startsWith(Layout.BEFORE + ".") ? 90 : 60;
        } catch (CaptureException e) {
            return 0;
        }
    }

    @Override public History read(Path path, Progress progress) {
        List<Path> dirs = Layout.snapshots(path);
        List<Snapshot> snaps = new ArrayList<>();
        long[] times = new long[dirs.size()];
        SnapshotTime first = null;
        ReadWarnings said = new ReadWarnings();
        for (int i = 0; i < dirs.size(); i++) {
            Path d = dirs.get(i);
            Timed t;
            if (Files.isDirectory(d)) {
                t = read(d, d, d.toString(), null);
            } else {
                try (Unpacked u = Unpacked.of(d)) {
                    t = read(d, u.folder(), u.name(), u);
                }
            }
            if (first == null) first = t.time;
            times[i] = first.epochMs() + Math.round(first.secondsUntil(t.time) * 1000);
            if (i > 0 && times[i] <= times[i - 1]) {
                throw new CaptureException(t.name + "/" + t.time.file(), 1, "snapshot " + d.getFileName() + " is not later than "
                        + dirs.get(i - 1).getFileName() + " (" + times[i] + " ms after " + times[i - 1] + " ms); a series needs increasing times");
            }
            snaps.add(t.snapshot);
            said.add(t.snapshot.warnings());
            progress.update("reading " + path.getFileName(), i + 1, dirs.size());
        }
        return History.of(Series.ofSnapshots(snaps, times)).withWarnings(said.list());
    }

    /** A snapshot read with its time, and the name of its folder in messages. */
    private record Timed(Snapshot snapshot, SnapshotTime time, String name) {}

    /** The snapshot {@code d} (its folder {@code folder}: {@code d} itself, or where its archive {@code u} was unpacked), with its time. */
    private static Timed read(Path d, Path folder, String name, Unpacked u) {
        SnapshotTime t = SnapshotTime.find(folder).orElseThrow(() -> new CaptureException(name, 0, "snapshot "
                + d.getFileName() + " has no time: expected " + Layout.TIMESTAMP + " (as fabriclab collect writes) or one file "
                + "holding only a date (date > " + Layout.name(d) + "/date.txt)"));
        return new Timed(u == null ? Snapshot.of(folder) : Snapshot.of(folder, name), t, name);
    }
}
