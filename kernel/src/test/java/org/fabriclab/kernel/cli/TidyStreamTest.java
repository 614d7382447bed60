package org.fabriclab.kernel.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;

import org.fabriclab.capture.Capture;
import org.fabriclab.capture.CaptureException;
import org.fabriclab.capture.Readers;
import org.fabriclab.capture.Tidy;
import org.junit.jupiter.api.Test;

import tech.tablesaw.api.Table;

/**
 * {@code show} streams the tidy rows without a Tablesaw table; what it prints must be exactly what
 * printing the tidy table prints (text, CSV, JSON lines), on every bundled capture and, where present,
 * every public one. A column added to {@link Tidy} shows up here as a failure.
 */
class TidyStreamTest {
    static List<Capture> captures() throws Exception {
        List<Path> roots = new ArrayList<>(List.of(Path.of("..", "datasets")));
        String pub = System.getProperty("fabriclab.publicCaptures", "none");
        if (!pub.equals("none") && Files.isDirectory(Path.of(pub))) roots.add(Path.of(pub));
        Readers readers = Readers.standard();
        List<Capture> out = new ArrayList<>();
        for (Path root : roots) {
            try (Stream<Path> s = Files.walk(root)) {
                for (Path f : s.filter(Files::isRegularFile).sorted().toList()) {
                    String n = f.getFileName().toString();
                    if (n.endsWith(".json") && n.equals("scenario.json") || n.endsWith(".md") || n.endsWith(".gz") || n.endsWith(".csv") && n.startsWith("pause")) continue;
                    try {
                        out.add(readers.read(f));
                    } catch (CaptureException e) {
                        // not a capture (labels, manifests): not this test's subject
                    }
                }
            }
        }
        return out;
    }

    static Table tidy(List<Capture> caps) {
        Table t = Tidy.empty("captures");
        for (Capture c : caps) t.append(c.tidy());
        return t;
    }

    @Test void streamedRowsPrintExactlyAsTheTidyTable() throws Exception {
        List<Capture> all = captures();
        assertTrue(all.size() > 20, "captures found: " + all.size());
        // each capture alone (every reader's rows), and all of them in one table
        List<List<Capture>> sets = new ArrayList<>();
        for (Capture c : all) sets.add(List.of(c));
        sets.add(all);
        for (List<Capture> caps : sets) {
            Table t = tidy(caps);
            String what = caps.size() == 1 ? caps.get(0).file() : "all captures";
            for (TableOutput.Format f : TableOutput.Format.values()) {
                StringWriter expected = new StringWriter(), actual = new StringWriter();
                TableOutput.print(t, f, new PrintWriter(expected));
                PrintWriter a = new PrintWriter(actual);
                switch (f) {
                    case TEXT -> { TidyStream.text(caps, "captures", a); a.println(); }
                    case CSV -> TidyStream.csv(caps, a);
                    case JSON -> TidyStream.json(caps, a);
                }
                a.flush();
                assertEquals(expected.toString(), actual.toString(), f + " of " + what);
                if (f == TableOutput.Format.TEXT) {
                    java.io.ByteArrayOutputStream bytes = new java.io.ByteArrayOutputStream();
                    TidyStream.text(caps, "captures", bytes);
                    assertEquals(expected.toString(), bytes.toString(java.nio.charset.StandardCharsets.UTF_8) + "\n", "TEXT as bytes of " + what);
                }
            }
        }
    }

    @Test void digitsCountsEveryLong() {
        for (long v : new long[] {0, 9, 10, -1, -10, 99, 100, Long.MAX_VALUE, Long.MIN_VALUE + 1, Long.MIN_VALUE, 4294967295L}) {
            assertEquals(Long.toString(v).length(), TidyStream.digits(v), Long.toString(v));
        }
    }
}
