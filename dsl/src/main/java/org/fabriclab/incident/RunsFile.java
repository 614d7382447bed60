package org.fabriclab.incident;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

import org.fabriclab.capture.Capture;
import org.fabriclab.capture.CaptureException;
import org.fabriclab.capture.CommandLine;
import org.fabriclab.capture.DateOutput;
import org.fabriclab.capture.Input;
import org.fabriclab.capture.Readers;
import org.fabriclab.capture.Runs;
import org.fabriclab.capture.perftest.PerftestReader;
import org.fabriclab.capture.pauseseries.TimedDumpsReader;
import org.fabriclab.snapshot.Snapshot;

/**
 * An incident given as one capture file that holds the tool's output two or more times: the runs are the
 * snapshots, in file order. A sampling loop's log (a date line before each output:
 * {@link TimedDumpsReader}) gives each snapshot its date, so the elapsed time and a series are known; a file of
 * runs without dates ({@code perfquery -x > c.txt}, the test, {@code perfquery -x >> c.txt}: {@link Runs}) has
 * none. Each snapshot is named after the file, its run and the line it starts at
 * ({@code c.txt (run 2 of 2, line 27)}). The test's own output between the first run and the last (a terminal log:
 * {@code perfquery -x}, {@code ib_write_bw ...}, {@code perfquery -x}) is read too: perftest's report feeds the
 * reconciliation as it does from an incident folder's {@code test/stdout.txt}.
 */
record RunsFile(List<RunsFile.Run> runs, Extras extras) {
    /** The reader of the test's output between the runs. */
    private static final String PERFTEST = new PerftestReader().format();

    /** One run: its snapshot, its name as a path (for messages), its time or null. */
    record Run(Snapshot snapshot, Path name, SnapshotTime time) {}

    /**
     * The runs of {@code file}, and the test's output between them.
     *
     * @throws CaptureException when the file is no capture, or holds its output once (naming how to give two)
     */
    static RunsFile read(Path file) {
        String name = file.toString();
        Input in = Input.of(file);
        List<Run> out = new ArrayList<>();
        if (TimedDumpsReader.isLog(in)) {
            for (TimedDumpsReader.Sample s : TimedDumpsReader.samples(in)) {
                if (s.capture() == null) continue;   // a date with nothing after it
                Path shown = Path.of(name + " (" + s.date() + ", line " + s.line() + ")");
                out.add(new Run(Snapshot.ofCaptures(shown.toString(), List.of(s.capture())), shown,
                        new SnapshotTime(s.epochMs(), 0, 0, "", file.getFileName().toString(),
                                "the date lines of " + file.getFileName() + " (to the second unless they print finer)")));
            }
        } else {
            List<Capture> runs = Runs.of(Readers.standard().read(in));
            List<SnapshotTime> times = datesBefore(in, runs, file.getFileName().toString());
            for (int k = 0; k < runs.size(); k++) {
                Capture c = runs.get(k);
                int line = firstLine(List.of(c));
                Path shown = Path.of(name + " (run " + (k + 1) + " of " + runs.size() + (line > 0 ? ", line " + line : "") + ")");
                out.add(new Run(Snapshot.ofCaptures(shown.toString(), List.of(c)), shown, times.get(k)));
            }
        }
        if (out.size() < 2) {
            throw new CaptureException(name, 0, "holds its tool's output once (every counter read once): a delta needs two snapshots; "
                    + "append the run after the test to the same file (CMD >> " + file.getFileName() + "), or give a folder "
                    + "with before/ and after/ (or before.txt and after.txt)");
        }
        return new RunsFile(List.copyOf(out), between(in, out.get(0).snapshot(), out.get(out.size() - 1).snapshot()));
    }

    /**
     * Each run's time from a date printed before it ({@code date; perfquery -x} in a session, or in a script's output),
     * after the run before it: the last date line in between ({@link TimedDumpsReader#dateLine}'s forms, or epoch
     * seconds right under a {@code date} command line: {@code date +%s}). Every entry
     * null unless every run has one and they increase (a time for some runs only would mix clocks with guesses).
     */
    private static List<SnapshotTime> datesBefore(Input in, List<Capture> runs, String file) {
        List<String> lines = in.lines();
        List<SnapshotTime> out = new ArrayList<>();
        int from = 0;
        long last = Long.MIN_VALUE;
        for (Capture c : runs) {
            int to = firstLine(List.of(c));
            Long ms = null;
            int at = 0;
            String prev = "";
            for (int i = from; i < to - 1 && i < lines.size(); i++) {
                Long t = TimedDumpsReader.dateLine(lines.get(i));
                // bare epoch seconds count only right under a date command line (date +%s): a cat of a counter prints a number too
                if (t == null && CommandLine.command(prev, "date") != null) t = DateOutput.epochMs(lines.get(i));
                if (t != null) { ms = t; at = i + 1; }
                if (!lines.get(i).isBlank()) prev = lines.get(i);
            }
            if (ms == null || ms <= last) return java.util.Collections.nCopies(runs.size(), null);
            last = ms;
            out.add(new SnapshotTime(ms, 0, 0, "", file, "the date at line " + at + " of " + file));
            from = lastLine(List.of(c));
        }
        return out;
    }

    /** The first line of a reading of {@code cs}, 0 when they hold none. */
    private static int firstLine(List<Capture> cs) {
        int line = Integer.MAX_VALUE;
        for (Capture c : cs) for (var r : c.readings()) line = Math.min(line, r.line());
        return line == Integer.MAX_VALUE ? 0 : line;
    }

    /** The last line of a reading of {@code cs}, 0 when they hold none. */
    private static int lastLine(List<Capture> cs) {
        int line = 0;
        for (Capture c : cs) for (var r : c.readings()) line = Math.max(line, r.line());
        return line;
    }

    /**
     * The extras read from the lines after {@code first}'s last reading and before {@code last}'s first: perftest's report
     * when they hold one (at the file's own line numbers), else none.
     */
    private static Extras between(Input in, Snapshot first, Snapshot last) {
        int from = lastLine(first.captures()), to = firstLine(last.captures());
        List<String> lines = in.lines();
        if (from <= 0 || to - from < 3) return Extras.NONE;
        Capture c;
        try {
            // read as perftest's whatever else claims it: the lines may end with the next run's header
            c = Readers.standard().read(Input.slice(in, from, Math.min(to - 1, lines.size())), PERFTEST);
        } catch (CaptureException e) {
            return Extras.NONE;   // whatever the test printed, it is no capture: the runs alone stand
        }
        if (!Extras.isPerftest(c)) return Extras.NONE;
        return new Extras(List.of(c), List.of(), List.of(), List.of(in.name() + ":" + (from + 1) + "-" + (to - 1)
                + ": perftest output between the runs (reconciliation)"), List.of());
    }
}
