package org.fabriclab.incident;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Locale;
import java.util.Optional;

import org.fabriclab.capture.Archive;
import org.fabriclab.capture.Capture;
import org.fabriclab.capture.CaptureException;
import org.fabriclab.capture.Telemetry;
import org.fabriclab.capture.Optics;
import org.fabriclab.capture.Unpacked;
import org.fabriclab.check.Check;
import org.fabriclab.check.CheckResult;
import org.fabriclab.check.CheckRow;
import org.fabriclab.check.Policy;
import org.fabriclab.delta.Delta;
import org.fabriclab.pause.PauseAnalysis;
import org.fabriclab.reconcile.Reconcile;
import org.fabriclab.reconcile.Reconciliation;
import org.fabriclab.series.Series;
import org.fabriclab.snapshot.Snapshot;
import org.fabriclab.verdict.Profile;
import org.fabriclab.verdict.Verdict;

import tech.tablesaw.api.Table;

/**
 * Everything {@link Incident} computes, once: snapshots, the delta between the first and the last,
 * each port's fabric, bytes and verdicts, the checks, the reconciliation, the pause analysis, the
 * BER/module tables. Built by {@link Incident} on first use.
 */
final class Analysis {
    final List<Path> folders;
    final List<Snapshot> snapshots;
    final List<SnapshotTime> times;      // null entries: no timestamp.json
    final Delta delta;
    final double elapsed;
    final String elapsedHow;
    final Extras extras;
    final List<PortReport> ports = new ArrayList<>();
    final CheckResult zeroTolerance;
    final CheckResult ber;
    final Reconciliation reconciliation;  // null without perftest output
    final PauseAnalysis pause;
    final List<Table> mlxlink = new ArrayList<>();
    final List<String> notes = new ArrayList<>();

