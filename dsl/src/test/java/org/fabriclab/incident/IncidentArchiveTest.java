package org.fabriclab.incident;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;

import org.fabriclab.capture.ArchiveFixture;
import org.fabriclab.capture.LeavesNoUnpackedFolder;
import org.fabriclab.capture.CaptureException;
import org.fabriclab.capture.SosReportFixture;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.io.TempDir;

/**
 * An incident handed over as archives: a folder holding before.tar.gz and after.tgz, an archive holding before/ and
 * after/, two archives given side by side (classify BEFORE.tgz AFTER.tgz), two sosreport tarballs. Each gives the report
 * the unpacked folders give, the elapsed time read from inside the archives, and leaves no unpacked folder behind.
 */
/** Every test leaves no unpacked folder behind, whatever it read or failed on. */
@ExtendWith(LeavesNoUnpackedFolder.class)
class IncidentArchiveTest {
    @TempDir Path tmp;
    /** A RoCE incident 30 s long whose port had a pause storm: before/ and after/ as fabriclab collect writes them. */
    private Path folder() {
        return CollectedFolders.beforeAfter(tmp.resolve("src/incident-42"), 30_000,
                i -> i == 0 ? Map.of() : Map.of("rx_prio3_pause", 900_100L, "rx_prio3_pause_duration", 2_700_300L));
    }

    private static void sameReport(Incident expected, Incident got) {
        assertEquals(expected.verdicts().toString(), got.verdicts().toString());
        assertEquals(expected.elapsedSeconds(), got.elapsedSeconds(), 1e-9);
        assertEquals(counters(expected), counters(got));
    }

    /** The delta table less the names of the files (which name the archive's members instead of the folder's files). */
    private static String counters(Incident inc) {
        tech.tablesaw.api.Table t = inc.delta().table().copy();
        t.removeColumns("source");
        return t.setName("delta").toString();
    }

    @Test void aFolderOfSnapshotArchivesReadsAsTheFolderOfSnapshots() throws IOException {
        Path src = folder();
        Incident plain = Incident.of(src);
        assertEquals(30.0, plain.elapsedSeconds(), 1e-9);
        Path dir = Files.createDirectories(tmp.resolve("handed-over"));
        Path b = ArchiveFixture.tar(src.resolve("before"), dir.resolve("before.tar.gz"));
        ArchiveFixture.tar(src.resolve("after"), dir.resolve("after.tgz"));
        Incident inc = Incident.of(dir);
        sameReport(plain, inc);
        // the elapsed time is read from each archive's timestamp.json while it is unpacked
        assertTrue(inc.elapsedHow().contains("monotonic clock"), inc.elapsedHow());
        assertEquals(List.of("before", "after"), inc.snapshotFolders().stream().map(p -> p.getFileName().toString()).toList());
        assertTrue(inc.snapshots().get(0).name().equals(b + "!/before"), inc.snapshots().get(0).name());
        // the archives are the snapshots, not extras beside them
        assertFalse(inc.folderNotes().toString().contains("before.tar.gz"), inc.folderNotes().toString());
        assertTrue(Files.isRegularFile(b), "the archive is left where it was");
    }

    @Test void anArchiveOfTheIncidentFolderReadsAsTheFolder() throws IOException {
        Path src = folder();
        Files.writeString(src.resolve("notes.txt"), "ran ib_write_bw at noon\n");
        Incident plain = Incident.of(src);
        for (String name : List.of("incident-42.tar.gz", "incident-42.tar.xz", "incident-42.zip")) {
            Path a = name.endsWith(".zip") ? ArchiveFixture.zip(src, tmp.resolve(name)) : ArchiveFixture.tar(src, tmp.resolve(name));
            Incident inc = Incident.of(a);
            sameReport(plain, inc);
            assertEquals(List.of(a + "!/incident-42/before", a + "!/incident-42/after"), inc.snapshotFolders().stream().map(Path::toString).toList());
            assertTrue(inc.folderNotes().toString().contains("skipped notes.txt"), inc.folderNotes().toString());
        }
        // the archive's snapshots themselves archived inside it
        Path nested = Files.createDirectories(tmp.resolve("nested/incident-43"));
        ArchiveFixture.tar(src.resolve("before"), nested.resolve("before.tar"));
        ArchiveFixture.tar(src.resolve("after"), nested.resolve("after.tar.bz2"));
        sameReport(plain, Incident.of(ArchiveFixture.tar(nested, tmp.resolve("incident-43.tgz"))));
    }

