package org.fabriclab.capture;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

import org.fabriclab.snapshot.Snapshot;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * An NVIDIA sysinfo-snapshot folder laid out as sysinfo-snapshot.py writes it (Mellanox/linux-sysinfo-snapshot: the
 * page {@code <host>-<stamp>.html} with a section per command, {@code ethtool_S/ethtool_S_<netdev>}, {@code err_messages/}),
 * with values of our own: its ethtool -S files are read, each port named from the file name; the page's date section
 * gives the time; the rest is left unread.
 */
class SysinfoSnapshotTest {
    @TempDir Path tmp;

    private Path snapshot() throws IOException {
        Path dir = Files.createDirectories(tmp.resolve("sysinfo-snapshot-v3.7.9.9-node09-20261203-115933"));
        Files.writeString(dir.resolve("node09-20261203-115933.html"), "<html><head><title>x</title></head><body><pre>"
                + "<a name=\"sec1010\"></a><small><a href=\"#index\">[back to index]</a></small> <h2>date</h2>"
                + "<p>Thu Dec  3 11:59:33 UTC 2026<br/></p>"
                + "<a name=\"sec1011\"></a><h2>df -lh</h2><p>Filesystem      Size  Used Avail Use% Mounted on<br/></p></pre></body></html>");
        Files.writeString(Files.createDirectories(dir.resolve("ethtool_S")).resolve("ethtool_S_ens1f0np0"),
                SosReportFixture.mlx5(5_000_000, 21, 4, 2));
        Files.writeString(dir.resolve("ethtool_S/ethtool_S_ens1f1np1"), "Could not run command: ethtool -S ens1f1np1");
        Files.writeString(Files.createDirectories(dir.resolve("err_messages")).resolve("dummy_functions"), "mlxdump\n");
        Files.writeString(dir.resolve("performance_tuning_analyze.html"), "<html><body>tuning</body></html>");
        Files.writeString(Files.createDirectories(dir.resolve("etc_udev_rulesd")).resolve("70-persistent-ipoib.rules"), "# none\n");
        return dir;
    }

    @Test void itsEthtoolFilesAreReadEachPortNamedFromItsFileName() throws IOException {
        Path dir = snapshot();
        Bundle b = Bundle.of(dir).orElseThrow();
        assertEquals("sysinfo-snapshot", b.kind());
        assertEquals("v3.7.9.9", b.version());
        assertEquals(List.of("ethtool -S ens1f0np0", "ethtool -S ens1f1np1"), b.captures().stream().map(Input::command).toList());
        assertEquals(4, b.others());
        Snapshot s = Snapshot.of(dir);
        assertEquals(21, s.value("netdev ens1f0np0", "rx_prio3_pause").orElseThrow());
        assertTrue(s.warnings().stream().anyMatch(w -> w.contains("ethtool -S ens1f1np1")), s.warnings().toString());
    }

    @Test void theTimeIsThePagesDateSection() throws IOException {
        Bundle.Time t = Bundle.of(snapshot()).orElseThrow().time().orElseThrow();
        assertEquals(1796299173000L, t.epochMs());
        assertEquals("node09-20261203-115933.html", t.file());
    }

    @Test void theHostIsTheFoldersNameElseThePages() throws IOException {
        Path dir = snapshot();
        assertEquals("node09", Bundle.of(dir).orElseThrow().host().orElseThrow());
        Path renamed = Files.move(dir, tmp.resolve("sysinfo-snapshot-copy"));
        assertEquals("node09", Bundle.of(renamed).orElseThrow().host().orElseThrow());
    }
}
