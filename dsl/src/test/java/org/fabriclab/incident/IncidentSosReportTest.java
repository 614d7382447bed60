package org.fabriclab.incident;

import static org.fabriclab.capture.SosReportFixture.ibstat;
import static org.fabriclab.capture.SosReportFixture.ibvDevinfo;
import static org.fabriclab.capture.SosReportFixture.mlx5;
import static org.fabriclab.capture.SosReportFixture.perfquery;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Path;
import java.util.List;

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
}