    Analysis(Incident o) {
        Path dir = o.folder();
        snapshots = new ArrayList<>();
        times = new ArrayList<>();
        if (o.sides() != null) {
            // captures given side by side: a snapshot each; a side that is one folder (or an archive of one) may carry its time
            List<List<Path>> sides = List.of(o.sides().before(), o.sides().after());
            List<Path> shown = new ArrayList<>();
            for (List<Path> side : sides) {
                if (side.size() == 1) {
                    shown.add(read(side.get(0), null));
                    continue;
                }
                Snapshot s = Snapshot.of(side);
                snapshots.add(s);
                shown.add(side.get(0));
                // a side of several paths has no folder of its own: only a bundle among them may record its time
                times.add(s.recordedTime().isPresent() ? SnapshotTime.of(null, s).orElse(null) : null);
            }
            folders = List.copyOf(shown);
            extras = Extras.NONE;
        } else if (!Files.isDirectory(dir) && Archive.is(dir)) {
            // the incident handed over as an archive: unpacked for as long as its snapshots and extras are read
            try (Unpacked u = Unpacked.of(dir)) {
                List<Path> found = snapshotPaths(u.folder(), u);
                folders = readAll(found, u);
                extras = Extras.scan(u.folder(), found, u);
            }
        } else if (Files.isRegularFile(dir)) {
            // one capture file holding the tool's output two or more times (appended, pasted, a loop's log): its runs are the snapshots
            List<Path> shown = new ArrayList<>();
            RunsFile f = RunsFile.read(dir);
            for (RunsFile.Run r : f.runs()) {
                snapshots.add(r.snapshot());
                times.add(r.time());
                shown.add(r.name());
            }
            folders = List.copyOf(shown);
            extras = f.extras();
        } else {
            if (!Files.isDirectory(dir)) throw new CaptureException(dir.toString(), 0, "no such incident folder");
            List<Path> found = snapshotPaths(dir, null);
            folders = readAll(found, null);
            extras = Extras.scan(dir, found, null);
        }
        Snapshot first = snapshots.get(0), last = snapshots.get(snapshots.size() - 1);
        delta = Delta.between(first, last);

        // elapsed: given, else the snapshots' clocks, else the test's own duration
        SnapshotTime t0 = times.get(0), tn = times.get(times.size() - 1);
        double perftestS = perftestDuration(extras.perftest()), perftestRowsS = perftestRowsSeconds(extras.perftest());
        if (o.elapsedGiven() > 0) {
            elapsed = o.elapsedGiven();
            elapsedHow = "elapsed " + seconds(elapsed) + " (given)";
        } else if (t0 != null && tn != null && t0.secondsUntil(tn) > 0) {
            elapsed = t0.secondsUntil(tn);
            elapsedHow = "elapsed " + seconds(elapsed) + " between the first and the last snapshot (" + t0.intervalSource(tn) + ")";
        } else if (perftestS > 0) {
            elapsed = perftestS;
            elapsedHow = "elapsed taken as the test's duration, " + seconds(perftestS) + " (perftest -D): the snapshots bracket the test, "
                    + "so the real window is at least this long and per-second figures are upper bounds";
        } else if (perftestRowsS > 0) {
            elapsed = perftestRowsS;
            elapsedHow = "elapsed taken as the test's duration from perftest's own rows, " + seconds(elapsed) + " (message bytes x "
                    + "iterations / BW average; no -D in the log): the snapshots bracket the test, so the real window is at least this "
                    + "long and per-second figures are upper bounds";
        } else {
            elapsed = Double.NaN;
            elapsedHow = "elapsed time unknown (no " + Layout.TIMESTAMP + " or date output in the snapshots, no test duration, none given): "
                    + "no duty cycle and no counter-derived BER";
        }

        // checks
        Check zt = Check.of(delta), bc = Check.of(delta);
        for (Table t : extras.telemetry()) { zt = zt.telemetry(t.name(), t); bc = bc.telemetry(t.name(), t); }
        if (Double.isNaN(elapsed)) { zt = zt.elapsedUnknown(); bc = bc.elapsedUnknown(); } else { zt = zt.elapsed(elapsed); bc = bc.elapsed(elapsed); }
        zeroTolerance = zt.grade(Policy.ZERO_TOLERANCE);
        ber = bc.grade(Policy.BER);

        // ports: fabric, bytes, verdicts; the transceivers' own diagnostics (the checks' optics rows) as evidence beside them
        List<CheckRow> optics = zeroTolerance.rows().stream().filter(r -> r.check().equals(CheckRow.OPTICS)).toList();
        Map<String, FabricKind.Found> fabrics = new LinkedHashMap<>();
        for (String port : delta.ports()) {
            fabrics.put(port, o.fabricGiven() != null ? FabricKind.given(last, port, o.fabricGiven()) : FabricKind.found(last, port));
        }
        // an Ethernet port that holds none of the profiles' counters (a sosreport's ethtool -S of every NIC) is named
        // apart, not graded "incomplete" beside the RDMA ports; when no port has any, all are graded as they are
        List<String> ungraded = new ArrayList<>();
        for (String port : delta.ports()) {
            FabricKind.Found found = fabrics.get(port);
            if (o.profileGiven() == null && found.kind() == FabricKind.ROCE
                    && org.fabriclab.capture.HostPort.local(port).startsWith("netdev ")
                    && Grading.nothingToGrade(delta, port, found.kind().profile(), found.kind().full())) ungraded.add(port);
        }
        if (ungraded.size() == delta.ports().size()) ungraded.clear();
        if (!ungraded.isEmpty()) {
            notes.add("not graded: " + String.join(", ", ungraded) + ": none of the " + FabricKind.ROCE.profile().name() + " or "
                    + FabricKind.ROCE.full().name() + " profile's counters in the captures (Ethernet ports without RDMA counters, such as a "
                    + "management NIC; grade one anyway with a profile given)");
        }
        for (String port : delta.ports()) {
            if (ungraded.contains(port)) continue;
            FabricKind.Found found = fabrics.get(port);
            BytesMoved derived = BytesMoved.derive(delta, port);
            BytesMoved bytes = o.bytesGiven() > 0 ? BytesMoved.given(port, o.bytesGiven(), derived) : derived;
            Profile primary = o.profileGiven() != null ? o.profileGiven() : o.full() ? found.kind().full() : found.kind().profile();
            Profile other = primary.equals(found.kind().profile()) ? found.kind().full() : found.kind().profile();
            Verdict v = Grading.verdict(delta, port, primary, bytes, o.congPerGb());
            Verdict second = Grading.verdict(delta, port, other, bytes, o.congPerGb());
            List<String> why = new ArrayList<>();
            boolean profileFound = o.profileGiven() == null && !o.full();
            if (profileFound && Grading.sourcesNotCaptured(v, delta, port) && !second.verdict().equals(Verdict.INCOMPLETE)) {
                // the runbook's profile needs a source this folder does not hold (hw_counters beside perfquery): grade what is there
                why.add("profile " + v.profile() + " needs " + String.join(", ", v.detail()) + ", read from sources this port's captures do not hold "
                        + "(the host's own sysfs hw_counters or rdma statistic: collect them on the port's host; a switch port, or a port "
                        + "read remotely by perfquery or ibqueryerrors, has none); graded with " + second.profile()
                        + ", which grades every counter the captures hold; " + v.profile() + " says " + v.verdict());
                Verdict t = v; v = second; second = t;
            }
            Verdict provisional = v.verdict().equals(Verdict.INCOMPLETE) && !v.detail().contains(Grading.BYTES)
                    ? Grading.provisional(delta, port, profileOf(v, primary, other), v, bytes, o.congPerGb()) : null;
            why.addAll(Explain.why(v, delta.port(port)));
            if (provisional != null) why.add(Explain.provisional(v, provisional));
            LosslessConfig qos = LosslessConfig.of(first, last, port);
            if (qos.known()) {
                why.add(qos.summary());
                why.addAll(qos.disagreements(delta.port(port)));
            }
            List<String> opticsFound = Explain.optics(optics, port);
            why.addAll(opticsFound);
            List<String> next = new ArrayList<>(Explain.nextSteps(v, found.kind(), qos, delta.port(port)));
            next.addAll(Explain.opticsNextSteps(optics, port));
            ports.add(new PortReport(port, found, bytes, v, second, provisional, why, next));
        }

        // reconciliation
        if (extras.perftest().isEmpty()) {
            reconciliation = null;
        } else {
            Reconcile r = Reconcile.of(extras.perftest().toArray(new Capture[0])).counters(delta);
            if (o.rateGiven() > 0) r = r.rateWhereNotCaptured(o.rateGiven());
            if (!(perftestS > 0) && elapsed > 0) {
                r = r.duration(elapsed);
                notes.add("reconciliation: perftest printed no duration; the snapshots' elapsed time " + seconds(elapsed) + " stands in for it");
            }
            reconciliation = r.result();
        }

        // pause: the window, and a series from the snapshots (three or more, timed) or a pause-series CSV
        PauseAnalysis p = PauseAnalysis.of(delta, elapsed, elapsedHow);
        Series s = snapshotSeries();
        if (s != null) p = p.withSeries(s);
        else if (!extras.pauseSeries().isEmpty()) p = p.withSeries(Series.of(extras.pauseSeries().get(0), extras.pauseSeries().get(0).name()));
        pause = p;

        for (Capture c : last.captures()) c.measurements("ber").ifPresent(mlxlink::add);
        for (Capture c : last.captures()) c.measurements("module").ifPresent(mlxlink::add);
        for (Capture c : last.captures()) c.measurements(Optics.OPTICS).ifPresent(mlxlink::add);
    }

