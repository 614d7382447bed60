package org.fabriclab.incident;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Comparator;
import java.util.List;
import java.util.stream.Stream;

import org.fabriclab.capture.CaptureException;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Layout.snapshots: collect's folders, and the names a hand-collected incident folder goes by. */
class LayoutTest {
    @TempDir Path tmp;

    private Path folder(String name, String... subs) throws IOException {
        Path d = Files.createDirectories(tmp.resolve(name));
        for (String s : subs) Files.createDirectories(d.resolve(s));
        return d;
    }

    private static List<String> names(List<Path> ps) {
        return ps.stream().map(p -> p.getFileName().toString()).toList();
    }

    @Test void collectsFoldersComeFirst() throws IOException {
        assertEquals(List.of("before", "after"), names(Layout.snapshots(folder("a", "after", "before", "test", "pre", "post"))));
        assertEquals(List.of("t0", "t2", "t10"), names(Layout.snapshots(folder("b", "t10", "t2", "t0", "test", "unread"))));
    }

    @Test void handCollectedPairsInAnyCase() throws IOException {
        assertEquals(List.of("pre", "post"), names(Layout.snapshots(folder("c", "post", "pre", "notes"))));
        assertEquals(List.of("Start", "End"), names(Layout.snapshots(folder("d", "End", "Start"))));
        assertEquals(List.of("baseline", "after"), names(Layout.snapshots(folder("e", "baseline", "after"))));
        assertEquals(List.of("BEFORE", "AFTER"), names(Layout.snapshots(folder("f", "BEFORE", "AFTER"))));
    }

    @Test void handCollectedSeriesByNumberOrTimestamp() throws IOException {
        assertEquals(List.of("snap1", "snap2", "snap10"), names(Layout.snapshots(folder("g", "snap10", "snap1", "snap2", "test"))));
        assertEquals(List.of("sample-001", "sample-002"), names(Layout.snapshots(folder("h", "sample-002", "sample-001"))));
        assertEquals(List.of("2026-11-30T23:59:50Z", "2026-12-01T00:00:00Z"),
                names(Layout.snapshots(folder("i", "2026-12-01T00:00:00Z", "2026-11-30T23:59:50Z"))));
        assertEquals(List.of("20261201-101500", "20261201-101510"), names(Layout.snapshots(folder("j", "20261201-101510", "20261201-101500"))));
    }

    @Test void ambiguousOrUnknownFoldersAreRefusedNamingWhatWasFound() throws IOException {
        for (String[] subs : new String[][] {{"switch1", "switch2"}, {"snap1", "sample2"}, {"snap1", "20261201-101500"},
                {"snap1"}, {"before"}, {}}) {
            Path d = folder("k" + String.join("_", subs).replace(':', '_'), subs);
            CaptureException e = assertThrows(CaptureException.class, () -> Layout.snapshots(d), String.join(",", subs));
            assertTrue(e.getMessage().contains("not an incident folder: expected before/ and after/"), e.getMessage());
            assertTrue(e.getMessage().endsWith(subs.length == 0 ? "found no folders" : "found " + String.join("/ ", java.util.Arrays.stream(subs).sorted().toList()) + "/"),
                    e.getMessage());
        }
    }

    private Path files(String name, String... files) throws IOException {
        Path d = Files.createDirectories(tmp.resolve(name));
        for (String f : files) Files.writeString(d.resolve(f), "x\n");
        return d;
    }

    @Test void singleCaptureFilesNamedAsSnapshots() throws IOException {
        assertEquals(List.of("before.txt", "after.txt"), names(Layout.snapshots(files("l", "after.txt", "before.txt", "ib_write_bw.log"))));
        assertEquals(List.of("PRE.log", "POST.log"), names(Layout.snapshots(files("m", "POST.log", "PRE.log"))));
        assertEquals(List.of("t0.txt", "t1.txt", "t10.txt"), names(Layout.snapshots(files("n", "t10.txt", "t1.txt", "t0.txt"))));
        assertEquals(List.of("snap1.out", "snap2.out"), names(Layout.snapshots(files("o", "snap2.out", "snap1.out", "notes.md"))));
        assertEquals(List.of("before", "after"), names(Layout.snapshots(files("p", "after", "before"))), "no extension");
        // folders win over files of the same names
        Path both = files("q", "before.txt", "after.txt");
        Files.createDirectories(both.resolve("t0"));
        Files.createDirectories(both.resolve("t1"));
        assertEquals(List.of("t0", "t1"), names(Layout.snapshots(both)));
    }

    @Test void twoFilesOfOneNameOrNoneAreRefusedNamingTheFiles() throws IOException {
        for (String[] fs : new String[][] {{"before.txt", "before.log", "after.txt"}, {"ethtool.txt", "perfquery.txt"}}) {
            Path d = files("r" + fs.length + fs[0].charAt(0), fs);
            CaptureException e = assertThrows(CaptureException.class, () -> Layout.snapshots(d));
            assertTrue(e.getMessage().contains("found no folders (files: " + String.join(", ", java.util.Arrays.stream(fs).sorted().toList()) + ")"),
                    e.getMessage());
        }
    }

    /** A folder of before.txt and after.txt gives what the same two files given side by side (Incident.between) give. */
    @Test void anIncidentOfTwoCaptureFiles() throws IOException {
        Path src = IncidentDatasetsTest.folders().stream().filter(f -> Files.isRegularFile(f.resolve("before/perfquery-x.txt"))).findFirst().orElseThrow();
        Path d = Files.createDirectories(tmp.resolve("two-files"));
        Files.copy(src.resolve("before/perfquery-x.txt"), d.resolve("before.txt"));
        Files.copy(src.resolve("after/perfquery-x.txt"), d.resolve("after.txt"));
        Incident folder = Incident.of(d), given = Incident.between(List.of(d.resolve("before.txt")), List.of(d.resolve("after.txt")));
        assertEquals(given.ports().stream().map(p -> p.port() + " " + p.verdict()).toList(),
                folder.ports().stream().map(p -> p.port() + " " + p.verdict()).toList());
        assertTrue(!folder.ports().isEmpty());
    }

    /** A bundled before/after folder renamed pre/post gives the same verdicts through incident(dir). */
    @Test void aRenamedBundledFolderGivesTheSameVerdicts() throws IOException {
        Path src = IncidentDatasetsTest.folders().get(0);
        Path copy = tmp.resolve("renamed");
        copyTree(src.resolve("before"), copy.resolve("pre"));
        copyTree(src.resolve("after"), copy.resolve("post"));
        Incident a = Incident.of(src), b = Incident.of(copy);
        assertEquals(a.ports().stream().map(p -> p.port() + " " + p.verdict()).toList(),
                b.ports().stream().map(p -> p.port() + " " + p.verdict()).toList());
        assertTrue(!a.ports().isEmpty());
    }

    private static void copyTree(Path from, Path to) throws IOException {
        try (Stream<Path> s = Files.walk(from)) {
            for (Path p : s.sorted(Comparator.naturalOrder()).toList()) {
                Path t = to.resolve(from.relativize(p).toString());
                if (Files.isDirectory(p)) Files.createDirectories(t);
                else Files.copy(p, t);
            }
        }
    }
}
