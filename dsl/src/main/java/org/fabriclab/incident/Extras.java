package org.fabriclab.incident;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.stream.Stream;

import org.fabriclab.capture.Capture;
import org.fabriclab.capture.CaptureException;
import org.fabriclab.capture.Readers;
import org.fabriclab.capture.Telemetry;
import org.fabriclab.capture.perftest.PerftestReader;
import org.fabriclab.catalogue.Catalogue;
import org.fabriclab.catalogue.Role;

import tech.tablesaw.api.Table;

/**
 * What an incident folder holds beside its snapshots: files at its top level and in {@code test/}
 * (the test command's output), each read by content. perftest output feeds the reconciliation; a
 * series with pause counters (a {@code pause-series.csv}) the pause distribution; a telemetry series
 * with BER (UFM) the BER checks. Files that are no capture are listed as skipped, never an error.
 *
 * <pre>{@code
 * Extras x = Extras.scan(Path.of("incident-42"), Layout.snapshots(Path.of("incident-42")), null);
 * x.perftest();   x.pauseSeries();   x.skipped();
 * }</pre>
 */
record Extras(List<Capture> perftest, List<Table> pauseSeries, List<Table> telemetry, List<String> read, List<String> skipped) {
    /** Files the layout itself writes, not captures. */
    static final Set<String> LAYOUT_FILES = Set.of(Layout.MANIFEST, Layout.TIMESTAMP);
    /** Nothing beside the snapshots: captures given side by side ({@link Incident#between}). */
    static final Extras NONE = new Extras(List.of(), List.of(), List.of(), List.of(), List.of());

    /**
     * The extras of {@code dir} (inside the unpacked archive {@code u}, or null), less the {@code snapshots} (archives of
     * snapshot folders lie beside these files: {@code before.tar.gz}).
     */
    static Extras scan(Path dir, List<Path> snapshots, org.fabriclab.capture.Unpacked u) {
        List<Path> files = new ArrayList<>();
        list(dir, files);
        list(dir.resolve(Layout.TEST), files);
        files.removeAll(snapshots);
        List<Capture> perftest = new ArrayList<>();
        List<Table> pause = new ArrayList<>(), tele = new ArrayList<>();
        List<String> read = new ArrayList<>(), skipped = new ArrayList<>();
        Catalogue cat = Catalogue.standard();
        for (Path f : files) {
            String name = dir.relativize(f).toString();
            if (LAYOUT_FILES.contains(f.getFileName().toString())) continue;
            // an empty file beside the snapshots holds nothing to skip (a test command that printed nothing on stderr)
            try {
                if (java.nio.file.Files.size(f) == 0) continue;
            } catch (java.io.IOException e) {
                // unreadable: the read below names it
            }
            Capture c;
            try {
                c = u == null ? Readers.standard().read(f) : Readers.standard().read(org.fabriclab.capture.Input.of(f, u.nameOf(f)));
            } catch (CaptureException | java.io.UncheckedIOException e) {
                String msg = firstLine(e.getMessage());
                skipped.add(name + ": " + (msg.contains("not a capture format") ? "not a capture format" : msg));
                continue;
            }
            if (isPerftest(c)) {
                perftest.add(c);
                read.add(name + ": perftest output (reconciliation)");
            } else if (c.measurements(Telemetry.NAME).isPresent()) {
                Table t = c.measurements(Telemetry.NAME).get();
                boolean hasPause = cat.counters(Role.PAUSE).stream().anyMatch(t::containsColumn);
                boolean hasBer = Telemetry.MEASUREMENTS.stream().anyMatch(t::containsColumn);
                if (hasPause) pause.add(t);
                if (hasBer) tele.add(t);
                read.add(name + ": " + t.rowCount() + "-row series" + (hasPause ? " with pause counters (pause distribution)" : "")
                        + (hasBer ? " with BER/module data (BER checks)" : ""));
            } else {
                skipped.add(name + ": a " + c.source() + " capture outside a snapshot folder (not used)");
            }
        }
        return new Extras(List.copyOf(perftest), List.copyOf(pause), List.copyOf(tele), List.copyOf(read), List.copyOf(skipped));
    }

    /** Whether {@code c} is perftest output with a bandwidth row: what the reconciliation takes. */
    static boolean isPerftest(Capture c) {
        return c.measurements(PerftestReader.RUN).isPresent() && c.measurements(PerftestReader.BANDWIDTH).map(t -> t.rowCount() > 0).orElse(false);
    }

    private static void list(Path dir, List<Path> out) {
        if (!Files.isDirectory(dir)) return;
        try (Stream<Path> s = Files.list(dir)) {
            s.filter(Files::isRegularFile).filter(p -> !p.getFileName().toString().startsWith(".")).sorted().forEach(out::add);
        } catch (IOException e) {
            throw new CaptureException(dir.toString(), 0, "cannot list the incident folder: " + e.getMessage());
        }
    }

    private static String firstLine(String s) {
        if (s == null) return "not readable";
        int nl = s.indexOf('\n');
        return nl < 0 ? s : s.substring(0, nl);
    }
}
