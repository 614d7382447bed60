package org.fabriclab.incident;

import static org.fabriclab.capture.SosReportFixture.ibstat;
import static org.fabriclab.capture.SosReportFixture.ibvDevinfo;
import static org.fabriclab.capture.SosReportFixture.mlx5;
import static org.fabriclab.capture.SosReportFixture.perfquery;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

import org.fabriclab.capture.ArchiveFixture;
import org.fabriclab.capture.CaptureException;
import org.fabriclab.capture.SosReportFixture;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Two sosreports of one host, taken before and after a test, as an incident: in before/ and after/ (unpacked there, or
 * renamed to them), or given side by side. The counters come from the sosreports' command outputs, the elapsed time
 * from what each records.
 */
class IncidentSosReportTest {
    @TempDir Path tmp;

    private static SosReportFixture ib(long symbolErrors, long data, double start) {
        return new SosReportFixture().startAt(start)
                .command("infiniband", "ibstat", ibstat("InfiniBand", 12))
                .command("infiniband", "ibv_devinfo -v", ibvDevinfo("InfiniBand", 12))
                .command("infiniband", "perfquery -C mlx5_0 -P 1", perfquery(12, symbolErrors, data, data))
                .unrelated();
    }

    private static SosReportFixture roce(long bytes, long rxPause3, String date) {
        return new SosReportFixture().withoutManifest()
                .command("infiniband", "ibstat", ibstat("Ethernet", 0))
                .command("networking", "ethtool -S ens1f0np0", mlx5(bytes, rxPause3, 5, 0))
                .unrelated().date(date);
    }

    @Test void anInfinibandHostsSosreportsBeforeAndAfterGiveThePortsVerdictAndTheManifestsElapsedTime() throws IOException {
        Path dir = tmp.resolve("incident");
        ib(3, 1_000_000, 1796299170.0).write(dir.resolve("before/sosreport-node07-2026-12-03-abcdefg"));
        ib(43, 1_000_000 + 250_000_000, 1796299290.0).write(dir.resolve("after/sosreport-node07-2026-12-03-hijklmn"));
        Incident inc = Incident.of(dir);
        PortReport p = inc.port("mlx5_0/1");
        assertEquals("physical", p.verdict().verdict());
        assertEquals(List.of("SymbolErrorCounter"), p.verdict().detail());
        assertEquals(120.0, inc.elapsedSeconds(), 1e-9);
        assertTrue(inc.elapsedHow().contains("sos_reports/manifest.json: start of 'ibstat'"), inc.elapsedHow());
        assertEquals(1_000_000_000L, p.bytes().bytes(), 1e-3);   // PortXmitData +250M words x 4
    }

    @Test void aRoceHostsSosreportsGiveThePauseOfItsNetdevAndTheDateOutputsElapsedTime() throws IOException {
        Path before = roce(1_000_000, 10, "Thu Dec  3 11:59:33 UTC 2026").write(tmp.resolve("sosreport-node08-2026-12-03-aaaaaaa"));
        Path after = roce(100_001_000_000L, 90_010, "Thu Dec  3 12:00:03 UTC 2026").write(tmp.resolve("sosreport-node08-2026-12-03-bbbbbbb"));
        // given side by side, as classify BEFORE AFTER does
        Incident inc = Incident.between(List.of(before), List.of(after));
        assertEquals(30.0, inc.elapsedSeconds(), 1e-9);
        assertTrue(inc.elapsedHow().contains("sos_commands/date/date_--utc"), inc.elapsedHow());
        assertEquals(90_000L, inc.delta().port("netdev ens1f0np0").get("rx_prio3_pause").delta());
        assertTrue(inc.pause().toString().contains("netdev ens1f0np0 rx prio3: 90000 pause frames"), inc.pause().toString());
        // the same sosreports renamed before/ and after/
        Path dir = tmp.resolve("renamed");
        java.nio.file.Files.createDirectories(dir);
        java.nio.file.Files.move(before, dir.resolve("before"));
        java.nio.file.Files.move(after, dir.resolve("after"));
        Incident renamed = Incident.of(dir);
        assertEquals(inc.verdicts().toString(), renamed.verdicts().toString());
        assertEquals(30.0, renamed.elapsedSeconds(), 1e-9);
    }

    /** The IB host's pair, the later report written first and named so that it sorts first ({@code -aaa} after {@code -zzz}). */
    private Path sideBySide(String dirName, String laterHost, String earlierHost) throws IOException {
        Path dir = tmp.resolve(dirName);
        ib(43, 1_000_000 + 250_000_000, 1796299290.0).host(laterHost).write(dir.resolve("sosreport-node07-2026-12-01-aaaaaaa"));
        ib(3, 1_000_000, 1796299170.0).host(earlierHost).write(dir.resolve("sosreport-node07-2026-12-01-zzzzzzz"));
        return dir;
    }

    @Test void twoSosreportsOfOneHostSideBySideArePairedByTheTimeEachRecordsNotByName() throws IOException {
        Path dir = sideBySide("incident", "node07", "node07.example.com");
        assertEquals(List.of("sosreport-node07-2026-12-01-zzzzzzz", "sosreport-node07-2026-12-01-aaaaaaa"),
                Layout.snapshots(dir).stream().map(p -> p.getFileName().toString()).toList());
        Incident inc = Incident.of(dir);
        PortReport p = inc.port("mlx5_0/1");
        assertEquals("physical", p.verdict().verdict());
        assertEquals(List.of("SymbolErrorCounter"), p.verdict().detail());
        assertEquals(120.0, inc.elapsedSeconds(), 1e-9);
        assertEquals(1_000_000_000L, p.bytes().bytes(), 1e-3);
        // the same as before/ and after/
        Path named = tmp.resolve("named");
        Files.createDirectories(named);
        Files.move(dir.resolve("sosreport-node07-2026-12-01-zzzzzzz"), named.resolve("before"));
        Files.move(dir.resolve("sosreport-node07-2026-12-01-aaaaaaa"), named.resolve("after"));
        assertEquals(Incident.of(named).verdicts().toString(), inc.verdicts().toString());
    }