    @Test void twoArchivesGivenSideBySideAsClassifyTakesThem() throws IOException {
        Path src = folder();
        Path b = ArchiveFixture.tar(src.resolve("before"), tmp.resolve("BEFORE.tgz"));
        Path a = ArchiveFixture.zip(src.resolve("after"), tmp.resolve("AFTER.zip"));
        Incident inc = Incident.between(List.of(b), List.of(a));
        sameReport(Incident.between(List.of(src.resolve("before")), List.of(src.resolve("after"))), inc);
        assertEquals(30.0, inc.elapsedSeconds(), 1e-9);
    }

    @Test void twoSosreportTarballsBeforeAndAfter() throws IOException {
        Path one = new SosReportFixture().startAt(1796299170.0)
                .command("infiniband", "ibstat", SosReportFixture.ibstat("InfiniBand", 12))
                .command("infiniband", "perfquery -C mlx5_0 -P 1", SosReportFixture.perfquery(12, 3, 1_000_000, 1_000_000))
                .unrelated().write(tmp.resolve("src/sosreport-node07-2026-12-01-abcd"));
        Path two = new SosReportFixture().startAt(1796299290.0)
                .command("infiniband", "ibstat", SosReportFixture.ibstat("InfiniBand", 12))
                .command("infiniband", "perfquery -C mlx5_0 -P 1", SosReportFixture.perfquery(12, 43, 251_000_000, 251_000_000))
                .unrelated().write(tmp.resolve("src/sosreport-node07-2026-12-01-efgh"));
        Path b = ArchiveFixture.tar(one, tmp.resolve("sosreport-node07-2026-12-01-abcd.tar.xz"));
        Path a = ArchiveFixture.tar(two, tmp.resolve("sosreport-node07-2026-12-01-efgh.tar.xz"));
        Incident inc = Incident.between(List.of(b), List.of(a));
        PortReport p = inc.port("mlx5_0/1");
        assertEquals("physical", p.verdict().verdict());
        assertEquals(List.of("SymbolErrorCounter"), p.verdict().detail());
        assertEquals(120.0, inc.elapsedSeconds(), 1e-9);
        assertTrue(inc.snapshots().get(0).sources().get(0).startsWith(b + "!/sosreport-node07-2026-12-01-abcd: a sosreport"),
                inc.snapshots().get(0).sources().toString());
        // the same tarballs renamed before.tar.xz and after.tar.xz in an incident folder
        Path dir = Files.createDirectories(tmp.resolve("renamed"));
        Files.move(b, dir.resolve("before.tar.xz"));
        Files.move(a, dir.resolve("after.tar.xz"));
        assertEquals(inc.verdicts().toString(), Incident.of(dir).verdicts().toString());
    }

    @Test void aBrokenArchiveFailsNamingItAndLeavesNothingUnpacked() throws IOException {
        Path src = folder();
        Path dir = Files.createDirectories(tmp.resolve("handed-over"));
        ArchiveFixture.tar(src.resolve("before"), dir.resolve("before.tar.gz"));
        byte[] whole = Files.readAllBytes(ArchiveFixture.tar(src.resolve("after"), tmp.resolve("after.tar.gz")));
        Path cut = Files.write(dir.resolve("after.tar.gz"), java.util.Arrays.copyOf(whole, whole.length - 200));
        CaptureException e = assertThrows(CaptureException.class, () -> Incident.of(dir).verdicts());
        assertEquals(cut.toString(), e.file(), e.getMessage());
        // noUnpackedFolderIsLeft: before.tar.gz, read first, was deleted too
    }
}
