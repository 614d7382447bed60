package org.fabriclab.incident;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.stream.Stream;

import org.fabriclab.capture.Capture;
import org.fabriclab.capture.CaptureException;
import org.fabriclab.capture.Readers;
import org.fabriclab.capture.Telemetry;
import org.fabriclab.series.Series;

import tech.tablesaw.api.Table;

/**
 * What a folder given to the link-health template holds, found by content: a UFM telemetry export (the file
 * named, else the first file at the folder's top level that reads as telemetry), the {@code mlxlink/} readouts,
 * and, when the folder is an incident folder ({@link Layout#snapshots}: {@code before/ after/}, {@code t0/ t1/ ...}),
 * the {@link Incident} over its snapshots, whose checks grade the mlxlink and counter-derived BER the snapshots hold.
 * Nothing here fails for what is absent: {@link #notes()} says what was found and what was not.
 *
 * <pre>{@code
 * var link = LinkFolder.of(Path.of("incident-42"), "");   // "" : find the telemetry by content
 * link.telemetry();   link.berKind();   link.readouts();   link.incident();   link.notes();
 * }</pre>
 */
public final class LinkFolder {
    /** The folder of per-readout {@code mlxlink} files the template grades one by one. */
    public static final String READOUTS = "mlxlink";

    private final Path dir;
    private final Path telemetryFile;
    private final Series telemetry;
    private final List<Path> readouts;
    private final Incident incident;
    private final List<String> notes;

    private LinkFolder(Path dir, Path telemetryFile, Series telemetry, List<Path> readouts, Incident incident, List<String> notes) {
        this.dir = dir;
        this.telemetryFile = telemetryFile;
        this.telemetry = telemetry;
        this.readouts = List.copyOf(readouts);
        this.incident = incident;
        this.notes = List.copyOf(notes);
    }

    /**
     * Reads what {@code dir} holds. {@code telemetryName} is a file inside it (or a path); blank, or a name the folder
     * does not hold, takes the first top-level file that reads as telemetry (said in the notes).
     *
     * @throws CaptureException when {@code dir} is no folder, or the telemetry file it names is malformed
     */
    public static LinkFolder of(Path dir, String telemetryName) {
        if (!Files.isDirectory(dir)) throw new CaptureException(dir.toString(), 0, "no such folder");
        List<String> notes = new ArrayList<>();
        Path named = telemetryName == null || telemetryName.isBlank() ? null : dir.resolve(telemetryName);
        Path teleFile = null;
        Table tele = null;
        if (named != null && Files.isRegularFile(named)) {
            tele = Readers.standard().read(named).measurements(Telemetry.NAME).orElseThrow(() ->
                    new CaptureException(named.toString(), 0, "expected UFM telemetry (a telemetry table), found another capture"));
            teleFile = named;
        } else {
            for (Path f : files(dir)) {
                Optional<Table> t = telemetryOf(f);
                if (t.isPresent()) { teleFile = f; tele = t.get(); break; }
            }
            if (named != null) {
                notes.add(named.getFileName() + " is not in " + dir + (teleFile == null ? "" : "; " + teleFile.getFileName() + " is read instead, found by content"));
            }
        }
        Series series = tele == null ? null : Series.of(tele, tele.name());
        if (teleFile != null) {
            notes.add("telemetry: " + teleFile.getFileName() + " (" + series.portCount() + " ports, " + series.rows() + " samples"
                    + (Telemetry.MEASUREMENTS.subList(0, 3).stream().anyMatch(k -> series.measure(k) != null) ? ")" : "; no BER column: the rule engines run on its counters, no BER trend)"));
        }
        else notes.add("no UFM telemetry export in " + dir + " (a UFM telemetry CSV or fluentd JSON at its top level): no BER trend and no rule-engine alerts");

        List<Path> readouts = files(dir.resolve(READOUTS));
        notes.add(readouts.isEmpty() ? "no " + READOUTS + "/ readouts" : readouts.size() + " " + READOUTS + "/ readout" + (readouts.size() == 1 ? "" : "s"));

        Incident inc = null;
        try {
            List<Path> snaps = Layout.snapshots(dir);
            if (snaps.size() >= 2) {
                inc = Incident.of(dir);
                notes.add("incident folder: " + snaps.size() + " snapshots " + snaps.stream().map(p -> p.getFileName().toString()).toList()
                        + ": the verdicts, the zero-tolerance and BER checks of their counters and mlxlink readouts");
            }
        } catch (CaptureException e) {
            // no snapshot folders: a telemetry or readout folder
        }
        return new LinkFolder(dir, teleFile, series, readouts, inc, notes);
    }

    private static Optional<Table> telemetryOf(Path f) {
        try {
            Capture c = Readers.standard().read(f);
            return c.measurements(Telemetry.NAME);
        } catch (CaptureException | java.io.UncheckedIOException e) {
            return Optional.empty();   // no capture, or another one: not the telemetry
        }
    }

    private static List<Path> files(Path dir) {
        if (!Files.isDirectory(dir)) return List.of();
        try (Stream<Path> s = Files.list(dir)) {
            return s.filter(Files::isRegularFile).filter(p -> !p.getFileName().toString().startsWith(".")).sorted().toList();
        } catch (IOException e) {
            throw new CaptureException(dir.toString(), 0, "cannot list the folder: " + e.getMessage());
        }
    }

    public Path dir() { return dir; }

    /** The telemetry file read, when there is one. */
    public Optional<Path> telemetryFile() { return Optional.ofNullable(telemetryFile); }

    /** The telemetry as a series, when the folder holds one. */
    public Optional<Series> telemetry() { return Optional.ofNullable(telemetry); }

    /**
     * The BER the telemetry carries to plot, the post-FEC one first: {@code effective_ber}, else {@code symbol_ber},
     * else {@code raw_ber}; empty without telemetry or BER.
     */
    public Optional<String> berKind() {
        if (telemetry == null) return Optional.empty();
        for (String k : List.of(Telemetry.EFFECTIVE_BER, Telemetry.SYMBOL_BER, Telemetry.RAW_BER)) {
            double[] v = telemetry.measure(k);
            if (v != null) for (double x : v) if (x > 0) return Optional.of(k);
        }
        return Optional.empty();
    }

    /** The files of {@code mlxlink/}, in name order. */
    public List<Path> readouts() { return readouts; }

    /** The incident over the folder's snapshots, when it has two or more. */
    public Optional<Incident> incident() { return Optional.ofNullable(incident); }

    /** What was found and what was not, one line each. */
    public List<String> notes() { return notes; }

    @Override public String toString() { return "link-health inputs in " + dir + "\n  " + String.join("\n  ", notes); }
}