    @Test void sosreportTarballsSideBySideOrATarballBesideAFolderArePairedTheSameWay() throws IOException {
        Path src = sideBySide("src", "node07", "node07");
        Path tarballs = Files.createDirectories(tmp.resolve("tarballs"));
        for (String n : List.of("aaaaaaa", "zzzzzzz")) {
            ArchiveFixture.tar(src.resolve("sosreport-node07-2026-12-01-" + n), tarballs.resolve("sosreport-node07-2026-12-01-" + n + ".tar.xz"));
        }
        assertEquals(List.of("sosreport-node07-2026-12-01-zzzzzzz.tar.xz", "sosreport-node07-2026-12-01-aaaaaaa.tar.xz"),
                Layout.snapshots(tarballs).stream().map(p -> p.getFileName().toString()).toList());
        Incident inc = Incident.of(tarballs);
        assertEquals(120.0, inc.elapsedSeconds(), 1e-9);
        assertEquals(Incident.of(src).verdicts().toString(), inc.verdicts().toString());
        // one unpacked, its tarball still beside it: the folder is taken, once
        Path mixed = Files.createDirectories(tmp.resolve("mixed"));
        ArchiveFixture.tar(src.resolve("sosreport-node07-2026-12-01-aaaaaaa"), mixed.resolve("sosreport-node07-2026-12-01-aaaaaaa.tar.xz"));
        Files.move(src.resolve("sosreport-node07-2026-12-01-aaaaaaa"), mixed.resolve("sosreport-node07-2026-12-01-aaaaaaa"));
        ArchiveFixture.tar(src.resolve("sosreport-node07-2026-12-01-zzzzzzz"), mixed.resolve("sosreport-node07-2026-12-01-zzzzzzz.tgz"));
        assertEquals(List.of("sosreport-node07-2026-12-01-zzzzzzz.tgz", "sosreport-node07-2026-12-01-aaaaaaa"),
                Layout.snapshots(mixed).stream().map(p -> p.getFileName().toString()).toList());
        assertEquals(inc.verdicts().toString(), Incident.of(mixed).verdicts().toString());
    }

    @Test void sosreportsOfTwoHostsSideBySideAreRefusedNamingBothHosts() throws IOException {
        Path dir = sideBySide("two-hosts", "node08", "node07");
        CaptureException e = assertThrows(CaptureException.class, () -> Incident.of(dir).verdicts());
        assertTrue(e.getMessage().startsWith(dir + ": 2 sosreports side by side of different hosts: "), e.getMessage());
        assertTrue(e.getMessage().contains("node08 (sosreport-node07-2026-12-01-aaaaaaa/)"), e.getMessage());
        assertTrue(e.getMessage().contains("node07 (sosreport-node07-2026-12-01-zzzzzzz/)"), e.getMessage());
    }

    @Test void withoutAHostnameTheHostInSossNameForTheReportIsCompared() throws IOException {
        Path dir = tmp.resolve("names");
        ib(3, 1_000_000, 1796299170.0).write(dir.resolve("sosreport-node07-2026-12-01-aaaaaaa"));
        ib(43, 251_000_000, 1796299290.0).write(dir.resolve("sosreport-node09-2026-12-01-bbbbbbb"));
        CaptureException e = assertThrows(CaptureException.class, () -> Layout.snapshots(dir));
        assertTrue(e.getMessage().contains("node07 (sosreport-node07-2026-12-01-aaaaaaa/) and node09 (sosreport-node09-2026-12-01-bbbbbbb/)"),
                e.getMessage());
    }

    @Test void sosreportsSideBySideThatRecordNoTimeOrTheSameAreRefusedNamingThem() throws IOException {
        Path none = tmp.resolve("untimed");
        ib(3, 1_000_000, 1796299170.0).host("node07").write(none.resolve("sosreport-node07-2026-12-01-aaaaaaa"));
        new SosReportFixture().withoutManifest().command("infiniband", "ibstat", ibstat("InfiniBand", 12)).host("node07").unrelated()
                .write(none.resolve("sosreport-node07-2026-12-01-bbbbbbb"));
        CaptureException e = assertThrows(CaptureException.class, () -> Layout.snapshots(none));
        assertTrue(e.getMessage().startsWith(none.resolve("sosreport-node07-2026-12-01-bbbbbbb") + ": records no time"), e.getMessage());
        assertTrue(e.getMessage().contains("name them before and after"), e.getMessage());
        Path same = tmp.resolve("same");
        ib(3, 1_000_000, 1796299170.0).host("node07").write(same.resolve("sosreport-node07-2026-12-01-aaaaaaa"));
        ib(43, 251_000_000, 1796299170.0).host("node07").write(same.resolve("sosreport-node07-2026-12-01-bbbbbbb"));
        e = assertThrows(CaptureException.class, () -> Layout.snapshots(same));
        assertTrue(e.getMessage().contains("sosreport-node07-2026-12-01-aaaaaaa/ and sosreport-node07-2026-12-01-bbbbbbb/ record the same time"),
                e.getMessage());
    }
}