    /** The snapshots of the incident folder {@code dir} (inside the unpacked archive {@code u}, or null) in time order. */
    private static List<Path> snapshotPaths(Path dir, Unpacked u) {
        List<Path> found = Layout.snapshots(dir);
        if (found.size() < 2) {
            throw new CaptureException(u == null ? dir.toString() : u.name(), 0, "one snapshot (" + found.get(0).getFileName()
                    + "): a delta needs two (before/ and after/, or t0/ t1/ ...)");
        }
        return found;
    }

    /** Reads the snapshots {@code found} (inside {@code u}, or null); returns their folders as named in messages. */
    private List<Path> readAll(List<Path> found, Unpacked u) {
        List<Path> shown = new ArrayList<>();
        for (Path f : found) shown.add(read(f, u == null ? null : u.nameOf(f)));
        return List.copyOf(shown);
    }

    /**
     * Reads one snapshot, a folder or an archive of one, named {@code name} (null: by its path), with its time; returns the
     * folder as named in messages ({@code before.tar.gz!/before} for an archive's), so its files' names start with it.
     * An archive is unpacked while its snapshot and time are read, then deleted.
     */
    private Path read(Path f, String name) {
        if (!Files.isDirectory(f) && Archive.is(f)) {
            try (Unpacked u = name == null ? Unpacked.of(f) : Unpacked.of(f, name)) {
                Snapshot s = Snapshot.of(u.folder(), u.name());
                snapshots.add(s);
                times.add(SnapshotTime.of(u.folder(), s).orElse(null));
                return Path.of(u.name());
            }
        }
        Snapshot s = name == null ? Snapshot.of(f) : Snapshot.of(f, name);
        snapshots.add(s);
        times.add(SnapshotTime.of(f, s).orElse(null));
        return name == null ? f : Path.of(name);
    }

