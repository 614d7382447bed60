package org.fabriclab.capture.fuzz;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import java.util.stream.Stream;

import org.fabriclab.capture.Capture;
import org.fabriclab.capture.Input;
import org.fabriclab.capture.Readers;
import org.fabriclab.capture.Reading;

/**
 * The inputs of the campaign: every regular file of the public captures folder (read in place, its
 * bytes kept in memory) with its unmutated reading, and the value tokens a corruption may hit.
 */
final class Corpus {
    /** One public capture: its name, bytes and what the readers make of it unmutated. */
    record Entry(String name, byte[] bytes, Capture original) {}

    private static List<Entry> entries;
    /** Public captures whose unmutated reading failed (left out of the campaign). */
    static final List<String> unread = new ArrayList<>();

    private Corpus() {}

    /** Null when the public captures are not beside the project (a bare clone). */
    static Path dir() {
        String d = System.getProperty("fabriclab.publicCaptures", "none");
        if (d.isBlank() || d.equals("none") || d.startsWith("${")) return null;
        Path p = Path.of(d);
        return Files.isDirectory(p) ? p : null;
    }

    /**
     * Every input: the public captures (when present), the readers' test fixtures and one capture
     * of each kind in the bundled datasets (these two always: a bare clone still fuzzes).
     */
    static synchronized List<Entry> entries() {
        if (entries == null) {
            List<Path[]> files = new ArrayList<>();   // {path, name}
            Path dir = dir();
            if (dir != null) for (Path p : list(dir)) files.add(new Path[] {p, p.getFileName()});
            // the readers' capture fixtures only: history/ and check/ hold other formats (history files, limits)
            Path fixtures = Path.of("src/test/resources/org/fabriclab/capture");
            if (Files.isDirectory(fixtures)) {
                try (Stream<Path> s = Files.walk(fixtures)) {
                    for (Path p : s.filter(Files::isRegularFile).sorted().toList()) {
                        String n = p.getFileName().toString();
                        if (n.endsWith(".expected") || n.endsWith(".expected.csv") || n.endsWith(".attrs.csv")) continue;
                        if (p.toString().contains("FuzzTestInputs")) continue;   // Jazzer's saved findings: fuzzer bytes, not captures
                        files.add(new Path[] {p, fixtures.relativize(p)});
                    }
                } catch (IOException e) {
                    throw new UncheckedIOException(e);
                }
            }
            for (String d : DATASETS) {
                Path p = Path.of("..", "datasets").resolve(d);
                if (Files.isRegularFile(p)) files.add(new Path[] {p, Path.of("datasets", d)});
            }
            List<Entry> out = new ArrayList<>();
            for (Path[] f : files) {
                String n = f[1].toString();
                if (!Files.isRegularFile(f[0]) || n.equals("SOURCES.md")) continue;
                byte[] b;
                try {
                    b = Files.readAllBytes(f[0]);
                } catch (IOException e) {
                    throw new UncheckedIOException(e);
                }
                Capture c;
                try {
                    c = Readers.standard().read(Input.ofBytes(n, b));
                } catch (org.fabriclab.capture.CaptureException e) {
                    // an unmutated input that does not read fails its own tests (PublicCapturesShowTest, the reader tests)
                    unread.add(n + ": " + e.getMessage());
                    continue;
                }
                out.add(new Entry(n, b, c));
            }
            entries = List.copyOf(out);
        }
        return entries;
    }

    /** One capture of each kind from the bundled datasets (relative to datasets/). */
    static final List<String> DATASETS = List.of("ib-marginal-optic/before/perfquery-x.txt", "ib-marginal-optic/before/ibstat.txt",
            "ib-marginal-optic/before/hw_counters.txt", "ib-flapping-link/before/perfquery.txt",
            "roce-pause-storm/before/ethtool.txt", "roce-pause-storm/before/rdma-link.txt",
            "reconcile-b2-fabric-backpressure/perftest.log", "degrading-optic/mlxlink/day00.txt");

    private static List<Path> list(Path dir) {
        try (Stream<Path> s = Files.list(dir)) {
            return s.sorted().toList();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** A value-corruption mutant of {@code e}, or null when it holds no reading whose value is spelled on its line. */
    static Mutations.Mutant corruptOne(Entry e, long seed) {
        Random r = new Random(seed);
        String text = Mutations.text(e.bytes());
        List<int[]> lines = Mutations.lines(text);
        List<Reading> readings = new ArrayList<>(e.original().readings());
        if (readings.isEmpty()) return null;
        for (int attempt = 0; attempt < 20; attempt++) {
            Reading rd = readings.get(r.nextInt(readings.size()));
            if (rd.line() < 1 || rd.line() > lines.size()) continue;
            int[] l = lines.get(rd.line() - 1);
            // the token must be the only one on its line spelling the value: then it is this reading's value
            // (not a queue index, a port number or another counter's equal value)
            List<int[]> tokens = new ArrayList<>();
            for (int[] t : Mutations.numbers(text, l[0], l[1])) {
                try {
                    if (Oracle.parse(text.substring(t[0], t[1])) == rd.value()) tokens.add(t);
                } catch (NumberFormatException tooBig) {
                    // not this reading's value
                }
            }
            if (tokens.size() != 1) continue;
            int[] t = tokens.get(r.nextInt(tokens.size()));
            return Mutations.corrupt(e.bytes(), rd.line(), t[0], t[1], r.nextLong());
        }
        return null;
    }
}
