package org.fabriclab.reconcile;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Optional;

import org.fabriclab.capture.Capture;
import org.fabriclab.capture.CaptureCsv;
import org.fabriclab.capture.PortAttr;
import org.fabriclab.capture.Readers;
import org.fabriclab.snapshot.Snapshot;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A RoCE port's link rate from {@code ethtool X}: the fixture folder {@code roce-rate-from-ethtool} (written for this
 * test in the shapes of the bundled reconcile-* datasets and of {@code fabriclab collect}'s file names) holds, per
 * snapshot, sysfs counters without a {@code rate} file, {@code ethtool -S}, {@code rdma link} (which joins the netdev
 * to {@code mlx5_0/1}) and {@code ethtool ens1f0np0} ({@code Speed: 100000Mb/s}); the perftest log is a
 * bidirectional RoCE {@code ib_write_bw -D 10 -b} at 23000 MB/sec, 193 Gb/s summed: above a 100 Gb/s link.
 */
class RoceRateFromEthtoolTest {
    static Path folder() { return CaptureCsv.fixture("../reconcile/roce-rate-from-ethtool"); }

    @TempDir Path tmp;

    @Test void theJoinedRdmaPortTakesItsRateFromEthtoolsSpeed() {
        Snapshot b = Snapshot.of(folder().resolve("before"));
        assertEquals(List.of("mlx5_0/1"), b.ports(), b.notes() + " " + b.unjoined());
        assertEquals(Optional.of("100"), b.attr("mlx5_0/1", PortAttr.RATE_GBPS));
        assertTrue(b.attrSource("mlx5_0/1", PortAttr.RATE_GBPS).orElseThrow().file().endsWith("ethtool.ens1f0np0.txt"));
        assertEquals(Optional.of("yes"), b.attr("mlx5_0/1", PortAttr.LINK_DETECTED));
        assertEquals(Optional.of("ACTIVE"), b.attr("mlx5_0/1", PortAttr.STATE), "the RDMA port's state stays rdma link's");
    }

    @Test void reconciliationIsCaseCAtTheRateEthtoolGave() {
        Capture perftest = Readers.standard().read(folder().resolve("perftest.log"));
        Snapshot b = Snapshot.of(folder().resolve("before")), a = Snapshot.of(folder().resolve("after"));
        PortReconciliation r = Reconcile.of(perftest).counters(b, a).result().rows().get(0);
        assertEquals("mlx5_0/1", r.port());
        assertEquals(100.0, r.linkRateGbps(), "no sysfs rate, no ibstat: ethtool's Speed");
        assertEquals(Case.C, r.verdict(), r.reason());
    }

    @Test void withoutTheSettingsFileTheRateIsUnknown() throws IOException {
        Capture perftest = Readers.standard().read(folder().resolve("perftest.log"));
        Snapshot b = Snapshot.of(withoutSettings("before")), a = Snapshot.of(withoutSettings("after"));
        PortReconciliation r = Reconcile.of(perftest).counters(b, a).result().rows().get(0);
        assertEquals(Case.NO_VERDICT, r.verdict());
        assertTrue(r.reason().startsWith("link rate unknown"), r.reason());
    }

    /** A sysfs rate beside ethtool's that says another speed: the case is read against the first, and the row says so. */
    @Test void capturesThatDisagreeOnTheRateAreNamedBesideTheCase() throws IOException {
        Capture perftest = Readers.standard().read(folder().resolve("perftest.log"));
        Snapshot b = Snapshot.of(withSysfsRate("before")), a = Snapshot.of(withSysfsRate("after"));
        PortReconciliation r = Reconcile.of(perftest).counters(b, a).result().rows().get(0);
        assertEquals(100.0, r.linkRateGbps(), "ethtool.ens1f0np0.txt is read before sysfs.txt");
        assertTrue(r.warnings().stream().anyMatch(x -> x.contains("sysfs.txt:") && x.contains("says 25 Gb/s")
                && x.endsWith("the captures disagree on the link rate, and the case is read against the rate used")), r.warnings().toString());
        PortReconciliation given = Reconcile.of(perftest).counters(b, a).rateGbps(100).result().rows().get(0);
        assertTrue(given.warnings().stream().noneMatch(x -> x.contains("disagree")), "a rate given is the rate: " + given.warnings());
    }

    private Path withSysfsRate(String phase) throws IOException {
        Path to = Files.createDirectories(tmp.resolve("rates").resolve(phase));
        try (var s = Files.list(folder().resolve(phase))) {
            for (Path p : s.toList()) Files.copy(p, to.resolve(p.getFileName()));
        }
        Files.writeString(to.resolve("sysfs.txt"), Files.readString(to.resolve("sysfs.txt"))
                + "/sys/class/infiniband/mlx5_0/ports/1/rate:25 Gb/sec (1X EDR)\n");
        return to;
    }

    private Path withoutSettings(String phase) throws IOException {
        Path to = Files.createDirectories(tmp.resolve(phase));
        try (var s = Files.list(folder().resolve(phase))) {
            for (Path p : s.toList()) if (!p.getFileName().toString().startsWith("ethtool.")) Files.copy(p, to.resolve(p.getFileName()));
        }
        return to;
    }
}