    private static Profile profileOf(Verdict v, Profile a, Profile b) { return v.profile().equals(a.name()) ? a : b; }

    /** Three or more snapshots with timestamps as a series; null otherwise (a note says why when it matters). */
    private Series snapshotSeries() {
        if (snapshots.size() < 3) return null;
        if (times.stream().anyMatch(t -> t == null)) {
            notes.add(snapshots.size() + " snapshots but not all hold " + Layout.TIMESTAMP + ": no per-interval series");
            return null;
        }
        long[] ms = new long[times.size()];
        SnapshotTime t0 = times.get(0);
        for (int i = 0; i < ms.length; i++) ms[i] = t0.epochMs() + Math.round(t0.secondsUntil(times.get(i)) * 1000);
        for (int i = 1; i < ms.length; i++) {
            if (ms[i] <= ms[i - 1]) {
                notes.add("snapshot " + folders.get(i).getFileName() + " is not later than " + folders.get(i - 1).getFileName() + ": no per-interval series");
                return null;
            }
        }
        return Series.ofSnapshots(snapshots, ms);
    }

    /** The test duration perftest printed (the longest run's), NaN when none did. */
    static double perftestDuration(List<Capture> perftest) {
        double d = Double.NaN;
        for (Capture c : perftest) {
            Optional<Table> runs = c.measurements("perftest_run");
            if (runs.isEmpty() || !runs.get().containsColumn("duration_s")) continue;
            for (double x : runs.get().doubleColumn("duration_s").asDoubleArray()) if (x > 0 && !(x <= d)) d = x;
        }
        return d;
    }

    /** The longest time a perftest run accounts for by its own rows ({@link org.fabriclab.reconcile.Reconcile#reportedSeconds}); NaN when none. */
    static double perftestRowsSeconds(List<Capture> perftest) {
        double d = Double.NaN;
        for (Capture c : perftest) {
            double x;
            try {
                x = org.fabriclab.reconcile.Reconcile.reportedSeconds(c);
            } catch (RuntimeException e) {
                continue;   // a perftest capture without a bandwidth table (a latency test) says nothing of bytes moved
            }
            if (x > 0 && !(x <= d)) d = x;
        }
        return d;
    }

    static String seconds(double s) { return String.format(Locale.ROOT, s >= 100 ? "%.0f s" : "%.3g s", s); }

    /** True when the folder's telemetry tables hold any BER column. */
    boolean hasTelemetryBer() { return extras.telemetry().stream().anyMatch(t -> Telemetry.MEASUREMENTS.stream().anyMatch(t::containsColumn)); }
}
